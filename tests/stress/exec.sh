#!/bin/sh
# exec.sh - a program starts children that exec it again, by fork+exec,
# vfork+exec and posix_spawn, each while four of its threads allocate; each
# child allocates known objects.  No deadlock, every child succeeds, and
# each way's children have a sample count in the 99.9% Poisson interval:
# the shim, inherited through LD_PRELOAD, samples the new program from its
# start.
set -eu
. "$AS_SRCDIR/tests/stress/lib.sh"
harness_enter "$@"
compat_begin exec

ALLOCSAMPLE_RATE=65536
children=$((8 * STRESS_SCALE))
for mode in exec vfork spawn; do
	compat_run "$mode" shim "$STRESS_PROGRAMS/forker" "$ALLOCSAMPLE_RATE" "$mode" "$children"
done
compat_end

for mode in exec vfork spawn; do
	stress_status "$mode" "the program and all its children succeeded"
	stress_children "$mode" "$children"
done
compat_samples
finish
