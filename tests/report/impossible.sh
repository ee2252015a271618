#!/bin/sh
# impossible.sh - a producer of the right schema (the real provider, EMF URI
# urn:x-allocsample:schema:1) emits 100 valid samples with 17 impossible ones
# among and after them (offset == size, offset > size, size 0, rate 0), 3 of
# them the only samples of their type: the report warns with the count
# left out, and every estimate is that of the same trace without them, and
# right.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

for mode in clean dirty; do
	report_traced "$mode" -- "$REPORT_BIN/impossible-producer" "$mode"
done
sed 's/^/      /' "$HARNESS_DIR/dirty.json.err"

check "the warning gives the count left out" \
	report_says "$HARNESS_DIR/dirty.json.err" '17 samples with impossible values (offset >= size, size 0 or rate 0) left out.'
check "the clean trace gets no such warning" \
	sh -c "! grep -q 'impossible values' '$HARNESS_DIR/clean.json.err'"
check "the JSON report counts 17 skipped samples" \
	[ "$(jq .skipped_samples "$HARNESS_DIR/dirty.json")" = 17 ]
check "the JSON report counts 100 samples" [ "$(jq .samples "$HARNESS_DIR/dirty.json")" = 100 ]

# Every group but those of type "impossible", and the total: the same
# figures as without the impossible samples.
figures='[.groups[], (.total | . + {kind: "total"}) | select(.type != "impossible")
	| {kind, type, threads, samples, estimate, negbin_estimate, lower, upper}] | sort_by(.kind, .type)'
jq -S "$figures" "$HARNESS_DIR/clean.json" >"$HARNESS_DIR/clean.groups"
jq -S "$figures" "$HARNESS_DIR/dirty.json" >"$HARNESS_DIR/dirty.groups"
check "every group has the figures of the clean trace ($(jq length "$HARNESS_DIR/clean.groups") groups)" \
	sh -c '[ "$(jq length "$1")" -gt 0 ] && cmp -s "$1" "$2"' - "$HARNESS_DIR/clean.groups" "$HARNESS_DIR/dirty.groups"
diff "$HARNESS_DIR/clean.groups" "$HARNESS_DIR/dirty.groups" | head -20 || true

# The right figures, from doc/design.md section 3 by hand: 100 samples of size
# 4096 at offset 1000, R = 1024.  negbin = s(R - 1) + u, exact; weighted =
# s * size / (1 - q^size).
set -- $(json_group "$HARNESS_DIR/dirty.json" '.kind == "type" and .type == "valid"') ""
check "type valid: 100 samples (got ${1:-none})" [ "${1:-0}" = 100 ]
negbin=$(jq '.groups[] | select(.kind == "type" and .type == "valid") | .negbin_estimate' "$HARNESS_DIR/dirty.json")
check "type valid: negative-binomial estimate 100 * 1023 + 100 * 3096 = 411900 (got $negbin)" \
	[ "$negbin" = 411900 ]
weighted=$(awk 'BEGIN { printf "%.0f", 100 * 4096 / (1 - exp(4096 * log(1 - 1 / 1024))) }')
check "type valid: weighted estimate $weighted (got ${2:-none}), within 1 byte" \
	[ "${2:-0}" -ge $((weighted - 1)) -a "${2:-0}" -le $((weighted + 1)) ]
check "type valid: the interval holds the negative-binomial estimate ([${3:-}, ${4:-}])" \
	[ "${3:-0}" -le 411900 -a "${4:-0}" -ge 411900 ]

# A type seen only in impossible samples has nothing to estimate: no group.
bad=$(jq '[.groups[] | select(.type == "impossible")] | length' "$HARNESS_DIR/dirty.json")
check "type impossible: no group ($bad)" [ "$bad" = 0 ]

report_run "$HARNESS_DIR/dirty" >"$HARNESS_DIR/dirty.txt" 2>/dev/null ||
	harness_fail "the text report failed"
check "the text report says how many samples were left out" \
	grep -q '^17 samples with impossible values' "$HARNESS_DIR/dirty.txt"
finish
