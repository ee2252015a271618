#!/bin/sh
# loss.sh - a trace that loses events (two 4 KiB sub-buffers, every byte
# sampled) gets a warning naming the stream and its count, and every group
# of the trace is marked incomplete in JSON, CSV and text; the true totals
# are still at least the lower bounds.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/trace"
out="$HARNESS_DIR/out"
json="$HARNESS_DIR/report.json"

lttng create loss --output="$trace" >/dev/null
lttng enable-channel --userspace --session=loss --subbuf-size=4096 --num-subbuf=2 tiny >/dev/null
lttng enable-event --userspace --session=loss --channel=tiny 'allocsample:*' >/dev/null
lttng add-context --userspace --session=loss --channel=tiny -t vpid -t vtid -t procname >/dev/null
lttng start loss >/dev/null
ALLOCSAMPLE_RATE=1 "$REPORT_BIN/typed-workload" 2000 2 >"$out" || harness_fail "the workload failed"
harness_destroy_session loss

# The premise: babeltrace2 itself says the tracer discarded events.
babeltrace2 "$trace" >/dev/null 2>"$HARNESS_DIR/pretty.stderr" || true
grep -qi 'discarded' "$HARNESS_DIR/pretty.stderr" ||
	harness_fail "the trace lost nothing: the test cannot run (sub-buffers too large?)"

report_run "$trace" -p 'format="json"' >"$json" 2>"$HARNESS_DIR/stderr" ||
	harness_fail "the report failed: $(cat "$HARNESS_DIR/stderr")"
cat "$HARNESS_DIR/stderr"
check "a warning gives a stream and its count of discarded events" \
	grep -Eq 'stream [0-9]+: discarded events: ([0-9]+|unknown)' "$HARNESS_DIR/stderr"
check "the warning says the groups are incomplete" \
	grep -q 'marked incomplete (their true value is at least the lower bound)' "$HARNESS_DIR/stderr"
check "the JSON report is incomplete" [ "$(jq .incomplete "$json")" = true ]
check "the JSON report lists the losses" [ "$(jq '.losses | length' "$json")" -ge 1 ]
check "the lost counts add up to more than zero" \
	[ "$(jq '[.losses[] | .discarded_events + .discarded_packets] | add' "$json")" -gt 0 ]
check "every group and the total are marked incomplete" \
	[ "$(jq '[.groups[], .total] | map(select(.incomplete | not)) | length' "$json")" = 0 ]
check "some samples survived" [ "$(jq '.samples' "$json")" -gt 0 ]

pid=$(awk '$1 == "pid" { print $2 }' "$out")
awk '$1 == "thread" { print $2, $3 }' "$out" >"$HARNESS_DIR/threads"
while read -r tid bytes; do
	figures=$(json_group "$json" ".kind == \"thread\" and .pid == $pid and .tid == $tid")
	[ -n "$figures" ] || continue
	set -- $figures
	check "thread $tid: true $bytes is at least the lower bound $3" [ "$bytes" -ge "$3" ]
done <"$HARNESS_DIR/threads"

report_run "$trace" -p 'format="csv"' >"$HARNESS_DIR/report.csv" 2>/dev/null ||
	harness_fail "the CSV report failed"
check "every CSV row is marked incomplete" \
	[ "$(awk -F, 'NR > 1 && $16 != "true"' "$HARNESS_DIR/report.csv" | wc -l)" -eq 0 ]
report_run "$trace" >"$HARNESS_DIR/report.txt" 2>/dev/null || harness_fail "the text report failed"
check "the text report marks groups with '!' and explains it" \
	sh -c "grep -q '!\$' '$HARNESS_DIR/report.txt' &&
	       grep -q 'true value is at least the' '$HARNESS_DIR/report.txt'"
finish
