#!/bin/sh
# stack-cost.sh - what the stack costs a sample: the median added wall time
# of one sample recording a 32-frame stack over one recording none
# (ALLOCSAMPLE_STACK_DEPTH=0), in one run of interleaved rounds
# (doc/performance.md, section 5).  A figure to watch, never an assertion.
#
# Usage, as root: bench/stack-cost.sh BUILD_DIR   (or `make bench-stack`).
# About 20 seconds.  AS_BENCH_ROUNDS (default 15) rounds, AS_BENCH_PAIRS
# (default 300000) pairs per run.
#
# bench/deep-alloc times malloc(64)+free pairs from under 40 frames of
# recursion; with ALLOCSAMPLE_RATE=1 every malloc is sampled, so the
# difference per pair between the two depths is the cost of one sample's
# stack: the walk (src/unwind/stack_walk.c) and 32 more addresses in the event.
# Each round runs both depths, in alternating order, so that slow drifts
# of a shared machine hit both alike; the figure is the median of the
# rounds' differences.  The session records allocsample:* with the
# contexts the report uses into an in-memory snapshot buffer (overwrite
# mode), so that no event is discarded and no disk is involved; after
# the last round, a snapshot proves that each depth recorded stacks of
# its length.  The unwinders compared alone: bench/unwinders, run first.
set -eu

. "$(dirname "$0")/lib.sh"
bench_enter deep-alloc "$@"

ROUNDS=${AS_BENCH_ROUNDS:-15}
PAIRS=${AS_BENCH_PAIRS:-300000}
LEVELS=40
TIMES="$HARNESS_DIR/times"
: >"$TIMES"

# run COMMAND...: prints the command line, then runs it.
run() {
	printf '+ %s\n' "$*" >&2
	"$@"
}

echo "== the unwinders alone" >&2
run "$AS_BUILDDIR/bench/unwinders" "$AS_BUILDDIR/bench/.libs/unwind-walkers.so" 32 "$ROUNDS"
echo

harness_start_sessiond
run lttng create stacks --snapshot >/dev/null
run lttng enable-event --userspace --session=stacks 'allocsample:*' >/dev/null
run lttng add-context --userspace --session=stacks -t vpid -t vtid -t procname -t ip >/dev/null
run lttng start stacks >/dev/null

# timed DEPTH: one run at ALLOCSAMPLE_STACK_DEPTH=DEPTH; "DEPTH NS PID"
# into $TIMES.  LTTNG_UST_REGISTER_TIMEOUT=-1: the session records from
# the first allocation.
timed() {
	printf '+ env LTTNG_UST_REGISTER_TIMEOUT=-1 ALLOCSAMPLE_RATE=1 ALLOCSAMPLE_STACK_DEPTH=%s LD_PRELOAD=%s %s %s %s\n' \
		"$1" "$AS_PRELOAD" "$AS_BUILDDIR/bench/deep-alloc" "$PAIRS" "$LEVELS" >&2
	result=$(env LTTNG_UST_REGISTER_TIMEOUT=-1 ALLOCSAMPLE_RATE=1 ALLOCSAMPLE_STACK_DEPTH="$1" \
		LD_PRELOAD="$AS_PRELOAD" "$AS_BUILDDIR/bench/deep-alloc" "$PAIRS" "$LEVELS") ||
		harness_fail "deep-alloc failed at depth $1"
	echo "$1 $result" >>"$TIMES"
}

# lengths: the stack lengths of the last run's events in a snapshot of
# the session's buffers (which also hold earlier runs'), most frequent
# first ("COUNT LENGTH;" each).
lengths() {
	pid=$(tail -n 1 "$TIMES" | cut -d ' ' -f 3)
	rm -rf "$HARNESS_DIR/snapshot"
	run lttng snapshot record --session=stacks "file://$HARNESS_DIR/snapshot" >/dev/null
	babeltrace2 "$HARNESS_DIR/snapshot" 2>/dev/null |
		sed -n "s/.*allocsample:AllocationSampled: .*vpid = $pid, .*_stack_length = \\([0-9]*\\),.*/\\1/p" |
		sort -n | uniq -c | sort -rn | head -3 | tr '\n' ';'
}

round=1
while [ "$round" -le "$ROUNDS" ]; do
	echo "== round $round of $ROUNDS" >&2
	if [ $((round % 2)) -eq 1 ]; then
		timed 32
		timed 0
	else
		timed 0
		timed 32
	fi
	round=$((round + 1))
done
# The last round once more, each depth followed by a snapshot of what it
# recorded (the buffers overwrite: they hold the latest run's events).
timed 32
recorded_32=$(lengths)
timed 0
recorded_0=$(lengths)
run lttng destroy stacks >/dev/null
case $recorded_32 in
*" 32;"*) ;;
*) harness_fail "the depth-32 run recorded no 32-frame stacks (lengths: $recorded_32)" ;;
esac
case $recorded_0 in
*" 0;"*) ;;
*) harness_fail "the depth-0 run recorded no empty stacks (lengths: $recorded_0)" ;;
esac
case "$recorded_32$recorded_0" in
*" 32;"*" 32;"* | *" 0;"*" 0;"*)
	harness_fail "a run recorded stacks of the other depth (depth 32: $recorded_32 depth 0: $recorded_0)" ;;
esac

echo "Added cost of one sample's 32-frame stack (ALLOCSAMPLE_RATE=1: a sample per malloc)"
echo "$ROUNDS interleaved rounds of $PAIRS malloc+free pairs under $LEVELS frames; ns per pair"
echo "(the last runs' stack lengths in snapshots, count and length: depth 32: $recorded_32 depth 0: $recorded_0)"
echo
awk -v rounds="$ROUNDS" "$BENCH_MEDIAN_AWK"'
	# The first 2 * rounds lines are the rounds, in pairs.
	NR <= 2 * rounds {
		if ($1 == 32) deep[++nd] = $2; else flat[++nf] = $2
		if (NR % 2 == 0) { a = prev_depth == 32 ? prev : $2; b = prev_depth == 32 ? $2 : prev
			diff[++n] = a - b }
		prev = $2; prev_depth = $1
	}
	END {
		for (i = 1; i <= n; i++) sorted[i] = diff[i]
		printf "%-44s %8.1f ns\n", "median per pair, ALLOCSAMPLE_STACK_DEPTH=32", median(deep, nd)
		printf "%-44s %8.1f ns\n", "median per pair, ALLOCSAMPLE_STACK_DEPTH=0", median(flat, nf)
		m = median(sorted, n)
		printf "%-44s %8.1f ns   (rounds: min %.1f, max %.1f)\n", "median added per sample (paired rounds)", m,
			sorted[1], sorted[n]
		printf "budget: at most 1000 ns added per sample -> %s (a figure, not an assertion)\n",
			m <= 1000 ? "within" : "OVER"
	}' "$TIMES"
printf '(machine: %s cores, load average %s)\n' "$(nproc)" "$(cut -d ' ' -f 1-3 /proc/loadavg)"
