#!/bin/sh
# live.sh - sink.allocsample.report on a live session: a relayd on loopback
# (tests/lib/relayd.sh) serves a live session recording a workload that
# reports known bytes from two threads; babeltrace2 reads it through
# source.ctf.lttng-live with update-interval=500ms in JSON.  It must print
# at least two updates holding samples while the workload runs (the test
# ends the workload once it has), no more than one per 500 ms of the time
# it ran, then the final report when the session is destroyed; the final
# figures must hold the truth.  (The text updates are checked by
# record-live.sh.)
#
# The workload reports with allocsample_record(), which allocates nothing,
# and runs without the preload: the totals are exact.  At confidence 0.999
# the 4 intervals checked miss by chance with probability below 0.4%.
set -eu
. "$AS_SRCDIR/tests/live/lib.sh"
HARNESS_NETWORK=private
harness_enter "$@"
harness_start_sessiond
relayd_start "$HARNESS_DIR/relayd"

facts="$HARNESS_DIR/facts"
json="$HARNESS_DIR/live.jsonl"
harness_session live --live=200000 --url "$(relayd_url)" --contexts vpid,vtid,procname

# The viewer attaches once the session exists, before the workload starts.
start=$(date +%s%N)
timeout 600 babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" -i lttng-live "$(relayd_live_url live)" \
	-c sink.allocsample.report \
	-p 'update-interval="500ms",format="json",confidence=0.999' \
	>"$json" 2>"$HARNESS_DIR/json.err" &
json_pid=$!
relayd_viewer live "$json_pid" || harness_fail "the viewer did not attach: $(head -c 300 "$HARNESS_DIR/json.err")"

ALLOCSAMPLE_SEED=11 ALLOCSAMPLE_RATE=4096 "$LIVE_WORKLOAD" "$facts" "$HARNESS_DIR/stop" 2 &
workload=$!
live_stop_after "$json" "$HARNESS_DIR/stop"
status=0
wait "$workload" || status=$?
[ "$status" -eq 0 ] || harness_fail "the workload failed (status $status)"
# What the viewer printed while the workload ran.
json_during=$(awk 'END { print NR }' "$json")
# Destroying the session ends the live stream, and the viewer.  A stop or
# destroy that never returns fails the test after two minutes.
harness_session_end live &
ending=$!
deadline=$(( $(date +%s) + 120 ))
while kill -0 "$ending" 2>/dev/null; do
	[ "$(date +%s)" -le "$deadline" ] || harness_fail "lttng stop or destroy did not return"
	sleep 0.1
done
wait "$ending" || harness_fail "the live session could not be ended"
json_status=0
wait "$json_pid" || json_status=$?
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
check "the JSON viewer ends with status 0 when its session is destroyed ($json_status)" \
	[ "$json_status" -eq 0 ]

# JSON: one report a line, the last one the final report.
lines=$(awk 'END { print NR }' "$json")
check "every line is one JSON report ($lines lines)" \
	[ "$(jq -c '.format' "$json" 2>/dev/null | grep -c allocsample-report)" -eq "$lines" ]
check "at least 2 updates printed while the workload ran ($json_during)" \
	[ "$json_during" -ge 2 ]
# At most one update per 500 ms (the first one 500 ms after the start) of
# the time the viewer ran, measured around it: load only lengthens that.
check "at most one update per 500 ms ($(( lines - 1 )) updates in $elapsed_ms ms)" \
	[ $(( (lines - 1) * 500 )) -le "$elapsed_ms" ]
samples=$(jq -s -c '[.[].samples]' "$json")
ordered=$(jq -s '[.[].samples] | . as $s | [range(1; length)] | all($s[.] >= $s[. - 1])' "$json")
check "the samples never decrease from one report to the next ($samples)" \
	[ "$ordered" = true ]
updates_with_samples=$(jq -s '[.[:-1][] | select(.samples > 0)] | length' "$json")
check "at least 2 updates already hold samples ($updates_with_samples)" \
	[ "$updates_with_samples" -ge 2 ]

final="$HARNESS_DIR/final.json"
tail -n 1 "$json" >"$final"
pid=$(harness_fact "$facts" pid 2)
live_truth final "$final" "$facts" ".pid == ${pid:-0}"
check_truth "final: total" "$final" '.kind == "total"' "$(harness_fact "$facts" total 2)"
check "final: the total counts the workload's 2 threads" \
	[ "$(jq .total.threads "$final")" -eq 2 ]

check "no warning on stderr ($(head -c 200 "$HARNESS_DIR/json.err"))" \
	[ ! -s "$HARNESS_DIR/json.err" ]
finish
