#!/bin/sh
# lifetime.sh - a program allocates in a constructor (before main), in
# main, in a thread-specific key's destructor (as its thread exits), in an
# atexit handler and in a destructor (during exit): it exits normally, and
# each phase's sample count is in the 99.9% Poisson interval, so the shim
# and the tracer serve a process from its first constructor to its last
# atexit handler.
set -eu
. "$AS_SRCDIR/tests/stress/lib.sh"
harness_enter "$@"
compat_begin lifetime

ALLOCSAMPLE_RATE=65536
compat_run lifetime shim "$STRESS_PROGRAMS/lifetime" "$ALLOCSAMPLE_RATE"
compat_end

stress_status lifetime "exit status 0, no memory corrupted"
while read -r phase size; do
	expected=$(awk -v phase="$phase" '$1 == "expected" && $2 == phase { print $3 }' \
		"$COMPAT_DIR/lifetime.shim.out")
	[ -n "$expected" ] || harness_fail "lifetime printed no figure for $phase"
	check_poisson "samples in the $phase" "$(harness_count "$COMPAT_EVENTS" "\$1 == $STRESS_PID && \$4 == $size")" "$expected"
done <<EOF_PHASES
constructor 50021
main 50023
key-destructor 50027
atexit 50033
destructor 50039
EOF_PHASES
finish
