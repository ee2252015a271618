#!/bin/sh
# high-water.sh - LiveHighWater against the trace's own account of the live
# bytes.  At ALLOCSAMPLE_RATE=1 the shim's sum, max(size, rate) over the
# live tracked blocks, is the sum of the sizes of the trace's live samples;
# the workload's one thread grows its heap by 300 blocks of 64 KiB (19 MiB)
# with ALLOCSAMPLE_HIGH_WATER_FACTOR=1.5.  Each event must say that sum
# exactly; the first mark is 64 × rate, each next one the live bytes of the
# event before × 1.5 (so each mark is at least the one before × 1.5); no
# sample passes the mark without its event; and the peak is below the
# last event's live bytes × 1.5.  No statistics: the checks are exact.
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

ALLOCSAMPLE_RATE=1 ALLOCSAMPLE_STACK_DEPTH=2 ALLOCSAMPLE_HIGH_WATER_FACTOR=1.5 \
	harness_trace grow -- harness_preload "$INTEG_WORKLOADS/checkpoints" grow 300 65536
events="$HARNESS_DIR/grow.events"
checkpoint_events "$HARNESS_DIR/grow" "$events"
check "the workload grew its heap ($(harness_fact "$HARNESS_DIR/grow.out" grown 2) blocks)" \
	[ "$(harness_fact "$HARNESS_DIR/grow.out" grown 2)" = 300 ]
check "ALLOCSAMPLE_HIGH_WATER_FACTOR=1.5 is taken without a warning" [ ! -s "$HARNESS_DIR/grow.err" ]

awk '
	function bad(what) { if (nbad++ < 20) print "bad " what }
	{ delete f; for (i = 5; i <= NF; i++) { eq = index($i, "="); v = substr($i, eq + 1); f[substr($i, 1, eq - 1)] = v ~ /^[0-9]+$/ ? v + 0 : v } }
	pending && $1 != "LiveHighWater" { bad("the sum " sum[p] " passed the mark " mark[p] " without an event"); pending = 0 }
	{ p = $2 }
	!(p in mark) { mark[p] = 64 * 1 }
	$1 == "AllocationSampled" && f["free_tracked"] == 1 {
		w[p, f["ptr"]] = f["size"] > f["rate"] ? f["size"] : f["rate"]
		sum[p] += w[p, f["ptr"]]
		if (sum[p] > peak[p]) peak[p] = sum[p]
		if (sum[p] > mark[p]) pending = 1
	}
	$1 == "SampledFree" { sum[p] -= w[p, f["ptr"]]; delete w[p, f["ptr"]] }
	$1 == "LiveHighWater" {
		if (f["live_bytes"] != sum[p]) bad("an event says " f["live_bytes"] " live bytes, the trace " sum[p])
		if (f["mark"] != mark[p]) bad("an event says mark " f["mark"] ", the one due was " mark[p])
		if (f["mark"] >= f["live_bytes"]) bad("an event at " f["live_bytes"] " bytes, not past its mark " f["mark"])
		if (n[p] && f["mark"] < last_mark[p] * 1.5) bad("mark " f["mark"] " below 1.5 times the one before, " last_mark[p])
		last_mark[p] = f["mark"]
		last[p] = f["live_bytes"]
		mark[p] = int(f["live_bytes"] * 1500000 / 1000000)
		pending = 0
		n[p]++
	}
	END {
		for (q in n) {
			if (peak[q] > mark[q]) bad("the peak " peak[q] " is past the last mark " mark[q])
			printf "process %s events %d last %d peak %d\n", q, n[q], last[q], peak[q]
		}
	}' "$events" >"$HARNESS_DIR/verdict"
sed -n 's/^bad /      /p' "$HARNESS_DIR/verdict"
check "every LiveHighWater says the live bytes at its mark, every mark passed has one ($(grep -c '^bad' "$HARNESS_DIR/verdict" || true) problems)" \
	[ "$(grep -c '^bad' "$HARNESS_DIR/verdict" || true)" -eq 0 ]
count=$(awk '$1 == "process" { n += $4 } END { print n + 0 }' "$HARNESS_DIR/verdict")
# From 64 bytes to about 19.7 MB: one 64 KiB block passes the first marks at
# once, then about log(300) / log(1.5) = 14 more.
check "the growing heap passed marks ($count events, at least 10)" [ "$count" -ge 10 ]
check "the last event's live bytes are within the peak, and the peak below them × 1.5 ($(awk '$1 == "process" { print $6 " of " $8 }' "$HARNESS_DIR/verdict"))" \
	awk '$1 == "process" && $6 > 0 && !($6 <= $8 && $8 <= $6 * 1.5) { exit 1 }' "$HARNESS_DIR/verdict"
finish "$HARNESS_DIR/grow.out"
