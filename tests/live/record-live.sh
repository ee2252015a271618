#!/bin/sh
# record-live.sh - allocsample-record --live end to end.  With no daemon
# running, the command starts a session daemon and a relayd (on the ports
# given with --live-ports, free ones: the defaults may be taken), prints
# text updates every 500 ms while a workload reports known bytes for about
# 3 s, then the final report; the relayd and the daemon are gone after, the
# trace is kept with -o and the exit status is the program's.  A viewer
# whose report cannot be written (/dev/full) is one line with its cause.
# Then in JSON with a relayd of the test's own, which the command uses and
# leaves running.
#
# The workload runs under the preload shim, so the process also has the C
# library's and lttng-ust's allocations: the exact figure is the type
# "chunk" (allocsample_record() allocates nothing).  At confidence 0.999
# the 2 intervals checked miss by chance with probability below 0.2%.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
. "$AS_SRCDIR/tests/live/lib.sh"
harness_enter "$@"

workload="$AS_BUILDDIR/tests/live/live-workload"

# live_run NAME OPTIONS... -- PROGRAM...: like record_run, within 120 s.
live_run() {
	name=$1
	shift
	mkdir -p "$HARNESS_DIR/tmp-$name"
	RECORD_STATUS=0
	TMPDIR="$HARNESS_DIR/tmp-$name" timeout 120 "$RECORD_CMD" "$@" \
		>"$HARNESS_DIR/$name.out" 2>"$HARNESS_DIR/$name.err" || RECORD_STATUS=$?
}

# relayd_pids: the lttng-relayd processes of this mount namespace.
relayd_pids() {
	own=$(readlink /proc/self/ns/mnt)
	for pid in $(pgrep -x lttng-relayd || true); do
		[ "$(readlink "/proc/$pid/ns/mnt" 2>/dev/null)" = "$own" ] && echo "$pid"
	done
	return 0
}

# Free ports: a relayd of the test's starts there, then stops.
relayd_start "$HARNESS_DIR/probe"
ports="$RELAYD_CTRL_PORT:$RELAYD_DATA_PORT:$RELAYD_LIVE_PORT"
relayd_stop

facts="$HARNESS_DIR/text.facts"
start=$(date +%s%N)
live_run text --live --report-output - --update-interval 500ms --live-ports "$ports" --rate 4096 --confidence 0.999 \
	-o "$HARNESS_DIR/trace" -- "$workload" "$facts" 3 2
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
out="$HARNESS_DIR/text.out"
check "text: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
check "text: nothing on stderr but where the trace is ($(grep -v 'trace kept in' "$HARNESS_DIR/text.err" | head -c 200))" \
	[ -z "$(grep -v 'trace kept in' "$HARNESS_DIR/text.err")" ]
updates=$(grep -c '^=== allocsample update ' "$out" || true)
check "text: at least 2 updates ($updates)" [ "$updates" -ge 2 ]
check "text: at most one update per 500 ms ($updates in $elapsed_ms ms)" \
	[ $(( updates * 500 )) -le "$elapsed_ms" ]
check "text: one final report, last" \
	[ "$(grep -c '^=== allocsample final report' "$out")" -eq 1 ] &&
	[ "$(grep '^=== ' "$out" | tail -n 1 | cut -c 1-29)" = '=== allocsample final report,' ]
check "text: an update has the thread rows and the total" \
	[ "$(awk '/^=== allocsample update 2,/ { on = 1 } on && /^By thread/ { t = 1 }
		on && /^  Total / { print t + 0; exit }' "$out")" = 1 ]
types=$(sed -n '/^=== allocsample final report/,$p' "$out" | grep -c '^By type' || true)
check "text: the final report has the By type section ($types)" [ "$types" -eq 1 ]
chunk=$(sed -n '/^=== allocsample final report/,$p' "$out" | awk '$3 == "chunk" { print $0; exit }')
check "text: the final report has the type chunk ($chunk)" [ -n "$chunk" ]
record_no_daemon "text"
check "text: no relayd left ($(relayd_pids | tr '\n' ' '))" [ -z "$(relayd_pids)" ]
events=$(babeltrace2 "$HARNESS_DIR/trace" 2>/dev/null | grep -c 'allocsample:AllocationSampled' || true)
check "text: the relayd wrote the trace into -o ($events AllocationSampled events)" \
	[ "$events" -gt 0 ]

# A viewer whose report cannot be written: one line with babeltrace2's
# cause (whether the viewer fails before the program starts or after),
# nothing of its error report, and nothing left running.
live_run full --live --report-output /dev/full --update-interval 500ms --live-ports "$ports" \
	-- "$workload" "$HARNESS_DIR/full.facts" 1 1
check "full: exit status 2 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 2 ]
check "full: one line on stderr ($(head -c 600 "$HARNESS_DIR/full.err"))" \
	[ "$(awk 'END { print NR }' "$HARNESS_DIR/full.err")" -eq 1 ]
check "full: the line gives babeltrace2's cause" \
	grep -q '^allocsample-record: .*Cannot write the report to the standard output: No space left on device' \
	"$HARNESS_DIR/full.err"
record_no_daemon "full"
check "full: no relayd left ($(relayd_pids | tr '\n' ' '))" [ -z "$(relayd_pids)" ]

# JSON, with a relayd of the test's: the command uses it and leaves it.
relayd_start "$HARNESS_DIR/relayd"
ours=$RELAYD_PID
ports="$RELAYD_CTRL_PORT:$RELAYD_DATA_PORT:$RELAYD_LIVE_PORT"
facts="$HARNESS_DIR/json.facts"
live_run json --live --report-output - --update-interval 500ms --live-ports "$ports" --rate 4096 --format json \
	--confidence 0.999 -- "$workload" "$facts" 3 2
json="$HARNESS_DIR/json.out"
check "json: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
lines=$(awk 'END { print NR }' "$json")
check "json: one report a line, at least 2 updates and the final one ($lines lines)" \
	[ "$lines" -ge 3 ] && [ "$(jq -c .format "$json" | grep -c allocsample-report)" -eq "$lines" ]
tail -n 1 "$json" >"$HARNESS_DIR/final.json"
check_truth "json: final: type chunk" "$HARNESS_DIR/final.json" \
	".kind == \"type\" and .type == \"chunk\"" "$(harness_fact "$facts" total 2)"
tid=$(harness_fact "$facts" thread 2)
check_truth "json: final: thread $tid (it allocates nothing else)" "$HARNESS_DIR/final.json" \
	".kind == \"thread\" and .tid == $tid" "$(harness_fact "$facts" thread 3)"
check "json: the test's relayd still runs" kill -0 "$ours"
check "json: it received the trace" [ -n "$(ls -A "$HARNESS_DIR/relayd")" ]
record_no_daemon "json"
finish
