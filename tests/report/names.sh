#!/bin/sh
# names.sh - a process is called after its executable, not after whichever
# of its threads allocated: names-workload's main thread renames itself
# "coordinator", its workers call themselves worker0..2.  With
# lttng_ust_statedump:procname in the trace (lttng-ust names the executable
# when the process registers, before main), the process row, the type rows
# and every group's "process" say names-workload, while thread rows keep
# their own names.  Then names-workload execs itself under another name,
# exec-named (a link to it), whose main thread allocates again: the
# process row and that thread's row say exec-named, the name of the
# executable that ran last, not names-workload or "coordinator", the
# names the same process and thread had before the exec.
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
check "the text report's type rows say names-workload" \
	sh -c "sed -n '/^By type/,/^\$/p' '$HARNESS_DIR/report.txt' | grep -q '^  names-workload  *$pid '"

ln -s "$REPORT_BIN/names-workload" "$HARNESS_DIR/exec-named"
ALLOCSAMPLE_SEED=9 ALLOCSAMPLE_RATE=4096 report_traced exec -p 'group-by=["thread","type"]' \
	--events 'allocsample:*,lttng_ust_statedump:procname' -- \
	harness_preload "$REPORT_BIN/names-workload" exec "$HARNESS_DIR/exec-named"
report_fact exec_pid "$HARNESS_DIR/exec.out" pid
report_fact exec_tid "$HARNESS_DIR/exec.out" exec
check "the exec'd program allocated on the main thread ($exec_tid, pid $exec_pid)" [ "$exec_tid" = "$exec_pid" ]
check "the exec'd process has 4 thread rows, its workers' and its main thread's" \
	[ "$(jq "[.groups[] | select(.kind == \"thread\" and .pid == $exec_pid)] | length" "$HARNESS_DIR/exec.json")" -eq 4 ]
check "after the exec, the process row is exec-named" \
	[ "$(jq -r ".groups[] | select(.kind == \"process\" and .pid == $exec_pid) | .procname" "$HARNESS_DIR/exec.json")" = exec-named ]
check "after the exec, the main thread's row is exec-named, not coordinator" \
	[ "$(jq -r ".groups[] | select(.kind == \"thread\" and .tid == $exec_tid) | .procname" "$HARNESS_DIR/exec.json")" = exec-named ]
check "the workers, which ended before the exec, keep their names" \
	[ "$(jq -r "[.groups[] | select(.kind == \"thread\" and .pid == $exec_pid and .tid != $exec_tid) | .procname] | sort | join(\",\")" "$HARNESS_DIR/exec.json")" = worker0,worker1,worker2 ]
finish
