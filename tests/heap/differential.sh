#!/bin/sh
# differential.sh - the live heap against a program's own exact count, over
# many seeds: heapdiff allocates, grows and releases blocks at random
# through every entry point the shim wraps (tests/heap/heapdiff.cc) and
# writes the bytes it still holds per type.  Two runs in three keep a
# random pool at the end, one in three releases everything.  The 18 runs
# are recorded one after the other in one session, each its own process,
# and the trace reported once, grouped by type (each process's types are
# groups of their own).  Checked, at rate 1024:
#   - the trace lost nothing, and every SampledFree names a block the
#     trace holds, of its own process (a free of another block is a bug of
#     the shim, not chance: the session records from before the programs
#     start);
#   - every type of every run that keeps a pool: its live interval at 95%
#     holds the truth; the misses of each type over the 12 runs within
#     the 99.99% quantile of Binomial(12, 5%) (5: a type whose figure is
#     wrong misses in most runs), and all misses together within the 99.9%
#     quantile of Binomial(checks, 5%) (check_coverage);
#   - a run that released everything holds no live sample at all, so each
#     type's live lower bound is 0 (the program calls nothing that keeps a
#     block of its own, and the tracer's blocks are not the program's).
# Each type's samples are its own objects' trials, so its checks are
# independent of the others'.  False failure below 0.3% (12 x 1e-4 and
# 1e-3); the other checks cannot fail by chance.
set -eu
. "$AS_SRCDIR/tests/heap/lib.sh"
harness_enter "$@"
harness_start_sessiond

runs=18
operations=30000
# Room for the events of eleven runs (1.4 MiB each) on each CPU: a
# consumer daemon slowed by a loaded machine loses none.
harness_session heapdiff --buffers 1048576:16
run=1
while [ "$run" -le "$runs" ]; do
	mode=keep
	[ $((run % 3)) -eq 0 ] && mode=free
	ALLOCSAMPLE_SEED=$((20261126 + run)) ALLOCSAMPLE_RATE=1024 harness_preload \
		"$HEAP_BIN/heapdiff" "$run" "$operations" "$mode" "$HARNESS_DIR/truth.$run" ||
		harness_fail "run $run ($mode) failed: $(cat "$HARNESS_DIR/truth.$run")"
	run=$((run + 1))
done
harness_session_end heapdiff
json="$HARNESS_DIR/heapdiff.json"
report_json "$HARNESS_DIR/heapdiff" "$json" -p 'group-by="type"'
check "the $runs runs: nothing lost" [ "$(jq '.incomplete' "$json")" = false ]
unmatched=$(jq '.live.unmatched_frees' "$json")
check "the $runs runs: every SampledFree matched a sample ($unmatched unmatched)" [ "$unmatched" = 0 ]

# Every type group's live figures, a line each: PID, TYPE, then
# heap_live_group's five figures, tab-separated.
jq -r '.groups[] | select(.kind == "type") | [.pid, .type, .live_samples, .live_estimate, .live_lower,
	.live_upper, .live_incomplete] | map(tostring) | join("\t")' "$json" >"$HARNESS_DIR/figures"
checks=0
misses=0
freed=0
: >"$HARNESS_DIR/misses"
run=1
while [ "$run" -le "$runs" ]; do
	mode=keep
	[ $((run % 3)) -eq 0 ] && mode=free
	truth="$HARNESS_DIR/truth.$run"
	pid=$(awk '$1 == "pid" { print $2 }' "$truth")
	awk '$1 == "type" { bytes = $2; $1 = $2 = ""; sub(/^ +/, ""); print bytes, $0 }' "$truth" >"$truth.types"
	[ -n "$pid" ] && [ -s "$truth.types" ] || harness_fail "run $run: no truth: $(cat "$truth")"
	while read -r bytes type; do
		figures=$(awk -F '\t' -v pid="$pid" -v type="$type" '$1 == pid && $2 == type { n++; f = $3 " " $4 " " $5 " " $6 " " $7 }
			END { if (n == 1) print f }' "$HARNESS_DIR/figures")
		# shellcheck disable=SC2086 # five figures, split on purpose
		set -- $figures
		if [ $# -ne 5 ] || [ "$4" = null ]; then
			fail "run $run, type $type: no live figures ($figures)"
			continue
		fi
		[ "$5" = false ] || fail "run $run, type $type: live figures marked incomplete"
		if [ "$mode" = free ]; then
			freed=$((freed + 1))
			[ "$1" = 0 ] ||
				fail "run $run, type $type: everything was freed, yet $1 live samples, live [$3, $4]"
			continue
		fi
		checks=$((checks + 1))
		if [ "$bytes" -lt "$3" ] || [ "$bytes" -gt "$4" ]; then
			misses=$((misses + 1))
			printf '%s\n' "$type" >>"$HARNESS_DIR/misses"
			printf '      run %s, type %s: true %s outside [%s, %s] (%s live samples)\n' \
				"$run" "$type" "$bytes" "$3" "$4" "$1"
		fi
	done <"$truth.types"
	run=$((run + 1))
done
check "the $((runs / 3)) runs that released everything had types to check for live samples ($freed)" \
	[ "$freed" -gt 0 ]
keeps=$((runs - runs / 3))
while read -r _ type; do
	check_coverage "type $type, live bytes at 95%" \
		"$(grep -cxF "$type" "$HARNESS_DIR/misses" || true)" "$keeps" 0.05 0.9999
done <"$HARNESS_DIR/truth.1.types"
check_coverage "every type, live bytes at 95%" "$misses" "$checks" 0.05
finish
