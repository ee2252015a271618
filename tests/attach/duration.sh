#!/bin/sh
# duration.sh - allocsample-record -p PID --duration 2s records two seconds,
# by the trace's own clock, and returns soon after: on
# tests/attach/thread-names (a sample about every 1.6 ms, at
# ALLOCSAMPLE_RATE 4096), the span from the process's first sample to its
# last is at least 1.5 s (the wait is by the clock, from the attach's
# return) and at most 2.5 s plus the detach's own pause, as the command
# measured it, and the lateness a loaded machine gives the detach's attach
# (the detach's gdb is started during the recording, so only its attach
# and call follow the duration: late by at most what the whole attach took
# before the span); the statedump regenerated for
# the objects loaded meanwhile follows the detach, out of the span (by
# the order of the trace's events, whatever the machine's pace); and the
# command spends no more than twice as long after that span (the detach,
# the session stopped, the report) as before it (a daemon started, a
# session made, gdb started and attached), both read against the trace's
# clock in the same run.
set -eu
. "$AS_SRCDIR/tests/attach/lib.sh"
harness_enter "$@"
require gdb

attach_stdin
ALLOCSAMPLE_RATE=4096 "$AS_BUILDDIR/tests/attach/thread-names" 4096 \
	<"$ATTACH_STDIN" >"$HARNESS_DIR/program.out" &
pid=$!
attach_threads "$pid" 2

started=$(date +%s%N)
record_run duration -p "$pid" --duration 2s --format json --report-output - -o "$HARNESS_DIR/trace"
ended=$(date +%s%N)
check "exit status 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/duration.err"))" [ "$RECORD_STATUS" -eq 0 ]
json="$HARNESS_DIR/duration.out"
set -- $(jq -r ".groups[] | select(.kind == \"process\" and .pid == $pid) | \"\(.samples) \(.first_ns) \(.last_ns)\"" \
	"$json") 0 0 0
samples=$1 first=$2 last=$3
check "samples recorded ($samples)" [ "$samples" -gt 500 ]
span_ms=$(( (last - first) / 1000000 ))
# The detach's pause: "detached from process N, stopped for S ms (then C
# ms of calls on one thread)".
set -- $(sed -n 's/^allocsample-record: detached from process [0-9]*, stopped for \([0-9]*\) ms (then \([0-9]*\) ms of calls.*/\1 \2/p' \
	"$HARNESS_DIR/duration.err") "" ""
check "the detach is said, with its pause (${1:-?} ms, then ${2:-?} ms)" [ -n "$2" ]
detach_ms=$(( ${1:-0} + ${2:-0} ))
check "the span recorded is at least 1.5 s ($span_ms ms)" [ "$span_ms" -ge 1500 ]
# The detach's gdb, started during the recording, attaches at the end:
# under load it is late by what a ptrace attach and its calls take then,
# never more than the whole attach took before the span (gdb started, its
# symbols read, the process attached and the shim loaded), measured in the
# same run.
before_ms=$(( (first - started) / 1000000 ))
check "and at most 2.5 s, the detach's $detach_ms ms and no more than the attach's $before_ms ms ($span_ms ms)" \
	[ "$span_ms" -le $((2500 + detach_ms + before_ms)) ]
# The process's statedumps (at its registration, then the one regenerated)
# and its Attached and Detached, in the trace's order.
babeltrace2 "$HARNESS_DIR/trace" >"$HARNESS_DIR/events" 2>"$HARNESS_DIR/babeltrace2.err" ||
	harness_fail "babeltrace2 cannot read the trace: $(cat "$HARNESS_DIR/babeltrace2.err")"
order=$(sed -n "s/.* \(lttng_ust_statedump:start\|allocsample:Attached\|allocsample:Detached\): { cpu_id = [0-9]* }, { vpid = $pid, .*/\1/p" \
	"$HARNESS_DIR/events" | sed 's/.*://' | paste -s -d ' ' -)
check "a statedump, Attached, Detached, then the regenerated statedump ($order)" \
	[ "$order" = "start Attached Detached start" ]
after_ms=$(( (ended - last) / 1000000 ))
check "the command took no more than twice as long after the span ($after_ms ms) as before it ($before_ms ms)" \
	[ "$after_ms" -le $((2 * before_ms)) ]

attach_stdin_close
status=0
wait "$pid" || status=$?
check "the program exits 0 ($status)" [ "$status" -eq 0 ]
finish
