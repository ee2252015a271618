#!/bin/sh
# checkpoint-fork.sh - a process forks while its checkpoint thread holds an
# entry: 1000 live blocks, a pass every millisecond (so the thread holds
# one entry or another most of the time), a hundred children forked at
# random instants, each freeing every block it inherited.  A child whose
# copy of the table kept the parent's held entry would wait for it for
# ever: the workload kills a child that has not exited within two minutes
# (a deadlock guard, not a bound) and fails.
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

harness_ust_fork
out="$HARNESS_DIR/forks.out"

# The frees are left out of the trace (the table and the set are the same
# without them): a hundred children's frees would only fill the buffers.
LD_PRELOAD=$HARNESS_UST_FORK ALLOCSAMPLE_RATE=1 ALLOCSAMPLE_STACK_DEPTH=2 ALLOCSAMPLE_CHECKPOINT_INTERVAL=1 \
	harness_trace forks --events 'allocsample:AllocationSampled,allocsample:Checkpoint*' -- \
	harness_preload "$INTEG_WORKLOADS/checkpoints" forks 1000 100
check "the hundred children exited, each having freed the blocks it inherited ($(harness_fact "$out" forks 2))" \
	[ "$(harness_fact "$out" forks 2)" = 100 ]
passes=$(babeltrace2 "$HARNESS_DIR/forks" 2>/dev/null | grep -c 'allocsample:CheckpointBegin: ' || true)
check "the checkpoint thread ran passes meanwhile ($passes in the trace, whatever the buffers kept)" \
	[ "$passes" -ge 10 ]
finish "$out"
