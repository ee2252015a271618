#!/bin/sh
# sample-cost.sh - what one recorded sample costs, against what one event of
# lttng-ust's libc wrapper costs, measured in the same run (doc/performance.md,
# section 7).  Figures to watch, never assertions.
#
# Usage, as root: bench/sample-cost.sh BUILD_DIR   (or `make bench-sample`).
# About a minute.  AS_BENCH_ROUNDS (default 11) rounds, AS_BENCH_PAIRS
# (default 300000) pairs per run.
#
# bench/deep-alloc times malloc(64)+free pairs (no recursion here).  With
# ALLOCSAMPLE_RATE=1 every malloc is sampled, so a run's added time per
# pair over the same run without any preload is the cost of one sample:
# the slow path and its AllocationSampled event, no stack
# (ALLOCSAMPLE_STACK_DEPTH=0) and no free tracking; with tracking on (the
# default) the pair also pays the page-aligned block and its SampledFree.
# The libc wrapper (liblttng-ust-libc-wrapper.so) emits lttng_ust_libc:malloc
# for every malloc; its added time is the cost of one such event, and with
# lttng_ust_libc:free enabled too, of its two events.  Each round runs the
# six cases in an order rotated from the last round's, so that slow drifts
# of a shared machine hit every case alike; each figure is the median over
# rounds of the round's difference to that round's run without preload,
# and the ratios are medians of the rounds' ratios.  Both providers record
# into one session with the contexts the report uses (vpid, vtid, procname,
# ip), in memory (snapshot mode): no event is discarded, no disk involved.
set -eu

. "$(dirname "$0")/lib.sh"
bench_enter deep-alloc "$@"

ROUNDS=${AS_BENCH_ROUNDS:-11}
PAIRS=${AS_BENCH_PAIRS:-300000}
WRAPPER=/usr/lib/x86_64-linux-gnu/liblttng-ust-libc-wrapper.so
TIMES="$HARNESS_DIR/times"
: >"$TIMES"

[ -r "$WRAPPER" ] || harness_fail "$WRAPPER is missing (apt-get install liblttng-ust1)"

# run COMMAND...: prints the command line, then runs it.
run() {
	printf '+ %s\n' "$*" >&2
	"$@"
}

harness_start_sessiond
run lttng create samples --snapshot >/dev/null
run lttng enable-event --userspace --session=samples 'allocsample:*' >/dev/null
run lttng enable-event --userspace --session=samples lttng_ust_libc:malloc >/dev/null
run lttng add-context --userspace --session=samples -t vpid -t vtid -t procname -t ip >/dev/null
run lttng start samples >/dev/null

# timed CASE: one run of CASE; "CASE NS_PER_PAIR" into $TIMES.  The wrapper's
# free event is enabled only around its run.  LTTNG_UST_REGISTER_TIMEOUT=-1:
# the session records from the first allocation.
timed() {
	case $1 in
	none) set -- none ;;
	sample) set -- sample LD_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_TRACK_FREES=0 ;;
	sample+free) set -- sample+free LD_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_TRACK_FREES=1 ;;
	idle) set -- idle LD_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_RATE=102400 ;;
	wrapper) set -- wrapper LD_PRELOAD="$WRAPPER" ;;
	wrapper+free)
		run lttng enable-event --userspace --session=samples lttng_ust_libc:free >/dev/null
		set -- wrapper+free LD_PRELOAD="$WRAPPER" ;;
	esac
	name=$1
	shift
	printf '+ env LTTNG_UST_REGISTER_TIMEOUT=-1 ALLOCSAMPLE_RATE=1 ALLOCSAMPLE_STACK_DEPTH=0 %s %s %s 0\n' \
		"$*" "$AS_BUILDDIR/bench/deep-alloc" "$PAIRS" >&2
	result=$(env LTTNG_UST_REGISTER_TIMEOUT=-1 ALLOCSAMPLE_RATE=1 ALLOCSAMPLE_STACK_DEPTH=0 "$@" \
		"$AS_BUILDDIR/bench/deep-alloc" "$PAIRS" 0) || harness_fail "deep-alloc failed ($name)"
	[ "$name" != wrapper+free ] ||
		run lttng disable-event --userspace --session=samples lttng_ust_libc:free >/dev/null
	echo "$name ${result% *}" >>"$TIMES"
}

CASES="none sample sample+free wrapper wrapper+free idle"
round=1
while [ "$round" -le "$ROUNDS" ]; do
	echo "== round $round of $ROUNDS" >&2
	# The order rotated by one case per round.
	for i in 0 1 2 3 4 5; do
		timed "$(echo "$CASES" | cut -d ' ' -f $(((i + round - 1) % 6 + 1)))"
	done
	round=$((round + 1))
done

# events CASE: one more run of CASE, then the names of the events of a
# snapshot of the session's buffers, which overwrite: they hold the latest
# run's events ("COUNT NAME;" each).
events() {
	timed "$1"
	rm -rf "$HARNESS_DIR/snapshot"
	run lttng snapshot record --session=samples "file://$HARNESS_DIR/snapshot" >/dev/null
	babeltrace2 "$HARNESS_DIR/snapshot" 2>/dev/null |
		sed -n 's/.* \(allocsample:[A-Za-z]*\|lttng_ust_libc:[a-z]*\): .*/\1/p' | sort | uniq -c |
		tr '\n' ';'
}

# Proof that the cases recorded what they claim.
recorded_sample=$(events sample+free)
recorded_wrapper=$(events wrapper+free)
run lttng destroy samples >/dev/null
case $recorded_sample in
*allocsample:AllocationSampled*allocsample:SampledFree*) ;;
*) harness_fail "the allocsample run recorded no samples and frees (events: $recorded_sample)" ;;
esac
case $recorded_wrapper in
*lttng_ust_libc:free*lttng_ust_libc:malloc*) ;;
*) harness_fail "the libc wrapper run recorded no malloc and free events (events: $recorded_wrapper)" ;;
esac

echo "One recorded sample against one event of lttng-ust's libc wrapper, same session"
echo "(contexts vpid, vtid, procname, ip), $ROUNDS rounds of $PAIRS malloc(64)+free pairs;"
echo "ALLOCSAMPLE_RATE=1 (every malloc sampled), ALLOCSAMPLE_STACK_DEPTH=0; ns per pair added over no preload"
echo "(snapshots of one more run each held: $recorded_sample $recorded_wrapper)"
echo
awk -v rounds="$ROUNDS" "$BENCH_MEDIAN_AWK"'
	function minmax(v, n,   i) {
		lo = v[1]; hi = v[1]
		for (i = 2; i <= n; i++) { if (v[i] < lo) lo = v[i]; if (v[i] > hi) hi = v[i] }
	}
	# Six lines a round; the last two (the proof runs) are not rounds.
	NR <= 6 * rounds { r = int((NR - 1) / 6) + 1; t[r, $1] = $2 }
	END {
		split("sample sample+free wrapper wrapper+free idle", names, " ")
		desc["sample"] = "allocsample sample (AllocationSampled)"
		desc["sample+free"] = "allocsample sample + SampledFree (tracked)"
		desc["wrapper"] = "libc wrapper lttng_ust_libc:malloc"
		desc["wrapper+free"] = "libc wrapper malloc + free events"
		desc["idle"] = "allocsample at rate 102400 (for scale)"
		for (r = 1; r <= rounds; r++) base[r] = t[r, "none"]
		printf "%-44s %8.1f ns per pair\n", "no preload", median(base, rounds)
		for (k = 1; k <= 5; k++) {
			for (r = 1; r <= rounds; r++) d[r] = t[r, names[k]] - t[r, "none"]
			added[names[k]] = median(d, rounds)
			printf "%-44s %8.1f ns added\n", desc[names[k]], added[names[k]]
		}
		print ""
		for (r = 1; r <= rounds; r++)
			ratio[r] = (t[r, "sample"] - t[r, "none"]) / (t[r, "wrapper"] - t[r, "none"])
		m = median(ratio, rounds); minmax(ratio, rounds)
		printf "one sample / one wrapper malloc event:        %.2f (rounds %.2f-%.2f); target at most 1\n", m, lo, hi
		for (r = 1; r <= rounds; r++)
			ratio[r] = (t[r, "sample+free"] - t[r, "none"]) / (t[r, "wrapper+free"] - t[r, "none"])
		m = median(ratio, rounds); minmax(ratio, rounds)
		printf "sample + its free / wrapper malloc + free:    %.2f (rounds %.2f-%.2f)\n", m, lo, hi
	}' "$TIMES"
printf '(machine: %s cores, load average %s)\n' "$(nproc)" "$(cut -d ' ' -f 1-3 /proc/loadavg)"
