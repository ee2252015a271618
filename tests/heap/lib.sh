# lib.sh - what the live-heap tests share, on top of tests/lib/lttng-harness.sh
# (record_heap, record_json and report_run: tests/lib/tools.sh; check_live
# and heap_live_group: tests/lib/results.sh).
#
# A test runs one of this folder's programs, which write the live bytes
# they leave (by thread, type, thread x type, and after each phase) to a
# truth file, and checks every truth against the JSON report's live
# figures (doc/report-formats.md): `live_samples`, `live_estimate`,
# `live_lower`, `live_upper`.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"

HEAP_BIN="$AS_BUILDDIR/tests/heap"

# heap_check_cells TRUTH JSON PID: check_live on every "cell" line of the
# truth file (there must be some), the thread x type group of the same
# thread and type.
heap_check_cells() {
	check_lines "$1" cell
	awk '$1 == "cell" { name = $2; tid = $3; bytes = $4; $1 = $2 = $3 = $4 = ""
		sub(/^ +/, ""); print name, tid, bytes, $0 }' "$1" >"$1.cells"
	while read -r name tid bytes type; do
		check_live "thread $name, type $type" "$2" '.groups[]' \
			".kind == \"thread-type\" and .pid == $3 and .tid == $tid and .type == \"$type\"" "$bytes"
	done <"$1.cells"
}

# heap_truth_ranges OUT POINTS: each line of the file POINTS, whose first
# field is a time T, followed by "LOW HIGH": the least and most bytes the
# program (heap-phases) had live at T by its `live` lines in OUT (a step
# between two lines moves the bytes from one line's to the next's),
# widened by the 2 ms that LTTng's clock may lie from CLOCK_REALTIME and by
# one block of churn.
heap_truth_ranges() {
	awk -v slack=2000000 -v block=4096 '
		FILENAME == ARGV[1] { if ($1 == "live") { n++; at[n] = $2; b[n] = $3 }; next }
		{
			t = $1; lo = -1; hi = -1
			for (i = 1; i <= n; i++) {
				end = i < n ? at[i + 1] : at[i] + 1e18
				if (end < t - slack || at[i] > t + slack) continue
				for (j = i; j <= i + 1 && j <= n; j++) {
					if (lo < 0 || b[j] < lo) lo = b[j]
					if (b[j] > hi) hi = b[j]
				}
			}
			printf "%s %d %d\n", $0, lo, hi + block
		}' "$1" "$2"
}

# heap_truth_range OUT T: "LOW HIGH", heap_truth_ranges at the one time T.
heap_truth_range() {
	echo "$2" | heap_truth_ranges "$1" - | awk '{ print $2, $3 }'
}

# heap_judge_range LABEL LOW HIGH [SAMPLES ESTIMATE LOWER UPPER]: the
# truth rule (judge_truth) on live figures, the truth the value of
# [LOW, HIGH] nearest the estimate; no figures (no such group) fail.
heap_judge_range() {
	if [ $# -lt 7 ]; then
		fail "$1: no such group"
		return 0
	fi
	truth=$(awk -v lo="$2" -v hi="$3" -v e="$5" 'BEGIN { t = e; if (t < lo) t = lo; if (t > hi) t = hi; printf "%d", t }')
	judge_truth "$1 (true $2 to $3)" "$truth" "$4" "$5" "$6" "$7"
}
