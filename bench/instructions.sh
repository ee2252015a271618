#!/bin/sh
# instructions.sh - instructions the preload shim and lttng-ust's libc wrapper
# add per malloc+free pair, counted with callgrind (doc/performance.md).
#
# Usage, as root, from anywhere: bench/instructions.sh BUILD_DIR
# (or `make bench-instructions` in the build tree).  About 2.5 minutes.
# Free tracking is on by default; the "TRACK_FREES=0" rows measure without
# it, and their difference is what tracking costs: the free check, which a
# process pays only once it has tracked a block, and each sample's
# SampledFree and page-aligned block (doc/sampling.md).
#
# Each case runs a loop of N small malloc+free pairs (bench/alloc-loop.c)
# under callgrind for two loop lengths N1 < N2; the marginal cost per pair
# (Ir(N2) - Ir(N1)) / (N2 - N1) cancels start-up, and the same figure
# without any preload is subtracted to give the instructions added.
# Callgrind counts only inside the loop function (--toggle-collect) and
# writes one profile per thread (--separate-threads): the main thread's is
# the figure, lttng-ust's listener threads are reported apart (they are
# never inside the loop, so they must count 0).
#
# The script re-runs itself in a private mount namespace with its own
# lttng-sessiond (tests/lib/lttng-harness.sh); the "no sessiond" cases run
# before that daemon starts.  Tunables (environment): AS_BENCH_N1,
# AS_BENCH_N2 (loop lengths), AS_BENCH_WRAPPER_N1, AS_BENCH_WRAPPER_N2
# (shorter, for the libc wrapper recording every call).
set -eu

. "$(dirname "$0")/lib.sh"
bench_enter alloc-loop "$@"

N1=${AS_BENCH_N1:-100000}
N2=${AS_BENCH_N2:-1100000}
W1=${AS_BENCH_WRAPPER_N1:-20000}
W2=${AS_BENCH_WRAPPER_N2:-120000}
WRAPPER=/usr/lib/x86_64-linux-gnu/liblttng-ust-libc-wrapper.so
C_LOOP="$AS_BUILDDIR/bench/alloc-loop"
CXX_LOOP="$AS_BUILDDIR/bench/new-loop"
OUT="$HARNESS_DIR/callgrind"
RESULTS="$HARNESS_DIR/results"
mkdir -p "$OUT"
: >"$RESULTS"

command -v valgrind >/dev/null || harness_fail "valgrind is not installed (apt-get install valgrind)"
[ -r "$WRAPPER" ] || harness_fail "$WRAPPER is missing (apt-get install liblttng-ust1)"

# run COMMAND...: prints the command line, then runs it.
run() {
	printf '+ %s\n' "$*" >&2
	"$@"
}

# session_start NAME EVENTS [CONTEXTS]: a session recording EVENTS, started,
# with the contexts the report uses (vpid, vtid, procname, ip) unless
# CONTEXTS is "vpid-vtid" (the two the event count below needs).
session_start() {
	run lttng create "$1" --output="$HARNESS_DIR/trace-$1" >/dev/null
	run lttng enable-event --userspace --session="$1" "$2" >/dev/null
	if [ "${3:-}" = vpid-vtid ]; then
		run lttng add-context --userspace --session="$1" -t vpid -t vtid >/dev/null
	else
		run lttng add-context --userspace --session="$1" \
			-t vpid -t vtid -t procname -t ip >/dev/null
	fi
	run lttng start "$1" >/dev/null
}

# session_end NAME EVENT_PREFIX: stops and destroys the session, then
# prints the main threads' event counts (vtid = vpid) whose names start
# with EVENT_PREFIX, per process in ascending order: the N1 run, the N2 run.
session_end() {
	run lttng stop "$1" >/dev/null
	run lttng destroy "$1" >/dev/null
	printf '+ babeltrace2 %s | (count main-thread %s events per process)\n' \
		"$HARNESS_DIR/trace-$1" "$2" >&2
	babeltrace2 "$HARNESS_DIR/trace-$1" | awk -v prefix="$2" '
		index($0, prefix) {
			if (match($0, /vpid = [0-9]+/)) vpid = substr($0, RSTART + 7, RLENGTH - 7)
			if (match($0, /vtid = [0-9]+/)) vtid = substr($0, RSTART + 7, RLENGTH - 7)
			if (vpid == vtid) n[vpid]++
		}
		END { for (p in n) print n[p] }' | sort -n | tr '\n' ' '
}

echo "== no session daemon" >&2
measure none "$N1" "$N2" "$C_LOOP"
measure shim-no-sessiond "$N1" "$N2" "$C_LOOP" LD_PRELOAD="$AS_PRELOAD"
measure cxx-none "$N1" "$N2" "$CXX_LOOP"
measure cxx-shim-no-sessiond "$N1" "$N2" "$CXX_LOOP" LD_PRELOAD="$AS_PRELOAD"

echo "== a session daemon, no session" >&2
harness_start_sessiond
measure shim-idle "$N1" "$N2" "$C_LOOP" LD_PRELOAD="$AS_PRELOAD"
measure wrapper-idle "$N1" "$N2" "$C_LOOP" LD_PRELOAD="$WRAPPER"
measure cxx-shim-idle "$N1" "$N2" "$CXX_LOOP" LD_PRELOAD="$AS_PRELOAD"
measure shim-idle-notrack "$N1" "$N2" "$C_LOOP" LD_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_TRACK_FREES=0

echo "== recording" >&2
session_start rec 'allocsample:*'
measure shim-rec "$N1" "$N2" "$C_LOOP" LD_PRELOAD="$AS_PRELOAD"
events_rec=$(session_end rec allocsample:AllocationSampled)
session_start depth0 'allocsample:*'
measure shim-rec-depth0 "$N1" "$N2" "$C_LOOP" LD_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_STACK_DEPTH=0
events_depth0=$(session_end depth0 allocsample:AllocationSampled)
session_start rate1k 'allocsample:*'
measure shim-rec-rate1024 "$N1" "$N2" "$C_LOOP" LD_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_RATE=1024
events_rate1k=$(session_end rate1k allocsample:AllocationSampled)
session_start rate1k0 'allocsample:*'
measure shim-rec-rate1024-depth0 "$N1" "$N2" "$C_LOOP" LD_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_RATE=1024 \
	ALLOCSAMPLE_STACK_DEPTH=0
events_rate1k0=$(session_end rate1k0 allocsample:AllocationSampled)
session_start cxxrec 'allocsample:*'
measure cxx-shim-rec "$N1" "$N2" "$CXX_LOOP" LD_PRELOAD="$AS_PRELOAD"
events_cxxrec=$(session_end cxxrec allocsample:AllocationSampled)
session_start notrack 'allocsample:*'
measure shim-rec-notrack "$N1" "$N2" "$C_LOOP" LD_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_TRACK_FREES=0
events_notrack=$(session_end notrack allocsample:AllocationSampled)
session_start cxxnotrack 'allocsample:*'
measure cxx-shim-rec-notrack "$N1" "$N2" "$CXX_LOOP" LD_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_TRACK_FREES=0
events_cxxnotrack=$(session_end cxxnotrack allocsample:AllocationSampled)
session_start rate1knt 'allocsample:*'
measure shim-rec-rate1024-notrack "$N1" "$N2" "$C_LOOP" LD_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_RATE=1024 \
	ALLOCSAMPLE_TRACK_FREES=0
events_rate1knt=$(session_end rate1knt allocsample:AllocationSampled)
session_start wrap 'lttng_ust_libc:*'
measure wrapper-rec "$W1" "$W2" "$C_LOOP" LD_PRELOAD="$WRAPPER"
events_wrap=$(session_end wrap lttng_ust_libc:)
session_start wrap2 'lttng_ust_libc:*' vpid-vtid
measure wrapper-rec-2ctx "$W1" "$W2" "$C_LOOP" LD_PRELOAD="$WRAPPER"
events_wrap2=$(session_end wrap2 lttng_ust_libc:)
session_start rec2 'allocsample:*' vpid-vtid
measure shim-rec-2ctx "$N1" "$N2" "$C_LOOP" LD_PRELOAD="$AS_PRELOAD"
events_rec2=$(session_end rec2 allocsample:AllocationSampled)

# A recording case that recorded nothing measured nothing.
for counts in "$events_rec" "$events_depth0" "$events_rate1k" "$events_rate1k0" "$events_cxxrec" \
	"$events_wrap" "$events_wrap2" "$events_rec2" "$events_notrack" "$events_cxxnotrack" \
	"$events_rate1knt"; do
	# shellcheck disable=SC2086 # two counts, split on purpose
	set -- $counts
	[ $# -eq 2 ] && [ "$1" -gt 0 ] && [ "$2" -gt "$1" ] ||
		harness_fail "a recording case recorded no events (counts: '$counts')"
done

echo
echo "Instructions per malloc+free pair (callgrind, main thread, loop only)"
echo "sizes 16-256 B cycling (mean 136 B); N1=$N1 N2=$N2 (libc wrapper recording: N1=$W1 N2=$W2)"
echo
awk -v ev_rec="$events_rec" -v ev_1k="$events_rate1k" -v ev_cxx="$events_cxxrec" \
    -v ev_wrap="$events_wrap" -v n1="$N1" -v n2="$N2" -v w1="$W1" -v w2="$W2" '
	{ ir[$1] = $2; other[$1] = $3; order[++count] = $1 }
	function perpair(events, a, b,   e) {
		split(events, e, " ")
		return (e[2] - e[1]) / (b - a)
	}
	END {
		desc["none"] = "(a0) no preload"
		desc["shim-no-sessiond"] = "(a1) shim, no session daemon"
		desc["shim-idle"] = "(a2) shim, session daemon, no session"
		desc["shim-rec"] = "(b)  shim, recording allocsample:*, rate 102400"
		desc["shim-rec-depth0"] = "(b0) as (b), ALLOCSAMPLE_STACK_DEPTH=0 (no stack)"
		desc["shim-rec-rate1024"] = "(c)  shim, recording, ALLOCSAMPLE_RATE=1024"
		desc["shim-rec-rate1024-depth0"] = "(c0) as (c), ALLOCSAMPLE_STACK_DEPTH=0 (no stack)"
		desc["wrapper-idle"] = "(d1) libc wrapper, session daemon, no session"
		desc["wrapper-rec"] = "(d2) libc wrapper, recording lttng_ust_libc:*"
		desc["wrapper-rec-2ctx"] = "(d3) as (d2), contexts vpid+vtid only"
		desc["shim-rec-2ctx"] = "(b2) as (b), contexts vpid+vtid only"
		desc["cxx-none"] = "C++ no preload (new + sized delete)"
		desc["cxx-shim-no-sessiond"] = "C++ shim, no session daemon"
		desc["cxx-shim-idle"] = "C++ shim, session daemon, no session"
		desc["cxx-shim-rec"] = "C++ shim, recording allocsample:*"
		desc["shim-idle-notrack"] = "(a2n) as (a2), ALLOCSAMPLE_TRACK_FREES=0"
		desc["shim-rec-notrack"] = "(bn) as (b), ALLOCSAMPLE_TRACK_FREES=0"
		desc["shim-rec-rate1024-notrack"] = "(cn) as (c), ALLOCSAMPLE_TRACK_FREES=0"
		desc["cxx-shim-rec-notrack"] = "C++ as recording, ALLOCSAMPLE_TRACK_FREES=0"
		printf "%-50s %10s %8s %12s\n", "case", "Ir/pair", "added", "other thr."
		printf "(contexts vpid, vtid, procname, ip when recording, unless said)\n"
		for (i = 1; i <= count; i++) {
			c = order[i]
			base = c ~ /^cxx-/ ? ir["cxx-none"] : ir["none"]
			printf "%-50s %10.2f %8.2f %12d\n", desc[c], ir[c], ir[c] - base, other[c]
		}
		added_idle = ir["shim-idle"] - ir["none"]
		added_rec = ir["shim-rec"] - ir["none"]
		printf "\nmain-thread events per pair: (b) %.5f  (c) %.4f  C++ %.5f  (d2) %.3f\n",
			perpair(ev_rec, n1, n2), perpair(ev_1k, n1, n2),
			perpair(ev_cxx, n1, n2), perpair(ev_wrap, w1, w2)
		printf "instructions per sample (draw + event), from (c) - (a2): %.0f\n",
			(ir["shim-rec-rate1024"] - ir["shim-idle"]) / perpair(ev_1k, n1, n2)
		printf "of which the stack (walk and field), from (c) - (c0): %.0f\n",
			(ir["shim-rec-rate1024"] - ir["shim-rec-rate1024-depth0"]) / perpair(ev_1k, n1, n2)
		printf "free tracking (on by default), per pair, from (b) - (bn): %.2f; " \
			"C++ %.2f; per sample, from (c) - (cn): %.0f\n",
			ir["shim-rec"] - ir["shim-rec-notrack"],
			ir["cxx-shim-rec"] - ir["cxx-shim-rec-notrack"],
			(ir["shim-rec-rate1024"] - ir["shim-rec-rate1024-notrack"]) / perpair(ev_1k, n1, n2)
		added_cxx_idle = ir["cxx-shim-idle"] - ir["cxx-none"]
		added_cxx_rec = ir["cxx-shim-rec"] - ir["cxx-none"]
		printf "target: at most 6 added per pair with no session, 10 recording: " \
			"a1 %.2f, a2 %.2f, C++ idle %.2f; b %.2f, C++ rec %.2f -> %s\n",
			ir["shim-no-sessiond"] - ir["none"], added_idle, added_cxx_idle, added_rec, added_cxx_rec,
			(ir["shim-no-sessiond"] - ir["none"] <= 6 && added_idle <= 6 && added_cxx_idle <= 6 &&
			 added_rec <= 10 && added_cxx_rec <= 10) ? "met" : "MISSED"
		printf "ratios, libc wrapper / shim: idle %.1f, recording %.1f\n",
			(ir["wrapper-idle"] - ir["none"]) / added_idle,
			(ir["wrapper-rec"] - ir["none"]) / added_rec
	}' "$RESULTS"
