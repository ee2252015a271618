#!/bin/sh
# record-live.sh - allocsample-record --live end to end.  With no daemon
# running, the command starts a session daemon and a relayd (on the ports
# given with --live-ports, free ones: the defaults may be taken), prints
# text updates every 500 ms while a workload reports known bytes (until
# the test, having seen two updates holding samples, ends it), then the
# final report; the relayd and the daemon are gone after, the trace is
# kept with -o and the exit status is the program's.  A viewer whose
# report cannot be written (/dev/full) is one line with its cause.  Then
# in JSON with a relayd of the test's own, which the command uses and
# leaves running.
#
# The workload runs under the preload shim, so the process also has the C
# library's and lttng-ust's allocations: the exact figures are the type
# "chunk" and the workload's thread (allocsample_record() allocates
# nothing).  At confidence 0.999 the 2 intervals checked miss by chance
# with probability below 0.2%.
set -eu
. "$AS_SRCDIR/tests/live/lib.sh"
HARNESS_NETWORK=private
harness_enter "$@"

# live_record NAME OPTIONS... -- PROGRAM...: allocsample-record --live
# with the OPTIONs on the ports $ports, its updates every 500 ms on
# standard output ($HARNESS_DIR/NAME.out), the live workload PROGRAM
# stopped once they hold samples (its stop file $HARNESS_DIR/NAME.stop);
# RECORD_STATUS, and ELAPSED_MS, how long the command ran.
live_record() {
	live_name=$1
	shift
	live_start=$(date +%s%N)
	record_bg "$live_name" --live --report-output - --update-interval 500ms --live-ports "$ports" "$@"
	live_stop_after "$HARNESS_DIR/$live_name.out" "$HARNESS_DIR/$live_name.stop"
	RECORD_STATUS=0
	wait "$BG_PID" || RECORD_STATUS=$?
	ELAPSED_MS=$(( ($(date +%s%N) - live_start) / 1000000 ))
}

# Free ports: a relayd of the test's starts there, then stops.
relayd_run "$HARNESS_DIR/probe"
ports="$RELAYD_CTRL_PORT:$RELAYD_DATA_PORT:$RELAYD_LIVE_PORT"
relayd_stop

live_record text --rate 4096 --confidence 0.999 -o "$HARNESS_DIR/trace" -- \
	"$LIVE_WORKLOAD" "$HARNESS_DIR/text.facts" "$HARNESS_DIR/text.stop" 2
out="$HARNESS_DIR/text.out"
check "text: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
check "text: nothing on stderr but where the trace is ($(grep -v 'trace kept in' "$HARNESS_DIR/text.err" | head -c 200))" \
	[ -z "$(grep -v 'trace kept in' "$HARNESS_DIR/text.err")" ]
updates=$(grep -c '^=== allocsample update ' "$out" || true)
check "text: at least 2 updates ($updates)" [ "$updates" -ge 2 ]
# Of the time the command ran, measured around it: load only lengthens it.
check "text: at most one update per 500 ms ($updates in $ELAPSED_MS ms)" \
	[ $(( updates * 500 )) -le "$ELAPSED_MS" ]
# And by the component's own clock, the time in each update's heading: no
# three updates in one second.
crowded=$(sed -n 's/^=== allocsample update [0-9]*, \(.*\): the report so far ===$/\1/p' "$out" |
	uniq -c | awk '$1 > 2 { print $2, $3 }' | paste -s -d ' ' -)
check "text: at most two updates stamped with one second (${crowded:-none more})" [ -z "$crowded" ]
finals=$(grep -c '^=== allocsample final report' "$out" || true)
last=$(grep '^=== ' "$out" | tail -n 1 | cut -c 1-29)
check "text: one final report ($finals), last ($last)" \
	[ "$finals:$last" = '1:=== allocsample final report,' ]
# The first update holding samples (a total) has the thread rows.
rows=$(awk '/^=== allocsample / { if (total) exit; threads = 0 } /^By thread/ { section = 1; next }
	/^$/ { section = 0 } section && $1 == "live-workload" { threads++ }
	/^  Total / { total = 1 } END { print (total ? threads : "no update with a total") }' "$out")
check "text: the first update with a total has the workload's 2 thread rows ($rows)" [ "$rows" = 2 ]
types=$(sed -n '/^=== allocsample final report/,$p' "$out" | grep -c '^By type' || true)
check "text: the final report has the By type section ($types)" [ "$types" -eq 1 ]
chunk=$(sed -n '/^=== allocsample final report/,$p' "$out" | awk '$3 == "chunk" { print $0; exit }')
check "text: the final report has the type chunk ($chunk)" [ -n "$chunk" ]
record_no_daemon "text"
check "text: no relayd left ($(harness_pids lttng-relayd | tr '\n' ' '))" [ -z "$(harness_pids lttng-relayd)" ]
events=$(babeltrace2 "$HARNESS_DIR/trace" 2>/dev/null | grep -c 'allocsample:AllocationSampled' || true)
check "text: the relayd wrote the trace into -o ($events AllocationSampled events)" \
	[ "$events" -gt 0 ]

# A viewer whose report cannot be written: one line with babeltrace2's
# cause (whether the viewer fails before the program starts or after),
# nothing of its error report, and nothing left running.
record_bg full --live --report-output /dev/full --update-interval 500ms --live-ports "$ports" \
	-- "$LIVE_WORKLOAD" "$HARNESS_DIR/full.facts" 1 1
RECORD_STATUS=0
wait "$BG_PID" || RECORD_STATUS=$?
check "full: exit status 2 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 2 ]
check "full: one line on stderr ($(head -c 600 "$HARNESS_DIR/full.err"))" \
	[ "$(awk 'END { print NR }' "$HARNESS_DIR/full.err")" -eq 1 ]
check "full: the line gives babeltrace2's cause" \
	grep -q '^allocsample-record: .*Cannot write the report to the standard output: No space left on device' \
	"$HARNESS_DIR/full.err"
record_no_daemon "full"
check "full: no relayd left ($(harness_pids lttng-relayd | tr '\n' ' '))" [ -z "$(harness_pids lttng-relayd)" ]

# JSON, with a relayd of the test's: the command uses it and leaves it.
relayd_start "$HARNESS_DIR/relayd"
ours=$RELAYD_PID
ports="$RELAYD_CTRL_PORT:$RELAYD_DATA_PORT:$RELAYD_LIVE_PORT"
facts="$HARNESS_DIR/json.facts"
live_record json --rate 4096 --format json --confidence 0.999 -- \
	"$LIVE_WORKLOAD" "$facts" "$HARNESS_DIR/json.stop" 1
json="$HARNESS_DIR/json.out"
check "json: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
lines=$(awk 'END { print NR }' "$json")
reports=$(jq -c .format "$json" 2>/dev/null | grep -c allocsample-report || true)
check "json: one report a line ($reports reports in $lines lines)" [ "$reports" -eq "$lines" ]
check "json: at least 2 updates and the final one ($lines lines)" [ "$lines" -ge 3 ]
tail -n 1 "$json" >"$HARNESS_DIR/final.json"
# The workload's one thread allocates nothing else.
live_truth "json: final" "$HARNESS_DIR/final.json" "$facts"
check "json: the test's relayd still runs" kill -0 "$ours"
check "json: it received the trace" [ -n "$(ls -A "$HARNESS_DIR/relayd")" ]
record_no_daemon "json"
finish
