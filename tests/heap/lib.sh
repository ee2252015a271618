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
