#!/bin/sh
# user-daemon.sh - with the user's lttng-sessiond running and recording a
# session of its own, allocsample-record uses that daemon: same daemon and
# consumer processes before and after, the user's session still exists, is
# still started and recorded the run too; the command's own session and
# temporary trace are gone a moment after it returns.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"
harness_start_sessiond

harness_session mine --contexts vpid
daemons=$(record_daemons | sort -n | paste -s -d ' ' -)
check "the user's daemon $HARNESS_SESSIOND_PID runs in the namespace ($daemons)" \
	[ -n "$(record_daemons | grep -x "$HARNESS_SESSIOND_PID")" ]

facts="$HARNESS_DIR/facts"
record_run run --format json --report-output - -- "$RECORD_WORKLOAD" "$facts" alloc 4194304
check "exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
check "nothing on stderr ($(head -c 300 "$HARNESS_DIR/run.err"))" [ ! -s "$HARNESS_DIR/run.err" ]
samples=$(record_samples "$HARNESS_DIR/run.out")
check "the report is written ($samples samples)" [ "$samples" -gt 0 ]

after=$(record_daemons | sort -n | paste -s -d ' ' -)
check "the same daemon processes, none stopped or started ($after)" [ "$after" = "$daemons" ]
check "the pid file still names the user's daemon" \
	[ "$(cat "$HARNESS_PIDFILE")" = "$HARNESS_SESSIOND_PID" ]
# The temporary trace goes once the command's session is destroyed.
record_no_temporary run
sessions=$(record_sessions | paste -s -d ',' -)
check "only the session 'mine' is left, still started ($sessions)" [ "$sessions" = "mine true" ]

harness_session_end mine
pid=$(harness_fact "$facts" alloc 2)
[ -n "$pid" ] || harness_fail "the workload wrote no facts"
events=$(babeltrace2 "$HARNESS_DIR/mine" 2>/dev/null | grep 'allocsample:AllocationSampled' | grep -c "{ vpid = $pid }" || true)
check "'mine' recorded the run's allocations too ($events events of pid $pid)" [ "$events" -gt 0 ]
finish
