# lib.sh - what allocsample-compare's tests share, on top of
# tests/lib/lttng-harness.sh.
#
# Source it first thing, then call harness_enter "$@" and
# harness_start_sessiond.  The checks (ok, fail, check, finish) are
# tests/lib/results.sh's; chromium_run, tests/lib/chromium.sh's.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"
. "$AS_SRCDIR/tests/lib/chromium.sh"

COMPARE_CMD="$AS_BUILDDIR/compare/allocsample-compare"
COMPARE_WORKLOAD="$AS_BUILDDIR/tests/compare/workload"
COMPARE_RATE=4096
# The command runs the build tree's plugin (as allocsample-record does).
ALLOCSAMPLE_PLUGIN_PATH="$AS_BUILDDIR/plugins/report/.libs"
export ALLOCSAMPLE_PLUGIN_PATH

# compare_session NAME TRACE_DIR CONTEXT_OPTIONS...: a started session
# recording allocsample:* with the contexts given, in 4 KiB sub-buffers (so
# that a stream has many packets, which tests/tools/ctf-discard.py needs),
# 256 of them per CPU: the workload's 1 MiB of events fits even if the
# consumer never reads, so nothing is lost.
compare_session() {
	name=$1
	dir=$2
	shift 2
	lttng create "$name" --output="$dir" >/dev/null
	lttng enable-channel --userspace --session="$name" --subbuf-size=4096 --num-subbuf=256 big >/dev/null
	lttng enable-event --userspace --session="$name" --channel=big 'allocsample:*' >/dev/null
	lttng add-context --userspace --session="$name" --channel=big "$@" >/dev/null
	lttng start "$name" >/dev/null
}

# compare_workload SEED FACTS [more]: the workload, on one CPU (one stream
# per session), with the seed given.
compare_workload() {
	seed=$1
	shift
	cpu=$(taskset -pc $$ | sed 's/.*: *//; s/[-,].*//')
	ALLOCSAMPLE_SEED=$seed ALLOCSAMPLE_RATE=$COMPARE_RATE taskset -c "$cpu" "$COMPARE_WORKLOAD" "$@" ||
		harness_fail "the workload failed"
}

# compare_report TRACE_DIR JSON: the report of TRACE_DIR, as JSON, into JSON.
compare_report() {
	babeltrace2 --plugin-path="$ALLOCSAMPLE_PLUGIN_PATH" "$1" -c sink.allocsample.report \
		-p 'format="json"' >"$2" 2>"$2.stderr" ||
		harness_fail "the report of $1 failed: $(cat "$2.stderr")"
}

# compare_run NAME ARGS...: allocsample-compare ARGS, standard output into
# $HARNESS_DIR/NAME.out, standard error into NAME.err; the exit status in
# COMPARE_STATUS.
compare_run() {
	name=$1
	shift
	COMPARE_STATUS=0
	"$COMPARE_CMD" "$@" >"$HARNESS_DIR/$name.out" 2>"$HARNESS_DIR/$name.err" || COMPARE_STATUS=$?
}

# compare_fact FACTS TYPE: the true bytes of TYPE the workload wrote.
compare_fact() {
	awk -v t="$2" '$1 == "type" && $2 == t { print $3 }' "$1"
}

# compare_stack_run NAME INDEX_MIB TABLE_MIB: tests/compare/stacks-workload
# through the build tree's allocsample-record at rate COMPARE_RATE,
# grouped by stack, its JSON report into $HARNESS_DIR/NAME.json (the
# command's standard error into NAME.err).  Uses the harness's daemon.
compare_stack_run() {
	ALLOCSAMPLE_SEED=20261127 ALLOCSAMPLE_PRELOAD="$AS_PRELOAD" \
		"$AS_BUILDDIR/src/record/allocsample-record" --rate "$COMPARE_RATE" --format json \
		--group-by stack --report-output "$HARNESS_DIR/$1.json" -o "$HARNESS_DIR/$1.trace" -- \
		"$AS_BUILDDIR/tests/compare/stacks-workload" "$2" "$3" \
		>"$HARNESS_DIR/$1.out" 2>"$HARNESS_DIR/$1.err" ||
		harness_fail "allocsample-record failed: $(cat "$HARNESS_DIR/$1.err")"
	jq -e '.format == "allocsample-report"' "$HARNESS_DIR/$1.json" >/dev/null 2>&1 ||
		harness_fail "no JSON report: $(cat "$HARNESS_DIR/$1.err")"
}
