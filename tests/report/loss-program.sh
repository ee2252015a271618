#!/bin/sh
# loss-program.sh - a run that overflows two 4 KiB sub-buffers at
# ALLOCSAMPLE_RATE=16 (the tracer discards events): the program's standard
# output, standard error and exit status (3) are the same with and without
# the shim, and the report of that run says events were lost and marks
# its groups incomplete (the report's side in detail: loss.sh).
#
# Cannot race: the consumer daemon does not read while the shim's run
# writes.  The program starts with LTTNG_UST_REGISTER_TIMEOUT=-1, so it
# reaches main only once the session daemon has answered its registration,
# which it does after giving it the session's buffers and starting its
# tracing (lttng-tools 2.13, dispatch.c: update_ust_app, then
# ust_app_register_done).  In main it waits at a gate (loss-program.c); the
# test then stops the consumer daemons with SIGSTOP and opens the gate.
# With no reader, each CPU's ring buffer takes two sub-buffers, 8 KiB, and
# the lttng-ust writer discards the rest: the run writes megabytes.  The
# consumer daemons go on (SIGCONT) once the program has exited, and
# `lttng stop` has them write what the buffers hold and the discarded
# counts.  Nothing between the stop and the continue waits for them: the
# app's writes never do (its wake-up pipe is non-blocking), and the session
# daemon's push of metadata when the app exits just waits for SIGCONT.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/loss"
program="$REPORT_BIN/loss-program"
gate="$HARNESS_DIR/gate"
rounds=20000

harness_session loss --buffers 4096:2 --contexts vpid,vtid,procname
consumers=$(pgrep -P "$HARNESS_SESSIOND_PID" -x lttng-consumerd | tr '\n' ' ') || true
[ -n "$consumers" ] || harness_fail "no consumer daemon runs for the session"
mkfifo "$gate"

# Both runs while the session records, with the same environment: they
# differ by the shim only.  `env` execs the program in the process whose
# pid the shell printed, so the samples can be told apart by vpid.  The
# waits are guards against a deadlock, not bounds: ten minutes for the
# run, two for the program to reach its gate.
for mode in plain shim; do
	case $mode in
	plain) preload=${LD_PRELOAD:-} ;;
	shim) preload="$AS_PRELOAD${LD_PRELOAD:+:$LD_PRELOAD}" ;;
	esac
	rm -f "$gate.ready"
	LTTNG_UST_REGISTER_TIMEOUT=-1 ALLOCSAMPLE_RATE=16 \
		timeout 600 sh -c 'echo "$$" >"$1"; shift; exec env LD_PRELOAD="$0" "$@"' \
		"$preload" "$HARNESS_DIR/$mode.pid" "$program" "$rounds" "$gate" \
		</dev/null >"$HARNESS_DIR/$mode.out" 2>"$HARNESS_DIR/$mode.err" &
	child=$!
	for _ in $(seq 1200); do
		[ ! -e "$gate.ready" ] && kill -0 "$child" 2>/dev/null || break
		sleep 0.1
	done
	[ -e "$gate.ready" ] || harness_fail "$mode: the program did not reach its gate: $(cat "$HARNESS_DIR/$mode.err")"
	[ "$mode" = plain ] || kill -STOP $consumers
	printf 'go' >"$gate"
	status=0
	wait "$child" || status=$?
	[ "$mode" = plain ] || kill -CONT $consumers
	echo "$status" >"$HARNESS_DIR/$mode.status"
done
harness_session_end loss

for what in out err status; do
	check "same standard $what with and without the shim ($(wc -c <"$HARNESS_DIR/plain.$what") bytes)" \
		cmp -s "$HARNESS_DIR/plain.$what" "$HARNESS_DIR/shim.$what"
done
diff "$HARNESS_DIR/plain.out" "$HARNESS_DIR/shim.out" | head -10 || true
check "exit status 3 (got $(cat "$HARNESS_DIR/shim.status"))" [ "$(cat "$HARNESS_DIR/shim.status")" -eq 3 ]

# The premise: the run overflowed the buffers, and the shim sampled it.
babeltrace2 "$trace" >/dev/null 2>"$HARNESS_DIR/pretty.stderr" || true
grep -qi 'discarded' "$HARNESS_DIR/pretty.stderr" ||
	harness_fail "the trace lost nothing: the consumer daemon was not stopped?"
report_run "$trace" -p 'format="json"' >"$HARNESS_DIR/report.json" 2>"$HARNESS_DIR/report.err" ||
	harness_fail "the report failed: $(cat "$HARNESS_DIR/report.err")"
pid=$(cat "$HARNESS_DIR/shim.pid")
samples=$(jq "[.groups[] | select(.kind == \"process\" and .pid == $pid) | .samples] | add // 0" \
	"$HARNESS_DIR/report.json")
# At least 10: one CPU's two 4 KiB sub-buffers hold 23 samples of the
# largest kind (a 32-frame stack, about 340 bytes), so at least 11 even if
# every other event were a SampledFree and every thread ran on that one
# CPU (two runs kept 142 and 69).
check "the shim's run left $samples samples in the trace (at least 10)" [ "$samples" -ge 10 ]
check "the report lists lost events ($(jq -c '[.losses[] | {stream_id, discarded_events}]' "$HARNESS_DIR/report.json"))" \
	[ "$(jq '[.losses[] | .discarded_events + .discarded_packets] | add // 0' "$HARNESS_DIR/report.json")" -gt 0 ]
check "the report marks every group incomplete" \
	[ "$(jq '[.groups[], .total] | map(select(.incomplete | not)) | length' "$HARNESS_DIR/report.json")" = 0 ]
finish
