#!/bin/sh
# attach.sh - what allocsample-record -p costs (doc/performance.md, section
# 9): how long the attach and the detach stop a process of THREADS threads
# and OBJECTS loaded objects, and what a recorded sample costs attached
# against preloaded, measured in the same run.  Figures to watch, never
# assertions.
#
# Usage, as root: bench/attach.sh BUILD_DIR   (or `make bench-attach`).
# About two minutes.  AS_BENCH_ROUNDS (default 5) rounds; AS_BENCH_THREADS
# (default 100) and AS_BENCH_OBJECTS (default 200) for the pause.
#
# The pause: bench/attach-target loads OBJECTS copies of a small object
# that calls malloc and free (each with its own relocation slots), starts
# THREADS threads of malloc/free pairs, and is attached to for a second;
# allocsample-record's lines give how long the attach and the detach
# stopped every thread, and how long the calls into the process (loading
# the shim, rewriting the slots) then took on one thread while the others
# ran.
#
# The cost of a sample: with ALLOCSAMPLE_RATE=1 every malloc is sampled
# (its AllocationSampled event with a 32-frame stack, and its free's
# SampledFree), so the nanoseconds a pair takes while recorded, less those
# of a run with nothing loaded, are one sample's.  Preloaded: the target
# under allocsample-record --rate 1; attached: the target started with
# ALLOCSAMPLE_RATE=1, attached from 1 s to 3 s.  The target prints, every
# 100 ms, its main thread's nanoseconds per pair; the windows from 1.6 s
# to 2.8 s count.  Each round runs the three cases in an order rotated from
# the last round's; figures are medians over the rounds.
set -eu

. "$(dirname "$0")/lib.sh"
bench_enter attach-target "$@"

ROUNDS=${AS_BENCH_ROUNDS:-5}
THREADS=${AS_BENCH_THREADS:-100}
OBJECTS=${AS_BENCH_OBJECTS:-200}
TARGET="$AS_BUILDDIR/bench/attach-target"
RECORD="$AS_BUILDDIR/src/record/allocsample-record"
ALLOCSAMPLE_PRELOAD="$AS_BUILDDIR/src/.libs/liballocsample-preload.so"
ALLOCSAMPLE_PLUGIN_PATH="$AS_BUILDDIR/plugins/report/.libs"
export ALLOCSAMPLE_PRELOAD ALLOCSAMPLE_PLUGIN_PATH
RESULTS="$HARNESS_DIR/results"
: >"$RESULTS"
command -v gdb >/dev/null 2>&1 || harness_fail "gdb is not installed (apt-get install gdb)"
harness_start_sessiond

objects="$HARNESS_DIR/objects"
empty="$HARNESS_DIR/none"
mkdir -p "$objects" "$empty"
printf '#include <stdlib.h>\nvoid *object_alloc(size_t n) { return malloc(n); }\nvoid object_free(void *p) { free(p); }\n' \
	>"$HARNESS_DIR/object.c"
cc -shared -fPIC -O2 -o "$HARNESS_DIR/object.so" "$HARNESS_DIR/object.c"
for i in $(seq "$OBJECTS"); do
	cp "$HARNESS_DIR/object.so" "$objects/object$i.so"
done

# stopped LOG WHAT: the milliseconds allocsample-record's line for WHAT
# (attached to, detached from) gives, the process stopped and the calls.
stopped() {
	sed -n "s/^allocsample-record: $2 process [0-9]*.*stopped for \([0-9]*\) ms (then \([0-9]*\) ms of calls.*/\1 \2/p" "$1"
}

for round in $(seq "$ROUNDS"); do
	"$TARGET" "$THREADS" "$objects" 4 >/dev/null &
	pid=$!
	sleep 1
	printf '+ allocsample-record -p %s --duration 1s --no-report   (%s threads, %s objects)\n' \
		"$pid" "$THREADS" "$OBJECTS" >&2
	"$RECORD" -p "$pid" --duration 1s --no-report 2>"$HARNESS_DIR/pause.log" ||
		harness_fail "allocsample-record -p failed: $(cat "$HARNESS_DIR/pause.log")"
	wait "$pid"
	echo "pause $(stopped "$HARNESS_DIR/pause.log" 'attached to') $(stopped "$HARNESS_DIR/pause.log" 'detached from')" >>"$RESULTS"
done

# window_median FILE: the median ns per pair of FILE's windows from 1.6 s to 2.8 s.
window_median() {
	awk "$BENCH_MEDIAN_AWK"'$1 >= 1.6 && $1 <= 2.8 { v[++n] = $2 } END { printf "%.0f\n", median(v, n) }' "$1"
}

run_case() {
	out="$HARNESS_DIR/$1.out"
	case $1 in
	none)
		"$TARGET" 1 "$empty" 4 >"$out"
		;;
	preloaded)
		"$RECORD" --rate 1 --no-report -- "$TARGET" 1 "$empty" 4 >"$out" 2>"$HARNESS_DIR/$1.log"
		;;
	attached)
		ALLOCSAMPLE_RATE=1 "$TARGET" 1 "$empty" 4 >"$out" &
		pid=$!
		sleep 1
		"$RECORD" -p "$pid" --duration 2s --no-report 2>"$HARNESS_DIR/$1.log"
		wait "$pid"
		;;
	esac
	echo "$1 $(window_median "$out")" >>"$RESULTS"
}

cases="none preloaded attached"
for round in $(seq "$ROUNDS"); do
	printf '+ round %s: %s\n' "$round" "$cases" >&2
	for c in $cases; do
		run_case "$c"
	done
	cases="${cases#* } ${cases%% *}"
done

echo
echo "allocsample-record -p: $THREADS threads, $OBJECTS loaded objects, $ROUNDS rounds (medians)"
awk "$BENCH_MEDIAN_AWK"'
	$1 == "pause" { a[++n] = $2; ac[n] = $3; d[n] = $4; dc[n] = $5 }
	$1 == "none" { z[++nz] = $2 } $1 == "preloaded" { p[++np] = $2 } $1 == "attached" { t[++nt] = $2 }
	END {
		printf "  attach: the process stopped %4.0f ms, then calls on one thread %4.0f ms\n", median(a, n), median(ac, n)
		printf "  detach: the process stopped %4.0f ms, then calls on one thread %4.0f ms\n", median(d, n), median(dc, n)
		none = median(z, nz); pre = median(p, np); att = median(t, nt)
		printf "  ns per malloc+free pair: nothing %.0f, every malloc sampled: preloaded %.0f, attached %.0f\n", none, pre, att
		printf "  one sample, attached / preloaded: %.3f\n", (att - none) / (pre - none)
	}' "$RESULTS"
