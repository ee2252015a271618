#!/bin/sh
# sessions.sh - while 64 churning threads allocate, the session is stopped
# and started four times, destroyed, replaced by a new one, and finally the
# session daemon itself is killed: the program neither crashes, hangs nor
# corrupts memory, and both sessions recorded its samples.  The program runs
# until this script creates its stop file (300 s at most), so a slow machine
# cannot end it before the daemon goes.
set -eu
. "$AS_SRCDIR/tests/stress/lib.sh"
harness_enter "$@"
compat_begin cycle

ALLOCSAMPLE_RATE=4194304
stop="$HARNESS_DIR/stop"
compat_run cycle shim "$STRESS_PROGRAMS/churn" "$ALLOCSAMPLE_RATE" 300 "$stop" &
program=$!
sleep 1
for _ in 1 2 3 4; do
	lttng stop cycle >/dev/null
	sleep 0.3
	lttng start cycle >/dev/null
	sleep 0.3
done
lttng destroy cycle >/dev/null
second="$HARNESS_DIR/trace2"
harness_session second --output "$second"
sleep 1
harness_session_end second
# The program must outlive the tracer: the daemon goes while it runs.
harness_stop_sessiond
kill -0 "$program" 2>/dev/null ||
	fail "the program ended before it was told to: it did not survive the session cycles"
: >"$stop"
wait "$program" || true

status=$(cat "$COMPAT_DIR/cycle.shim.status")
if [ "$status" -eq 0 ]; then
	ok "churn survived the session cycles and the daemon's end: $(stress_field cycle threads) threads, exit status 0"
else
	fail "churn exited with status $status: $(cat "$COMPAT_DIR/cycle.shim.err")"
fi
pid=$(cat "$COMPAT_DIR/cycle.shim.pid")
for trace in "$COMPAT_TRACE" "$second"; do
	count=$(harness_events "$trace" | awk -v pid="$pid" '$1 == pid { n++ } END { print n + 0 }')
	if [ "$count" -ge 10 ]; then
		ok "$(basename "$trace"): $count samples from the program"
	else
		fail "$(basename "$trace"): $count samples from the program, expected at least 10"
	fi
done
finish
