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

# heap_lines TRUTH KEY [COUNT]: a check that the truth file has COUNT lines
# starting with KEY, or at least one without COUNT (the lines a loop of
# checks then reads: a loop over none would check nothing).
heap_lines() {
	heap_count=$(grep -c "^$2 " "$1" || true)
	if [ $# -gt 2 ]; then
		check "the truth has $3 \"$2\" lines ($heap_count)" [ "$heap_count" -eq "$3" ]
	else
		check "the truth has \"$2\" lines ($heap_count)" [ "$heap_count" -gt 0 ]
	fi
}

# heap_check_cells TRUTH JSON PID: check_live on every "cell" line of the
# truth file (there must be some), the thread x type group of the same
# thread and type.
heap_check_cells() {
	heap_lines "$1" cell
	awk '$1 == "cell" { name = $2; tid = $3; bytes = $4; $1 = $2 = $3 = $4 = ""
		sub(/^ +/, ""); print name, tid, bytes, $0 }' "$1" >"$1.cells"
	while read -r name tid bytes type; do
		check_live "thread $name, type $type" "$2" '.groups[]' \
			".kind == \"thread-type\" and .pid == $3 and .tid == $tid and .type == \"$type\"" "$bytes"
	done <"$1.cells"
}
