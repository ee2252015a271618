#!/bin/sh
# end.sh - the peak never after the run's end: a program (heap-end.c)
# whose heap peaks at its last allocation and that frees every block after
# a pause of 50 ms on its own clock, so that its last events are frees.
# The text's "Peak of the live heap: ... at X of Y" must put the peak (X)
# no later than the end (Y), and the end after the frees: at least half
# the pause after the peak.  Deterministic: no statistical check (the
# peak's instant is the first instant of the grid after the last
# allocation whatever the samples, the heap falling only after it).
set -eu
. "$AS_SRCDIR/tests/heap/lib.sh"
harness_enter "$@"
harness_start_sessiond

# ns_of "1.52 ms": the nanoseconds of a time the text prints.
ns_of() {
	echo "$1" | awk '{ f = $2 == "s" ? 1e9 : $2 == "ms" ? 1e6 : $2 == "us" ? 1e3 : -1
		if (f < 0 || $1 !~ /^[0-9.e+]+$/) exit 1; printf "%.0f\n", $1 * f }'
}

ALLOCSAMPLE_SEED=20261202 record_run end --rate 4096 --report-output "$HARNESS_DIR/end.txt" \
	-o "$HARNESS_DIR/end.trace" -- "$HEAP_BIN/heap-end" 50
[ "$RECORD_STATUS" -eq 0 ] || harness_fail "allocsample-record exited with $RECORD_STATUS: $(tail -n 5 "$HARNESS_DIR/end.err")"
pause=$(awk '$1 == "pause" { print $2 }' "$HARNESS_DIR/end.out")
[ -n "$pause" ] || harness_fail "the program printed no pause"
line=$(grep '^Peak of the live heap: ' "$HARNESS_DIR/end.txt") ||
	harness_fail "the text has no peak line: $(cat "$HARNESS_DIR/end.txt")"
ok "the text says: $line"
peak=$(ns_of "$(echo "$line" | sed -n 's/.*\] at \([^ ]* [a-z]*\) of .*/\1/p')") || harness_fail "no peak's instant in: $line"
end=$(ns_of "$(echo "$line" | sed -n 's/.* of \([^ ]* [a-z]*\) (the largest.*/\1/p')") || harness_fail "no end in: $line"
check "the peak ($peak ns) is not after the end ($end ns)" [ "$peak" -le "$end" ]
check "the end ($end ns) comes after the frees: at least half the program's pause ($pause ns) after the peak ($peak ns)" \
	[ "$end" -ge $((peak + pause / 2)) ]

# JSON says the same: the total's peak no later than its curve's end.
report_json "$HARNESS_DIR/end.trace" "$HARNESS_DIR/end.json"
check "JSON: the total's peak_t_ns is at most its curve's last instant" \
	jq -e '.timeline[0] | .peak_t_ns <= .points[-1].t_ns' "$HARNESS_DIR/end.json"
finish
