#!/bin/sh
# flamegraph.sh - format=html with group-by stack on a real trace of
# stacks-workload, rendered by headless Chromium: the page's flame graph
# has a frame for each of the workload's functions, with its figures and
# source in the tooltip, one root per process (its name and pid, as the
# JSON's call tree has them), and stacks_rare (about 8 samples) hatched as
# imprecise while stacks_alpha (about 160) is not, as the JSON's call tree
# says; a click on a frame zooms to it (stacks_gamma then takes the whole
# width); a switch makes the frames as wide as their temporary bytes (only
# frames with temporary bytes are drawn, in proportion); the screenshot is
# a drawn page.
#
# One Chromium run, of a copy of the page whose last script (clicks.js)
# keeps a copy of the graph as drawn, clicks the switch to temporary bytes
# and keeps a copy of the graph, clicks back to the bytes allocated and on
# stacks_gamma, and keeps a copy of the graph again; the screenshot of the
# same run shows the top of the page, above the graph.
#
# Needs Debian's chromium, and python3 for flame-frames.py and png-check.py.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
require chromium python3
harness_enter "$@"
harness_start_sessiond

# The workload frees its blocks as it ends, a few milliseconds after it
# allocated them on a quiet machine and more on a loaded one: with
# temporary="1m" every freed block is temporary, whatever the load, and
# the graph of temporary bytes has its frames.
report_traced stacks -p 'group-by="stack",temporary="1m"' --stacks -- stacks_workload
trace="$HARNESS_DIR/stacks"
json="$HARNESS_DIR/stacks.json"
page="$HARNESS_DIR/report.html"
report_run "$trace" -p "format=\"html\",group-by=\"stack\",temporary=\"1m\",path=\"$page\"" >/dev/null \
	2>"$HARNESS_DIR/stderr" || harness_fail "the report failed: $(cat "$HARNESS_DIR/stderr")"
report_check_self_contained "$page"

# The copy that clicks: its graph as the page drew it in
# <div id="flame-drawn">, after the switch to temporary bytes in
# <div id="flame-temporary">, after the click on stacks_gamma in
# <div id="flame-zoom">.
cat >"$HARNESS_DIR/clicks.js" <<'EOF_CLICKS'
(function () {
	function keep(id) {
		var copy = document.createElement("div");
		copy.id = id;
		copy.innerHTML = document.getElementById("flame").innerHTML;
		document.body.appendChild(copy);
	}
	keep("flame-drawn");
	document.querySelector("#flame-switch button[data-measure=temporary]").click();
	keep("flame-temporary");
	document.querySelector("#flame-switch button[data-measure=allocated]").click();
	document.querySelectorAll("#flame .frame").forEach(function (g) {
		if (g.querySelector("title").textContent.split("\n")[0] === "stacks_gamma")
			g.dispatchEvent(new MouseEvent("click", { bubbles: true }));
	});
	keep("flame-zoom");
})();
EOF_CLICKS
sed 's#</body>#<script src="clicks.js"></script></body>#' "$page" >"$HARNESS_DIR/clicks.html"
report_render "$HARNESS_DIR/clicks.html"
dom="$HARNESS_DIR/clicks.html.dom"

# flame_frames HOLDER OUT: the graph in <div id="HOLDER"> of the DOM
# (flame-frames.py): "svg" and the graph's width, then per frame CLASS, X,
# Y, WIDTH, FILL and TOOLTIP, tab-separated, the tooltip's first line the
# label.
flame_frames() {
	python3 "$AS_SRCDIR/tests/report/flame-frames.py" "$dom" "$1" >"$2" ||
		harness_fail "cannot read the graph of <div id=\"$1\"> from the DOM"
}
frames="$HARNESS_DIR/frames"
flame_frames flame-drawn "$frames"
flame_frames flame-zoom "$HARNESS_DIR/zoom-frames"
flame_frames flame-temporary "$HARNESS_DIR/temporary-frames"

check "the page's script ran to the end (<div id=\"rendered\"> in the DOM)" \
	grep -q '<div id="rendered" hidden="">complete</div>' "$dom"
check "the page has its flame graph" grep -q '<h2>Call stacks: flame graph</h2>' "$dom"
printf '      %s frames drawn\n' "$(grep -c '^frame' "$frames")"

# frame_field LABEL N: field N of the first frame labelled LABEL.
frame_field() {
	awk -F'\t' -v label="$1" -v n="$2" '$1 ~ /^frame/ { split($6, t, /\\n/); if (t[1] == label) { print $n; exit } }' "$frames"
}
for f in main stacks_alpha stacks_outer stacks_inlined stacks_worker stacks_gamma stacks_beta stacks_rare; do
	check "a frame for $f" [ -n "$(frame_field "$f" 1)" ]
done
frame_field stacks_alpha 6 >"$HARNESS_DIR/alpha.title"
check "stacks_alpha's tooltip: its file and line, binary, estimate, interval and samples" \
	grep -Eq 'stacks-workload\.c:[0-9]+\\nin /.*/stacks-workload\\n[0-9.]+ [KMG]?i?B, 95% interval \[[^]]*\], [0-9]+ samples' \
	"$HARNESS_DIR/alpha.title"
jq -r '.call_tree[] | "\(.label) \(.pid)"' "$json" | LC_ALL=C sort >"$HARNESS_DIR/roots.json"
awk -F'\t' '$1 ~ /^frame/ && $3 == 0 { sub(/^process /, "", $6); sub(/\\n.*/, "", $6); print $6 }' "$frames" |
	LC_ALL=C sort >"$HARNESS_DIR/roots.page"
check "one root per process, on the top row, named after it with its pid: $(tr '\n' ' ' <"$HARNESS_DIR/roots.page")" \
	sh -c "[ -s '$HARNESS_DIR/roots.page' ] && cmp -s '$HARNESS_DIR/roots.json' '$HARNESS_DIR/roots.page' &&
	       [ \$(wc -l <'$HARNESS_DIR/roots.json') -eq \$(jq '[.groups[] | select(.kind == \"process\")] | length' '$json') ]"

# The JSON's call tree says which nodes are imprecise; the page must agree.
imprecise_in_json() {
	jq -r --arg f "$1" '[.. | objects | select(has("children") and .function == $f) | .imprecise] | unique | map(tostring) | join(",")' "$json"
}
check "the JSON's tree: stacks_rare imprecise, stacks_alpha not" \
	[ "$(imprecise_in_json stacks_rare),$(imprecise_in_json stacks_alpha)" = "true,false" ]
rare="$(frame_field stacks_rare 1) $(frame_field stacks_rare 5)"
alpha="$(frame_field stacks_alpha 1) $(frame_field stacks_alpha 5)"
check "the page hatches stacks_rare as imprecise ($rare)" \
	sh -c "echo '$rare' | grep -q '^frame imprecise url(#flame-hatch-'"
check "and not stacks_alpha ($alpha)" sh -c "echo '$alpha' | grep -q '^frame rgb('"

# A click on stacks_gamma zooms to it.
check "after a click, stacks_gamma and stacks_beta take the whole width, their callers above, stacks_alpha gone" \
	awk -F'\t' '
		$1 == "svg" { w = $2 }
		$1 !~ /^frame/ { next }
		{ label = $6; sub(/\\n.*/, "", label); full = $4 + 0.5 >= w - 0.01 }
		label == "stacks_gamma" && $2 + 0 == 0 && full { gamma = 1 }
		label == "stacks_beta" && full { beta = 1 }
		$1 ~ /caller/ { callers++ }
		label == "stacks_alpha" { alpha = 1 }
		END { exit !(w > 0 && gamma && beta && callers >= 2 && !alpha) }' "$HARNESS_DIR/zoom-frames"

# The frames' widths as temporary bytes: every frame drawn is a node with
# temporary bytes in the JSON, its tooltip gives them, and each process
# root is as wide as its share of the temporary bytes of all.
check "the page offers temporary bytes as the frames' widths" \
	grep -q 'data-measure="temporary"' "$dom"
jq -r '[.call_tree[] | .. | objects | select(has("children") and .temporary_estimate > 0) | .label] |
	unique | .[]' "$json" >"$HARNESS_DIR/temporary-labels"
awk -F'\t' '$1 ~ /^frame/ && $3 != 0 { sub(/\\n.*/, "", $6); print $6 }' "$HARNESS_DIR/temporary-frames" |
	sort -u >"$HARNESS_DIR/temporary-drawn"
check "temporary bytes: frames are drawn, and each has temporary bytes in the JSON ($(tr '\n' ' ' <"$HARNESS_DIR/temporary-drawn"))" \
	sh -c "[ -s '$HARNESS_DIR/temporary-drawn' ] && ! grep -vxFf '$HARNESS_DIR/temporary-labels' '$HARNESS_DIR/temporary-drawn'"
check "temporary bytes: every tooltip gives them" \
	awk -F'\t' '$1 ~ /^frame/ { n++; if ($6 !~ /freed within 60000 ms/) bad = 1 } END { exit bad || !n }' \
	"$HARNESS_DIR/temporary-frames"
total=$(jq '[.call_tree[].temporary_estimate] | add' "$json")
check "temporary bytes: each root as wide as its share of $total temporary bytes (some)" \
	awk -F'\t' -v total="$total" -v shares="$(jq -r '[.call_tree[] | "\(.label) \(.pid) \(.temporary_estimate)"] | join(";")' "$json")" '
		BEGIN { n = split(shares, s, ";"); for (i = 1; i <= n; i++) { k = s[i]; sub(/ [^ ]*$/, "", k); v = s[i]; sub(/.* /, "", v); share[k] = v } }
		$1 == "svg" { w = $2 }
		$1 ~ /^frame/ && $3 == 0 { label = $6; sub(/^process /, "", label); sub(/\\n.*/, "", label)
			want = w * share[label] / total; d = $4 + 0.5 - want; if (d < 0) d = -d; if (d > 1) bad = 1; roots++ }
		END { exit bad || !(total > 0 && roots) }' "$HARNESS_DIR/temporary-frames"
finish
