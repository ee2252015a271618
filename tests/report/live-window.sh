#!/bin/sh
# live-window.sh - live bytes at each window's end on a trace of
# live-producer phases: 30 samples, 300 ms, 20 freed, 300 ms, 5 more.
# With 100 ms windows, some window ends between the phases: the peak is
# the earliest window end with 30 live samples, the last window ends with the 15
# live at the end of the trace.  JSON keeps that window end as live.peak;
# the text and the HTML page (rendered by headless Chromium) name one peak,
# the heap over time's, and none at a window's end.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
require chromium
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/phases"
report_traced phases -p 'window="100ms"' -- "$REPORT_BIN/live-producer" phases
totals='[.windows[] | select(.kind == "total")]'
peak=$(jq .live.peak.live_samples "$HARNESS_DIR/phases.json")
check "the peak holds the 30 samples live between the phases (got $peak)" [ "$peak" = 30 ]
largest=$(jq "$totals | max_by(.live_estimate) | .live_estimate" "$HARNESS_DIR/phases.json")
check "the peak is the largest window-end estimate ($largest)" \
	[ "$(jq .live.peak.live_estimate "$HARNESS_DIR/phases.json")" = "$largest" ]
row=$(jq -c "$totals | (map(.live_estimate) | max) as \$m | map(select(.live_estimate == \$m)) | first | [.window, .live_lower, .live_upper]" "$HARNESS_DIR/phases.json")
check "the peak has its window's interval ($row)" \
	[ "$(jq -c '.live.peak | [.window, .live_lower, .live_upper]' "$HARNESS_DIR/phases.json")" = "$row" ]
last=$(jq -c "$totals | last | [.live_samples, .live_estimate, .live_lower, .live_upper]" "$HARNESS_DIR/phases.json")
end=$(jq -c '.total | [.live_samples, .live_estimate, .live_lower, .live_upper]' "$HARNESS_DIR/phases.json")
check "the last window ends with the live figures of the end ($last)" [ "$last" = "$end" ]
# The window ends in time order, each count once while it lasts: 30, then
# 10, then 15, as the phases go.  Before the 30 come the window ends
# between the trace's start (the tracer's registration) and the end of the
# first phase, and between two phases the ends that fall while one is
# under way: as many as the machine's load makes, each between its
# neighbours.
counts=$(jq -r "$totals | map(.live_samples) | map(tostring) | join(\" \")" "$HARNESS_DIR/phases.json" |
	awk '{ for (i = 1; i <= NF; i++) if (i == 1 || $i != $(i - 1)) printf "%s%s", (i > 1 ? " " : ""), $i }')
phased=$(echo "$counts" | awk '{
	phase = 0
	for (i = 1; i <= NF; i++) {
		if (phase == 0 && $i == 30) phase = 1
		else if (phase == 0 && $i < 30) continue
		else if (phase == 1 && $i == 10) phase = 2
		else if (phase == 1 && $i > 10 && $i < 30) continue
		else if (phase == 2 && $i == 15) phase = 3
		else if (phase == 2 && $i > 10 && $i < 15) continue
		else { print "no"; exit }
	}
	print (phase == 3 ? "yes" : "no")
}')
check "window ends see 30 live, then 10, then 15 (counts in order: $counts)" [ "$phased" = yes ]
report_run "$trace" -p 'window="100ms"' >"$HARNESS_DIR/r.txt" 2>/dev/null ||
	harness_fail "the text report failed"
check "the text names one peak, the heap's" [ "$(grep -c -i 'peak' "$HARNESS_DIR/r.txt")" -eq 1 -a \
	"$(grep -c '^Peak of the live heap: ' "$HARNESS_DIR/r.txt")" -eq 1 ]
check "the text's windows are called so" grep -q '^Windows: ' "$HARNESS_DIR/r.txt"

# HTML: the page draws the live bytes beside the allocated ones at each
# window's end, and marks one peak, on the heap over time, in headless
# Chromium.
page="$HARNESS_DIR/r.html"
report_run "$trace" -p "format=\"html\",window=\"100ms\",path=\"$page\"" \
	>/dev/null 2>&1 || harness_fail "the HTML report failed"
chromium_run "$page" --dump-dom >"$HARNESS_DIR/dom.html" || true
check "HTML: the script ran to the end" \
	grep -q '<div id="rendered" hidden="">complete</div>' "$HARNESS_DIR/dom.html"
check "HTML: live bars per type" grep -q 'Bytes still live at the end per type' "$HARNESS_DIR/dom.html"
check "HTML: the windows' chart draws live bytes, one point per window end" \
	[ "$(grep -o '<circle class="live-line"' "$HARNESS_DIR/dom.html" | wc -l)" -eq "$(jq "$totals | length" "$HARNESS_DIR/phases.json")" ]
check "HTML: one peak marked, the heap over time's" \
	[ "$(grep -o 'class="peak-mark"' "$HARNESS_DIR/dom.html" | wc -l)" -eq 1 -a \
	  "$(grep -o 'class="live-peak"' "$HARNESS_DIR/dom.html" | wc -l)" -eq 0 ]
finish
