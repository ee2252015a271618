#!/bin/sh
# peak.sh - a high-water snapshot holds the peak: keep-churn keeps 48 MiB,
# churns 4 GiB through 64 KiB blocks (so that no snapshot holds the run's
# beginning), and halfway through holds one block twice as large as its
# heap, its peak, which passes the shim's next high-water mark by itself;
# under `allocsample-record --flight-recorder 4M`, the trigger on
# allocsample:LiveHighWater snapshots the session.  The program holds its
# peak until a high-water snapshot holds the LiveHighWater of it (read
# with babeltrace2 as the snapshots appear: a deadlock guard of two
# minutes), then frees it and goes on.  The report of that snapshot:
#   - reads it as a snapshot (JSON `snapshot`: its window begins after the
#     run did), its live figures complete (a checkpoint in the window);
#   - its peak interval, at 99.9%, holds the program's own count of its
#     peak.
set -eu
. "$AS_SRCDIR/tests/flight/lib.sh"
harness_enter "$@"
require babeltrace2 jq

facts=$HARNESS_DIR/peak.facts
ALLOCSAMPLE_SEED=11 record_bg peak --flight-recorder 4M --keep-snapshots 100 \
	-o "$HARNESS_DIR/peak.trace" --format json --report-output "$HARNESS_DIR/peak.json" \
	-- "$KEEP_CHURN" "$facts" 48 0 4096 11 wait

# peak_snapshot SPIKE: the high-water snapshot that holds a LiveHighWater
# of at least SPIKE live bytes, if one has appeared.
peak_snapshot() {
	for dir in "$HARNESS_DIR"/peak.trace/high-water-*; do
		[ -e "$dir/metadata" ] || [ -n "$(find "$dir" -name metadata 2>/dev/null)" ] || continue
		if babeltrace2 "$dir" 2>/dev/null |
			awk -v spike="$1" '/ allocsample:LiveHighWater: / {
				sub(/.*live_bytes = /, ""); sub(/[^0-9].*/, ""); if ($0 + 0 >= spike) found = 1 }
				END { exit !found }'; then
			printf '%s\n' "$dir"
			return 0
		fi
	done
}

snapshot=
for _ in $(seq 1200); do
	spike=$(harness_fact "$facts" spike 2)
	[ -z "$spike" ] || snapshot=$(peak_snapshot "$spike")
	[ -z "$snapshot" ] || break
	sleep 0.1
done
[ -n "$snapshot" ] || harness_fail "no high-water snapshot held the peak's LiveHighWater: $(ls "$HARNESS_DIR/peak.trace" | paste -s -d ' ' -)"
touch "$facts.go"
status=0
wait "$BG_PID" || status=$?
check "the run exits 0 ($status; $(tail -n 3 "$HARNESS_DIR/peak.err" | paste -s -d ' ' -))" [ "$status" -eq 0 ]

# One interval, one draw: at 99.9%, a correct build misses it with
# probability under 0.1% (the peak's instants, and so its interval, depend
# on when the snapshot was taken); coverage.sh judges the 95% rate.
report_json "$snapshot" "$HARNESS_DIR/peak-snapshot.json" -p 'snapshot-reason="high-water"' -p 'confidence=0.999'
json=$HARNESS_DIR/peak-snapshot.json
check "the high-water snapshot is read as one ($(jq -c .snapshot "$json"))" \
	[ "$(jq -r '.snapshot.reason' "$json")" = high-water ]
check "its live figures are complete: a checkpoint in the window" \
	[ "$(jq -r .total.live_incomplete "$json")" = false ]
flight_holds "its peak" "$(harness_fact "$facts" peak 2)" \
	"$(jq -r .total.peak_lower "$json")" "$(jq -r .total.peak_upper "$json")"
finish
