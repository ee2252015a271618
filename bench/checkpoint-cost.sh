#!/bin/sh
# checkpoint-cost.sh - what the checkpoints cost (doc/performance.md,
# "Checkpoints").
#
# Usage, as root: bench/checkpoint-cost.sh BUILD_DIR (or `make
# bench-checkpoints` in the build tree).  About a minute.
#
#  1. Instructions per sampled malloc+free pair: bench/alloc-loop at
#     ALLOCSAMPLE_RATE=1 (every pair a sample, its tracked block and its
#     SampledFree), a session recording those two events (checkpoints
#     disabled: what every tracked block pays for the table), counted by
#     callgrind as instructions.sh counts (the marginal cost over two loop
#     lengths, the main thread inside the loop).  Run it on a tree built
#     before the checkpoints for the difference: it measures this part
#     only when that tree has no bench/live-blocks.
#  2. The checkpoint thread's CPU time per second (/proc's schedstat) with
#     BLOCKS live blocks whose stacks are cut at 32 frames, at the default
#     interval (1 s), with CheckpointBegin enabled, then disabled.
#  3. The buffer bytes each live block costs a pass: the trace's stream
#     files with the checkpoint events less those without, over the
#     CheckpointBlock events the first holds.
#
# Tunables (environment): AS_BENCH_N1, AS_BENCH_N2 (loop lengths of 1),
# AS_BENCH_BLOCKS (1800), AS_BENCH_SECONDS (the span of 2, 10).
set -eu

. "$(dirname "$0")/lib.sh"
bench_enter alloc-loop "$@"

N1=${AS_BENCH_N1:-2000}
N2=${AS_BENCH_N2:-12000}
BLOCKS=${AS_BENCH_BLOCKS:-1800}
SECONDS_SPAN=${AS_BENCH_SECONDS:-10}
OUT="$HARNESS_DIR/callgrind"
mkdir -p "$OUT"
command -v valgrind >/dev/null || harness_fail "valgrind is not installed (apt-get install valgrind)"
harness_start_sessiond

echo "== instructions per sampled pair" >&2
harness_session pairs --events 'allocsample:AllocationSampled,allocsample:SampledFree'
ir1=$(callgrind_ir pair "$N1" "$AS_BUILDDIR/bench/alloc-loop" LD_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_RATE=1)
ir2=$(callgrind_ir pair "$N2" "$AS_BUILDDIR/bench/alloc-loop" LD_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_RATE=1)
harness_session_end pairs
printf 'instructions per sampled malloc+free pair (rate 1, tracked):  %s\n' \
	"$(awk -v a="${ir1% *}" -v b="${ir2% *}" -v n1="$N1" -v n2="$N2" 'BEGIN { printf "%.1f", (b - a) / (n2 - n1) }')"

if [ ! -x "$AS_BUILDDIR/bench/live-blocks" ]; then
	echo "(a tree without checkpoints: parts 2 and 3 need bench/live-blocks)"
	exit 0
fi

# thread_cpu PID: the CPU nanoseconds of PID's thread as-checkpoint so far.
thread_cpu() {
	for task in /proc/"$1"/task/*; do
		[ "$(cat "$task/comm" 2>/dev/null)" = as-checkpoint ] || continue
		cut -d ' ' -f 1 "$task/schedstat"
		return
	done
	harness_fail "process $1 has no thread as-checkpoint"
}

# hold NAME EVENTS: BLOCKS live blocks for SECONDS_SPAN seconds in a
# session recording EVENTS; prints "CPU_NS_PER_S STREAM_BYTES BLOCK_EVENTS".
hold() {
	harness_session "$1" --events "$2"
	fifo="$HARNESS_DIR/$1.fifo"
	mkfifo "$fifo"
	printf '+ ALLOCSAMPLE_RATE=1 %s %s %s\n' "$AS_BUILDDIR/bench/live-blocks" "$BLOCKS" \
		"$((SECONDS_SPAN + 2))" >&2
	ALLOCSAMPLE_RATE=1 harness_preload "$AS_BUILDDIR/bench/live-blocks" "$BLOCKS" \
		"$((SECONDS_SPAN + 2))" >"$fifo" &
	program=$!
	read -r _ pid <"$fifo"
	# The thread starts with the first tracked block; a second later it
	# has slept once whether it found the event enabled or not.
	sleep 1
	before=$(thread_cpu "$pid")
	sleep "$SECONDS_SPAN"
	after=$(thread_cpu "$pid")
	wait "$program" || harness_fail "live-blocks failed"
	harness_session_end "$1"
	babeltrace2 "$HARNESS_DIR/$1" >"$HARNESS_DIR/$1.text" 2>"$HARNESS_DIR/$1.err" ||
		harness_fail "babeltrace2 cannot read the trace $1"
	! grep -qi discarded "$HARNESS_DIR/$1.err" || harness_fail "the trace $1 lost events: $(cat "$HARNESS_DIR/$1.err")"
	bytes=$(find "$HARNESS_DIR/$1" -type f ! -name metadata ! -name '*.idx' -printf '%s\n' |
		awk '{ n += $1 } END { print n + 0 }')
	echo "$(((after - before) / SECONDS_SPAN)) $bytes $(grep -c 'allocsample:CheckpointBlock: ' "$HARNESS_DIR/$1.text" || true)"
}

echo "== $BLOCKS live blocks, 32 frames each, a pass a second" >&2
on=$(hold on 'allocsample:*')
off=$(hold off 'allocsample:AllocationSampled,allocsample:SampledFree,allocsample:SamplesUnrecorded')
set -- $on $off
printf 'checkpoint thread, CheckpointBegin enabled:   %s us of CPU per second (%s live blocks)\n' \
	"$(awk -v ns="$1" 'BEGIN { printf "%.0f", ns / 1000 }')" "$BLOCKS"
printf 'checkpoint thread, CheckpointBegin disabled:  %s us of CPU per second\n' \
	"$(awk -v ns="$4" 'BEGIN { printf "%.1f", ns / 1000 }')"
printf 'buffer bytes per live block per pass:         %s (%s CheckpointBlock events, %s bytes more)\n' \
	"$(awk -v a="$2" -v b="$5" -v n="$3" 'BEGIN { printf "%.0f", (a - b) / n }')" "$3" "$(($2 - $5))"
