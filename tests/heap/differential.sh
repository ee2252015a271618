#!/bin/sh
# differential.sh - the live heap against a program's own exact count, over
# many seeds: heapdiff allocates, grows and releases blocks at random
# through every entry point the shim wraps (tests/heap/heapdiff.cc) and
# writes the bytes it still holds per type.  Two runs in three keep a
# random pool at the end, one in three releases everything.  Checked, at
# rate 1024:
#   - every run loses nothing, and every SampledFree names a block the
#     trace holds (a free of another block is a bug of the shim, not
#     chance: the session records from before the program starts);
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
checks=0
misses=0
: >"$HARNESS_DIR/misses"
run=1
while [ "$run" -le "$runs" ]; do
	mode=keep
	[ $((run % 3)) -eq 0 ] && mode=free
	truth="$HARNESS_DIR/truth.$run"
	json="$HARNESS_DIR/run$run.json"
	ALLOCSAMPLE_SEED=$((20261126 + run)) \
	ALLOCSAMPLE_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_PLUGIN_PATH="$REPORT_PLUGIN_PATH" \
		"$AS_BUILDDIR/src/record/allocsample-record" --rate 1024 --format json \
		--group-by type --report-output "$json" -o "$HARNESS_DIR/run$run.trace" \
		-- "$HEAP_BIN/heapdiff" "$run" "$operations" "$mode" "$truth" \
		>"$HARNESS_DIR/run$run.err" 2>&1 ||
		harness_fail "run $run: allocsample-record failed: $(cat "$HARNESS_DIR/run$run.err")"
	pid=$(awk '$1 == "pid" { print $2 }' "$truth")
	[ -n "$pid" ] || harness_fail "run $run: no truth: $(cat "$HARNESS_DIR/run$run.err")"
	check "run $run ($mode): nothing lost" [ "$(jq '.incomplete' "$json")" = false ]
	unmatched=$(jq '.live.unmatched_frees' "$json")
	check "run $run ($mode): every SampledFree matched a sample ($unmatched unmatched)" \
		[ "$unmatched" = 0 ]
	while read -r bytes type; do
		figures=$(heap_live_group "$json" '.groups[]' \
			".kind == \"type\" and .pid == $pid and .type == \"$type\"")
		# shellcheck disable=SC2086 # five figures, split on purpose
		set -- $figures
		if [ $# -ne 5 ] || [ "$4" = null ]; then
			fail "run $run, type $type: no live figures ($figures)"
			continue
		fi
		[ "$5" = false ] || fail "run $run, type $type: live figures marked incomplete"
		if [ "$mode" = free ]; then
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
	done <<EOF_TYPES
$(awk '$1 == "type" { bytes = $2; $1 = $2 = ""; sub(/^ +/, ""); print bytes, $0 }' "$truth")
EOF_TYPES
	run=$((run + 1))
done
keeps=$((runs - runs / 3))
while read -r type; do
	check_coverage "type $type, live bytes at 95%" \
		"$(grep -cxF "$type" "$HARNESS_DIR/misses" || true)" "$keeps" 0.05 0.9999
done <<EOF_ALL_TYPES
$(awk '$1 == "type" { $1 = $2 = ""; sub(/^ +/, ""); print }' "$HARNESS_DIR/truth.1")
EOF_ALL_TYPES
check_coverage "every type, live bytes at 95%" "$misses" "$checks" 0.05
finish
