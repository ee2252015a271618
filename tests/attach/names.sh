#!/bin/sh
# names.sh - allocsample-record -p names a process after its executable
# when the thread that allocates (the one gdb has load the shim, from
# malloc's entry) has a name of its own: tests/attach/thread-names, whose
# main thread waits in read(), allocating nothing, while a thread named
# "allocator" allocates.  The process, type and thread × type rows of the
# JSON report (their `process`, what allocsample-compare matches
# processes by) and the Attached event's procname name the process
# thread-names; the allocating thread's row names it allocator, and the
# thread keeps that name throughout: a thread of the program that reads
# it every 100 µs never sees another.  (lttng-ust takes the name of the
# thread that loads it for the process's: its statedump says allocator.)
set -eu
. "$AS_SRCDIR/tests/attach/lib.sh"
harness_enter "$@"
require gdb

attach_stdin
"$AS_BUILDDIR/tests/attach/thread-names" 4096 <"$ATTACH_STDIN" >"$HARNESS_DIR/program.out" &
pid=$!
attach_threads "$pid" 2
# Attached once the allocator has its name.
for _ in $(seq 1200); do
	! grep -qx allocator "/proc/$pid/task"/*/comm 2>/dev/null || break
	sleep 0.1
done
grep -qx allocator "/proc/$pid/task"/*/comm ||
	harness_fail "the allocator thread has no name after two minutes"

record_run names -p "$pid" --duration 1s --group-by thread,type,thread-type --format json --report-output - \
	-o "$HARNESS_DIR/trace"
check "exit status 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/names.err"))" [ "$RECORD_STATUS" -eq 0 ]
json="$HARNESS_DIR/names.out"
samples=$(attach_samples "$json" "$pid")
check "samples recorded ($samples)" [ "$samples" -gt 10 ]

# Every group of the process names it after the executable.
rows=$(jq -r "[.groups[] | select(.pid == $pid and (.kind == \"process\" or .kind == \"type\"
	or .kind == \"thread-type\")) | .process] | length" "$json")
check "the process's rows are there ($rows)" [ "$rows" -ge 3 ]
names=$(jq -r "[.groups[] | select(.pid == $pid) | .process] | unique | join(\" \")" "$json")
check "every row names the process thread-names ($names)" [ "$names" = thread-names ]
procname=$(jq -r "[.groups[] | select(.pid == $pid and .kind == \"process\") | .procname] | join(\" \")" "$json")
check "the process group's procname is thread-names ($procname)" [ "$procname" = thread-names ]
threads=$(jq -r "[.groups[] | select(.pid == $pid and .kind == \"thread\" and .tid != $pid) | .procname]
	| unique | join(\" \")" "$json")
check "the allocating thread's row names it allocator ($threads)" \
	sh -c "printf '%s\n' '$threads' | tr ' ' '\n' | grep -qx allocator"

# What the trace says: the Attached event names the process, where
# lttng-ust's statedump names the thread that loaded it.
babeltrace2 "$HARNESS_DIR/trace" >"$HARNESS_DIR/events" 2>"$HARNESS_DIR/babeltrace2.err" ||
	harness_fail "babeltrace2 cannot read the trace: $(cat "$HARNESS_DIR/babeltrace2.err")"
attached=$(sed -n "s/.*allocsample:Attached: .*{ vpid = $pid, .*, procname = \"\([^\"]*\)\" }\$/\1/p" \
	"$HARNESS_DIR/events" | paste -s -d ' ' -)
check "the Attached event's procname is thread-names ($attached)" [ "$attached" = thread-names ]

attach_stdin_close
status=0
wait "$pid" || status=$?
check "the program exits 0 ($status)" [ "$status" -eq 0 ]
check "the allocator kept its name ($(sed -n 2p "$HARNESS_DIR/program.out"))" \
	grep -qx 'allocator allocator' "$HARNESS_DIR/program.out"
check "no reading saw the allocator under another name ($(sed -n 3p "$HARNESS_DIR/program.out"))" \
	grep -qx 'renamed 0' "$HARNESS_DIR/program.out"
finish
