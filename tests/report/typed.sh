#!/bin/sh
# typed.sh - end to end: a workload with known exact totals per thread and per
# type (typed-workload) is traced, and the report's JSON at confidence 0.999
# must hold every true total in its interval, with point estimates within
# 5 standard deviations (check_truth, tests/lib/results.sh).
#
# ALLOCSAMPLE_SEED makes the run reproducible (the workload's threads run one
# after the other).  Were the seed drawn anew, each of the 10 checked
# intervals would miss with probability at most 0.1%, so the run would fail
# by chance at most 1% of the time; the point-estimate rule adds less than
# 0.1% over the 10 groups.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

ALLOCSAMPLE_SEED=3 ALLOCSAMPLE_RATE=1024 report_traced typed -p 'confidence=0.999' -- \
	"$REPORT_BIN/typed-workload" 200 4
out="$HARNESS_DIR/typed.out"
json="$HARNESS_DIR/typed.json"
report_fact pid "$out" pid
check "confidence 0.999 is in the report" \
	[ "$(jq '.confidence' "$json")" = 0.999 ]
check "nothing lost, skipped or missing" \
	[ "$(jq -c '[.incomplete, .skipped_samples, .missing_contexts, .rates]' "$json")" = '[false,0,[],[1024]]' ]

awk '$1 == "thread" { print $2, $3 }' "$out" >"$HARNESS_DIR/threads"
check "the workload gives its 4 threads' bytes" [ "$(wc -l <"$HARNESS_DIR/threads")" -eq 4 ]
while read -r tid bytes; do
	check_truth "thread $tid" "$json" \
		".kind == \"thread\" and .pid == $pid and .tid == $tid" "$bytes"
done <"$HARNESS_DIR/threads"

awk '$1 == "type" { bytes = $2; $1 = ""; $2 = ""; sub(/^ +/, ""); print bytes, $0 }' "$out" \
	>"$HARNESS_DIR/types"
check "the workload gives its 4 types' bytes" [ "$(wc -l <"$HARNESS_DIR/types")" -eq 4 ]
while read -r bytes type; do
	check_truth "type '$type'" "$json" \
		".kind == \"type\" and .pid == $pid and .type == \"$type\"" "$bytes"
	check "type '$type' spans the workload's 4 threads" \
		[ "$(jq ".groups[] | select(.kind == \"type\" and .type == \"$type\") | .threads" "$json")" = 4 ]
done <"$HARNESS_DIR/types"

report_fact total "$out" total
check_truth "process $pid" "$json" ".kind == \"process\" and .pid == $pid" "$total"
check_truth "grand total" "$json" '.kind == "total"' "$total"
check "the process counts 4 threads" \
	[ "$(jq ".groups[] | select(.kind == \"process\") | .threads" "$json")" = 4 ]
check "every group has its first and last sample times, in order" \
	[ "$(jq '[.groups[] | select(.first_ns == null or .first_ns > .last_ns)] | length' "$json")" = 0 ]
finish
