#!/bin/sh
# heap-html.sh - the heap over time, the flame graph's measures and the
# size classes on the HTML page, rendered by headless Chromium and
# measured there (heap-geometry.js, added at the page's end), on a real
# run of tests/heap/heap-phases-fp: 8 MiB live, then 32 MiB in phase
# "peak", 8 MiB, 20 MiB at the end (24 MiB of it from peak_alloc, freed
# after the peak; 12 MiB from late_alloc, kept; churn allocating the most
# and keeping nothing).  Checked:
#   - the heap chart (one process: its own chart, the total's being the
#     same) has its interval as a band and a peak mark whose x lies inside
#     phase "peak" on the chart's own time axis, read from its labels;
#   - no two axis labels or legends of a chart overlap;
#   - the flame graph's switch offers the four measures; allocated (the
#     default, as sort says) draws the four leaf functions, "peak" makes
#     peak_alloc the widest and leaves out late_alloc, which held nothing
#     then (churn, which keeps nothing, may have a sampled block live at
#     that very instant), "live" makes late_alloc the widest and leaves out
#     peak_alloc and churn, "temporary" makes churn the widest;
#   - the size chart has bars;
#   - the lifetimes table has a survival button per group; no curve is
#     drawn until one is clicked, then one with its interval as a band;
#   - a copy of the page whose peak mark is drawn at the first instant
#     fails the peak's check, so that the check can fail;
#   - the screenshot is a drawn page.
# The peak lies where the heap peaks, from phase "peak" to the first free
# of phase "fall", but by a sampling accident: the kept blocks' samples
# make every instant of the plateau higher than any of the ramp's or the
# fall's, whichever churn block is sampled.  The widest leaves differ by
# 40% or more, many standard deviations at rate 16384, and a leaf without
# live samples has an estimate of exactly 0.  The seed is fixed, but the
# program's churn follows the clock, so the samples differ from run to
# run: these margins, not the seed, keep the checks from failing.
#
# Needs Debian's chromium, installed by tests/compat/require-packages.sh
# when missing (as root), and python3.
set -eu
. "$AS_SRCDIR/tests/heap/lib.sh"
"$AS_SRCDIR/tests/compat/require-packages.sh" chromium ||
	harness_fail "chromium is needed (Debian package chromium)"
harness_enter "$@"
harness_start_sessiond

d=$HARNESS_DIR
ALLOCSAMPLE_SEED=20261127 \
ALLOCSAMPLE_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_PLUGIN_PATH="$REPORT_PLUGIN_PATH" \
	"$AS_BUILDDIR/src/record/allocsample-record" --rate 16384 --group-by stack --format html \
	--report-output "$d/page.html" -o "$d/trace" -- "$HEAP_BIN/heap-phases-fp" 100 >"$d/out" 2>"$d/err" ||
	harness_fail "allocsample-record failed: $(cat "$d/err")"
report_run "$d/trace" -p 'format="json",group-by="stack"' >"$d/report.json" 2>"$d/json.err" ||
	harness_fail "the JSON report failed: $(cat "$d/json.err")"
report_check_self_contained "$d/page.html"

# geometry PAGE: the page rendered with heap-geometry.js at its end, and
# what that script wrote (JSON) into PAGE.geometry.
geometry() {
	chromium_measure "$1" "$AS_SRCDIR/tests/report/heap-geometry.js" 1000,1500
}

# peak_inside GEOMETRY: whether the first heap chart's peak mark lies
# where the heap is at its peak, placed on the chart's time axis by its
# first and last labels (seconds from the curve's first point): from the
# start of phase "peak" to the first free of phase "fall" (its start: a
# loaded machine may run the program late between the two), give or take
# the 2 ms LTTng's clock may lie from CLOCK_REALTIME.
t0=$(jq '.timeline[] | select(.kind == "process") | .points[0].t_ns' "$d/report.json")
set -- $(awk -v t0="$t0" '$1 == "phase" && $2 == "peak" { s = $3 } $1 == "phase" && $2 == "fall" { f = $3 }
	END { printf "%.6f %.6f\n", (s - t0 - 2000000) / 1e9, (f - t0 + 2000000) / 1e9 }' "$d/out")
peak_start=${1:-0} peak_end=${2:-0}
peak_inside() {
	jq -e --argjson a "$peak_start" --argjson b "$peak_end" '.heap[0] as $h | ($h.ticks | length) >= 2 and $h.peak_x != null and
		($h.ticks[0]) as $f | ($h.ticks[-1]) as $l | (($l.x - $f.x) / ($l.value - $f.value)) as $px |
		$h.peak_x >= $f.x + ($a - $f.value) * $px and $h.peak_x <= $f.x + ($b - $f.value) * $px' "$1" >/dev/null
}

geometry "$d/page.html"
g="$d/page.html.geometry"
check "the page's script ran to the end" grep -q '<div id="rendered" hidden="">complete</div>' "$d/page.html.dom"
check "one heap chart, the process's, its interval a band ($(jq -c '[.heap[] | .bands]' "$g"))" \
	jq -e '(.heap | length) == 1 and .heap[0].bands == 1' "$g"
check "the peak mark (x $(jq '.heap[0].peak_x' "$g")) lies at the heap's peak, $peak_start to $peak_end s, on the time axis" \
	peak_inside "$g"
check "no two axis labels or legends of a chart overlap ($(jq -c .overlaps "$g"))" jq -e '.overlaps == []' "$g"
check "a click on a group's survival button opens its curve with a band ($(jq -c .survival "$g"))" \
	jq -e '.survival.buttons >= 2 and .survival.before == 0 and .survival.charts == 1 and
		.survival.bands == 1 and .survival.lines == 1' "$g"
check "the flame graph switches between allocated, live at the end, live at the peak and temporary" \
	jq -e '.switch == ["allocated", "live", "peak", "temporary"]' "$g"
# widest MEASURE: the label of the widest leaf function's frame; leaves
# MEASURE: the leaf functions drawn, in order of their names.
widest() {
	jq -r --arg m "$1" '.flame[$m] // [] | map(select(.label | test("^(churn|[a-z]+_alloc)$"))) |
		if length > 0 then max_by(.width).label else "none" end' "$g"
}
leaves() {
	jq -r --arg m "$1" '[.flame[$m] // [] | .[] | select(.label | test("^(churn|[a-z]+_alloc)$")) | .label] | sort | join(",")' "$g"
}
check "by default (sort allocated) every leaf is drawn ($(leaves initial))" \
	[ "$(leaves initial)" = base_alloc,churn,late_alloc,peak_alloc ]
check "switched to the peak, peak_alloc's frame is the widest leaf ($(widest peak))" [ "$(widest peak)" = peak_alloc ]
# churn keeps nothing, but a sampled block of it may be live at the very
# instant of the peak (it then is drawn, thin): only the leaves that must
# be there, and late_alloc, whose blocks all come after the peak, absent.
check "and the leaves that held bytes then are drawn, not late_alloc's ($(leaves peak))" \
	sh -c 'case ,$1, in *,base_alloc,*peak_alloc,*) ;; *) exit 1 ;; esac; case ,$1, in *,late_alloc,*) exit 1 ;; esac' \
	- "$(leaves peak)"
check "switched to live at the end, late_alloc's is the widest ($(widest live))" [ "$(widest live)" = late_alloc ]
check "switched to temporary bytes, churn's is the widest ($(widest temporary))" [ "$(widest temporary)" = churn ]
check "and only the leaves that kept bytes are drawn ($(leaves live))" [ "$(leaves live)" = base_alloc,late_alloc ]
check "switched back to allocated, every leaf is drawn again ($(leaves allocated))" \
	[ "$(leaves allocated)" = base_alloc,churn,late_alloc,peak_alloc ]
check "the size chart has bars ($(jq -c '[.sizes[].bars]' "$g"))" jq -e '(.sizes | length) == 1 and .sizes[0].bars >= 1' "$g"

# The peak's check must be able to fail: its mark at the first instant.
sed 's/peakMark(svg, at, c, (c\.peak_t_ns - pts\[0\]\.t_ns) \/ 1e9)/peakMark(svg, at, c, 0)/' "$d/page.html" >"$d/misplaced.html"
check "the copy differs from the page" sh -c '! cmp -s "$1" "$2"' - "$d/page.html" "$d/misplaced.html"
geometry "$d/misplaced.html"
if peak_inside "$d/misplaced.html.geometry"; then
	fail "a peak mark at the first instant is not caught"
else
	ok "a peak mark at the first instant is caught (x $(jq '.heap[0].peak_x' "$d/misplaced.html.geometry"))"
fi

chromium_check_screenshot "$d/page.html" --window-size=1000,1500
finish
