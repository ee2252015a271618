#!/bin/sh
# small-reuse.sh - small tracked blocks handed back to small samples
# (doc/sampling.md, "Small tracked blocks come back from the allocator's
# cache"): two threads allocate blocks of 16 to 1032 bytes by malloc,
# calloc and realloc, and free each other's, under a session at a rate that
# tracks about one in four, so that the program's own blocks of glibc's bin
# of 1017 to 1032 bytes compete with the tracked ones.  Every block keeps
# its bytes while live and calloc's are zero (the program checks); in the
# trace every tracked sample is page-aligned at an address no live sample
# holds, every SampledFree ends one, none is left.  (About 70% of its
# small samples are handed a block their thread released, 20% look and
# find another block in its place; what that saves is measured, not tested:
# doc/performance.md section 1, "A recorded sample, part by part".)
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

harness_session small-reuse --output "$HARNESS_DIR/trace"
LTTNG_UST_REGISTER_TIMEOUT=-1 ALLOCSAMPLE_RATE=2048 ALLOCSAMPLE_SEED=1 \
	harness_preload "$INTEG_WORKLOADS/small-reuse" 6000 >"$HARNESS_DIR/out" 2>"$HARNESS_DIR/err" ||
	fail "the workload failed: $(cat "$HARNESS_DIR/out" "$HARNESS_DIR/err")"
harness_session_end small-reuse
integ_trace_text "$HARNESS_DIR/trace" "$HARNESS_DIR/raw"

# One line per event of the workload's process, in trace order: A PTR
# FREE_TRACKED VTID for a sample on one of its two threads (the main
# thread's own, stdout's buffer say, live to the end), F PTR VTID for a
# SampledFree on any (the main thread frees what the ring holds at the end).
awk '
	!/procname = "small-reuse"/ { next }
	{
		match($0, /vpid = [0-9]+/); vpid = substr($0, RSTART + 7, RLENGTH - 7)
		match($0, /vtid = [0-9]+/); vtid = substr($0, RSTART + 7, RLENGTH - 7)
		match($0, /ptr = 0x[0-9A-Fa-f]+/); ptr = tolower(substr($0, RSTART + 6, RLENGTH - 6))
	}
	/allocsample:AllocationSampled/ && vtid != vpid {
		match($0, /free_tracked = [01]/); print "A", ptr, substr($0, RSTART + 15, 1), vtid
	}
	/allocsample:SampledFree/ { print "F", ptr, "-", vtid }' "$HARNESS_DIR/raw" >"$HARNESS_DIR/events"

blocks=$(harness_fact "$HARNESS_DIR/out" blocks 2)
tracked=$(awk '$1 == "A" && $3 == 1' "$HARNESS_DIR/events" | wc -l)
untracked=$(awk '$1 == "A" && $3 != 1' "$HARNESS_DIR/events" | wc -l)
frees=$(awk '$1 == "F"' "$HARNESS_DIR/events" | wc -l)
unaligned=$(awk '$1 == "A" && $2 !~ /000$/' "$HARNESS_DIR/events" | wc -l)
# A tracked sample at an address still live, a SampledFree that ends no
# tracked sample's life, or a tracked sample never freed.
bad=$(awk '$1 == "A" && $3 == 1 { if ($2 in live) n++; live[$2] = 1 }
	$1 == "F" { if (!($2 in live)) n++; delete live[$2] }
	END { for (p in live) n++; print n + 0 }' "$HARNESS_DIR/events")
check "the program's blocks were all as written ($(tr '\n' ' ' <"$HARNESS_DIR/out"))" grep -qx ok "$HARNESS_DIR/out"
check "at least 1000 of its ${blocks:-0} blocks were sampled on its threads ($tracked)" [ "$tracked" -ge 1000 ]
check "every sample was tracked ($untracked not)" [ "$untracked" -eq 0 ]
check "every tracked sample is page-aligned ($unaligned not)" [ "$unaligned" -eq 0 ]
check "as many SampledFree as tracked samples ($frees, $tracked)" [ "$frees" -eq "$tracked" ]
check "each SampledFree ended a tracked block's life ($bad out of place)" [ "$bad" -eq 0 ]
check "nothing on standard error" [ ! -s "$HARNESS_DIR/err" ]
finish "$HARNESS_DIR/out"
