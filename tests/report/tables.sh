#!/bin/sh
# tables.sh - which rows and columns the tables of the text and of the
# page have, on a real run of tables-workload (one thread, one type;
# allocate() asks for 3000 B blocks freed at once and 600 B blocks kept,
# the two paths' stacks differing by the line of the call to malloc only;
# refill(), called from two lines of main, for 4000 B blocks freed at once),
# recorded once with its stacks:
#   - text grouped by site with top=1 shows one site, the churn's, which
#     keeps nothing: its table has the live columns all the same, as the
#     total's does (the process's table is left out: one process, whose
#     figures the total gives); grouped by thread and type, the type table
#     alone (one thread: the thread table would be the process's);
#   - the page's table of lifetimes (grouped by thread, type and stack)
#     has the total's row and the stacks' only: the process, its thread
#     and its type hold the same samples as the total, and a note says
#     that 3 rows are left out;
#   - its stack rows, whose labels are alike, are named by their innermost
#     frame and line, the lines the program printed, and refill()'s two,
#     which end alike, by main's line too ("via");
#   - its size bars are labelled as the text's size table labels its
#     classes, "512 B–1 KiB" among them;
#   - the report has no note on CPython (pymalloc.sh has one);
#   - a run whose only live bytes at the end are a thread's named as
#     lttng-ust names its own (tables-workload tracer) has no live columns
#     in text, though its JSON total holds them: the tracer's allocation,
#     sampled in some runs and not in others, does not make the columns
#     come and go.
# No statistical check: the rows and columns depend on the samples only
# through each path having some (about 490 samples expected on the
# smallest, 2000 blocks of 600 B at rate 4096: missed with probability
# below e^-290).
#
# Needs Debian's chromium, and python3 for chromium_measure.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
require chromium python3
harness_enter "$@"
harness_start_sessiond

d=$HARNESS_DIR
ALLOCSAMPLE_SEED=5 ALLOCSAMPLE_RATE=4096 report_traced tables -p 'group-by=["thread","type","stack"]' \
	--stacks -- harness_preload "$REPORT_BIN/tables-workload"
trace="$d/tables"
for fact in pid churn kept refill first second; do
	report_fact "$fact" "$d/tables.out" "$fact"
done
check "the JSON report has the 4 stacks of allocate() and refill() ($(jq -c '[.groups[] | select(.kind == "stack") | .label | sub(".*;"; "")]' "$d/tables.json"))" \
	[ "$(jq '[.groups[] | select(.kind == "stack" and (.label | test(";(allocate|refill)$")))] | length' "$d/tables.json")" -eq 4 ]

check "the JSON report has no note on programs: tables-workload is not CPython ($(jq -c .notes "$d/tables.json"))" \
	jq -e '.notes == []' "$d/tables.json"

# Text, one table of sites cut to its largest row.
report_run "$trace" -p 'group-by="site",top=1' >"$d/sites.txt" 2>"$d/sites.err" ||
	harness_fail "the text report by site failed: $(tail -n 5 "$d/sites.err")"
check "text by site, top=1: one site row, allocate's churn at line $churn" \
	[ "$(sed -n '/^By site$/,/^$/p' "$d/sites.txt" | grep -c "allocate  *tables-workload.c:$churn ")" -eq 1 ]
check "text: the total holds live bytes" grep -q '^allocsample report: bytes allocated and still live at the end' "$d/sites.txt"
check "text: two tables, the sites' and the total's ($(grep -c ' ESTIMATE ' "$d/sites.txt"))" \
	[ "$(grep -c ' ESTIMATE ' "$d/sites.txt")" -eq 2 ]
check "text: each of them has the live columns ($(grep ' ESTIMATE ' "$d/sites.txt" | grep -c 'LIVE AT END  *LIVE INTERVAL'))" \
	[ "$(grep ' ESTIMATE ' "$d/sites.txt" | grep -c 'LIVE AT END  *LIVE INTERVAL')" -eq 2 ]
report_run "$trace" >"$d/default.txt" 2>"$d/default.err" ||
	harness_fail "the text report failed: $(tail -n 5 "$d/default.err")"
check "text by thread and type: no process table and no thread table, which would repeat the total ($(grep '^By ' "$d/default.txt" | paste -s -d ' ' -))" \
	[ "$(grep '^By ' "$d/default.txt" | paste -s -d ' ' -)" = "By type" ]

# The page, measured in Chromium: the lifetime table's first cells, the
# notes, the size bars' labels.
report_run "$trace" -p "format=\"html\",group-by=[\"thread\",\"type\",\"stack\"],path=\"$d/page.html\"" \
	>/dev/null 2>"$d/html.err" || harness_fail "the HTML report failed: $(tail -n 5 "$d/html.err")"
cat >"$d/measure.js" <<'EOF_MEASURE'
(function () {
	function texts(selector) {
		return Array.prototype.map.call(document.querySelectorAll(selector), function (e) { return e.textContent; });
	}
	var pre = document.createElement("pre");
	pre.id = "geometry";
	pre.textContent = JSON.stringify({
		rendered: document.getElementById("rendered") !== null,
		lifetimes: texts("table.lifetimes tbody tr td:first-child"),
		notes: texts("p.note"),
		sizes: Array.prototype.map.call(document.querySelectorAll("svg.sizes g.size"), function (g) {
			return g.querySelector("text").textContent;
		}),
	});
	document.body.appendChild(pre);
})();
EOF_MEASURE
chromium_measure "$d/page.html" "$d/measure.js" 1000,1500
m="$d/page.html.geometry"
check "the page's script ran to the end" jq -e '.rendered == true' "$m"
check "lifetimes: the total's row first ($(jq -c '.lifetimes[0]' "$m"))" jq -e '.lifetimes[0] == "every process"' "$m"
check "lifetimes: no row of the process, its thread or its type ($(jq -c '.lifetimes' "$m"))" \
	jq -e '.lifetimes | length > 1 and all(test("^(process|thread|type) ") | not)' "$m"
check "lifetimes: a note says that 3 rows are left out" jq -e '.notes | any(startswith("3 rows are left out"))' "$m"
# row LABEL TEXT: a check that exactly one row of the table is TEXT.
row() {
	check "lifetimes: $1 is one row, \"$2\"" jq -e --arg t "$2" '[.lifetimes[] | select(. == $t)] | length == 1' "$m"
}
row "allocate()'s churn" "stack allocate tables-workload.c:$churn"
row "allocate()'s kept blocks" "stack allocate tables-workload.c:$kept"
row "refill() from main's first call" "stack refill tables-workload.c:$refill via main tables-workload.c:$first"
row "refill() from main's second call" "stack refill tables-workload.c:$refill via main tables-workload.c:$second"
check "lifetimes: no two rows alike" jq -e '.lifetimes | length == (unique | length)' "$m"

report_run "$trace" -p 'sizes=true' >"$d/sizes.txt" 2>"$d/sizes.err" ||
	harness_fail "the text report with sizes failed: $(tail -n 5 "$d/sizes.err")"
text_sizes=$(sed -n '/^Sizes of /,/^$/p' "$d/sizes.txt" | awk 'NR == 2 { at = index($0, "SAMPLES") }
	NR > 2 && NF { label = substr($0, 1, at - 1); gsub(/^ +| +$/, "", label); print label }' | paste -s -d '|' -)
page_sizes=$(jq -r '.sizes | join("|")' "$m")
check "sizes: the text labels the classes ($text_sizes), 512 B–1 KiB among them" \
	sh -c 'case "|$1|" in *"|512 B–1 KiB|"*) ;; *) exit 1 ;; esac' - "$text_sizes"
check "sizes: the page's bars are labelled as the text's rows ($page_sizes)" [ "$page_sizes" = "$text_sizes" ]

ALLOCSAMPLE_SEED=5 ALLOCSAMPLE_RATE=4096 report_traced tracer -- harness_preload "$REPORT_BIN/tables-workload" tracer
tracer_live=$(jq '.total.live_samples' "$d/tracer.json")
check "tracer-like: the JSON total holds the thread's live samples ($tracer_live)" [ "${tracer_live:-0}" -gt 100 ]
report_run "$d/tracer" >"$d/tracer.txt" 2>"$d/tracer.err" ||
	harness_fail "the text report of the tracer-like run failed: $(tail -n 5 "$d/tracer.err")"
check "tracer-like: text tables ($(grep -c ' ESTIMATE ' "$d/tracer.txt")), none with the live columns" \
	[ "$(grep -c ' ESTIMATE ' "$d/tracer.txt")" -ge 3 -a "$(grep -c 'LIVE AT END' "$d/tracer.txt")" -eq 0 ]
finish
