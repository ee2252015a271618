#!/bin/sh
# attach.sh - allocsample-record -p on the project's C++ server
# (tests/attach/server.cc), which started with nothing preloaded: a
# hundred threads allocating through malloc and operator new, one blocked
# in read(), one handling a signal every millisecond, one loading and
# unloading a library by its bare name.  The attached span's estimate, at
# 99.99% confidence, holds the bytes the server counted through the
# rewritten slots; its output is the one a process nobody attached to
# prints for the same blocks (`server replay`: every block, those
# allocated while attached among them); the blocked thread returns its
# byte, errno untouched; no load fails; a second recording of the same
# process works (the libraries stay loaded, idle), as does one after a
# recording killed while attached; and what cannot be attached to is
# refused with one line and status 2.  Each server runs until the test
# closes its standard input, and is attached to once all its threads run.
set -eu
. "$AS_SRCDIR/tests/attach/lib.sh"
harness_enter "$@"
require gdb

server="$AS_BUILDDIR/tests/attach/server"
threads=100
plugin=attach-plugin.so

# server_start NAME [VAR=VALUE...]: the server, with the VARs in its
# environment, in the background until server_done, once its threads
# (the workers, the main one and three more) run; its pid in SERVER_PID.
server_start() {
	server_name=$1
	shift
	attach_stdin
	env "$@" "$server" "$threads" "$HARNESS_DIR/$server_name.counters" "$plugin" \
		<"$ATTACH_STDIN" >"$HARNESS_DIR/$server_name.server-out" &
	SERVER_PID=$!
	attach_threads "$SERVER_PID" $((threads + 4))
}
# counter NAME KEY: the server's counter KEY, from NAME's counters file.
counter() {
	awk -v k="$2" '$1 == k { print $2 }' "$HARNESS_DIR/$1.counters"
}
# attaches NAME: the attaches and detaches the report of NAME counted.
attaches() {
	jq -c '[.live.attaches, .live.detaches]' "$HARNESS_DIR/$1.out"
}
# recorded LABEL NAME SAID: the report of NAME has the server's samples and
# counted SAID, "[attaches,detaches]".
recorded() {
	samples=$(attach_samples "$HARNESS_DIR/$2.out" "$SERVER_PID")
	check "$1: samples recorded ($samples)" [ "$samples" -gt 10 ]
	check "$1: attaches and detaches said ($(attaches "$2"), $3 wanted)" [ "$(attaches "$2")" = "$3" ]
}
# replayed LABEL NAME OUTPUT: a check that OUTPUT, what the server of
# NAME printed, is what `server replay` prints for the blocks its counters
# list.
replayed() {
	"$server" replay "$HARNESS_DIR/$2.counters" >"$HARNESS_DIR/$2.replay" ||
		harness_fail "$1: server replay failed"
	check "$1: its output is the one of a run nobody attached to ($(cat "$3"))" \
		cmp -s "$HARNESS_DIR/$2.replay" "$3"
}
# server_done LABEL NAME: the server of NAME (SERVER_PID) exits 0 once its
# standard input ends, and printed what a run nobody attached to prints.
server_done() {
	attach_stdin_close
	status=0
	wait "$SERVER_PID" || status=$?
	check "$1: the server exits 0 ($status)" [ "$status" -eq 0 ]
	replayed "$1" "$2" "$HARNESS_DIR/$2.server-out"
}

server_start once
record_run once -p "$SERVER_PID" --duration 2s --format json --report-output - --confidence 0.9999 \
	-o "$HARNESS_DIR/once-trace"
check "once: exit status 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/once.err"))" [ "$RECORD_STATUS" -eq 0 ]
check "once: one line on the attach ($(head -c 200 "$HARNESS_DIR/once.err"))" \
	grep -q "^allocsample-record: attached to process $SERVER_PID (server), stopped for [0-9]* ms" "$HARNESS_DIR/once.err"
check "once: one on the detach ($(grep detached "$HARNESS_DIR/once.err" | head -c 200))" \
	grep -q "^allocsample-record: detached from process $SERVER_PID, stopped for [0-9]* ms" "$HARNESS_DIR/once.err"
server_done once once
check "once: a thread blocked in read() got its byte, errno untouched ($(counter once blocked_errno))" \
	[ "$(counter once blocked_errno)" = 4242 ]
check "once: the signal handler ran ($(counter once signals))" [ "$(counter once signals)" -gt 100 ]
check "once: the plugin was loaded by name, over and over ($(counter once loads))" \
	[ "$(counter once loads)" -gt 100 ]
check "once: every load worked ($(counter once failed_loads) failed)" [ "$(counter once failed_loads)" -eq 0 ]
truth=$(counter once attached_bytes)
check "once: blocks went through the shim ($(counter once attached_blocks))" [ "$(counter once attached_blocks)" -gt 100 ]
check_truth "once: the process's bytes while attached" "$HARNESS_DIR/once.out" \
	".kind == \"process\" and .pid == $SERVER_PID" "$truth"
check "once: the trace says one attach and one detach ($(attaches once))" [ "$(attaches once)" = '[1,1]' ]
report_run "$HARNESS_DIR/once-trace" >"$HARNESS_DIR/once-later.txt" 2>"$HARNESS_DIR/once-later.err" ||
	harness_fail "babeltrace2 could not report the kept trace: $(head -c 300 "$HARNESS_DIR/once-later.err")"
check "once: the kept trace, reported later, says it is of the attached span" \
	grep -q '^The process was attached to while it ran (allocsample:Attached, allocsample-record -p): every figure is of the span it was attached for.  The blocks allocated before an attach are unknown' \
	"$HARNESS_DIR/once-later.txt"

# Twice in a row on one process: the second loads nothing new, records
# only its own span and leaves no descriptor behind (lttng-ust keeps the
# few it opened at the first, as any traced program does).
server_start twice
record_run first -p "$SERVER_PID" --duration 1s --no-report
check "twice: the first exits 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/first.err"))" [ "$RECORD_STATUS" -eq 0 ]
# descriptors FILE: the descriptors the server keeps open once the daemon
# of the session just destroyed has stopped (it tears the session down,
# then stops, after the command returns: record_no_daemon first), in FILE,
# one target a line, less lttng-ust's own: its sockets to the daemon, the
# shared memory and the pipe of its event notifier come and go as it
# registers again or gives up, at a pace the machine's load sets (seen: 7
# after the first, 9 after the second, with nothing leaked).  The server
# also opens a library over and over (each dlopen holds its file for a
# moment), so a descriptor counts only if it is open in each of five
# readings: a leak stays, a passing one does not.
descriptors() {
	for reading in 1 2 3 4 5; do
		ls -l "/proc/$SERVER_PID/fd" 2>/dev/null |
			sed -n 's/^l.* \([0-9]*\) -> \(.*\)$/\1 \2/p' |
			grep -vE '^[0-9]+ ((socket|pipe):|/dev/shm/)' |
			sort >"$1.$reading"
		sleep 0.2
	done
	sort "$1".? | uniq -c | sed -n 's/^ *5 //p' >"$1"
}
record_no_daemon "twice: after the first"
descriptors "$HARNESS_DIR/fds-first"
[ -s "$HARNESS_DIR/fds-first" ] || harness_fail "the server ended before its descriptors were counted"
record_run second -p "$SERVER_PID" --duration 1s --format json --report-output -
check "twice: the second exits 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/second.err"))" [ "$RECORD_STATUS" -eq 0 ]
recorded "twice: the second" second '[1,1]'
record_no_daemon "twice: after the second"
descriptors "$HARNESS_DIR/fds-second"
check "twice: no descriptor left behind by the second ($(wc -l <"$HARNESS_DIR/fds-first") after the first, $(wc -l <"$HARNESS_DIR/fds-second") after the second; new: $(comm -13 "$HARNESS_DIR/fds-first" "$HARNESS_DIR/fds-second" | tr '\n' ' '))" \
	[ "$(wc -l <"$HARNESS_DIR/fds-second")" -le "$(wc -l <"$HARNESS_DIR/fds-first")" ]
server_done twice twice
check "twice: every load of the plugin by name worked ($(counter twice failed_loads) failed)" \
	[ "$(counter twice failed_loads)" -eq 0 ]

# A recording killed while attached (SIGKILL: no detach): the next attach
# takes over, records, and detaches.
server_start killed
record_bg killed -p "$SERVER_PID" --duration 30s --no-report
killed_timeout=$BG_PID
attach_said killed "$killed_timeout"
kill -KILL $(pgrep -P "$killed_timeout") 2>/dev/null || true
wait "$killed_timeout" 2>/dev/null || true
record_run takeover -p "$SERVER_PID" --duration 1s --format json --report-output -
check "after a killed recording: the next attaches ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/takeover.err"))" \
	grep -q "^allocsample-record: detached from process $SERVER_PID" "$HARNESS_DIR/takeover.err"
recorded "after a killed recording" takeover '[1,1]'
server_done killed killed
check "after a killed recording: every load of the plugin by name worked ($(counter killed failed_loads) failed)" \
	[ "$(counter killed failed_loads)" -eq 0 ]

# A process that preloads the shim (no run of its own): nothing to
# rewrite, the session alone records it.
server_start preloaded LD_PRELOAD="$AS_PRELOAD"
record_run preloaded -p "$SERVER_PID" --duration 1s --format json --report-output -
check "preloaded: exit status 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/preloaded.err"))" [ "$RECORD_STATUS" -eq 0 ]
check "preloaded: says so ($(head -c 200 "$HARNESS_DIR/preloaded.err"))" \
	grep -q "^allocsample-record: process $SERVER_PID (server) preloads allocsample already" "$HARNESS_DIR/preloaded.err"
recorded preloaded preloaded '[0,0]'
server_done preloaded preloaded
check "preloaded: no slot was rewritten ($(counter preloaded attached_blocks) blocks)" \
	[ "$(counter preloaded attached_blocks)" -eq 0 ]

# A process that another allocsample-record runs and records: the attach
# records it too, and neither run loses anything.
# (Not record_bg: an asynchronous command's standard input is /dev/null
# unless it says otherwise itself.)
attach_stdin
mkdir -p "$HARNESS_DIR/tmp-running"
TMPDIR="$HARNESS_DIR/tmp-running" timeout 600 "$RECORD_CMD" --format json \
	--report-output "$HARNESS_DIR/running.json" -- "$server" "$threads" \
	"$HARNESS_DIR/running.counters" "$plugin" <"$ATTACH_STDIN" \
	>"$HARNESS_DIR/running.out" 2>"$HARNESS_DIR/running.err" &
running=$!
SERVER_PID=
for _ in $(seq 1200); do
	for pid in $(harness_pids server); do
		! tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q running.counters || SERVER_PID=$pid
	done
	[ -z "$SERVER_PID" ] || break
	sleep 0.1
done
[ -n "$SERVER_PID" ] || harness_fail "the recorded server did not start: $(head -c 300 "$HARNESS_DIR/running.err")"
attach_threads "$SERVER_PID" $((threads + 4))
record_run beside -p "$SERVER_PID" --duration 1s --format json --report-output -
check "beside a run: exit status 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/beside.err"))" [ "$RECORD_STATUS" -eq 0 ]
recorded "beside a run" beside '[0,0]'
attach_stdin_close
status=0
wait "$running" || status=$?
check "beside a run: the run exits 0 ($status; $(head -c 300 "$HARNESS_DIR/running.err"))" [ "$status" -eq 0 ]
samples=$(attach_samples "$HARNESS_DIR/running.json" "$SERVER_PID")
check "beside a run: the run's own report has its samples ($samples)" [ "$samples" -gt 1000 ]
replayed "beside a run: the server" running "$HARNESS_DIR/running.out"

# Refusals: one line, status 2.
record_run gone -p 999999999 --no-report
check "no such process: status 2 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 2 ]
check "no such process: one line ($(cat "$HARNESS_DIR/gone.err"))" \
	[ "$(cat "$HARNESS_DIR/gone.err")" = "allocsample-record: no process 999999999" ]
static="$AS_BUILDDIR/tests/record/static"
"$static" 600 >/dev/null 2>&1 &
static_pid=$!
for _ in $(seq 1200); do
	[ "$(readlink "/proc/$static_pid/exe")" != "$static" ] || break
	sleep 0.1
done
record_run static -p "$static_pid" --no-report
kill "$static_pid" 2>/dev/null || true
wait "$static_pid" 2>/dev/null || true
check "a static program: status 2 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 2 ]
check "a static program: one line ($(cat "$HARNESS_DIR/static.err"))" \
	grep -q "static program" "$HARNESS_DIR/static.err"
record_run both -p 1 -- true
check "-p with a program: status 2 ($RECORD_STATUS; $(cat "$HARNESS_DIR/both.err"))" [ "$RECORD_STATUS" -eq 2 ]
finish
