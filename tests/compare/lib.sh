# lib.sh - what allocsample-compare's tests share, on top of
# tests/lib/lttng-harness.sh.
#
# Source it first thing, then call compare_begin "$@" (or harness_enter
# "$@" and, later, harness_start_sessiond).  The checks (ok, fail, check,
# finish) are tests/lib/results.sh's; chromium_run,
# tests/lib/chromium.sh's.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"
. "$AS_SRCDIR/tests/lib/chromium.sh"

COMPARE_CMD="$AS_BUILDDIR/compare/allocsample-compare"
COMPARE_WORKLOAD="$AS_BUILDDIR/tests/compare/workload"
COMPARE_RATE=4096

# compare_begin "$@": the test's namespace and scratch directory
# (harness_enter), the daemon started, and d, the scratch directory.
compare_begin() {
	harness_enter "$@"
	harness_start_sessiond
	d=$HARNESS_DIR
}

# compare_session NAME [CONTEXTS]: a started session NAME recording into
# $HARNESS_DIR/NAME with the contexts given (harness_session's by default)
# in 4 KiB sub-buffers (so that a stream has many packets, which
# tests/tools/ctf-discard.py needs), 256 of them per CPU: the workload's
# 1 MiB of events, on one CPU (compare_workload), fits even if the
# consumer never reads, so nothing is lost.
compare_session() {
	harness_session "$1" --buffers 4096:256 ${2:+--contexts "$2"}
}

# compare_workload SEED FACTS [more]: the workload, on one CPU (one stream
# per session), with the seed given; stops the test if it fails.
compare_workload() {
	compare_seed=$1
	shift
	ALLOCSAMPLE_SEED=$compare_seed ALLOCSAMPLE_RATE=$COMPARE_RATE taskset -c "$(harness_cpu)" "$COMPARE_WORKLOAD" "$@" ||
		harness_fail "the workload failed"
}

# compare_trace NAME SEED [more]: a trace of the workload (compare_workload
# SEED) in $HARNESS_DIR/NAME (compare_session), its facts in NAME.facts.
compare_trace() {
	compare_trace_name=$1
	compare_trace_seed=$2
	shift 2
	compare_session "$compare_trace_name"
	compare_workload "$compare_trace_seed" "$HARNESS_DIR/$compare_trace_name.facts" "$@"
	harness_session_end "$compare_trace_name"
}

# compare_run NAME ARGS...: allocsample-compare ARGS, standard output into
# $HARNESS_DIR/NAME.out, standard error into NAME.err; the exit status in
# COMPARE_STATUS.
compare_run() {
	compare_name=$1
	shift
	COMPARE_STATUS=0
	"$COMPARE_CMD" "$@" >"$HARNESS_DIR/$compare_name.out" 2>"$HARNESS_DIR/$compare_name.err" || COMPARE_STATUS=$?
}

# compare_fact FACTS TYPE: the true bytes of TYPE the workload wrote.
compare_fact() {
	awk -v t="$2" '$1 == "type" && $2 == t { print $3 }' "$1"
}

# compare_stack_run NAME INDEX_MIB TABLE_MIB: tests/compare/stacks-workload
# through allocsample-record at rate COMPARE_RATE, grouped by stack
# (record_json: the JSON report in $HARNESS_DIR/NAME.json, the trace in
# NAME.trace).
compare_stack_run() {
	ALLOCSAMPLE_SEED=20261127 record_json "$1" --rate "$COMPARE_RATE" --group-by stack -- \
		"$AS_BUILDDIR/tests/compare/stacks-workload" "$2" "$3"
}
