#!/bin/sh
# c.sh - live bytes of a C program (heap.c) against the truth it writes:
# blocks leaked on purpose through the typed API, a known fraction freed,
# frees on another thread than the allocation, realloc and reallocarray
# chains that move, shrink and end with realloc(p, 0), and frees by main
# late in the run.  Checked: every worker thread's live bytes at the end,
# every thread x type cell, the type "struct kept" (the workers' alone),
# and, with windows of 200 ms, each worker's live bytes at the end of one
# window inside each of the quiet gaps between the phases; freed-everything
# groups hold 0.  The leaks view (sort=live) lists groups by live bytes
# and, in text by stack, leaves out the stacks that hold nothing live;
# without it, text shows live figures only where samples are live.
#
# 17 intervals at 99.99% and their 5-standard-deviation rule: a correct
# build fails by chance with probability below 0.2% (17 x (0.01% +
# 0.0063%)).
set -eu
. "$AS_SRCDIR/tests/heap/lib.sh"
harness_enter "$@"
harness_start_sessiond

truth="$HARNESS_DIR/truth"
json="$HARNESS_DIR/c.json"
record_heap c --window 200ms -- "$HEAP_BIN/heap" "$truth" 1000
pid=$(awk '$1 == "pid" { print $2 }' "$truth")

check "the report has live figures" [ "$(jq '.total.live_estimate != null' "$json")" = true ]
check "nothing lost" [ "$(jq '.incomplete' "$json")" = false ]

# At the end: per worker thread, per cell, and the tag only the keeper uses.
check_lines "$truth" thread 4
awk '$1 == "thread" { print $2, $3, $4 }' "$truth" >"$truth.threads"
while read -r name tid bytes; do
	[ "$name" = consumer ] && continue # allocates nothing: no group
	check_live "thread $name" "$json" '.groups[]' \
		".kind == \"thread\" and .pid == $pid and .tid == $tid" "$bytes"
done <"$truth.threads"
heap_check_cells "$truth" "$json" "$pid"
kept=$(awk '$1 == "type" && $3 == "struct" && $4 == "kept" { print $2 }' "$truth")
check_live "type struct kept" "$json" '.groups[]' \
	".kind == \"type\" and .pid == $pid and .type == \"struct kept\"" "$kept"

# Chains that started with calloc were all reallocated: their calloc
# blocks were all freed, whatever the sampling.
reallocer=$(awk '$1 == "thread" && $2 == "reallocer" { print $3 }' "$truth")
check "reallocer's calloc blocks: no live sample" [ "$(jq ".groups[] |
	select(.kind == \"thread-type\" and .tid == $reallocer and .type == \"calloc\") |
	.live_samples" "$json")" = 0 ]

# Windows: the first window ending well inside each gap (100 ms from both
# ends: the trace's clock and CLOCK_REALTIME agree far better than that).
# Each gap's phase leaves live bytes in at least one thread.
check_lines "$truth" gap 4
awk '$1 == "gap" { print $2, $3, $4 }' "$truth" >"$truth.gaps"
while read -r phase start end; do
	window=$(jq -r --argjson lo "$((start + 100000000))" --argjson hi "$((end - 100000000))" \
		'[.windows[] | select(.kind == "total" and .end_ns >= $lo and .end_ns <= $hi) | .window] |
		 min // empty' "$json")
	if [ -z "$window" ]; then
		fail "gap $phase: no window ends inside it"
		continue
	fi
	awk -v k="$phase" '$1 == "phase" && $2 == k && $5 > 0 { print $3, $4, $5 }' "$truth" >"$truth.phase"
	check "gap $phase: a thread holds live bytes ($(wc -l <"$truth.phase") threads)" [ -s "$truth.phase" ]
	while read -r name tid bytes; do
		check_live "after phase $phase, window $window: $name" "$json" '.windows[]' \
			".kind == \"thread\" and .window == $window and .pid == $pid and .tid == $tid" "$bytes"
	done <"$truth.phase"
done <"$truth.gaps"
check "the peak is a window's live figures" [ "$(jq '.live.peak as $p |
	[.windows[] | select(.kind == "total" and .window == $p.window and
		.live_estimate == $p.live_estimate)] | length' "$json")" = 1 ]

# The leaks view: the same trace, grouped by thread and sorted by live
# bytes, lists the threads from the most live bytes down.
report_json "$HARNESS_DIR/c.trace" "$HARNESS_DIR/leaks.json" -p 'group-by="thread",sort="live"'
check "sort=live: threads in decreasing live bytes" [ "$(jq '[.groups[] | select(.kind == "thread") |
	.live_estimate] | . == (sort | reverse)' "$HARNESS_DIR/leaks.json")" = true ]
check "sort=live: the producer's thread first (3.3 MB live against 2.2 MB and 1.3 MB)" [ "$(jq "[.groups[] | select(.kind == \"thread\")][0].tid" \
	"$HARNESS_DIR/leaks.json")" = "$(awk '$1 == "thread" && $2 == "producer" { print $3 }' "$truth")" ]
# In text, the leaks view by stack shows only stacks that still hold
# something (the reallocer's calloc blocks were all reallocated).
report_run "$HARNESS_DIR/c.trace" -p 'group-by="stack",sort="live"' >"$HARNESS_DIR/leaks.txt" \
	2>"$HARNESS_DIR/leaks.err" || harness_fail "the leaks view failed: $(cat "$HARNESS_DIR/leaks.err")"
check "the leaks view says it leaves out the stacks with nothing live" \
	grep -q 'of them with nothing live at the end (not shown)' "$HARNESS_DIR/leaks.txt"
check "every stack it shows holds live samples" \
	sh -c "grep -q 'live at end: ' '$HARNESS_DIR/leaks.txt' && ! grep -q 'live at end: .*  0 samples' '$HARNESS_DIR/leaks.txt'"
# Not about leaks, by stack: the live line only under the stacks that hold
# something at the end (the producer's), none under the others (the
# reallocer's, whose blocks were all freed).
report_run "$HARNESS_DIR/c.trace" -p 'group-by="stack"' >"$HARNESS_DIR/stacks.txt" \
	2>"$HARNESS_DIR/stacks.err" || harness_fail "the report by stack failed: $(cat "$HARNESS_DIR/stacks.err")"
check "by stack: live lines only where samples are live ($(grep -c 'live at end: ' "$HARNESS_DIR/stacks.txt") of $(grep -c '^  #' "$HARNESS_DIR/stacks.txt") stacks)" \
	sh -c "grep -q 'live at end: ' '$HARNESS_DIR/stacks.txt' && ! grep -q 'live at end: .*  0 samples' '$HARNESS_DIR/stacks.txt'"
finish
