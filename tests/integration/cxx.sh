#!/bin/sh
# cxx.sh - a C++ thread's new, new[], aligned and nothrow new, container
# growth and ALLOCSAMPLE_NEW(Widget) under the preload shim: each type's
# sample count is what the model predicts (operator new's inner malloc is
# not sampled again), and the program's output is unchanged by the shim.
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

rate=4096
ALLOCSAMPLE_RATE=$rate integ_trace cxx -- harness_preload "$INTEG_WORKLOADS/cxx" "$rate"
out="$HARNESS_DIR/cxx.out"
events="$HARNESS_DIR/cxx.events"
ALLOCSAMPLE_RATE=$rate "$INTEG_WORKLOADS/cxx" "$rate" >"$HARNESS_DIR/plain.out" ||
	harness_fail "the workload failed without the shim"

tid=$(harness_fact "$out" tid 2)
widget_size=$(harness_fact "$out" widget-size 2)
[ -n "$tid" ] && [ -n "$widget_size" ] || harness_fail "the workload printed no tid or size"

# operator new, operator new[] and Widget.
check_lines "$out" type 3
grep '^type ' "$out" >"$HARNESS_DIR/types"
while read -r _ type _ objects _ expected; do
	check_poisson "type $type in the worker ($objects objects)" \
		"$(harness_count "$events" "\$2 == $tid && \$3 == \"$type\"")" "$expected"
done <"$HARNESS_DIR/types"

check "no malloc event in the worker (new's own malloc is not sampled twice)" \
	[ "$(harness_count "$events" "\$2 == $tid && \$3 == \"malloc\"")" -eq 0 ]
check "every Widget event has size $widget_size" \
	[ "$(harness_count "$events" "\$3 == \"Widget\" && \$4 != $widget_size")" -eq 0 ]
check "every event has offset < size and rate == $rate" \
	[ "$(harness_count "$events" "\$5 >= \$4 || \$6 != $rate")" -eq 0 ]
check "the worker's events are all of the expected types" \
	[ "$(harness_count "$events" "\$2 == $tid && \$3 !~ /^(operator_new|operator_new\\[\\]|Widget)\$/")" -eq 0 ]

check "the output is the same with and without the shim (tid line aside)" \
	[ "$(grep -v '^tid ' "$out")" = "$(grep -v '^tid ' "$HARNESS_DIR/plain.out")" ]
finish "$out"
