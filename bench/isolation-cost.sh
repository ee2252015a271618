#!/bin/sh
# isolation-cost.sh - what a sample costs in allocsample-record's session,
# whose filter keeps a run's processes alone, against the session it used
# before (no filter, the ip context), counted with callgrind
# (doc/performance.md, section 8; doc/sampling.md, "Which processes a run
# holds").  Figures to watch, never assertions.
#
# Usage, as root: bench/isolation-cost.sh BUILD_DIR   (or `make
# bench-isolation`).  About two minutes.
#
# Each case runs bench/alloc-loop at ALLOCSAMPLE_RATE=1, where every malloc
# is sampled (a 32-frame stack, its free tracked), with the shim and
# ALLOCSAMPLE_RUN set, for two loop lengths; the marginal instructions per
# pair are a sample's cost and its free's (the loop's own malloc and free
# too, the same in every case).  The cases differ only in the session:
#   before   allocsample:* unfiltered; vpid, vtid, procname, ip
#   filter   the run's filter; the same contexts
#   now      the run's filter; vpid, vtid, procname (allocsample-record's)
#   no-ip    unfiltered; vpid, vtid, procname
#   sample   the filter on AllocationSampled alone; vpid, vtid, procname
#   vpid     the filter $ctx.vpid > 0 instead (any filter's cost)
# Run it against a build of the previous version to see what the shim's
# own changes cost: its `before` line.
set -eu

. "$(dirname "$0")/lib.sh"
bench_enter alloc-loop "$@"

N1=${AS_BENCH_N1:-20000}
N2=${AS_BENCH_N2:-120000}
LOOP="$AS_BUILDDIR/bench/alloc-loop"
OUT="$HARNESS_DIR/callgrind"
RESULTS="$HARNESS_DIR/results"
RUN=7
FILTER="\$app.allocsample:run == $RUN"
mkdir -p "$OUT"
: >"$RESULTS"
command -v valgrind >/dev/null || harness_fail "valgrind is not installed (apt-get install valgrind)"

# run COMMAND...: prints the command line, then runs it.
run() {
	printf '+ %s\n' "$*" >&2
	"$@"
}

# case_run NAME CONTEXTS FILTER_EVENTS FILTER [UNFILTERED_EVENTS]: a session
# recording allocsample:* (FILTER_EVENTS with FILTER, when given, and
# UNFILTERED_EVENTS without), in memory, with the contexts CONTEXTS (ip or
# no-ip); the case measured; its main thread's AllocationSampled events
# checked.
case_run() {
	name=$1 contexts=$2 filtered=$3 filter=$4 unfiltered=${5:-}
	run lttng create "$name" --snapshot >/dev/null
	if [ -n "$filter" ]; then
		run lttng enable-event --userspace --session="$name" --filter="$filter" "$filtered" >/dev/null
	else
		run lttng enable-event --userspace --session="$name" "$filtered" >/dev/null
	fi
	[ -z "$unfiltered" ] || run lttng enable-event --userspace --session="$name" "$unfiltered" >/dev/null
	if [ "$contexts" = ip ]; then
		run lttng add-context --userspace --session="$name" -t vpid -t vtid -t procname -t ip >/dev/null
	else
		run lttng add-context --userspace --session="$name" -t vpid -t vtid -t procname >/dev/null
	fi
	run lttng start "$name" >/dev/null
	measure "$name" "$N1" "$N2" "$LOOP" LD_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_RATE=1 \
		ALLOCSAMPLE_RUN="$RUN"
	rm -rf "$HARNESS_DIR/snapshot"
	run lttng snapshot record --session="$name" "file://$HARNESS_DIR/snapshot" >/dev/null
	run lttng destroy "$name" >/dev/null
	babeltrace2 "$HARNESS_DIR/snapshot" 2>/dev/null | grep -q 'allocsample:AllocationSampled' ||
		harness_fail "$name recorded no sample"
}

harness_start_sessiond
case_run before ip 'allocsample:*' ''
case_run filter ip 'allocsample:*' "$FILTER"
case_run now no-ip 'allocsample:*' "$FILTER"
case_run no-ip no-ip 'allocsample:*' ''
case_run sample no-ip 'allocsample:AllocationSampled' "$FILTER" 'allocsample:SampledFree'
case_run vpid no-ip 'allocsample:*' '$ctx.vpid > 0'

echo "Instructions per sampled malloc+free pair (callgrind, main thread, loop only),"
echo "ALLOCSAMPLE_RATE=1: a sample with a 32-frame stack, its free tracked; N1=$N1 N2=$N2"
echo
awk '
	{ ir[$1] = $2; order[++count] = $1 }
	END {
		desc["before"] = "before: unfiltered, contexts with ip"
		desc["filter"] = "the run filter, contexts with ip"
		desc["now"] = "now: the run filter, no ip (allocsample-record)"
		desc["no-ip"] = "unfiltered, no ip"
		desc["sample"] = "the filter on AllocationSampled alone, no ip"
		desc["vpid"] = "$ctx.vpid > 0 instead, no ip"
		printf "%-52s %8s %8s\n", "session", "Ir/pair", "vs before"
		for (i = 1; i <= count; i++) {
			c = order[i]
			printf "%-52s %8.0f %+7.1f%%\n", desc[c], ir[c], 100 * (ir[c] / ir["before"] - 1)
		}
		printf "\nthe run filter, on both events: %+.0f (with ip), %+.0f (without); on the sample alone %+.0f\n",
			ir["filter"] - ir["before"], ir["now"] - ir["no-ip"], ir["sample"] - ir["no-ip"]
		printf "the ip context: %+.0f; any filter ($ctx.vpid): %+.0f\n",
			ir["before"] - ir["no-ip"], ir["vpid"] - ir["no-ip"]
	}' "$RESULTS"
