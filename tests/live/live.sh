#!/bin/sh
# live.sh - sink.allocsample.report on a live session: a relayd on loopback
# (tests/live/lib.sh) serves a live session recording a workload that
# reports known bytes for about 3 s from two threads; babeltrace2 reads it
# through source.ctf.lttng-live with update-interval=500ms in JSON.  It
# must print at least two updates while the workload runs, no more than one
# per 500 ms, then the final report when the session is destroyed; the
# final figures must hold the truth.  (The text updates are checked by
# record-live.sh.)
#
# The workload reports with allocsample_record(), which allocates nothing,
# and runs without the preload: the totals are exact.  At confidence 0.999
# the 4 intervals checked miss by chance with probability below 0.4%.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
. "$AS_SRCDIR/tests/live/lib.sh"
harness_enter "$@"
harness_start_sessiond
relayd_start "$HARNESS_DIR/relayd"

facts="$HARNESS_DIR/facts"
json="$HARNESS_DIR/live.jsonl"
url_of() {
	printf 'net://127.0.0.1:%s/host/%s/%s\n' "$RELAYD_LIVE_PORT" "$(hostname)" "$1"
}

lttng create live --live=200000 --set-url="$(relayd_url)" >/dev/null
lttng enable-event --userspace --session=live 'allocsample:*' >/dev/null
lttng add-context --userspace --session=live -t vpid -t vtid -t procname >/dev/null
lttng start live >/dev/null

# The viewer attaches once the session exists, before the workload starts.
start=$(date +%s%N)
timeout 120 babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" -i lttng-live "$(url_of live)" \
	-c sink.allocsample.report \
	-p 'update-interval="500ms",format="json",confidence=0.999' \
	>"$json" 2>"$HARNESS_DIR/json.err" &
json_pid=$!
for _ in $(seq 100); do
	attached=$(babeltrace2 -i lttng-live "net://127.0.0.1:$RELAYD_LIVE_PORT" 2>/dev/null |
		grep -c '/live .* 1 client(s) connected' || true)
	[ "$attached" -eq 1 ] && break
	sleep 0.1
done
check "the viewer attached ($attached)" [ "$attached" -eq 1 ]

ALLOCSAMPLE_SEED=11 ALLOCSAMPLE_RATE=4096 timeout 60 "$AS_BUILDDIR/tests/live/live-workload" \
	"$facts" 3 2 || harness_fail "the workload failed"
# What the viewers printed while the workload ran.
json_during=$(awk 'END { print NR }' "$json")
# Destroying the session ends the live stream, and the viewer.
timeout 60 lttng stop live >/dev/null || harness_fail "lttng stop did not return"
timeout 60 lttng destroy live >/dev/null || harness_fail "lttng destroy did not return"
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
# At most one update per 500 ms (the first one 500 ms after the start).
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
pid=$(awk '$1 == "pid" { print $2 }' "$facts")
awk '$1 == "thread" { print $2, $3 }' "$facts" >"$HARNESS_DIR/threads"
while read -r tid bytes; do
	check_truth "final: thread $tid" "$final" \
		".kind == \"thread\" and .pid == $pid and .tid == $tid" "$bytes"
done <"$HARNESS_DIR/threads"
total=$(awk '$1 == "total" { print $2 }' "$facts")
check_truth "final: type chunk" "$final" ".kind == \"type\" and .type == \"chunk\"" "$total"
check_truth "final: total" "$final" '.kind == "total"' "$total"
check "final: the total counts the workload's 2 threads" \
	[ "$(jq .total.threads "$final")" -eq 2 ]

check "no warning on stderr ($(head -c 200 "$HARNESS_DIR/json.err"))" \
	[ ! -s "$HARNESS_DIR/json.err" ]
finish
