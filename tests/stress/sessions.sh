#!/bin/sh
# sessions.sh - while 64 churning threads allocate, the session is stopped
# and started four times, ended, replaced by a new one, and finally the
# session daemon itself is killed: the program neither crashes, hangs nor
# corrupts memory, and both sessions recorded its samples.  The program runs
# until this script creates its stop file, so that a slow machine cannot
# end it before the daemon goes; and each session records until its trace
# holds samples of the program, never for a fixed time.
set -eu
. "$AS_SRCDIR/tests/stress/lib.sh"
harness_enter "$@"
compat_begin cycle

ALLOCSAMPLE_RATE=4194304
stop="$HARNESS_DIR/stop"
compat_run cycle shim "$STRESS_PROGRAMS/churn" "$ALLOCSAMPLE_RATE" 0 "$stop" &
program=$!

# samples TRACE: how many samples of the program TRACE holds (none when
# there is no trace yet).
samples() {
	harness_events "$1" >"$HARNESS_DIR/samples" 2>/dev/null
	harness_count "$HARNESS_DIR/samples" "\$1 == $(cat "$COMPAT_DIR/cycle.shim.pid")"
}

# recorded SESSION TRACE: returns once the session has recorded 10 samples
# of the program, read from its trace's archives (the session rotated each
# time); stops the test when 600 rotations did not find them, a deadlock
# guard of minutes, not a bound.
recorded() {
	for _ in $(seq 600); do
		if [ -s "$COMPAT_DIR/cycle.shim.pid" ]; then
			harness_session_rotate "$1"
			[ "$(samples "$2/archives")" -lt 10 ] || return 0
		fi
		sleep 0.1
	done
	harness_fail "session $1 recorded no 10 samples of the program in 600 rotations"
}

recorded cycle "$COMPAT_TRACE"
for _ in 1 2 3 4; do
	harness_session_stop cycle
	sleep 0.1
	harness_session_start cycle
	sleep 0.1
done
harness_session_end cycle
second="$HARNESS_DIR/trace2"
harness_session second --output "$second"
recorded second "$second"
harness_session_end second
# The program must outlive the tracer: the daemon goes while it runs.
harness_stop_sessiond
check "the program still runs once the daemon is gone, as it was told to" kill -0 "$program"
: >"$stop"
wait "$program" || true

stress_status cycle "churn survived the session cycles and the daemon's end: $(stress_field cycle threads) threads"
for trace in "$COMPAT_TRACE" "$second"; do
	count=$(samples "$trace")
	if [ "$count" -ge 10 ]; then
		ok "$(basename "$trace"): $count samples from the program"
	else
		fail "$(basename "$trace"): $count samples from the program, expected at least 10"
	fi
done
finish
