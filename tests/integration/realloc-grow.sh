#!/bin/sh
# realloc-grow.sh - tracked blocks resized by the next realloc
# (doc/sampling.md, "Free tracking", realloc): two threads grow buffers
# from 16 bytes to 4 MiB by realloc, half again each step, then shrink
# them, at rate 1 (every resize sampled) and at 16384 (the small ones
# mostly not).  The program checks that every resize kept its bytes; in
# the trace each process's tracked samples are page-aligned, none at an
# address a live tracked sample holds, each SampledFree ends one, none is
# left.  A resize no allocator grants (SIZE_MAX - 4096) leaves the block
# tracked: its SampledFree comes at its free, after the marker block
# allocated once the resize was refused.
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

harness_session realloc-grow --output "$HARNESS_DIR/trace"
for rate in 1 16384; do
	LTTNG_UST_REGISTER_TIMEOUT=-1 ALLOCSAMPLE_RATE=$rate ALLOCSAMPLE_SEED=1 \
		harness_preload "$INTEG_WORKLOADS/realloc-grow" 2 >"$HARNESS_DIR/out.$rate" 2>"$HARNESS_DIR/err.$rate" ||
		fail "the workload failed at rate $rate: $(cat "$HARNESS_DIR/out.$rate" "$HARNESS_DIR/err.$rate")"
done
harness_session_end realloc-grow
integ_trace_text "$HARNESS_DIR/trace" "$HARNESS_DIR/raw"

# One line per event of the workload's processes, in trace order: A VPID
# PTR FREE_TRACKED MAIN for a sample (MAIN 1 on the main thread, whose
# own blocks, stdout's buffer say, live to the end), F VPID PTR for a
# SampledFree.
awk '
	!/procname = "realloc-grow"/ { next }
	{
		match($0, /vpid = [0-9]+/); vpid = substr($0, RSTART + 7, RLENGTH - 7)
		match($0, /vtid = [0-9]+/); main = substr($0, RSTART + 7, RLENGTH - 7) == vpid
		match($0, /ptr = 0x[0-9A-Fa-f]+/); ptr = tolower(substr($0, RSTART + 6, RLENGTH - 6))
	}
	/allocsample:AllocationSampled/ { match($0, /free_tracked = [01]/); print "A", vpid, ptr, substr($0, RSTART + 15, 1), main }
	/allocsample:SampledFree/ { print "F", vpid, ptr }' "$HARNESS_DIR/raw" >"$HARNESS_DIR/events"

tracked=$(awk '$1 == "A" && $4 == 1' "$HARNESS_DIR/events" | wc -l)
untracked=$(awk '$1 == "A" && $4 != 1' "$HARNESS_DIR/events" | wc -l)
processes=$(awk '{ print $2 }' "$HARNESS_DIR/events" | sort -u | wc -l)
unaligned=$(awk '$1 == "A" && $4 == 1 && $3 !~ /000$/' "$HARNESS_DIR/events" | wc -l)
# Per process: a tracked sample at an address still live, a SampledFree
# that ends no tracked sample's life, or a tracked sample of the threads
# never freed.
bad=$(awk '$1 == "A" && $4 == 1 { k = $2 " " $3; if (k in live) n++; live[k] = $5 }
	$1 == "F" { k = $2 " " $3; if (!(k in live)) n++; delete live[k] }
	END { for (k in live) if (!live[k]) n++; print n + 0 }' "$HARNESS_DIR/events")
refused=$(harness_fact "$HARNESS_DIR/out.1" refused 2)
marker=$(harness_fact "$HARNESS_DIR/out.1" marker 2)
# In the rate-1 process: the line numbers of the marker's sample and of the
# refused block's SampledFree.
order=$(awk -v refused="${refused:-none}" -v marker="${marker:-none}" '
	$1 == "A" && $3 == marker && !m { m = NR }
	$1 == "F" && $3 == refused { f = NR }
	END { print m + 0, f + 0 }' "$HARNESS_DIR/events")

check "the program's buffers kept their bytes at rate 1 and 16384" \
	sh -c 'grep -qx ok "$1" && grep -qx ok "$2"' sh "$HARNESS_DIR/out.1" "$HARNESS_DIR/out.16384"
check "both processes are in the trace ($processes)" [ "$processes" -eq 2 ]
check "at least 500 tracked samples ($tracked)" [ "$tracked" -ge 500 ]
check "every sample was tracked ($untracked not)" [ "$untracked" -eq 0 ]
check "every tracked sample is page-aligned ($unaligned not)" [ "$unaligned" -eq 0 ]
check "each SampledFree ended a tracked block's life, none of the threads' left ($bad out of place)" [ "$bad" -eq 0 ]
check "the refused resize's block was freed after the marker's sample (lines ${order})" \
	sh -c 'set -- $1; [ "$1" -gt 0 ] && [ "$2" -gt "$1" ]' sh "$order"
check "nothing on standard error" sh -c '[ ! -s "$1" ] && [ ! -s "$2" ]' sh "$HARNESS_DIR/err.1" "$HARNESS_DIR/err.16384"
finish "$HARNESS_DIR/out.1"
