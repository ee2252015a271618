# lib.sh - what the report's tests share, on top of tests/lib/lttng-harness.sh
# (whose tests/lib/results.sh gives the checks: ok, fail, check, check_truth,
# finish).
#
# Source it first thing.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"
. "$AS_SRCDIR/tests/lib/chromium.sh"

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

# report_lossless_session NAME TRACE_DIR [EVENT...] -- CONTEXT...: a started
# session recording allocsample:* and the EVENTs with the CONTEXTs (-t vpid
# ...) into a channel of 64 sub-buffers of 4 KiB per CPU, and REPORT_CPU, a
# CPU the test may run on.  A workload pinned to REPORT_CPU (taskset -c)
# that leaves less than 256 KiB of events loses none of them, whether the
# consumer daemon reads or not, and fills several packets of one stream:
# what report_lossy_copy needs.
report_lossless_session() {
	name=$1
	dir=$2
	shift 2
	lttng create "$name" --output="$dir" >/dev/null
	lttng enable-channel --userspace --session="$name" --subbuf-size=4096 --num-subbuf=64 big >/dev/null
	lttng enable-event --userspace --session="$name" --channel=big 'allocsample:*' >/dev/null
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		lttng enable-event --userspace --session="$name" --channel=big "$1" >/dev/null
		shift
	done
	[ $# -eq 0 ] || shift
	lttng add-context --userspace --session="$name" --channel=big "$@" >/dev/null
	lttng start "$name" >/dev/null
	REPORT_CPU=$(taskset -pc $$ | sed 's/.*: *//; s/[-,].*//')
}

# report_lossy_copy TRACE_DIR COPY_DIR EVENTS [PACKETS]: COPY_DIR is the
# trace with EVENTS discarded events and PACKETS discarded packets written
# into one stream (tests/tools/ctf-discard.py), and COPY_DIR.stderr what
# babeltrace2 says of it.  Stops the test if TRACE_DIR itself lost events
# (it was to be lossless) or has no stream of two packets.
report_lossy_copy() {
	babeltrace2 "$1" >/dev/null 2>"$1.stderr" ||
		harness_fail "babeltrace2 cannot read the trace: $(cat "$1.stderr")"
	! grep -qi 'discarded' "$1.stderr" ||
		harness_fail "the recording itself lost events (buffers too small?): $(cat "$1.stderr")"
	lossy_stream=$(python3 "$AS_SRCDIR/tests/tools/ctf-discard.py" "$@") ||
		harness_fail "cannot write the losses into a copy of the trace"
	printf '      losses written into %s\n' "$lossy_stream"
	babeltrace2 "$2" >/dev/null 2>"$2.stderr" || true
}

# report_check_self_contained PAGE: the HTML page loads nothing from
# elsewhere (no script, style sheet, image or frame by address).
report_check_self_contained() {
	check "self-contained: no external script, style, image or frame" \
		sh -c "! grep -Eiq '<(script|link|img|iframe)[^>]*(src|href)=|@import|url\\(http' '$1'"
}
