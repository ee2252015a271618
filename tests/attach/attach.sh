#!/bin/sh
# attach.sh - allocsample-record -p on the project's C++ server
# (tests/attach/server.cc), which started with nothing preloaded: a
# hundred threads allocating through malloc and operator new, one blocked
# in read(), one handling a signal every millisecond, one loading and
# unloading a library by its bare name.  The attached span's estimate, at
# 99.99% confidence, holds the bytes the server counted through the
# rewritten slots; its output is the same as a run nobody attached to; the
# blocked thread returns its byte, errno untouched; no load fails; a second
# recording of the same process works (the libraries stay loaded, idle),
# as does one after a recording killed while attached; and what cannot be
# attached to is refused with one line and status 2.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

command -v gdb >/dev/null 2>&1 || harness_fail "gdb is not installed (scripts/setup installs it)"
server="$AS_BUILDDIR/tests/attach/server"

# The reference: the same server, nobody attached.
threads=100
seconds=4
plugin=attach-plugin.so
"$server" "$threads" "$seconds" "$HARNESS_DIR/alone.counters" "$plugin" </dev/null >"$HARNESS_DIR/alone.out"

# server_stdin: a pipe for the next server's standard input, whose writing
# end a process of its own holds (not the test's shell, whose descriptors
# every command and daemon would inherit): the server runs until
# stdin_close ends it.
server_stdin() {
	rm -f "$HARNESS_DIR/stdin"
	mkfifo "$HARNESS_DIR/stdin"
	sleep 1000000 >"$HARNESS_DIR/stdin" &
	stdin_holder=$!
}
stdin_holder=
stdin_close() {
	[ -z "$stdin_holder" ] || kill "$stdin_holder" 2>/dev/null || true
	[ -z "$stdin_holder" ] || wait "$stdin_holder" 2>/dev/null || true
	stdin_holder=
}
# A test that fails midway lets its server end too.
trap 'stdin_close; harness_cleanup' EXIT
# server_start NAME: the server in the background until server_done, pid
# in SERVER_PID.
server_start() {
	server_stdin
	"$server" "$threads" "$seconds" "$HARNESS_DIR/$1.counters" "$plugin" \
		<"$HARNESS_DIR/stdin" >"$HARNESS_DIR/$1.server-out" &
	SERVER_PID=$!
	sleep 1
}
counter() {
	awk -v k="$2" '$1 == k { print $2 }' "$HARNESS_DIR/$1.counters"
}
# samples FILE PID: the samples of process PID in the JSON report FILE.
samples() {
	jq "[.groups[] | select(.kind == \"process\" and .pid == $2) | .samples] | add // 0" "$1"
}
# attaches NAME: the attaches and detaches the report of NAME counted.
attaches() {
	jq -c '[.live.attaches, .live.detaches]' "$HARNESS_DIR/$1.out"
}
# recorded LABEL NAME SAID: the report of NAME has the server's samples and
# counted SAID, "[attaches,detaches]".
recorded() {
	samples=$(samples "$HARNESS_DIR/$2.out" "$SERVER_PID")
	check "$1: samples recorded ($samples)" [ "$samples" -gt 10 ]
	check "$1: attaches and detaches said ($(attaches "$2"), $3 wanted)" [ "$(attaches "$2")" = "$3" ]
}
# server_done LABEL PID OUTPUT: the server PID exits 0 and printed OUTPUT
# what it prints when nobody attaches.
server_done() {
	stdin_close
	status=0
	wait "$2" || status=$?
	check "$1: the server exits 0 ($status)" [ "$status" -eq 0 ]
	check "$1: its output is the one of a run nobody attached to" cmp -s "$HARNESS_DIR/alone.out" "$3"
}

server_start once
record_run once -p "$SERVER_PID" --duration 2s --format json --report-output - --confidence 0.9999 \
	-o "$HARNESS_DIR/once-trace"
check "once: exit status 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/once.err"))" [ "$RECORD_STATUS" -eq 0 ]
check "once: one line on the attach ($(head -c 200 "$HARNESS_DIR/once.err"))" \
	grep -q "^allocsample-record: attached to process $SERVER_PID (server), stopped for [0-9]* ms" "$HARNESS_DIR/once.err"
check "once: one on the detach ($(grep detached "$HARNESS_DIR/once.err" | head -c 200))" \
	grep -q "^allocsample-record: detached from process $SERVER_PID, stopped for [0-9]* ms" "$HARNESS_DIR/once.err"
server_done once "$SERVER_PID" "$HARNESS_DIR/once.server-out"
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
babeltrace2 --plugin-path="$AS_BUILDDIR/plugins/report/.libs" "$HARNESS_DIR/once-trace" \
	-c sink.allocsample.report >"$HARNESS_DIR/once-later.txt" 2>"$HARNESS_DIR/once-later.err" ||
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
# descriptors PID: how many descriptors PID has open, once lttng-ust has
# let go of the session just destroyed (the daemon tears it down after the
# command returns): the least count seen over a second.
descriptors() {
	least=
	for _ in $(seq 10); do
		[ -d "/proc/$1/fd" ] || harness_fail "process $1 ended before its descriptors were counted"
		n=$(ls "/proc/$1/fd" | wc -l)
		[ -n "$least" ] && [ "$least" -le "$n" ] || least=$n
		sleep 0.1
	done
	echo "$least"
}
after_first=$(descriptors "$SERVER_PID")
record_run second -p "$SERVER_PID" --duration 1s --format json --report-output -
check "twice: the second exits 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/second.err"))" [ "$RECORD_STATUS" -eq 0 ]
recorded "twice: the second" second '[1,1]'
after_second=$(descriptors "$SERVER_PID")
check "twice: no descriptor left behind by the second ($after_first after the first, $after_second after the second)" \
	[ "$after_second" -le "$after_first" ]
server_done twice "$SERVER_PID" "$HARNESS_DIR/twice.server-out"
check "twice: every load of the plugin by name worked ($(counter twice failed_loads) failed)" \
	[ "$(counter twice failed_loads)" -eq 0 ]

# A recording killed while attached (SIGKILL: no detach): the next attach
# takes over, records, and detaches.
server_start killed
record_bg killed -p "$SERVER_PID" --duration 30s --no-report
killed_timeout=$BG_PID
for _ in $(seq 100); do
	! grep -q '^allocsample-record: attached' "$HARNESS_DIR/killed.err" 2>/dev/null || break
	sleep 0.1
done
kill -KILL $(pgrep -P "$killed_timeout") 2>/dev/null || true
wait "$killed_timeout" 2>/dev/null || true
record_run takeover -p "$SERVER_PID" --duration 1s --format json --report-output -
check "after a killed recording: the next attaches ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/takeover.err"))" \
	grep -q "^allocsample-record: detached from process $SERVER_PID" "$HARNESS_DIR/takeover.err"
recorded "after a killed recording" takeover '[1,1]'
server_done killed "$SERVER_PID" "$HARNESS_DIR/killed.server-out"
check "after a killed recording: every load of the plugin by name worked ($(counter killed failed_loads) failed)" \
	[ "$(counter killed failed_loads)" -eq 0 ]

# A process that preloads the shim (no run of its own): nothing to
# rewrite, the session alone records it.
server_stdin
LD_PRELOAD="$AS_PRELOAD" "$server" "$threads" "$seconds" "$HARNESS_DIR/preloaded.counters" "$plugin" \
	<"$HARNESS_DIR/stdin" >"$HARNESS_DIR/preloaded.server-out" &
SERVER_PID=$!
sleep 1
record_run preloaded -p "$SERVER_PID" --duration 1s --format json --report-output -
check "preloaded: exit status 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/preloaded.err"))" [ "$RECORD_STATUS" -eq 0 ]
check "preloaded: says so ($(head -c 200 "$HARNESS_DIR/preloaded.err"))" \
	grep -q "^allocsample-record: process $SERVER_PID (server) preloads allocsample already" "$HARNESS_DIR/preloaded.err"
recorded preloaded preloaded '[0,0]'
server_done preloaded "$SERVER_PID" "$HARNESS_DIR/preloaded.server-out"
check "preloaded: no slot was rewritten ($(counter preloaded attached_blocks) blocks)" \
	[ "$(counter preloaded attached_blocks)" -eq 0 ]

# A process that another allocsample-record runs and records: the attach
# records it too, and neither run loses anything.
server_stdin
mkdir -p "$HARNESS_DIR/tmp-running"
TMPDIR="$HARNESS_DIR/tmp-running" timeout 120 "$RECORD_CMD" --format json \
	--report-output "$HARNESS_DIR/running.json" -- "$server" "$threads" "$seconds" \
	"$HARNESS_DIR/running.counters" "$plugin" <"$HARNESS_DIR/stdin" \
	>"$HARNESS_DIR/running.out" 2>"$HARNESS_DIR/running.err" &
running=$!
SERVER_PID=
for _ in $(seq 100); do
	for pid in $(pgrep -x server || true); do
		! tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q running.counters || SERVER_PID=$pid
	done
	[ -z "$SERVER_PID" ] || break
	sleep 0.1
done
[ -n "$SERVER_PID" ] || harness_fail "the recorded server did not start"
sleep 1
record_run beside -p "$SERVER_PID" --duration 1s --format json --report-output -
check "beside a run: exit status 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/beside.err"))" [ "$RECORD_STATUS" -eq 0 ]
recorded "beside a run" beside '[0,0]'
stdin_close
status=0
wait "$running" || status=$?
check "beside a run: the run exits 0 ($status; $(head -c 300 "$HARNESS_DIR/running.err"))" [ "$status" -eq 0 ]
samples=$(samples "$HARNESS_DIR/running.json" "$SERVER_PID")
check "beside a run: the run's own report has its samples ($samples)" [ "$samples" -gt 1000 ]
check "beside a run: the server's output is the one of a run nobody attached to" \
	cmp -s "$HARNESS_DIR/alone.out" "$HARNESS_DIR/running.out"

# Refusals: one line, status 2.
record_run gone -p 999999999 --no-report
check "no such process: status 2 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 2 ]
check "no such process: one line ($(cat "$HARNESS_DIR/gone.err"))" \
	[ "$(cat "$HARNESS_DIR/gone.err")" = "allocsample-record: no process 999999999" ]
"$AS_BUILDDIR/tests/record/static" 3 >/dev/null 2>&1 &
static_pid=$!
sleep 0.2
record_run static -p "$static_pid" --no-report
kill "$static_pid" 2>/dev/null || true
wait "$static_pid" 2>/dev/null || true
check "a static program: status 2 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 2 ]
check "a static program: one line ($(cat "$HARNESS_DIR/static.err"))" \
	grep -q "static program" "$HARNESS_DIR/static.err"
record_run both -p 1 -- true
check "-p with a program: status 2 ($RECORD_STATUS; $(cat "$HARNESS_DIR/both.err"))" [ "$RECORD_STATUS" -eq 2 ]
finish
