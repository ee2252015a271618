#!/bin/sh
# live-port.sh - allocsample-record --live when another program holds the
# live port (it accepts connections and never answers, as a relayd would
# not): the command probes the port once, gives up when its probe does (the
# probe's own timeout: the listener sees its one connection closed) and
# fails by itself, not ended by the test's deadlock guard: one line naming
# the port, exit status 2, without running the program and with no daemon
# left.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
HARNESS_NETWORK=private
harness_enter "$@"
require python3

# A listener that accepts and says nothing, on a free port; it says when
# it accepts a connection and when the other end closes one, after how
# long by its own clock.
for attempt in 1 2 3 4 5; do
	port=$(( 20000 + ($$ * 13 + attempt * 211) % 30000 ))
	python3 -c '
import select, socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", int(sys.argv[1])))
s.listen(8)
print("listening", flush=True)
held = {}
while True:
    for ready in select.select([s] + list(held), [], [])[0]:
        if ready is s:
            held[s.accept()[0]] = time.monotonic()
            print("accepted", flush=True)
        elif not ready.recv(4096):
            print("closed after %d ms" % ((time.monotonic() - held.pop(ready)) * 1000), flush=True)
' "$port" >"$HARNESS_DIR/listener.out" 2>&1 &
	listener=$!
	for _ in $(seq 600); do
		grep -q listening "$HARNESS_DIR/listener.out" && break
		kill -0 "$listener" 2>/dev/null || break
		sleep 0.1
	done
	grep -q listening "$HARNESS_DIR/listener.out" && break
	listener=
done
[ -n "$listener" ] || harness_fail "no free port for the listener: $(cat "$HARNESS_DIR/listener.out")"
trap 'listener_status=$?; set +e; kill "$listener" 2>/dev/null; (exit "$listener_status"); harness_cleanup' EXIT

record_bg busy --live --live-ports "$((port + 1)):$((port + 2)):$port" -- \
	"$RECORD_WORKLOAD" "$HARNESS_DIR/facts" alloc 1
RECORD_STATUS=0
wait "$BG_PID" || RECORD_STATUS=$?
# By itself: the guard's exit status would be 124.
record_said busy 2 "port $port (live) is held"
# The probe's end reaches the listener a moment after the command's.
for _ in $(seq 600); do
	grep -q closed "$HARNESS_DIR/listener.out" && break
	sleep 0.1
done
probes=$(grep -v listening "$HARNESS_DIR/listener.out" | paste -s -d ' ' -)
check "the port was probed once, and the probe let go ($probes)" \
	[ "$(echo "$probes" | sed 's/ after [0-9]* ms//')" = "accepted closed" ]
check "the program never ran" [ ! -e "$HARNESS_DIR/facts" ]
record_no_daemon busy
finish
