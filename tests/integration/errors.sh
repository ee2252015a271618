#!/bin/sh
# errors.sh - the malloc family's return values and errno at its edges
# (overflows, bad alignments, zero sizes, usable sizes) are the same with and
# without the preload shim, at rate 1 (every call takes the slow path and
# emits an event) and at the default rate; at rate 1 every successful
# allocation has its event, and failed ones have none.
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/trace"
events="$HARNESS_DIR/events"
workload="$INTEG_WORKLOADS/errors"

"$workload" >"$HARNESS_DIR/out" 2>/dev/null || fail "the workload failed without the shim"
harness_session errors --output "$trace"
ALLOCSAMPLE_RATE=1 harness_preload "$workload" >"$HARNESS_DIR/out.rate1" 2>"$HARNESS_DIR/notes" ||
	fail "the workload failed under the shim at rate 1"
harness_preload "$workload" >"$HARNESS_DIR/out.default" 2>/dev/null ||
	fail "the workload failed under the shim at the default rate"
harness_session_end errors
harness_read_events "$trace" "$events"

check "$(wc -l <"$HARNESS_DIR/out") cases, the same results under the shim at rate 1" \
	cmp "$HARNESS_DIR/out" "$HARNESS_DIR/out.rate1"
check "the same results under the shim at the default rate" \
	cmp "$HARNESS_DIR/out" "$HARNESS_DIR/out.default"

# Every successful allocation of the rate-1 run has its event, with its
# type, size and pointer (pointers compared in lower case).
grep '^event ' "$HARNESS_DIR/notes" | awk '{ print $2, $3, tolower($4) }' | sort >"$HARNESS_DIR/wanted"
awk '$6 == 1 { print $3, $4, tolower($7) }' "$events" | sort >"$HARNESS_DIR/seen"
missing=$(comm -23 "$HARNESS_DIR/wanted" "$HARNESS_DIR/seen" | wc -l)
wanted=$(wc -l <"$HARNESS_DIR/wanted")
check "the rate-1 run noted its successful allocations ($wanted)" [ "$wanted" -gt 0 ]
check "each of the $wanted successful allocations at rate 1 has its event ($missing missing)" \
	[ "$missing" -eq 0 ]
check "no event for a zero-size or failed request (size 0 or > 2^40)" \
	[ "$(harness_count "$events" '$4 == 0 || length($4) > 13')" -eq 0 ]
check "every event has offset < size" [ "$(harness_count "$events" '$5 >= $4')" -eq 0 ]
check "every rate-1 event has offset 0" \
	[ "$(harness_count "$events" '$6 == 1 && $5 != 0')" -eq 0 ]
default=$(harness_count "$events" '$6 != 1')
check "the default-rate run left events (its large requests: $default)" [ "$default" -gt 0 ]
check "the default-rate run's events have rate 102400" \
	[ "$(harness_count "$events" '$6 != 1 && $6 != 102400')" -eq 0 ]
finish "$HARNESS_DIR/out"
