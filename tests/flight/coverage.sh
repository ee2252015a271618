#!/bin/sh
# coverage.sh - the live intervals of a flight recorder's snapshot at a
# kill hold at their stated rate: twenty-two recordings of keep-churn (each
# its own seeds, rate 32768), which keeps 12 MiB in keep_blocks and grows
# 6 MiB in grow_blocks while it churns 2 GiB through 64 KiB blocks, then
# kills itself with SIGKILL, under `allocsample-record --flight-recorder
# 4M --group-by stack`.  In each, the live bytes of the two functions are
# two disjoint sets of blocks, so their intervals are independent, of each
# other and of the other recordings': two intervals a recording, each
# missing the program's own count with probability at most 5%.  The count
# of misses, in the log, must not exceed the 0.999 quantile of
# Binomial(n, 0.05) (7 of 40, 8 of 44): a correct build fails it by
# chance with probability under 0.1% (the seeds are fixed: a given build
# passes or fails the same way); an interval that missed a third of the
# time (a checkpoint's blocks counted twice, or a block freed before the
# window left live) fails it almost surely.  The process's live bytes,
# which hold both functions', are counted in the log, not judged.  A
# recording whose live figures the report marks incomplete promises no
# interval: it is left out and said in the log, with its process's
# interval, its truth and the report's reason; at least twenty must be
# judged (the issue's count).  Two may be left out: on a machine as loaded
# as the whole suite's a starved checkpoint thread can miss a window
# (doc/sampling.md, "When a pass runs"); a run of snapshots that left the
# window empty (before the shim spaced its high-water events) is what the
# slack is not for, and fails.
set -eu
. "$AS_SRCDIR/tests/flight/lib.sh"
harness_enter "$@"
require jq
harness_start_sessiond

RUNS=22
incomplete=0
misses=0
checks=0
process_misses=0
for i in $(seq "$RUNS"); do
	ALLOCSAMPLE_SEED=$((1000 + i)) flight_run "c$i" 4M --group-by stack --rate 32768 -- 12 6 2048 "$i" kill
	json=$HARNESS_DIR/c$i.json
	[ "$RECORD_STATUS" -eq 137 ] && [ "$(jq -r '.snapshot.reason' "$json" 2>/dev/null)" = signal ] ||
		harness_fail "run $i: status $RECORD_STATUS, $(tail -n 3 "$HARNESS_DIR/c$i.err" | paste -s -d ' ' -)"
	# Incomplete live figures promise no interval: the run is left out of
	# the count, said in the log with what the report knew of why.
	if [ "$(jq -r .total.live_incomplete "$json")" != false ]; then
		incomplete=$((incomplete + 1))
		set -- $(flight_live "$json")
		printf '      run %d: live figures incomplete, left out (true %s in [%s, %s]): %s\n' "$i" \
			"$(flight_fact "c$i" live)" "${1:-}" "${2:-}" "$(jq -c '[.snapshot, .live.notes,
			.losses, .cut, .incomplete, .total.incomplete, [.groups[] | select(.live_incomplete) |
			[.kind, .pid, .tid, .live_samples]][0:3]]' "$json")"
		continue
	fi
	for f in keep grow; do
		truth=$(flight_fact "c$i" "live_$f")
		set -- $(flight_live "$json" "${f}_blocks")
		[ -n "${2:-}" ] || harness_fail "run $i has no one stack of ${f}_blocks"
		checks=$((checks + 1))
		if [ "$truth" -lt "$1" ] || [ "$truth" -gt "$2" ]; then
			misses=$((misses + 1))
			printf '      run %d, %s_blocks: true %s outside [%s, %s]\n' "$i" "$f" "$truth" "$1" "$2"
		fi
	done
	truth=$(flight_fact "c$i" live)
	set -- $(flight_live "$json")
	if [ "$truth" -lt "$1" ] || [ "$truth" -gt "$2" ]; then
		process_misses=$((process_misses + 1))
	fi
done
printf '      %d of %d function intervals missed; %d of %d processes\n' "$misses" "$checks" \
	"$process_misses" $((RUNS - incomplete))
judged=no
[ "$checks" -lt 40 ] || [ "$checks" -ne $((2 * (RUNS - incomplete))) ] || judged=yes
check "two functions' intervals in at least 20 of $RUNS recordings ($incomplete incomplete)" [ "$judged" = yes ]
check_coverage "live bytes at the kill of keep_blocks and grow_blocks in $((RUNS - incomplete)) snapshots, at 95%" \
	"$misses" "$checks" 0.05 0.999
finish
