# lib.sh - what the report's tests share, on top of tests/lib/lttng-harness.sh.
#
# Source it first thing.  Checks do not stop the script: each prints one
# line with its figures, a failing one marks the run failed, and
# report_finish exits 1 if any did.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"

REPORT_FAILED=0
REPORT_BIN="$AS_BUILDDIR/tests/report"
REPORT_PLUGIN_PATH="$AS_BUILDDIR/plugins/report/.libs"

report_ok() {
	printf 'ok:   %s\n' "$*"
}

report_fail() {
	printf 'FAIL: %s\n' "$*"
	REPORT_FAILED=1
}

# report_check WHAT COMMAND...: ok if COMMAND succeeds, else a failure.
report_check() {
	what=$1
	shift
	if "$@"; then
		report_ok "$what"
	else
		report_fail "$what"
	fi
}

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

# report_group JSON JQ_SELECTION: "samples estimate lower upper" of the one
# group the selection picks in a JSON report, or nothing.
report_group() {
	jq -r "[.groups[], (.total // empty | . + {kind: \"total\"})] | map(select($2)) |
		if length == 1 then .[0] | \"\(.samples) \(.estimate) \(.lower) \(.upper)\" else empty end" "$1"
}

# report_truth_check LABEL JSON JQ_SELECTION TRUE_BYTES: the group's interval
# must hold the true value; with 1000 samples or more its estimate must be
# within 10% of it.
report_truth_check() {
	figures=$(report_group "$2" "$3")
	if [ -z "$figures" ]; then
		report_fail "$1: no such group in the report ($3)"
		return
	fi
	set -- "$1" "$4" $figures
	label=$1 truth=$2 samples=$3 estimate=$4 lower=$5 upper=$6
	text="$label: true $truth, estimate $estimate, interval [$lower, $upper], $samples samples"
	if [ "$truth" -lt "$lower" ] || [ "$truth" -gt "$upper" ]; then
		report_fail "$text: outside the interval"
	elif [ "$samples" -ge 1000 ] &&
	     [ $(( (estimate - truth) * 10 )) -gt "$truth" -o $(( (truth - estimate) * 10 )) -gt "$truth" ]; then
		report_fail "$text: more than 10% off"
	else
		report_ok "$text"
	fi
}

report_finish() {
	if [ "$REPORT_FAILED" -ne 0 ]; then
		printf 'some checks failed\n'
		exit 1
	fi
	printf 'all checks passed\n'
}
