#!/bin/sh
# loss-program.sh - a run that overflows two 4 KiB sub-buffers at
# ALLOCSAMPLE_RATE=16 (the tracer discards events): the program's standard
# output, standard error and exit status (3) are the same with and without
# the shim, and the report of that run says events were lost and marks
# its groups incomplete (the report's side in detail: loss.sh).
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/trace"
program="$REPORT_BIN/loss-program"
rounds=20000

lttng create loss --output="$trace" >/dev/null
lttng enable-channel --userspace --session=loss --subbuf-size=4096 --num-subbuf=2 tiny >/dev/null
lttng enable-event --userspace --session=loss --channel=tiny 'allocsample:*' >/dev/null
lttng add-context --userspace --session=loss --channel=tiny -t vpid -t vtid -t procname >/dev/null
lttng start loss >/dev/null
# Both runs while the session records, with the same environment: they
# differ by the shim only.  `env` execs the program in the process whose
# pid the shell printed, so the samples can be told apart by vpid.
for mode in plain shim; do
	case $mode in
	plain) preload=${LD_PRELOAD:-} ;;
	shim) preload="$AS_PRELOAD${LD_PRELOAD:+:$LD_PRELOAD}" ;;
	esac
	status=0
	ALLOCSAMPLE_RATE=16 timeout 120 sh -c 'echo "$$" >"$1"; shift; exec env LD_PRELOAD="$0" "$@"' \
		"$preload" "$HARNESS_DIR/$mode.pid" "$program" "$rounds" \
		</dev/null >"$HARNESS_DIR/$mode.out" 2>"$HARNESS_DIR/$mode.err" || status=$?
	echo "$status" >"$HARNESS_DIR/$mode.status"
done
harness_destroy_session loss

for what in out err status; do
	check "same standard $what with and without the shim ($(wc -c <"$HARNESS_DIR/plain.$what") bytes)" \
		cmp -s "$HARNESS_DIR/plain.$what" "$HARNESS_DIR/shim.$what"
done
diff "$HARNESS_DIR/plain.out" "$HARNESS_DIR/shim.out" | head -10 || true
check "exit status 3 (got $(cat "$HARNESS_DIR/shim.status"))" [ "$(cat "$HARNESS_DIR/shim.status")" -eq 3 ]

# The premise: the run overflowed the buffers, and the shim sampled it.
babeltrace2 "$trace" >/dev/null 2>"$HARNESS_DIR/pretty.stderr" || true
grep -qi 'discarded' "$HARNESS_DIR/pretty.stderr" ||
	harness_fail "the trace lost nothing: the test cannot run (sub-buffers too large?)"
report_run "$trace" -p 'format="json"' >"$HARNESS_DIR/report.json" 2>"$HARNESS_DIR/report.err" ||
	harness_fail "the report failed: $(cat "$HARNESS_DIR/report.err")"
pid=$(cat "$HARNESS_DIR/shim.pid")
samples=$(jq "[.groups[] | select(.kind == \"process\" and .pid == $pid) | .samples] | add // 0" \
	"$HARNESS_DIR/report.json")
check "the shim's run left $samples samples in the trace (at least 100)" [ "$samples" -ge 100 ]
check "the report lists lost events" \
	[ "$(jq '[.losses[] | .discarded_events + .discarded_packets] | add // 0' "$HARNESS_DIR/report.json")" -gt 0 ]
check "the report marks every group incomplete" \
	[ "$(jq '[.groups[], .total] | map(select(.incomplete | not)) | length' "$HARNESS_DIR/report.json")" = 0 ]
finish
