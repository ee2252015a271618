#!/bin/sh
# no-events.sh - a real LTTng trace without any allocsample event (only
# lttng-ust's statedump of a program that registers with it): the report
# warns, naming the program that allocated too little and how to record
# the events, prints an empty report (CSV, JSON; in text its first line and
# one sentence) and exits 0.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/none"
harness_trace none --events 'lttng_ust_statedump:*' -- "$REPORT_BIN/impossible-producer" none

# The premise: a trace with events, none of them ours.
babeltrace2 "$trace" >"$HARNESS_DIR/events" 2>/dev/null || harness_fail "babeltrace2 cannot read the trace"
events=$(wc -l <"$HARNESS_DIR/events")
ours=$(grep -c 'allocsample:' "$HARNESS_DIR/events" || true)
[ "$events" -gt 0 ] && [ "$ours" -eq 0 ] ||
	harness_fail "the trace has $events events, $ours of allocsample: the test cannot run"
ok "the trace has $events lttng_ust_statedump events and no allocsample event"

for format in text csv json; do
	status=0
	report_run "$trace" -p "format=\"$format\"" >"$HARNESS_DIR/report.$format" 2>"$HARNESS_DIR/$format.err" ||
		status=$?
	check "$format: exit status 0 (got $status)" [ "$status" -eq 0 ]
	check "$format: a warning that says how to record the events" \
		report_says "$HARNESS_DIR/$format.err" "no allocsample:AllocationSampled events: nothing to estimate. Either the traced programs allocated too little to draw a sample (one per ALLOCSAMPLE_RATE bytes on average, 102400 by default), or the session did not record them (lttng enable-event -u 'allocsample:*'), or no traced program allocated through liballocsample"
done
sed 's/^/      /' "$HARNESS_DIR/json.err"
check "json: valid, 0 samples, no group" \
	[ "$(jq -c '[.samples, (.groups | length)]' "$HARNESS_DIR/report.json")" = '[0,0]' ]
check "csv: the header line only" [ "$(wc -l <"$HARNESS_DIR/report.csv")" -eq 1 ]
check "text: its first line and one sentence, no empty table" \
	[ "$(sed -n 2p "$HARNESS_DIR/report.text")" = "No allocation was sampled: nothing to estimate." -a \
	"$(wc -l <"$HARNESS_DIR/report.text")" -eq 2 ]
finish
