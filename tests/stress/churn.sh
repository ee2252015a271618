#!/bin/sh
# churn.sh - 64 threads at a time allocate through malloc, calloc, realloc
# and posix_memalign, exit and are replaced, 100000 threads in all (400000
# thorough): no crash, no deadlock, no corrupted memory, and the workers'
# sample count is in the 99.9% Poisson interval of what the sampling model
# predicts, so that every new thread seeds and draws correctly.
set -eu
. "$AS_SRCDIR/tests/stress/lib.sh"
harness_enter "$@"
compat_begin churn

# A high rate: the workers allocate gigabytes, and every sample must reach
# the trace for the count to be exact.
ALLOCSAMPLE_RATE=4194304
compat_run churn shim "$STRESS_PROGRAMS/churn" "$ALLOCSAMPLE_RATE" $((100000 * STRESS_SCALE))
compat_end

threads=$(stress_field churn threads)
expected=$(stress_field churn expected)
[ -n "$threads" ] && [ -n "$expected" ] || harness_fail "churn printed no figures: $(cat "$COMPAT_DIR/churn.shim.err")"
stress_status churn "$threads threads, no memory corrupted"
# The workers are every thread but the main one (vtid == vpid); their odd
# sizes (churn.c) tell them from lttng-ust's own threads.
sizes=$(stress_sizes "1001 2003 3005 4007 5009 6011 7013 8015 9017 10019 11021 12023 13025 14027 15029 16031")
check_poisson "samples of the $threads workers" \
	"$(harness_count "$COMPAT_EVENTS" "\$1 == $STRESS_PID && \$2 != $STRESS_PID && $sizes")" "$expected"
compat_samples 1
finish
