#!/bin/sh
# live-port.sh - allocsample-record --live when another program holds the
# live port (it accepts connections and never answers, as a relayd would
# not): the command fails within 10 s, in one line naming the port, exit
# status 2, without running the program and with no daemon left.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

# A listener that accepts and says nothing, on a free port.
for attempt in 1 2 3 4 5; do
	port=$(( 20000 + ($$ * 13 + attempt * 211) % 30000 ))
	python3 -c '
import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", int(sys.argv[1])))
s.listen(8)
print("listening", flush=True)
held = []
while True:
    c, _ = s.accept()
    held.append(c)
' "$port" >"$HARNESS_DIR/listener.out" 2>&1 &
	listener=$!
	for _ in $(seq 50); do
		grep -q listening "$HARNESS_DIR/listener.out" && break
		kill -0 "$listener" 2>/dev/null || break
		sleep 0.1
	done
	grep -q listening "$HARNESS_DIR/listener.out" && break
	listener=
done
[ -n "$listener" ] || harness_fail "no free port for the listener"
trap 'kill "$listener" 2>/dev/null; harness_cleanup' EXIT

start=$(date +%s)
record_run busy --live --live-ports "$((port + 1)):$((port + 2)):$port" -- \
	"$RECORD_WORKLOAD" "$HARNESS_DIR/facts" alloc 1
elapsed=$(( $(date +%s) - start ))
check "exit status 2 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 2 ]
check "within 10 s ($elapsed s)" [ "$elapsed" -le 10 ]
check "one line naming port $port ($(head -c 300 "$HARNESS_DIR/busy.err"))" \
	[ "$(record_lines "$HARNESS_DIR/busy.err")" -eq 1 ] &&
	grep -q "^allocsample-record: port $port (live) is held" "$HARNESS_DIR/busy.err"
check "the program never ran" [ ! -e "$HARNESS_DIR/facts" ]
record_no_daemon busy
finish
