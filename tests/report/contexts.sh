#!/bin/sh
# contexts.sh - traces without the vtid context (then without vpid either):
# the report estimates per process, prints the `lttng add-context` line that
# fixes it, and its process estimate still holds the true total.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

# run NAME CONTEXT...: records typed-workload with only these contexts.
run() {
	name=$1
	shift
	report_session "$name" "$HARNESS_DIR/trace-$name" "$@"
	ALLOCSAMPLE_SEED=7 ALLOCSAMPLE_RATE=4096 "$REPORT_BIN/typed-workload" 100 3 \
		>"$HARNESS_DIR/out-$name" || harness_fail "the workload failed"
	harness_session_end "$name"
	report_run "$HARNESS_DIR/trace-$name" -p 'format="json",confidence=0.999' \
		>"$HARNESS_DIR/$name.json" 2>"$HARNESS_DIR/$name.stderr" ||
		harness_fail "the report failed: $(cat "$HARNESS_DIR/$name.stderr")"
	report_run "$HARNESS_DIR/trace-$name" >"$HARNESS_DIR/$name.txt" 2>/dev/null ||
		harness_fail "the text report failed"
}

run novtid -t vpid -t procname
json="$HARNESS_DIR/novtid.json"
pid=$(awk '$1 == "pid" { print $2 }' "$HARNESS_DIR/out-novtid")
total=$(awk '$1 == "total" { print $2 }' "$HARNESS_DIR/out-novtid")
check "no vtid: the warning prints the add-context line" \
	grep -q 'lttng add-context -u -t vtid' "$HARNESS_DIR/novtid.stderr"
check "no vtid: the text report prints it too" \
	grep -q 'lttng add-context -u -t vtid' "$HARNESS_DIR/novtid.txt"
check "no vtid: the JSON says which context is missing, and the hint" \
	[ "$(jq -c '[.missing_contexts, .hints]' "$json")" = '[["vtid"],["lttng add-context -u -t vtid"]]' ]
check "no vtid: no thread group" \
	[ "$(jq '[.groups[] | select(.kind == "thread" or .tid != null)] | length' "$json")" = 0 ]
check "no vtid: the types are still there, per process" \
	[ "$(jq "[.groups[] | select(.kind == \"type\" and .pid == $pid)] | length" "$json")" -ge 3 ]
check_truth "no vtid: process $pid" "$json" ".kind == \"process\" and .pid == $pid" "$total"

run novpid -t procname
json="$HARNESS_DIR/novpid.json"
total=$(awk '$1 == "total" { print $2 }' "$HARNESS_DIR/out-novpid")
check "no vpid: the JSON says both contexts are missing" \
	[ "$(jq -c '.missing_contexts' "$json")" = '["vpid","vtid"]' ]
check "no vpid: the warning prints the vpid add-context line" \
	grep -q 'lttng add-context -u -t vpid' "$HARNESS_DIR/novpid.stderr"
check "no vpid: one process, with no pid" \
	[ "$(jq -c '[.groups[] | select(.kind == "process") | .pid]' "$json")" = '[null]' ]
check_truth "no vpid: the trace's process" "$json" '.kind == "process"' "$total"
finish
