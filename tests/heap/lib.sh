# lib.sh - what the live-heap tests share, on top of tests/report/lib.sh.
#
# A test runs one of this folder's programs, which write the live bytes
# they leave (by thread, type, thread x type, and after each phase) to a
# truth file, through allocsample-record, and checks every truth against
# the JSON report's live figures (doc/report-formats.md): `live_samples`,
# `live_estimate`, `live_lower`, `live_upper`.

. "$AS_SRCDIR/tests/report/lib.sh"

HEAP_BIN="$AS_BUILDDIR/tests/heap"

# heap_record NAME ARGS...: ARGS (a program and its arguments) through the
# build tree's allocsample-record at rate 4096 with 99.99% intervals,
# grouped by thread, type and thread x type, ARGS of the report's own
# (--window ...) first when given before `--`; the JSON report into
# $HARNESS_DIR/NAME.json, the trace kept in NAME.trace, the program's
# standard output into NAME.out and the command's standard error into
# NAME.err.
heap_record() {
	name=$1
	shift
	ALLOCSAMPLE_SEED=20261123 \
	ALLOCSAMPLE_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_PLUGIN_PATH="$REPORT_PLUGIN_PATH" \
		"$AS_BUILDDIR/src/record/allocsample-record" --rate 4096 --confidence 0.9999 \
		--format json --group-by thread,type,thread-type \
		--report-output "$HARNESS_DIR/$name.json" -o "$HARNESS_DIR/$name.trace" "$@" \
		>"$HARNESS_DIR/$name.out" 2>"$HARNESS_DIR/$name.err" ||
		harness_fail "allocsample-record failed: $(cat "$HARNESS_DIR/$name.err")"
	jq -e '.format == "allocsample-report"' "$HARNESS_DIR/$name.json" >/dev/null 2>&1 ||
		harness_fail "no JSON report: $(cat "$HARNESS_DIR/$name.err")"
}

# heap_live_group JSON ROWS SELECTION: "live_samples live_estimate
# live_lower live_upper live_incomplete" of the one row of ROWS (a jq
# expression: `.groups[]`, `.windows[]`) that SELECTION picks, or nothing
# when it picks none or several.
heap_live_group() {
	jq -r "[$2] | map(select($3)) | if length == 1 then .[0] |
		\"\(.live_samples) \(.live_estimate) \(.live_lower) \(.live_upper) \(.live_incomplete)\"
		else empty end" "$1"
}

# check_live LABEL JSON ROWS SELECTION TRUE_BYTES: the row's live figures
# agree with the true live bytes by check_truth's two rules
# (tests/lib/results.sh): TRUE_BYTES in [live_lower, live_upper], which
# fails by chance with probability 1 - C = 0.01% at the 99.99% the tests
# ask for; and with s >= 100 live samples the point estimate within
# 5 TRUE_BYTES / sqrt(s) of it (below 6.3e-5).  The live bytes are a subset
# of the allocated bytes chosen by the program, not by the sampling, so the
# same estimator and the same bounds hold (doc/estimation.md).  The row must
# not be marked incomplete: these traces lose nothing.
check_live() {
	heap_figures=$(heap_live_group "$2" "$3" "$4")
	if [ -z "$heap_figures" ]; then
		fail "$1: no such row in the report ($4)"
		return 0
	fi
	set -- "$1" "$5" $heap_figures
	if [ "$7" != false ]; then
		fail "$1: live figures marked incomplete ($7)"
	elif [ "$4" = null ] || [ "$5" = null ] || [ "$6" = null ]; then
		fail "$1: no live figures"
	else
		judge_truth "$1 (live)" "$2" "$3" "$4" "$5" "$6"
	fi
}

# heap_check_cells TRUTH JSON PID: check_live on every "cell" line of the
# truth file, the thread x type group of the same thread and type.
heap_check_cells() {
	awk '$1 == "cell" { name = $2; tid = $3; bytes = $4; $1 = $2 = $3 = $4 = ""
		sub(/^ +/, ""); print name, tid, bytes, $0 }' "$1" >"$1.cells"
	while read -r name tid bytes type; do
		check_live "thread $name, type $type" "$2" '.groups[]' \
			".kind == \"thread-type\" and .pid == $3 and .tid == $tid and .type == \"$type\"" "$bytes"
	done <"$1.cells"
}
