#!/bin/sh
# reused.sh - the addresses of tracked blocks handed out again: blocks of
# 8000 bytes allocated and freed in batches (as a compiler's obstack chunks
# are) under a session at a rate that tracks about one in nine.  glibc
# gives a freed tracked block's page-aligned address to blocks allocated
# after it, which are not sampled; their frees must pass through the set's
# miss (doc/sampling.md, "Free tracking") and give no SampledFree, while
# every tracked block gives exactly one.
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

size=8000
harness_session reused --output "$HARNESS_DIR/trace"
LTTNG_UST_REGISTER_TIMEOUT=-1 ALLOCSAMPLE_RATE=65536 ALLOCSAMPLE_SEED=1 \
	harness_preload "$INTEG_WORKLOADS/reused" 4000 "$size" >"$HARNESS_DIR/out" 2>"$HARNESS_DIR/err" ||
	fail "the workload failed: $(cat "$HARNESS_DIR/err")"
harness_session_end reused
integ_trace_text "$HARNESS_DIR/trace" "$HARNESS_DIR/raw"

# One line per event of the workload's blocks, in trace order: A PTR
# FREE_TRACKED for a sample of SIZE bytes, F PTR for a SampledFree.
awk -v size="$size" '
	/allocsample:AllocationSampled/ && index($0, "size = " size ",") {
		match($0, /ptr = 0x[0-9A-Fa-f]+/); ptr = tolower(substr($0, RSTART + 6, RLENGTH - 6))
		match($0, /free_tracked = [01]/); print "A", ptr, substr($0, RSTART + 15, 1)
	}
	/allocsample:SampledFree/ {
		match($0, /ptr = 0x[0-9A-Fa-f]+/); print "F", tolower(substr($0, RSTART + 6, RLENGTH - 6))
	}' "$HARNESS_DIR/raw" >"$HARNESS_DIR/events"

aligned=$(harness_fact "$HARNESS_DIR/out" aligned 2)
tracked=$(awk '$1 == "A" && $3 == 1' "$HARNESS_DIR/events" | wc -l)
untracked=$(awk '$1 == "A" && $3 != 1' "$HARNESS_DIR/events" | wc -l)
# A SampledFree that ends no tracked sample's life, or a tracked sample
# at an address still live, or one never freed.
bad=$(awk '$1 == "A" && $3 == 1 { if ($2 in live) n++; live[$2] = 1 }
	$1 == "F" { if (!($2 in live)) n++; delete live[$2] }
	END { for (p in live) n++; print n + 0 }' "$HARNESS_DIR/events")
frees=$(awk '$1 == "F"' "$HARNESS_DIR/events" | wc -l)

check "the workload ran (${aligned:-no} page-aligned frees)" [ -n "$aligned" ]
check "at least 100 of its blocks were sampled ($tracked)" [ "$tracked" -ge 100 ]
check "every sample of its blocks was tracked ($untracked not)" [ "$untracked" -eq 0 ]
check "as many SampledFree as tracked blocks ($frees, $tracked)" [ "$frees" -eq "$tracked" ]
check "each SampledFree ended a tracked block's life at its free ($bad out of place)" [ "$bad" -eq 0 ]
check "page-aligned blocks that were not sampled were freed too: $((${aligned:-0} - tracked)) of the ${aligned:-0}" \
	[ "${aligned:-0}" -gt $((tracked * 2)) ]
check "nothing on standard error" [ ! -s "$HARNESS_DIR/err" ]
finish "$HARNESS_DIR/out"
