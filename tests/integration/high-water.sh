#!/bin/sh
# high-water.sh - LiveHighWater against the trace's own account of the live
# bytes.  At ALLOCSAMPLE_RATE=1 the shim's sum, max(size, rate) over the
# live tracked blocks, is the sum of the sizes of the trace's live samples;
# the workload's one thread grows its heap by 300 blocks of 64 KiB (19 MiB)
# with ALLOCSAMPLE_HIGH_WATER_FACTOR=1.5.
#
# Said at once (ALLOCSAMPLE_HIGH_WATER_INTERVAL=0): each event must say
# that sum exactly; the first mark is 64 × rate, each next one the live
# bytes of the event before × 1.5 (so each mark is at least the one before
# × 1.5); no sample passes the mark without its event; and the peak is
# below the last event's live bytes × 1.5.
#
# Spaced (ALLOCSAMPLE_HIGH_WATER_INTERVAL=100, 100 blocks 10 ms apart, then
# one more 200 ms later): two events at least 50 ms apart by the trace's
# clock (the shim's is read just before the event: half the spacing leaves
# room for a thread preempted between the two, and none for a shim that
# does not space them); each event says the first mark it owes and the
# highest sum since; a sample two spacings after the last event while a
# mark is owed is followed by its event (the checkpoint thread, which
# also says owed marks, sleeps an hour here); fewer events than marks.
# No statistics: the checks are exact.
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

ALLOCSAMPLE_RATE=1 ALLOCSAMPLE_STACK_DEPTH=2 ALLOCSAMPLE_HIGH_WATER_FACTOR=1.5 ALLOCSAMPLE_HIGH_WATER_INTERVAL=0 \
	harness_trace grow -- harness_preload "$INTEG_WORKLOADS/checkpoints" grow 300 65536
events="$HARNESS_DIR/grow.events"
checkpoint_events "$HARNESS_DIR/grow" "$events"
check "the workload grew its heap ($(harness_fact "$HARNESS_DIR/grow.out" grown 2) blocks)" \
	[ "$(harness_fact "$HARNESS_DIR/grow.out" grown 2)" = 300 ]
check "ALLOCSAMPLE_HIGH_WATER_FACTOR=1.5 and _INTERVAL=0 are taken without a warning" [ ! -s "$HARNESS_DIR/grow.err" ]

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

ALLOCSAMPLE_RATE=1 ALLOCSAMPLE_STACK_DEPTH=2 ALLOCSAMPLE_HIGH_WATER_FACTOR=1.5 \
	ALLOCSAMPLE_HIGH_WATER_INTERVAL=100 ALLOCSAMPLE_CHECKPOINT_INTERVAL=3600000 \
	harness_trace spaced -- harness_preload "$INTEG_WORKLOADS/checkpoints" grow 100 65536 10
checkpoint_events "$HARNESS_DIR/spaced" "$HARNESS_DIR/spaced.events"
awk '
	function bad(what) { if (nbad++ < 20) print "bad " what }
	{ delete f; for (i = 5; i <= NF; i++) { eq = index($i, "="); v = substr($i, eq + 1); f[substr($i, 1, eq - 1)] = v ~ /^[0-9]+$/ ? v + 0 : v }; t = f["t"] }
	due && $1 != "LiveHighWater" { bad("a mark owed since " owed " was due at " t " ns without its event"); due = 0 }
	!started { mark = 64; started = 1 }
	$1 == "AllocationSampled" && f["free_tracked"] == 1 {
		w[f["ptr"]] = f["size"] > f["rate"] ? f["size"] : f["rate"]
		sum += w[f["ptr"]]
		if (owed && sum > high) high = sum
		if (sum > mark) { passed++; if (!owed) { owed = mark; high = sum }; mark = int(sum * 1500000 / 1000000) }
		if (owed && nevents && t - said >= 200000000) due = 1
		next
	}
	$1 == "SampledFree" { sum -= w[f["ptr"]]; delete w[f["ptr"]]; next }
	$1 == "LiveHighWater" {
		if (!owed) bad("an event with no mark owed")
		if (nevents && t - said < 50000000) bad("an event " t - said " ns after the one before")
		if (f["mark"] != owed) bad("an event says mark " f["mark"] ", the first owed was " owed)
		if (f["live_bytes"] != high) bad("an event says " f["live_bytes"] " live bytes, the highest since its mark " high)
		said = t; owed = 0; due = 0; nevents++
	}
	END { printf "events %d passed %d\n", nevents, passed }' "$HARNESS_DIR/spaced.events" >"$HARNESS_DIR/spaced.verdict"
sed -n 's/^bad /      /p' "$HARNESS_DIR/spaced.verdict"
check "spaced by the interval, each mark said with the first mark owed and the highest sum since, none owed two intervals ($(grep -c '^bad' "$HARNESS_DIR/spaced.verdict" || true) problems)" \
	[ "$(grep -c '^bad' "$HARNESS_DIR/spaced.verdict" || true)" -eq 0 ]
set -- $(sed -n 's/^events //p' "$HARNESS_DIR/spaced.verdict")
check "fewer events than marks passed ($1 events, $3 marks), at least 3" \
	sh -c '[ "$1" -ge 3 ] && [ "$1" -lt "$2" ]' - "$1" "$3"
finish "$HARNESS_DIR/grow.out"
