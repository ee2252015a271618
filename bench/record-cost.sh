#!/bin/sh
# record-cost.sh - the fixed cost of allocsample-record: the wall time of
# `allocsample-record -- /bin/true`, with no session daemon running (the
# command starts its own and stops it), in runs one right after the other
# (each run finds the daemon of the one before still closing its session),
# and with the user's daemon running; where the time goes, step by step,
# from ALLOCSAMPLE_RECORD_TIMING=1; and how long after the command has
# returned its last process is gone (doc/performance.md).  Figures to
# watch, not assertions.
#
# Usage, as root: bench/record-cost.sh BUILD_DIR   (or `make bench-record`).
# AS_BENCH_ROUNDS (default 9) runs of each; the table gives medians.
# AS_RECORD_CMD=PATH measures another allocsample-record instead (its total
# only, when it prints no steps); AS_RECORD_BASELINE=PATH another one beside
# it, each of its runs right after one of the command's (with no daemon and
# with the user's): the baseline's median total and the median of the
# paired ratios command/baseline.
set -eu

. "$(dirname "$0")/lib.sh"
bench_enter alloc-loop "$@"

ROUNDS=${AS_BENCH_ROUNDS:-9}
RECORD=${AS_RECORD_CMD:-$AS_BUILDDIR/src/record/allocsample-record}
BASELINE=${AS_RECORD_BASELINE:-}
ALLOCSAMPLE_PRELOAD="$AS_PRELOAD"
ALLOCSAMPLE_PLUGIN_PATH="$AS_BUILDDIR/plugins/report/.libs"
export ALLOCSAMPLE_PRELOAD ALLOCSAMPLE_PLUGIN_PATH
TIMES="$HARNESS_DIR/times"
TRACES="$HARNESS_DIR/traces"
mkdir -p "$TRACES"
: >"$TIMES"
NAMESPACE=$(readlink /proc/self/ns/mnt)

# command_running COMMAND: whether a process of COMMAND (the command, or
# what it leaves to tear the run down, which has the same arguments) runs
# in this mount namespace.
command_running() {
	for pid in $(ps -e -o pid= -o args= | grep -F -- "$1 -- /bin/true" | awk '{ print $1 }'); do
		[ "$(readlink "/proc/$pid/ns/mnt" 2>/dev/null)" = "$NAMESPACE" ] && return 0
	done
	return 1
}

# settle CASE COMMAND END: waits until no process of COMMAND is left and
# its temporary trace is removed; a line `CASE gone MS`, the milliseconds
# from END (when the command returned), into $TIMES.
settle() {
	for _ in $(seq 2000); do
		command_running "$2" || [ -n "$(ls -A "$TRACES")" ] || break
		sleep 0.01
	done
	echo "$1 gone $(( ($(date +%s%N) - $3) / 1000000 ))" >>"$TIMES"
}

# run CASE COMMAND WAIT: one run of COMMAND; lines `CASE STEP MS` into
# $TIMES; with WAIT yes, returns once the run is gone.
run() {
	start=$(date +%s%N)
	ALLOCSAMPLE_RECORD_TIMING=1 TMPDIR="$TRACES" "$2" -- /bin/true \
		>/dev/null 2>"$HARNESS_DIR/run.err" || true
	end=$(date +%s%N)
	sed -n "s/^allocsample-record: timing: \([a-z]*\) \([0-9]*\) ms$/$1 \1 \2/p" \
		"$HARNESS_DIR/run.err" >>"$TIMES"
	echo "$1 total $(( (end - start) / 1000000 ))" >>"$TIMES"
	[ "$3" = no ] || settle "$1" "$2" "$end"
}

# measure CASE: ROUNDS runs, each once the one before is gone, and as many
# of the baseline interleaved (CASE-baseline).
measure() {
	for _ in $(seq "$ROUNDS"); do
		run "$1" "$RECORD" yes
		[ -z "$BASELINE" ] || run "$1-baseline" "$BASELINE" yes
	done
}

# measure_in_a_row: ROUNDS runs, each as soon as the one before returned.
measure_in_a_row() {
	for _ in $(seq "$ROUNDS"); do
		run back-to-back "$RECORD" no
	done
	settle back-to-back-last "$RECORD" "$end"
}

measure own-daemon
measure_in_a_row
harness_start_sessiond
measure user-daemon
harness_stop_sessiond

# middle: the median of the numbers on standard input, or -.
middle() {
	sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'
}

# median CASE STEP: the median of that step's figures.
median() {
	awk -v c="$1" -v s="$2" '$1 == c && $2 == s { print $3 }' "$TIMES" | middle
}

# ratio CASE: the median of the ratios of the command's totals to the
# baseline's, round by round.
ratio() {
	awk -v a="$1" -v b="$1-baseline" '
		$2 == "total" && $1 == a { x[++n] = $3 }
		$2 == "total" && $1 == b { y[++m] = $3 }
		END { for (i = 1; i <= n && i <= m; i++) if (y[i] > 0) printf "%.3f\n", x[i] / y[i] }' "$TIMES" | middle
}

printf 'allocsample-record -- /bin/true, median of %s runs (ms)\n' "$ROUNDS"
printf '%-10s %10s %12s %12s\n' step own-daemon back-to-back user-daemon
for step in checks daemon session program stop report end total gone; do
	printf '%-10s %10s %12s %12s\n' "$step" "$(median own-daemon "$step")" \
		"$(median back-to-back "$step")" "$(median user-daemon "$step")"
done
printf '(gone: from the return to the exit of the command'\''s last process, its daemon stopped\n'
printf ' and its trace removed; back-to-back: after the last run, %s ms)\n' "$(median back-to-back-last gone)"
if [ -n "$BASELINE" ]; then
	printf 'baseline %s, interleaved: total %s ms own-daemon (ratio %s), %s ms user-daemon (ratio %s)\n' \
		"$BASELINE" "$(median own-daemon-baseline total)" "$(ratio own-daemon)" \
		"$(median user-daemon-baseline total)" "$(ratio user-daemon)"
fi
printf '(machine: %s cores, load average %s)\n' "$(nproc)" "$(cut -d ' ' -f 1-3 /proc/loadavg)"
