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
trace="$HARNESS_DIR/trace"
out="$HARNESS_DIR/out"
events="$HARNESS_DIR/events"

harness_session cxx --output "$trace"
ALLOCSAMPLE_RATE=$rate harness_preload "$INTEG_WORKLOADS/cxx" "$rate" >"$out" ||
	harness_fail "the workload failed under the shim"
harness_session_end cxx
ALLOCSAMPLE_RATE=$rate "$INTEG_WORKLOADS/cxx" "$rate" >"$HARNESS_DIR/out.plain" ||
	harness_fail "the workload failed without the shim"
harness_read_events "$trace" "$events"

tid=$(harness_fact "$out" tid 2)
widget_size=$(harness_fact "$out" widget-size 2)
[ -n "$tid" ] && [ -n "$widget_size" ] || harness_fail "the workload printed no tid or size"

while read -r _ type _ objects _ expected; do
	check_poisson "type $type in the worker ($objects objects)" \
		"$(harness_count "$events" "\$2 == $tid && \$3 == \"$type\"")" "$expected"
done <<EOF_TYPES
$(grep '^type ' "$out")
EOF_TYPES

check "no malloc event in the worker (new's own malloc is not sampled twice)" \
	[ "$(harness_count "$events" "\$2 == $tid && \$3 == \"malloc\"")" -eq 0 ]
check "every Widget event has size $widget_size" \
	[ "$(harness_count "$events" "\$3 == \"Widget\" && \$4 != $widget_size")" -eq 0 ]
check "every event has offset < size and rate == $rate" \
	[ "$(harness_count "$events" "\$5 >= \$4 || \$6 != $rate")" -eq 0 ]
check "the worker's events are all of the expected types" \
	[ "$(harness_count "$events" "\$2 == $tid && \$3 !~ /^(operator_new|operator_new\\[\\]|Widget)\$/")" -eq 0 ]

grep -v '^tid ' "$out" >"$HARNESS_DIR/out.cmp"
grep -v '^tid ' "$HARNESS_DIR/out.plain" >"$HARNESS_DIR/out.plain.cmp"
check "the output is the same with and without the shim (tid line aside)" \
	cmp -s "$HARNESS_DIR/out.cmp" "$HARNESS_DIR/out.plain.cmp"
finish "$HARNESS_DIR/out"
