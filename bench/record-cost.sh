#!/bin/sh
# record-cost.sh - the fixed cost of allocsample-record: the wall time of
# `allocsample-record -- /bin/true`, with no session daemon running (the
# command starts its own and stops it) and with one running, and where the
# time goes, step by step, from ALLOCSAMPLE_RECORD_TIMING=1
# (doc/performance.md).  Figures to watch, not assertions.
#
# Usage, as root: bench/record-cost.sh BUILD_DIR   (or `make bench-record`).
# AS_BENCH_ROUNDS (default 9) runs of each; the table gives medians.
# AS_RECORD_CMD=PATH measures another allocsample-record (an older one, say:
# its total only, when it prints no steps).
set -eu

. "$(dirname "$0")/lib.sh"
bench_enter alloc-loop "$@"

ROUNDS=${AS_BENCH_ROUNDS:-9}
RECORD=${AS_RECORD_CMD:-$AS_BUILDDIR/src/record/allocsample-record}
ALLOCSAMPLE_PRELOAD="$AS_PRELOAD"
ALLOCSAMPLE_PLUGIN_PATH="$AS_BUILDDIR/plugins/report/.libs"
export ALLOCSAMPLE_PRELOAD ALLOCSAMPLE_PLUGIN_PATH
TIMES="$HARNESS_DIR/times"
: >"$TIMES"

# measure CASE: ROUNDS runs; lines `CASE STEP MS` into $TIMES.
measure() {
	for _ in $(seq "$ROUNDS"); do
		start=$(date +%s%N)
		ALLOCSAMPLE_RECORD_TIMING=1 TMPDIR="$HARNESS_DIR" "$RECORD" -- /bin/true \
			>/dev/null 2>"$HARNESS_DIR/run.err" || true
		end=$(date +%s%N)
		sed -n "s/^allocsample-record: timing: \([a-z]*\) \([0-9]*\) ms$/$1 \1 \2/p" \
			"$HARNESS_DIR/run.err" >>"$TIMES"
		echo "$1 total $(( (end - start) / 1000000 ))" >>"$TIMES"
	done
}

measure own-daemon
harness_start_sessiond
measure user-daemon
harness_stop_sessiond

printf 'allocsample-record -- /bin/true, median of %s runs (ms)\n' "$ROUNDS"
printf '%-10s %10s %12s\n' step own-daemon user-daemon
for step in checks daemon session program stop destroy release report end total; do
	own=$(awk -v s="$step" '$1 == "own-daemon" && $2 == s { print $3 }' "$TIMES" | sort -n |
		awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }')
	user=$(awk -v s="$step" '$1 == "user-daemon" && $2 == s { print $3 }' "$TIMES" | sort -n |
		awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }')
	printf '%-10s %10s %12s\n' "$step" "$own" "$user"
done
printf '(machine: %s cores, load average %s)\n' "$(nproc)" "$(cut -d ' ' -f 1-3 /proc/loadavg)"
