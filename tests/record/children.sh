#!/bin/sh
# children.sh - the program forks a child and spawns another program (both
# allocate): allocsample-record traces all three, and the JSON report has
# one process row for each, whose interval holds what it allocated.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

facts="$HARNESS_DIR/facts"
record_run children --rate 8192 --format json --report-output - --confidence 0.9999 -- \
	"$RECORD_WORKLOAD" "$facts" children
check "exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
check "nothing on stderr ($(head -c 300 "$HARNESS_DIR/children.err"))" \
	[ ! -s "$HARNESS_DIR/children.err" ]
record_no_daemon "children"
json="$HARNESS_DIR/children.out"
jq -e '.format == "allocsample-report"' "$json" >/dev/null ||
	harness_fail "the report is not JSON: $(head -c 300 "$json")"

parent=$(harness_fact "$facts" parent 2)
forked=$(harness_fact "$facts" fork 2)
spawned=$(harness_fact "$facts" alloc 2)
[ -n "$parent" ] && [ -n "$forked" ] && [ -n "$spawned" ] ||
	harness_fail "the workload wrote no pids: $(cat "$facts")"
check "three distinct processes ($parent, $forked, $spawned)" \
	[ "$(printf '%s\n' "$parent" "$forked" "$spawned" | sort -u | wc -l)" -eq 3 ]
# One row per process, named after its main thread: procname is the name
# of the thread that allocated, and lttng-ust's own thread in the forked
# child (workload-ust) allocates too, in the same process.
pids=$(jq -c '[.groups[] | select(.kind == "process") | .pid]' "$json")
want=$(printf '%s\n' "$parent" "$forked" "$spawned" | sort -n | paste -s -d ',' -)
check "one process row for each of these three pids, no other ($pids)" [ "$pids" = "[$want]" ]
others=$(jq -c '[.groups[] | select(.kind == "process" and .procname != "workload") | "\(.pid) \(.procname)"]' "$json")
check "every process row is named workload ($others)" [ "$others" = "[]" ]
# A process's total also holds what libc and lttng-ust allocate in it: up
# to a few hundred KiB (lttng-ust's statedump reads every loaded object's
# notes through malloc, on the main thread, recorded since the statedump
# events are) against the 32 to 48 MiB the workload asks for, about 1% of
# them where the 99.99% interval spans 6% each way (4000 samples and more).
for who in parent:parent fork:forked alloc:spawned; do
	pid=$(harness_fact "$facts" "${who%:*}" 2)
	rows=$(jq "[.groups[] | select(.kind == \"process\" and .pid == $pid and .procname == \"workload\")] | length" "$json")
	check "${who#*:} $pid: one workload process row ($rows)" [ "$rows" -eq 1 ]
	check_truth "${who#*:} $pid" "$json" \
		".kind == \"process\" and .pid == $pid and .procname == \"workload\"" \
		"$(harness_fact "$facts" "${who%:*}" 3)"
done
finish
