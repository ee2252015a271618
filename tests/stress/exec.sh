#!/bin/sh
# exec.sh - a program starts children that exec it again, by fork+exec,
# vfork+exec and posix_spawn, while four of its threads allocate; each
# child allocates known objects.  No deadlock, every child succeeds, and
# each way's children have a sample count in the 99.9% Poisson interval:
# the shim, inherited through LD_PRELOAD, samples the new program from its
# start.
set -eu
. "$AS_SRCDIR/tests/stress/lib.sh"
harness_enter "$@"
compat_begin exec

ALLOCSAMPLE_RATE=65536
for mode in exec vfork spawn; do
	compat_run "$mode" shim "$STRESS_PROGRAMS/forker" "$ALLOCSAMPLE_RATE" "$mode" $((8 * STRESS_SCALE))
done
compat_end

sizes=$(stress_sizes "40961 81923 122885 163847")
for mode in exec vfork spawn; do
	status=$(cat "$COMPAT_DIR/$mode.shim.status")
	if [ "$status" -eq 0 ]; then
		ok "$mode: the program and all its children succeeded"
	else
		fail "$mode: forker exited with status $status: $(cat "$COMPAT_DIR/$mode.shim.err")"
	fi
	children=$(awk '$1 == "child" { printf "$1 == %s || ", $2 }' "$COMPAT_DIR/$mode.shim.out" | sed 's/ || $//')
	[ -n "$children" ] || harness_fail "$mode: forker printed no child pid"
	check_poisson "samples of the $mode children" \
		"$(harness_count "$COMPAT_EVENTS" "($children) && $sizes")" "$(stress_field "$mode" expected)"
done
compat_samples
finish
