#!/bin/sh
# contexts.sh - traces without the vtid context (then without vpid either):
# the report estimates per process, prints the `lttng add-context` line that
# fixes it, and its process estimate still holds the true total.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

# run NAME CONTEXTS: records typed-workload with only these contexts
# (harness_session's --contexts), and reports it in JSON (NAME.json, its
# warnings in NAME.json.err) and text (NAME.txt).
run() {
	ALLOCSAMPLE_SEED=7 ALLOCSAMPLE_RATE=4096 report_traced "$1" -p 'confidence=0.999' --contexts "$2" -- \
		"$REPORT_BIN/typed-workload" 100 3
	report_run "$HARNESS_DIR/$1" >"$HARNESS_DIR/$1.txt" 2>/dev/null || harness_fail "the text report failed"
	report_fact total "$HARNESS_DIR/$1.out" total
}

run novtid vpid,procname
json="$HARNESS_DIR/novtid.json"
report_fact pid "$HARNESS_DIR/novtid.out" pid
check "no vtid: the warning prints the add-context line" \
	grep -q 'lttng add-context -u -t vtid' "$json.err"
check "no vtid: the text report prints it too" \
	grep -q 'lttng add-context -u -t vtid' "$HARNESS_DIR/novtid.txt"
check "no vtid: the JSON says which context is missing, and the hint" \
	[ "$(jq -c '[.missing_contexts, .hints]' "$json")" = '[["vtid"],["lttng add-context -u -t vtid"]]' ]
check "no vtid: no thread group" \
	[ "$(jq '[.groups[] | select(.kind == "thread" or .tid != null)] | length' "$json")" = 0 ]
check "no vtid: the types are still there, per process" \
	[ "$(jq "[.groups[] | select(.kind == \"type\" and .pid == $pid)] | length" "$json")" -ge 3 ]
check_truth "no vtid: process $pid" "$json" ".kind == \"process\" and .pid == $pid" "$total"

run novpid procname
json="$HARNESS_DIR/novpid.json"
check "no vpid: the JSON says both contexts are missing" \
	[ "$(jq -c '.missing_contexts' "$json")" = '["vpid","vtid"]' ]
check "no vpid: the warning prints the vpid add-context line" \
	grep -q 'lttng add-context -u -t vpid' "$json.err"
check "no vpid: the text report prints it too" \
	grep -q 'lttng add-context -u -t vpid' "$HARNESS_DIR/novpid.txt"
check "no vpid: one process, with no pid" \
	[ "$(jq -c '[.groups[] | select(.kind == "process") | .pid]' "$json")" = '[null]' ]
check_truth "no vpid: the trace's process" "$json" '.kind == "process"' "$total"
finish
