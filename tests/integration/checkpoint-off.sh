#!/bin/sh
# checkpoint-off.sh - with allocsample:Checkpoint* disabled (the default of
# allocsample-record's whole-run recordings), no checkpoint event is
# emitted and the thread as-checkpoint does nothing but wake: over the same
# forty intervals of 50 ms and 4000 live blocks, its CPU time (/proc's
# schedstat, as the workload reads it) is under a tenth of what the passes
# cost it when CheckpointBegin is enabled, in the same run of the test
# (measured: about a fortieth).
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

run() {
	ALLOCSAMPLE_RATE=1 ALLOCSAMPLE_STACK_DEPTH=4 ALLOCSAMPLE_CHECKPOINT_INTERVAL=50 \
		harness_trace "$1" --buffers 1048576:16 --events "$2" -- \
		harness_preload "$INTEG_WORKLOADS/checkpoints" idle 4000 40
	checkpoint_events "$HARNESS_DIR/$1" "$HARNESS_DIR/$1.events"
}

run off 'allocsample:AllocationSampled,allocsample:SampledFree,allocsample:SamplesUnrecorded'
run on 'allocsample:*'
off=$(harness_fact "$HARNESS_DIR/off.out" cpu 2)
on=$(harness_fact "$HARNESS_DIR/on.out" cpu 2)
[ -n "$off" ] && [ -n "$on" ] || harness_fail "the workload did not say the thread's CPU time"
check "disabled: no checkpoint event" \
	[ "$(grep -c '^Checkpoint' "$HARNESS_DIR/off.events" || true)" -eq 0 ]
passes=$(grep -c '^CheckpointEnd' "$HARNESS_DIR/on.events" || true)
check "enabled: passes ($passes) over the forty intervals" [ "$passes" -ge 30 ]
check "disabled, the thread took $off ns of CPU over forty intervals; enabled, $on ns: under a tenth" \
	[ $((off * 10)) -lt "$on" ]
finish "$HARNESS_DIR/off.out"
