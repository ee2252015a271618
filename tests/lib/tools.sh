# tools.sh - the project's commands from the build tree, as every test runs
# them: allocsample-record (record_run, record_bg, record_json) and the
# report component in babeltrace2 (report_run, report_json).  Sourced by
# lttng-harness.sh; the outputs go to $HARNESS_DIR.

RECORD_CMD="$AS_BUILDDIR/src/record/allocsample-record"
REPORT_PLUGIN_PATH="$AS_BUILDDIR/plugins/report/.libs"
# The view of a trace whose files end inside a packet (view/view.h); in
# the sanitizer build, through the wrapper that keeps ASan's runtime the
# first library whatever LD_PRELOAD a test gives allocsample-record
# (tests/local.mk).
TRACE_VIEW_CMD="$AS_BUILDDIR/view/allocsample-trace-view"
[ ! -x "$AS_BUILDDIR/tests/sanitizer-bin/allocsample-trace-view" ] ||
	TRACE_VIEW_CMD="$AS_BUILDDIR/tests/sanitizer-bin/allocsample-trace-view"
# allocsample-record and allocsample-compare run the build tree's shim and
# component, and allocsample-record its view's maker.
ALLOCSAMPLE_PRELOAD="$AS_PRELOAD"
ALLOCSAMPLE_PLUGIN_PATH="$REPORT_PLUGIN_PATH"
ALLOCSAMPLE_TRACE_VIEW="$TRACE_VIEW_CMD"
export ALLOCSAMPLE_PRELOAD ALLOCSAMPLE_PLUGIN_PATH ALLOCSAMPLE_TRACE_VIEW

# record_run NAME [OPTIONS] -- PROGRAM [ARGS]: allocsample-record with the
# arguments given, standard output into $HARNESS_DIR/NAME.out and standard
# error into NAME.err, its temporary directories under
# $HARNESS_DIR/tmp-NAME; the exit status in RECORD_STATUS.
record_run() {
	record_name=$1
	shift
	mkdir -p "$HARNESS_DIR/tmp-$record_name"
	RECORD_STATUS=0
	TMPDIR="$HARNESS_DIR/tmp-$record_name" "$RECORD_CMD" "$@" \
		>"$HARNESS_DIR/$record_name.out" 2>"$HARNESS_DIR/$record_name.err" || RECORD_STATUS=$?
}

# record_bg NAME ARGS...: record_run in the background, under `timeout
# 600` (a deadlock fails the test instead of hanging it); its pid in BG_PID.
record_bg() {
	record_name=$1
	shift
	mkdir -p "$HARNESS_DIR/tmp-$record_name"
	TMPDIR="$HARNESS_DIR/tmp-$record_name" timeout 600 "$RECORD_CMD" "$@" \
		>"$HARNESS_DIR/$record_name.out" 2>"$HARNESS_DIR/$record_name.err" &
	BG_PID=$!
}

# record_json NAME [OPTIONS] -- PROGRAM [ARGS]: record_run with a JSON
# report into $HARNESS_DIR/NAME.json and the trace kept in NAME.trace;
# stops the test unless the command exits 0 with a JSON report.
record_json() {
	record_json_name=$1
	shift
	record_run "$record_json_name" --format json --report-output "$HARNESS_DIR/$record_json_name.json" \
		-o "$HARNESS_DIR/$record_json_name.trace" "$@"
	[ "$RECORD_STATUS" -eq 0 ] ||
		harness_fail "allocsample-record ($record_json_name) exited with $RECORD_STATUS: $(tail -n 5 "$HARNESS_DIR/$record_json_name.err")"
	jq -e '.format == "allocsample-report"' "$HARNESS_DIR/$record_json_name.json" >/dev/null 2>&1 ||
		harness_fail "allocsample-record ($record_json_name) wrote no JSON report: $(tail -n 5 "$HARNESS_DIR/$record_json_name.err")"
}

# record_daemons: the pids of the lttng-sessiond and lttng-consumerd
# processes in this test's mount namespace, one a line.
record_daemons() {
	harness_pids lttng-sessiond lttng-consumerd
}

# record_no_daemon WHAT: a check that no daemon is left in the namespace.
# The command returns once the report is written, and a process of its own
# then destroys the session, removes the temporary trace and stops the
# daemon the command started: the check waits for that, up to a minute.
record_no_daemon() {
	for _ in $(seq 600); do
		left=$(record_daemons | tr '\n' ' ')
		[ -n "$left" ] || break
		sleep 0.1
	done
	check "$1: no lttng daemon left in the namespace (${left:-none})" [ -z "$left" ]
}

# report_run TRACE_DIR [-p PARAMS]...: the component on TRACE_DIR, its
# report on standard output.
report_run() {
	report_trace=$1
	shift
	babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" "$report_trace" -c sink.allocsample.report "$@"
}

# report_json TRACE_DIR JSON [-p PARAMS]...: the JSON report of TRACE_DIR
# into JSON (babeltrace2's standard error into JSON.err); stops the test
# unless it is one.
report_json() {
	report_trace=$1
	report_out=$2
	shift 2
	report_run "$report_trace" -p 'format="json"' "$@" >"$report_out" 2>"$report_out.err" ||
		harness_fail "the report of $report_trace failed: $(tail -n 5 "$report_out.err")"
	jq -e '.format == "allocsample-report"' "$report_out" >/dev/null 2>&1 ||
		harness_fail "the report of $report_trace is not JSON: $(head -c 300 "$report_out")"
}

# report_says FILE TEXT: whether FILE says TEXT (a fixed string), once the
# line breaks and indentation babeltrace2 puts in long error messages are
# undone.
report_says() {
	tr '\n' ' ' <"$1" | tr -s ' ' | grep -qF -- "$2"
}

# trace_lossy_copy TRACE_DIR COPY_DIR EVENTS [PACKETS]: COPY_DIR is the
# trace with EVENTS discarded events and PACKETS discarded packets written
# into one stream (tests/tools/ctf-discard.py), and COPY_DIR.stderr what
# babeltrace2 says of it.  Stops the test if TRACE_DIR itself lost events
# (it was to be lossless) or has no stream of two packets.
trace_lossy_copy() {
	babeltrace2 "$1" >/dev/null 2>"$1.stderr" ||
		harness_fail "babeltrace2 cannot read the trace: $(cat "$1.stderr")"
	! grep -qi 'discarded' "$1.stderr" ||
		harness_fail "the recording itself lost events (buffers too small?): $(cat "$1.stderr")"
	lossy_stream=$(python3 "$AS_SRCDIR/tests/tools/ctf-discard.py" "$@") ||
		harness_fail "cannot write the losses into a copy of the trace"
	printf '      losses written into %s\n' "$lossy_stream"
	babeltrace2 "$2" >/dev/null 2>"$2.stderr" || true
}

# record_heap NAME [OPTIONS] -- PROGRAM [ARGS]: record_json of PROGRAM at
# rate 4096 with 99.99% intervals, grouped by thread, type and thread x
# type (what the live-heap tests check against the programs' truth files),
# the sampling seeded, and the OPTIONs given (--window ...).
record_heap() {
	record_heap_name=$1
	shift
	ALLOCSAMPLE_SEED=20261123 record_json "$record_heap_name" --rate 4096 --confidence 0.9999 \
		--group-by thread,type,thread-type "$@"
}
