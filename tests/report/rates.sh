#!/bin/sh
# rates.sh - end to end: one process at two sampling rates (rates-workload
# execs itself with another ALLOCSAMPLE_RATE, keeping its pid) allocates
# 256 KiB of type "both" under each.  Its samples are at the first rate,
# 4096: at the second, 16 MiB, the second image's 256 KiB go unsampled
# (with ALLOCSAMPLE_SEED=5; at random, 98% of runs), while its one block
# of 512 MiB is sampled.  The type's group holds an accumulator at each of
# the process's rates, the empty one included, and its upper end holds the
# bytes of both images: bytes at a rate where a group has no sample are
# bytes too (doc/estimation.md, "Mixed rates").  Counting only the rates
# with samples, the upper end would be about 330 kB, the first image's
# alone, below the true 512 KiB.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"

facts="$HARNESS_DIR/facts"
json="$HARNESS_DIR/rates.json"
large=16777216

ALLOCSAMPLE_SEED=5 record_json rates --rate 4096 -- "$REPORT_BIN/rates-workload" "$facts" "$large"
report_fact pid "$facts" pid
report_fact first "$facts" first
report_fact second "$facts" second
truth=$((first + second))
both=".groups[] | select(.kind == \"type\" and .pid == $pid and .type == \"both\")"

rates=$(jq -c "[.groups[] | select(.kind == \"process\" and .pid == $pid) |
	.accumulators[].rate]" "$json")
check "the process holds both rates ($rates)" [ "$rates" = "[4096,$large]" ]
accums=$(jq -c "[$both | .accumulators[] | [.rate, .samples > 0]]" "$json")
check "type both: an accumulator at each rate, none sampled at the large one ($accums)" \
	[ "$accums" = "[[4096,true],[$large,false]]" ]
got=$(jq -r "$both | \"\(.lower) \(.estimate) \(.upper) \(.mixed_rates)\"" "$json")
set -- $got
check "type both: its interval [$1, $3] holds the true $truth bytes of both images (estimate $2)" \
	[ "$1" -le "$truth" -a "$truth" -le "$3" ]
check "type both: said to mix rates ($4)" [ "$4" = true ]
finish
