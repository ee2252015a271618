#!/bin/sh
# fork.sh - a program forks 12 children (48 thorough) while four of its
# threads allocate without pause; each child allocates known objects and
# exits.  With lttng-ust's liblttng-ust-fork.so preloaded after the shim
# (what LTTng needs to trace after fork without exec): no deadlock, every
# child succeeds, and the children's sample count is in the 99.9% Poisson
# interval, so each child's sampler draws afresh and reaches the trace.
set -eu
. "$AS_SRCDIR/tests/stress/lib.sh"
harness_enter "$@"
compat_begin fork

ust_fork="$(pkg-config --variable=libdir lttng-ust)/liblttng-ust-fork.so"
[ -e "$ust_fork" ] || ust_fork=/usr/lib/x86_64-linux-gnu/liblttng-ust-fork.so
[ -e "$ust_fork" ] || harness_fail "no liblttng-ust-fork.so (package liblttng-ust-dev)"
ALLOCSAMPLE_RATE=65536
LD_PRELOAD=$ust_fork
export LD_PRELOAD
compat_run fork shim "$STRESS_PROGRAMS/forker" "$ALLOCSAMPLE_RATE" fork $((12 * STRESS_SCALE))
unset LD_PRELOAD
compat_end

status=$(cat "$COMPAT_DIR/fork.shim.status")
if [ "$status" -eq 0 ]; then
	ok "the forking program and all its children succeeded"
else
	fail "forker exited with status $status: $(cat "$COMPAT_DIR/fork.shim.err")"
fi
children=$(awk '$1 == "child" { printf "$1 == %s || ", $2 }' "$COMPAT_DIR/fork.shim.out" | sed 's/ || $//')
[ -n "$children" ] || harness_fail "forker printed no child pid"
sizes=$(stress_sizes "40961 81923 122885 163847")
check_poisson "samples of the fork children" \
	"$(harness_count "$COMPAT_EVENTS" "($children) && $sizes")" "$(stress_field fork expected)"
compat_samples
finish
