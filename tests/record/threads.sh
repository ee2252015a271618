#!/bin/sh
# threads.sh - allocsample-record on a three-thread workload, with no daemon
# running: the command starts one and stops it; the JSON report has one row
# per worker thread whose interval holds the bytes it allocated; the trace
# is kept with -o (readable by babeltrace2; its text report, made again
# from it, lists each worker), or with --keep in the temporary directory
# (its path printed), and nothing else is left there.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

rate=4096
facts="$HARNESS_DIR/facts"

record_run json --rate "$rate" --format json --report-output - --confidence 0.9999 \
	-o "$HARNESS_DIR/kept" -- "$RECORD_WORKLOAD" "$facts" threads
check "json: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
check "json: nothing on stderr but where the trace is ($(head -c 200 "$HARNESS_DIR/json.err"))" \
	[ "$(cat "$HARNESS_DIR/json.err")" = "allocsample-record: trace kept in $HARNESS_DIR/kept" ]
record_no_daemon "json"
record_no_temporary json
json="$HARNESS_DIR/json.out"
jq -e '.format == "allocsample-report"' "$json" >/dev/null ||
	harness_fail "the report is not JSON: $(head -c 300 "$json")"

pid=$(harness_fact "$facts" pid 2)
[ -n "$pid" ] || harness_fail "the workload wrote no facts"
check "json: the rate is the one asked ($(jq -c .rates "$json"))" \
	[ "$(jq -c .rates "$json")" = "[$rate]" ]
pids=$(jq -c '[.groups[] | select(.kind == "process") | .pid] | unique' "$json")
check "json: process rows for the workload only ($pids)" [ "$pids" = "[$pid]" ]
tids=$pid
for worker in 0 1 2; do
	tid=$(awk -v w="$worker" '$1 == "thread" && $2 == w { print $3 }' "$facts")
	bytes=$(awk -v w="$worker" '$1 == "thread" && $2 == w { print $4 }' "$facts")
	tids="$tids,$tid"
	rows=$(jq "[.groups[] | select(.kind == \"thread\" and .tid == $tid)] | length" "$json")
	check "json: worker $worker (tid $tid) has one thread row ($rows)" [ "$rows" -eq 1 ]
	check_truth "json: worker $worker (tid $tid)" "$json" \
		".kind == \"thread\" and .tid == $tid and .pid == $pid" "$bytes"
done
# Besides the workers, only the main thread (tid = pid) may have a row.
others=$(jq -c "[.groups[] | select(.kind == \"thread\" and (.tid | IN($tids) | not)) | .tid]" "$json")
check "json: no thread row but the workers' and the main thread's (others: $others)" \
	[ "$others" = "[]" ]

# -o DIR: the trace stays there, babeltrace2 reads it; its text report.
events=$(babeltrace2 "$HARNESS_DIR/kept" 2>/dev/null | grep -c 'allocsample:AllocationSampled' || true)
check "-o: babeltrace2 reads the kept trace ($events AllocationSampled events)" \
	[ "$events" -gt 0 ]
report_run "$HARNESS_DIR/kept" >"$HARNESS_DIR/kept.txt" 2>"$HARNESS_DIR/kept.err" ||
	harness_fail "the text report of the kept trace failed: $(head -c 300 "$HARNESS_DIR/kept.err")"
check "-o: the text report" grep -q '^allocsample report: bytes allocated' "$HARNESS_DIR/kept.txt"
# The text's "By thread" lines, PROCESS PID TID ..., but the main thread's.
listed=$(awk -v pid="$pid" '
	/^By / { section = $2 }
	section == "thread" && $1 == "workload" && $2 == pid && $3 != pid { print $3 }' \
	"$HARNESS_DIR/kept.txt" | sort -n | paste -s -d ' ' -)
workers=$(awk '$1 == "thread" { print $3 }' "$facts" | sort -n | paste -s -d ' ' -)
check "-o: the text lists each worker thread once ($listed; workers $workers)" \
	[ "${workers:-none}" = "$listed" ]

# --keep: the temporary trace stays, its path on stderr.
record_run keep --keep --no-report -- "$RECORD_WORKLOAD" "$HARNESS_DIR/keep.facts" threads
check "--keep: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
record_no_daemon "--keep"
kept=$(sed -n 's/^allocsample-record: trace kept in //p' "$HARNESS_DIR/keep.err")
check "--keep: the path is printed ($kept)" [ -n "$kept" ]
check "--keep: it is the temporary directory's" \
	[ "$(dirname "${kept:-/}")" = "$HARNESS_DIR/tmp-keep" ]
events=$(babeltrace2 "${kept:-/nonexistent}" 2>/dev/null | grep -c 'allocsample:AllocationSampled' || true)
check "--keep: babeltrace2 reads it ($events AllocationSampled events)" [ "$events" -gt 0 ]
# The report would go to standard error: it says where the trace is, and
# nothing more.
check "--keep --no-report: no report ($(head -c 300 "$HARNESS_DIR/keep.err"))" \
	[ "$(record_lines "$HARNESS_DIR/keep.err")" -eq 1 ]
check "--keep --no-report: nothing on stdout" [ ! -s "$HARNESS_DIR/keep.out" ]
finish
