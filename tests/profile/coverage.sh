#!/bin/sh
# coverage.sh - the intervals of sums of profiles hold at their stated
# rate: twenty sums, each of three runs of tests/profile/functions recorded
# by `allocsample-record --format pprof` (rate 4096, every run its own
# seed) and summed by `go tool pprof -proto`, read by allocsample-profile
# at 95%.  In each sum the self bytes of alpha, beta and kappa are three
# disjoint sets of allocations, so their intervals are independent, of
# each other and of the other sums': sixty intervals, each missing the
# program's own count of the three runs with probability at most 5%
# (boundary compensation makes them miss less).  The count of misses, in
# the log, must not exceed the 0.999 quantile of Binomial(60, 0.05), 9: a
# correct build fails it by chance with probability under 0.1% (the seeds
# are fixed: a given build passes or fails the same way), and an interval
# that missed twice as often as it says (an expected 6 of 60) would fail it
# in about 8% of seeds, one that misses a third of the time (T counted once
# for every stream of a sum, a rate's samples taken at another) almost
# surely.  The totals (alpha's and kappa's, equal to their self bytes, and
# beta's, with the kappa it calls) are counted too, in the log, not judged:
# they share their samples with the self bytes.
#
# Sixty recordings of a program that allocates 20 MiB, three at a time.
set -eu
. "$AS_SRCDIR/tests/profile/lib.sh"
profile_begin "$@"
RATE=4096
SUMS=20
# 4, 8 and 4 MiB a run: about 3000, 6000 and 3000 samples a sum, intervals
# of +-3.5 to 5%, so that a bias of a few percent shows.
SCALE=4

misses=0
checks=0
total_misses=0
for i in $(seq "$SUMS"); do
	profile_record_all "$RATE" "$SCALE" "s$i-1:$((100 + 3 * i + 1))" "s$i-2:$((100 + 3 * i + 2))" \
		"s$i-3:$((100 + 3 * i + 3))"
	profile_merge "sum$i" "$d/s$i-1.pb.gz" "$d/s$i-2.pb.gz" "$d/s$i-3.pb.gz"
	profile_json "sum$i" --confidence 0.95 "$d/sum$i.pb.gz"
	for f in alpha beta kappa; do
		truth=$(($(profile_fact "s$i-1" self "$f") + $(profile_fact "s$i-2" self "$f") +
			 $(profile_fact "s$i-3" self "$f")))
		set -- $(profile_function "$d/sum$i.json" "$f" '.self_lower .self_upper .samples')
		[ -n "${2:-}" ] || harness_fail "sum $i has no self bytes of $f"
		checks=$((checks + 1))
		if [ "$truth" -lt "$1" ] || [ "$truth" -gt "$2" ]; then
			misses=$((misses + 1))
			printf '      sum %d, %s self: true %s outside [%s, %s]\n' "$i" "$f" "$truth" "$1" "$2"
		fi
	done
	for f in alpha beta kappa; do
		kind=$([ "$f" = beta ] && echo total || echo self)
		truth=$(($(profile_fact "s$i-1" "$kind" "$f") + $(profile_fact "s$i-2" "$kind" "$f") +
			 $(profile_fact "s$i-3" "$kind" "$f")))
		set -- $(profile_function "$d/sum$i.json" "$f" '.lower .upper')
		if [ "$truth" -lt "$1" ] || [ "$truth" -gt "$2" ]; then
			total_misses=$((total_misses + 1))
		fi
	done
done
printf '      %d of %d self intervals missed; %d of %d totals\n' "$misses" "$checks" \
	"$total_misses" $((3 * SUMS))
check "the sums' intervals at their rate: $checks of them" [ "$checks" -eq $((3 * SUMS)) ]
check_coverage "self bytes of alpha, beta and kappa in $SUMS sums of three profiles, at 95%" \
	"$misses" "$checks" 0.05 0.999
finish
