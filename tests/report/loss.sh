#!/bin/sh
# loss.sh - a trace whose stream says the tracer discarded 1000 events and
# 2 packets gets a warning naming the stream and its counts, and every
# group of the trace is marked incomplete in JSON, CSV and text; the true
# totals are still at least the lower bounds.  The same trace without the
# losses is complete: the marks come from the losses.
#
# Cannot race: nothing depends on the consumer daemon falling behind.  The
# workload runs on one CPU (so one stream holds all its events) at a rate
# that leaves about 16 KiB of events, in 64 sub-buffers of 4 KiB per CPU
# (harness_session --buffers 4096:64): the buffers hold the whole run even
# if the consumer never reads, so the recording loses nothing (checked).
# The losses are then written into a copy of the trace by
# tests/tools/ctf-discard.py: from the second packet of that stream on (it
# has at least two, also checked), the packet context's events_discarded
# grows by 1000 and packet_seq_num by 2, which babeltrace2 reports exactly
# as it does a real loss.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/loss"
lossy="$HARNESS_DIR/lossy"
out="$HARNESS_DIR/loss.out"
json="$HARNESS_DIR/report.json"

ALLOCSAMPLE_SEED=9 ALLOCSAMPLE_RATE=2048 harness_trace loss --buffers 4096:64 -- \
	taskset -c "$(harness_cpu)" "$REPORT_BIN/typed-workload" 40 2

# The premises: the recording lost nothing; its copy loses what was written.
trace_lossy_copy "$trace" "$lossy" 1000 2
check "babeltrace2 says the copy lost 1000 events" grep -q 'discarded 1000 events' "$lossy.stderr"
check "babeltrace2 says the copy lost 2 packets" grep -q 'discarded 2 packets' "$lossy.stderr"

report_run "$trace" -p 'format="json"' >"$HARNESS_DIR/complete.json" 2>/dev/null ||
	harness_fail "the report on the trace without losses failed"
check "without the losses: the report is complete" \
	[ "$(jq -c '[.incomplete, (.losses | length), ([.groups[], .total] | map(select(.incomplete)) | length)]' \
		"$HARNESS_DIR/complete.json")" = '[false,0,0]' ]

report_run "$lossy" -p 'format="json"' >"$json" 2>"$HARNESS_DIR/stderr" ||
	harness_fail "the report failed: $(cat "$HARNESS_DIR/stderr")"
cat "$HARNESS_DIR/stderr"
check "a warning gives a stream and its count of discarded events" \
	grep -Eq 'stream [0-9]+: discarded events: 1000\b' "$HARNESS_DIR/stderr"
check "the warning says the groups are incomplete" \
	grep -q 'marked incomplete (their true value is at least the lower bound)' "$HARNESS_DIR/stderr"
check "the JSON report is incomplete" [ "$(jq .incomplete "$json")" = true ]
check "the JSON report lists the losses: 1000 events and 2 packets in one stream ($(jq -c .losses "$json"))" \
	[ "$(jq -c '[(.losses | length), ([.losses[].discarded_events] | add), ([.losses[].discarded_packets] | add)]' \
		"$json")" = '[1,1000,2]' ]
check "every group and the total are marked incomplete" \
	[ "$(jq '[.groups[], .total] | map(select(.incomplete | not)) | length' "$json")" = 0 ]
check "the samples are those of the trace without losses" \
	[ "$(jq '.samples' "$json")" -eq "$(jq '.samples' "$HARNESS_DIR/complete.json")" ]

report_fact pid "$out" pid
awk '$1 == "thread" { print $2, $3 }' "$out" >"$HARNESS_DIR/threads"
check "the workload reported its 2 threads" [ "$(wc -l <"$HARNESS_DIR/threads")" -eq 2 ]
while read -r tid bytes; do
	figures=$(json_group "$json" ".kind == \"thread\" and .pid == $pid and .tid == $tid")
	[ -n "$figures" ] || { fail "thread $tid: no group in the report"; continue; }
	set -- $figures
	check "thread $tid: true $bytes is at least the lower bound $3" [ "$bytes" -ge "$3" ]
done <"$HARNESS_DIR/threads"

report_run "$lossy" -p 'format="csv"' >"$HARNESS_DIR/report.csv" 2>/dev/null ||
	harness_fail "the CSV report failed"
set -- $(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "incomplete") c = i; next }
	{ rows++ } $c != "true" { complete++ } END { print rows + 0, complete + 0 }' "$HARNESS_DIR/report.csv")
check "every CSV row is marked incomplete ($2 of $1 rows not)" [ "$1" -gt 0 -a "$2" -eq 0 ]
report_run "$lossy" >"$HARNESS_DIR/report.txt" 2>/dev/null || harness_fail "the text report failed"
check "the text report marks groups with '!' and explains it" \
	sh -c "grep -q '!\$' '$HARNESS_DIR/report.txt' &&
	       grep -q 'lost events or was cut short, so the true value is' '$HARNESS_DIR/report.txt'"
finish
