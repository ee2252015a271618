#!/bin/sh
# heap-html.sh - the heap over time, the flame graph's measures and the
# size classes on the HTML page, rendered by headless Chromium and
# measured there (heap-geometry.js, added at the page's end), on a real
# run of tests/heap/heap-phases-fp: 8 MiB live, then 32 MiB in phase
# "peak", 8 MiB, 20 MiB at the end (24 MiB of it from peak_alloc, freed
# after the peak; 12 MiB from late_alloc, kept; churn allocating the most
# and keeping nothing).  Checked:
#   - the heap chart (one process: its own chart, the total's being the
#     same) has its interval as a band and a peak mark at the report's
#     peak instant on the chart's own time axis, read from its labels;
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
#   - the screenshot is a drawn page (of the run that measured it).
# Where the peak instant lies (phase "peak", or the first steps of the
# fall on a loaded machine) is tests/heap/curve.sh's to check.  The
# widest leaves differ by 40% or more, many standard deviations at rate
# 16384, and a leaf without live samples has an estimate of exactly 0.  The seed is fixed, but the
# program's churn follows the clock, so the samples differ from run to
# run: these margins, not the seed, keep the checks from failing.
#
# Needs Debian's chromium, and python3 for png-check.py.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
require chromium python3
harness_enter "$@"
harness_start_sessiond

d=$HARNESS_DIR
ALLOCSAMPLE_SEED=20261127 record_run heap --rate 16384 --group-by stack --format html \
	--report-output "$d/page.html" -o "$d/trace" -- "$AS_BUILDDIR/tests/heap/heap-phases-fp" 100
[ "$RECORD_STATUS" -eq 0 ] ||
	harness_fail "allocsample-record exited with $RECORD_STATUS: $(tail -n 5 "$d/heap.err")"
report_json "$d/trace" "$d/report.json" -p 'group-by="stack"'
report_check_self_contained "$d/page.html"

# measured PAGE: PAGE.measured.html, a copy of PAGE whose last script is
# heap-geometry.js, which writes what it measures (JSON) into a
# <pre id="geometry">.
cp "$AS_SRCDIR/tests/report/heap-geometry.js" "$d/heap-geometry.js"
measured() {
	sed 's#</body>#<script src="heap-geometry.js"></script></body>#' "$1" >"$1.measured.html"
}

# geometry PAGE: what heap-geometry.js wrote into the DOM of
# PAGE.measured.html (PAGE.measured.html.dom), its text's escapes undone,
# into PAGE.geometry; "null" when it wrote nothing (the page's script or
# heap-geometry.js failed).
geometry() {
	sed -n 's|.*<pre id="geometry">\([^<]*\)</pre>.*|\1|p' "$1.measured.html.dom" |
		sed 's/&lt;/</g; s/&gt;/>/g; s/&nbsp;/\xc2\xa0/g; s/&amp;/\&/g' >"$1.geometry"
	[ -s "$1.geometry" ] || echo null >"$1.geometry"
}

# peak_inside GEOMETRY: whether the first heap chart's peak mark lies at
# the report's peak instant (seconds from the curve's first point), placed
# on the chart's time axis by its first and last labels, within 2 pixels.
# Whether that instant is where the program's heap peaks is
# tests/heap/curve.sh's to check, against the program's own account.
peak_s=$(jq '.timeline[] | select(.kind == "process") | (.peak_t_ns - .points[0].t_ns) / 1e9' "$d/report.json")
[ -n "$peak_s" ] || harness_fail "the report has no peak for the process"
peak_inside() {
	jq -e --argjson p "$peak_s" '.heap[0] as $h | ($h.ticks | length) >= 2 and $h.peak_x != null and
		($h.ticks[0]) as $f | ($h.ticks[-1]) as $l | (($l.x - $f.x) / ($l.value - $f.value)) as $px |
		($h.peak_x - ($f.x + ($p - $f.value) * $px)) | fabs <= 2' "$1" >/dev/null
}

measured "$d/page.html"
report_render "$d/page.html.measured.html" --window-size=1000,1500
geometry "$d/page.html"
g="$d/page.html.geometry"
check "the page's script ran to the end" grep -q '<div id="rendered" hidden="">complete</div>' "$d/page.html.measured.html.dom"
check "one heap chart, the process's, its interval a band ($(jq -c '[.heap[] | .bands]' "$g"))" \
	jq -e '(.heap | length) == 1 and .heap[0].bands == 1' "$g"
check "the peak mark (x $(jq '.heap[0].peak_x' "$g")) lies at the report's peak, $peak_s s, on the time axis" \
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
measured "$d/misplaced.html"
chromium_run "$d/misplaced.html.measured.html" --window-size=1000,1500 --dump-dom \
	>"$d/misplaced.html.measured.html.dom" || true
geometry "$d/misplaced.html"
if peak_inside "$d/misplaced.html.geometry"; then
	fail "a peak mark at the first instant is not caught"
else
	ok "a peak mark at the first instant is caught (x $(jq '.heap[0].peak_x' "$d/misplaced.html.geometry"))"
fi
finish
