#!/bin/sh
# html.sh - allocsample-compare's page, rendered by headless Chromium, on
# two runs of tests/compare/stacks-workload (load_table allocating 32 times
# more in NEW: a ratio axis from x1/32 to x32, 11 powers of two on a
# quarter of the page):
#   - the script runs to the end;
#   - every stack row is named, each by its own label (the text's: the
#     stacks through build_index and load_table apart), its whole label
#     in its tooltip;
#   - no two labels of an axis overlap, on the ratio axis nor on the
#     bytes axis, nor the two charts' titles; a copy of the page whose
#     ratio axis labels every power of two must fail that check, so that
#     the check can fail;
#   - the screenshot is a drawn page.
# The geometry is read in the page itself: a script added at its end
# writes every label's box into the DOM (geometry.js).
#
# Needs chromium, and python3 for geometry.js's page and png-check.py.
set -eu
. "$AS_SRCDIR/tests/compare/lib.sh"
require chromium python3
compare_begin "$@"

compare_stack_run base 2 1
compare_stack_run new 2 32
compare_run page --group-by stack --format html -o "$d/page.html" "$d/base.json" "$d/new.json"
check "exit status 0, the page in its file ($COMPARE_STATUS; $(head -c 300 "$d/page.err"))" \
	sh -c '[ "$1" -eq 0 ] && [ -s "$2" ]' - "$COMPARE_STATUS" "$d/page.html"
compare_run json --group-by stack --format json "$d/base.json" "$d/new.json"

# geometry PAGE: the page rendered with geometry.js at its end, and what
# that script wrote (JSON) into PAGE.geometry.
geometry() {
	chromium_measure "$1" "$AS_SRCDIR/tests/compare/geometry.js" 1000,1200
}

geometry "$d/page.html"
check "the page's script ran to the end" grep -q '<div id="rendered" hidden="">complete</div>' "$d/page.html.dom"
g="$d/page.html.geometry"
jq -r '.names[] | "      row: \(.text)"' "$g" 2>/dev/null || true
check "every group has a row, named" \
	jq -e --argjson n "$(jq '.groups | length' "$d/json.out")" '(.names | length) == $n and all(.names[]; .text != "")' "$g"
check "each row's tooltip is its whole label, the text's" \
	jq -e --slurpfile c "$d/json.out" '[.names[].title] | sort == ([$c[0].groups[] | "\(.kind) \(.label)"] | sort)' "$g"
check "stack rows: each named apart, on the page as in the tooltip" \
	jq -e '[.names[] | select(.title | startswith("stack "))] | length >= 2 and
		([.[].text] | length == (unique | length)) and ([.[].title] | length == (unique | length))' "$g"
for f in build_index load_table; do
	check "the row of the stack through $f names it" \
		jq -e --arg f "$f" '[.names[] | select(.title | startswith("stack ") and contains($f))] | length == 1' "$g"
done
# The ratio axis's labels as powers of two: "×4" is 2, "×1/4" -2.
exponents='[.ticks[] | select(.axis == "ratio") | .text | ltrimstr("×") |
	if startswith("1/") then -(ltrimstr("1/") | tonumber | log2) else tonumber | log2 end]'
check "the ratio axis spans x1/16 to x16 at least ($(jq -c '[.ticks[] | select(.axis == "ratio") | .text]' "$g"))" \
	jq -e "$exponents | min <= -4 and max >= 4" "$g"
check "no two labels of an axis overlap ($(jq -c '.overlaps' "$g"))" jq -e '.overlaps == []' "$g"

# The check must be able to fail: every power of two labelled, as before.
sed 's/while (stride < span \&\& /while (false \&\& /' "$d/page.html" >"$d/crowded.html"
geometry "$d/crowded.html"
check "a ratio axis with every power of two labelled is caught ($(jq -c '.overlaps | length' "$d/crowded.html.geometry") overlaps)" \
	jq -e '(.overlaps | length) > 0' "$d/crowded.html.geometry"

chromium_check_screenshot "$d/page.html" --window-size=1000,1200
finish
