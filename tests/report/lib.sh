# lib.sh - what the report's tests share, on top of tests/lib/lttng-harness.sh
# (whose tests/lib/results.sh gives the checks: ok, fail, check, check_truth,
# finish).
#
# Source it first thing.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"

REPORT_BIN="$AS_BUILDDIR/tests/report"
REPORT_PLUGIN_PATH="$AS_BUILDDIR/plugins/report/.libs"

# report_says FILE TEXT: whether FILE says TEXT (a fixed string), once the
# line breaks and indentation babeltrace2 puts in long error messages are
# undone.
report_says() {
	tr '\n' ' ' <"$1" | tr -s ' ' | grep -qF -- "$2"
}

# report_run TRACE_DIR [-p PARAMS]...: the component from the build tree on
# TRACE_DIR, its report on standard output.
report_run() {
	trace=$1
	shift
	babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" "$trace" -c sink.allocsample.report "$@"
}

# report_session NAME TRACE_DIR CONTEXT...: a started session recording
# allocsample:* with the given contexts (-t vpid ...) only.
report_session() {
	name=$1
	dir=$2
	shift 2
	lttng create "$name" --output="$dir" >/dev/null
	lttng enable-event --userspace --session="$name" 'allocsample:*' >/dev/null
	if [ $# -gt 0 ]; then
		lttng add-context --userspace --session="$name" "$@" >/dev/null
	fi
	lttng start "$name" >/dev/null
}
