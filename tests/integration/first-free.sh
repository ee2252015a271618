#!/bin/sh
# first-free.sh - the process's first tracked block, freed on another
# thread right after the program's start, gives its SampledFree there.
# Until a block is tracked, the shim's free is a jump to the next free that
# asks nothing; the first block tracked makes every free ask the set
# before its allocation returns (doc/sampling.md, "Free tracking").  Each
# process below starts at ALLOCSAMPLE_RATE=1 under a session recording
# from its start, allocates one block first thing (malloc, or the typed
# API), and a thread it creates then frees it: the check fails if that
# free went straight to the next allocator.  Five processes of each kind,
# one session.
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

workload="$INTEG_WORKLOADS/first-free"
runs=5
harness_session first --output "$HARNESS_DIR/trace"
for mode in malloc typed; do
	for i in $(seq "$runs"); do
		ALLOCSAMPLE_RATE=1 harness_preload "$workload" "$mode" \
			>"$HARNESS_DIR/out.$mode.$i" 2>"$HARNESS_DIR/err.$mode.$i" ||
			fail "$mode, run $i: the workload failed: $(cat "$HARNESS_DIR/out.$mode.$i" "$HARNESS_DIR/err.$mode.$i")"
	done
done
harness_session_end first
integ_trace_text "$HARNESS_DIR/trace" "$HARNESS_DIR/raw"

# One line per tracked sample and per SampledFree, in trace order:
# A|F VPID VTID PTR (pointers in lower case).
awk 'function field(re, skip) {
		if (!match($0, re)) return "-"
		return substr($0, RSTART + skip, RLENGTH - skip)
	}
	/allocsample:AllocationSampled/ && index($0, "free_tracked = 1") { kind = "A" }
	/allocsample:SampledFree/ { kind = "F" }
	kind != "" {
		print kind, field("vpid = [0-9]+", 7), field("vtid = [0-9]+", 7),
			tolower(field("ptr = 0x[0-9A-Fa-f]+", 6))
		kind = ""
	}' "$HARNESS_DIR/raw" >"$HARNESS_DIR/events"

for mode in malloc typed; do
	for i in $(seq "$runs"); do
		out="$HARNESS_DIR/out.$mode.$i"
		pid=$(harness_fact "$out" pid 2)
		block=$(harness_fact "$out" block 2)
		worker=$(harness_fact "$out" worker 2)
		[ -n "$pid" ] && [ -n "$block" ] && [ -n "$worker" ] ||
			harness_fail "$mode, run $i: the workload did not print its facts"
		first=$(awk -v pid="$pid" '$1 == "A" && $2 == pid { print $4; exit }' "$HARNESS_DIR/events")
		check "$mode, run $i: its block $block is the process's first tracked sample ($first)" \
			[ "$first" = "$block" ]
		# The block's events in the process: its sample, then its
		# SampledFree on the worker thread, nothing else.
		events=$(awk -v pid="$pid" -v p="$block" -v w="$worker" '$2 == pid && $4 == p {
				printf "%s%s ", $1, ($1 == "F" && $3 == w) ? "@worker" : "" }' "$HARNESS_DIR/events")
		check "$mode, run $i: tracked, then freed on the worker thread ($events)" \
			[ "$events" = "A F@worker " ]
	done
done
finish "$HARNESS_DIR/out.malloc.1"
