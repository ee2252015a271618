#!/bin/sh
# fork.sh - a program forks 12 children (48 thorough), each while four of
# its threads allocate without pause; each child allocates known objects
# and exits.  With lttng-ust's liblttng-ust-fork.so preloaded after the shim
# (what LTTng needs to trace after fork without exec): no deadlock, every
# child succeeds, and the children's sample count is in the 99.9% Poisson
# interval, so each child's sampler draws afresh and reaches the trace.
set -eu
. "$AS_SRCDIR/tests/stress/lib.sh"
harness_enter "$@"
compat_begin fork

harness_ust_fork
ALLOCSAMPLE_RATE=65536
LD_PRELOAD=$HARNESS_UST_FORK
export LD_PRELOAD
children=$((12 * STRESS_SCALE))
compat_run fork shim "$STRESS_PROGRAMS/forker" "$ALLOCSAMPLE_RATE" fork "$children"
unset LD_PRELOAD
compat_end

stress_status fork "the forking program and all its children succeeded"
stress_children fork "$children"
compat_samples
finish
