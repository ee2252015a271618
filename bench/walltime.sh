#!/bin/sh
# walltime.sh - wall time of allocation-heavy programs with and without the
# preload shim and lttng-ust's libc wrapper, idle and recording
# (doc/performance.md).  Figures to watch, not assertions: a shared,
# noisy machine moves them by several percent.
#
# Usage, as root: bench/walltime.sh BUILD_DIR   (or `make bench-walltime`).
# 3 to 5 minutes on two cores; AS_BENCH_ROUNDS (default 9) sets the
# number of interleaved rounds.
#
# Programs: bench/mixed-threads (2 threads, 8 B - 64 KiB log-distributed,
# random-order frees), python3 running bench/workload.py with
# PYTHONMALLOC=malloc (every object through malloc), perl running
# bench/workload.pl.  Each round runs every program in every variant, one
# after the other (none, shim idle, wrapper idle, shim recording, wrapper
# recording), so slow drifts of the machine hit all variants alike; the
# table gives the median of each and its ratio to "none".
#
# Idle = a session daemon and no session.  Recording = a snapshot session
# (overwrite mode, kept in memory, so the wrapper's millions of events
# per second cost the program its ring-buffer writes but fill no disk),
# created before and destroyed after the recording runs of each round.
set -eu

. "$(dirname "$0")/lib.sh"
bench_enter mixed-threads "$@"

ROUNDS=${AS_BENCH_ROUNDS:-9}
WRAPPER=/usr/lib/x86_64-linux-gnu/liblttng-ust-libc-wrapper.so
TIMES="$HARNESS_DIR/times"
: >"$TIMES"

# run COMMAND...: prints the command line, then runs it.
run() {
	printf '+ %s\n' "$*" >&2
	"$@"
}

[ -r "$WRAPPER" ] || harness_fail "$WRAPPER is missing (apt-get install liblttng-ust1)"
# Debian's interpreters, not whatever python3 comes first in PATH.
if [ ! -x /usr/bin/python3 ] || [ ! -x /usr/bin/perl ]; then
	run apt-get install -y python3 perl >&2
fi

# The programs, one per line: NAME COMMAND...
PROGRAMS="mixed-threads $AS_BUILDDIR/bench/mixed-threads 2 3000000
python3 env PYTHONMALLOC=malloc /usr/bin/python3 $AS_SRCDIR/bench/workload.py 5
perl /usr/bin/perl $AS_SRCDIR/bench/workload.pl 1"

# timed PROGRAM VARIANT [VAR=VALUE...] -- COMMAND...: runs COMMAND with the
# environment given and appends "PROGRAM VARIANT SECONDS" to $TIMES.
# LTTNG_UST_REGISTER_TIMEOUT=-1: registration is part of the cost, and a
# recording run must really record.
timed() {
	program=$1 variant=$2
	shift 2
	environment=
	while [ "$1" != -- ]; do
		environment="$environment $1"
		shift
	done
	shift
	printf '+ env LTTNG_UST_REGISTER_TIMEOUT=-1%s %s\n' "$environment" "$*" >&2
	start=$(date +%s%N)
	# shellcheck disable=SC2086 # the assignments are split on purpose
	env LTTNG_UST_REGISTER_TIMEOUT=-1 $environment "$@" </dev/null >/dev/null ||
		harness_fail "$program ($variant) failed"
	end=$(date +%s%N)
	echo "$program $variant $(((end - start) / 1000000))" >>"$TIMES"
}

# each_program VARIANT [VAR=VALUE...]: runs every program in VARIANT.
each_program() {
	variant=$1
	shift
	echo "$PROGRAMS" | while read -r name command; do
		# shellcheck disable=SC2086 # COMMAND is a word list
		timed "$name" "$variant" "$@" -- $command
	done
}

# snapshot_count EVENT: records a snapshot of the session's buffers and
# prints how many EVENT events it holds (the proof that a round recorded).
# The buffers are shared and overwrite old events, so it must follow the
# runs it vouches for.
snapshot_count() {
	rm -rf "$HARNESS_DIR/snapshot"
	run lttng snapshot record --session=wall "file://$HARNESS_DIR/snapshot" >/dev/null
	printf '+ babeltrace2 %s | (count %s events)\n' "$HARNESS_DIR/snapshot" "$1" >&2
	babeltrace2 "$HARNESS_DIR/snapshot" | grep -c "$1: " || true
}

harness_start_sessiond
round=1
while [ "$round" -le "$ROUNDS" ]; do
	echo "== round $round of $ROUNDS" >&2
	each_program none
	each_program shim-idle LD_PRELOAD="$AS_PRELOAD"
	each_program wrapper-idle LD_PRELOAD="$WRAPPER"
	run lttng create wall --snapshot >/dev/null
	run lttng enable-event --userspace --session=wall 'allocsample:*' >/dev/null
	run lttng enable-event --userspace --session=wall 'lttng_ust_libc:*' >/dev/null
	run lttng add-context --userspace --session=wall \
		-t vpid -t vtid -t procname -t ip >/dev/null
	run lttng start wall >/dev/null
	each_program shim-rec LD_PRELOAD="$AS_PRELOAD"
	if [ "$round" -eq "$ROUNDS" ]; then
		shim_events=$(snapshot_count allocsample:AllocationSampled)
	fi
	each_program wrapper-rec LD_PRELOAD="$WRAPPER"
	if [ "$round" -eq "$ROUNDS" ]; then
		wrapper_events=$(snapshot_count lttng_ust_libc:malloc)
	fi
	run lttng destroy wall >/dev/null
	round=$((round + 1))
done
[ "$shim_events" -gt 0 ] && [ "$wrapper_events" -gt 0 ] ||
	harness_fail "the recording runs recorded nothing (events: shim $shim_events, libc wrapper $wrapper_events)"

echo
echo "Wall time, medians of $ROUNDS interleaved rounds, and ratios to no preload"
echo "(snapshots of the last round: $shim_events allocsample events, $wrapper_events lttng_ust_libc:malloc events)"
echo
awk '
	{ key = $1 " " $2; t[key, ++n[key]] = $3
	  if (!($1 in seen)) { seen[$1] = 1; programs[++np] = $1 } }
	function median(key,   i, j, v, m) {
		m = n[key]
		for (i = 1; i <= m; i++) v[i] = t[key, i]
		for (i = 2; i <= m; i++)
			for (j = i; j > 1 && v[j - 1] > v[j]; j--) { x = v[j]; v[j] = v[j - 1]; v[j - 1] = x }
		return m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
	}
	END {
		nv = split("none shim-idle wrapper-idle shim-rec wrapper-rec", variants, " ")
		printf "%-14s", "program"
		for (i = 1; i <= nv; i++) printf " %16s", variants[i]
		printf "\n"
		for (p = 1; p <= np; p++) {
			base = median(programs[p] " none")
			printf "%-14s", programs[p]
			for (i = 1; i <= nv; i++) {
				m = median(programs[p] " " variants[i])
				printf " %7d ms %5.3f", m, m / base
			}
			printf "\n"
		}
	}' "$TIMES"
echo
echo "Every run (program variant milliseconds):"
cat "$TIMES"
