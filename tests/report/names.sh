#!/bin/sh
# names.sh - a process is called after its executable, not after whichever
# of its threads allocated: names-workload's main thread renames itself
# "coordinator", its workers call themselves worker0..2.  With
# lttng_ust_statedump:procname in the trace (lttng-ust names the executable
# when the process registers, before main), the process row, the type rows
# and every group's "process" say names-workload, while thread rows keep
# their own names.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

out="$HARNESS_DIR/names.out"
json="$HARNESS_DIR/names.json"

ALLOCSAMPLE_SEED=9 ALLOCSAMPLE_RATE=4096 report_traced names -p 'group-by=["thread","type"]' \
	--events 'allocsample:*,lttng_ust_statedump:procname' -- harness_preload "$REPORT_BIN/names-workload"
report_run "$HARNESS_DIR/names" >"$HARNESS_DIR/report.txt" 2>/dev/null || harness_fail "the text report failed"
report_fact pid "$out" pid
awk '$1 == "thread" { print $2, $3 }' "$out" >"$HARNESS_DIR/threads"
check "the workload names its 3 workers ($(wc -l <"$HARNESS_DIR/threads") lines)" [ "$(wc -l <"$HARNESS_DIR/threads")" -eq 3 ]

check "the process row is names-workload" \
	[ "$(jq -r ".groups[] | select(.kind == \"process\" and .pid == $pid) | .procname" "$json")" = names-workload ]
check "the type rows name the process names-workload" \
	[ "$(jq -r "[.groups[] | select(.kind == \"type\" and .pid == $pid) | .procname] | unique | join(\",\")" "$json")" = names-workload ]
check "every group of the process has process names-workload" \
	[ "$(jq -r "[.groups[] | select(.pid == $pid) | .process] | unique | join(\",\")" "$json")" = names-workload ]
while read -r tid name; do
	check "thread $tid keeps its own name, $name" \
		[ "$(jq -r ".groups[] | select(.kind == \"thread\" and .tid == $tid) | .procname" "$json")" = "$name" ]
done <"$HARNESS_DIR/threads"
check "the text report's process row says names-workload" \
	sh -c "sed -n '/^By process/,/^\$/p' '$HARNESS_DIR/report.txt' | grep -q '^  names-workload  *$pid '"
finish
