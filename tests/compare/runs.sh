#!/bin/sh
# runs.sh - allocsample-compare on real runs of tests/compare/workload
# (known bytes of "buffer", "node" and "string"), recorded by a private
# lttng-sessiond:
#   - the same workload twice, with different seeds: no significant change;
#   - the default groups: processes, threads, types, stacks and the total;
#   - a variant with 30% more "buffer" bytes: exactly that type increased,
#     with the true ratio inside its interval; --fail-above 10 exits 1 with
#     one line per offending group, --fail-above 50 exits 0;
#   - JSON reports and trace directories give the same answer;
#   - a side that lost events never yields the change the losses can cause;
#   - the text, CSV and HTML outputs (the page rendered by Chromium).
#
# At --confidence 0.999 with Holm's correction, a correct build fails the
# "no change" check with probability at most 0.1%, each "exactly buffer"
# check at most 0.1%, the true ratio falls outside its interval at most
# 0.1%; missing the 30% increase (about 9 standard deviations) is
# negligible: under 0.5% in all.  The seeds are fixed; the threads race
# for their seeds, so a run is not bit-for-bit reproducible.
set -eu
. "$AS_SRCDIR/tests/compare/lib.sh"
require chromium python3
compare_begin "$@"

compare_trace base 1
compare_trace again 2
compare_trace more 3 more
# JSON reports grouped as allocsample-compare groups by default.
for run in base again more; do
	report_json "$d/$run" "$d/$run.json" -p 'group-by=["thread","type","stack"]'
done
true_ratio=$(awk -v a="$(compare_fact "$d/base.facts" buffer)" -v b="$(compare_fact "$d/more.facts" buffer)" \
	'BEGIN { printf "%.6f", b / a }')
printf '      true buffer ratio %s\n' "$true_ratio"

# The same workload twice.
compare_run same --confidence 0.999 --format json "$d/base" "$d/again"
check "same workload: exit status 0 ($COMPARE_STATUS)" [ "$COMPARE_STATUS" -eq 0 ]
check "same workload: nothing on stderr ($(head -c 300 "$d/same.err"))" [ ! -s "$d/same.err" ]
json="$d/same.out"
check "same workload: Holm's correction, said so ($(jq -r .correction "$json"))" \
	[ "$(jq -r .correction "$json")" = holm ]
check "same workload: processes, threads, types, stacks and the total compared ($(jq -c '[.groups[].kind] | unique' "$json"))" \
	[ "$(jq -c '[.groups[].kind] | unique' "$json")" = '["process","stack","thread","total","type"]' ]
# Run from its build tree without ALLOCSAMPLE_PLUGIN_PATH, the command
# reports with that tree's component (compare/parts.c): the same document.
saved_plugin_path=$ALLOCSAMPLE_PLUGIN_PATH
unset ALLOCSAMPLE_PLUGIN_PATH
compare_run built --confidence 0.999 --format json "$d/base" "$d/again"
ALLOCSAMPLE_PLUGIN_PATH=$saved_plugin_path
export ALLOCSAMPLE_PLUGIN_PATH
check "build tree, no ALLOCSAMPLE_PLUGIN_PATH: the same comparison ($COMPARE_STATUS: $(head -c 300 "$d/built.err"))" \
	sh -c "[ '$COMPARE_STATUS' -eq 0 ] && jq -S . '$d/same.out' >'$d/same.sorted' &&
		jq -S . '$d/built.out' | cmp -s - '$d/same.sorted'"
# A stack of a few samples (the C library's start-up) may be sampled in
# one run only: every other group is in both.
check "same workload: every group but the stacks matched ($(jq -c '.verdicts' "$json"))" \
	[ "$(jq '[.groups[] | select(.kind != "stack" and (.base_threads == null or .new_threads == null))] | length' "$json")" -eq 0 ]
check "same workload: the two worker threads are one group of 2 threads" \
	[ "$(jq -c '[.groups[] | select(.kind == "thread" and .procname == "worker") | [.base_threads, .new_threads]]' "$json")" = '[[2,2]]' ]
changed=$(jq -c '[.groups[] | select(.significant) | "\(.kind) \(.procname) \(.type)"]' "$json")
check "same workload: no significant change ($changed)" [ "$changed" = '[]' ]
check "same workload: every verdict is unchanged" \
	[ "$(jq '[.groups[] | select(.verdict != "unchanged")] | length' "$json")" -eq 0 ]

# 30% more buffers.
compare_run more --confidence 0.999 --format json "$d/base" "$d/more"
json="$d/more.out"
check "variant: exit status 0 without --fail-above ($COMPARE_STATUS)" [ "$COMPARE_STATUS" -eq 0 ]
types=$(jq -c '[.groups[] | select(.kind == "type" and .significant) | "\(.type) \(.verdict)"]' "$json")
check "variant: exactly the buffer type increased ($types)" [ "$types" = '["buffer increase"]' ]
set -- $(jq -r '.groups[] | select(.kind == "type" and .type == "buffer") | "\(.ratio) \(.ratio_lower) \(.ratio_upper)"' "$json") x x x
check "variant: the true ratio $true_ratio is in the buffer's interval [$2, $3] (estimate $1)" \
	awk -v t="$true_ratio" -v lo="$2" -v hi="$3" 'BEGIN { exit !(lo <= t && t <= hi) }'
for type in node string; do
	set -- $(jq -r ".groups[] | select(.kind == \"type\" and .type == \"$type\") | \"\(.verdict) \(.ratio_lower) \(.ratio_upper)\"" "$json") x x x
	check "variant: $type unchanged, its interval [$2, $3] holds 1" \
		awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v == "unchanged" && lo <= 1 && 1 <= hi) }'
done
figures=$(jq -r '.groups[] | select(.kind == "type" and .type == "buffer") | "\(.base_estimate) \(.base_lower) \(.base_upper) \(.new_estimate) \(.new_lower) \(.new_upper)"' "$json")
check "variant: both sides' buffer estimates and intervals are exact integers ($figures)" \
	sh -c 'printf "%s\n" "$1" | grep -Eq "^[0-9]+( [0-9]+){5}\$"' - "$figures"

compare_run gate10 --confidence 0.999 --fail-above 10 "$d/base" "$d/more"
check "--fail-above 10: exit status 1 ($COMPARE_STATUS)" [ "$COMPARE_STATUS" -eq 1 ]
check "--fail-above 10: a line names the buffer type ($(cat "$d/gate10.err"))" \
	grep -q '^allocsample-compare: regression: type workload: buffer: .*above the limit of +10%$' "$d/gate10.err"
lines=$(grep -c 'regression:' "$d/gate10.err" || true)
offending=$(jq '[.groups[] | select(.significant and .verdict == "increase" and .ratio_lower > 1.1)] | length' "$json")
check "--fail-above 10: one line per offending group ($lines lines, $offending groups)" [ "$lines" -eq "$offending" ]
check "--fail-above 10: the text report is still printed" grep -q '^Changed: ' "$d/gate10.out"
compare_run gate50 --confidence 0.999 --fail-above 50 "$d/base" "$d/more"
check "--fail-above 50: exit status 0 ($COMPARE_STATUS)" [ "$COMPARE_STATUS" -eq 0 ]
check "--fail-above 50: no regression line" [ ! -s "$d/gate50.err" ]

# JSON reports and trace directories: the same groups, figures and verdicts.
compare_run json-json --confidence 0.999 --format json "$d/base.json" "$d/more.json"
compare_run json-trace --confidence 0.999 --format json "$d/base.json" "$d/more"
check "JSON input: exit status 0 ($COMPARE_STATUS)" [ "$COMPARE_STATUS" -eq 0 ]
check "JSON reports and trace directories give the same groups" \
	sh -c "[ \"\$(jq -S .groups '$d/json-json.out')\" = \"\$(jq -S .groups '$d/more.out')\" ]"
check "a JSON report against a trace directory too" \
	sh -c "[ \"\$(jq -S .groups '$d/json-trace.out')\" = \"\$(jq -S .groups '$d/more.out')\" ]"
check "the inputs are said ($(jq -c '[.baseline.input, .new.input]' "$d/json-trace.out"))" \
	[ "$(jq -c '[.baseline.input, .new.input]' "$d/json-trace.out")" = '["json","trace"]' ]

# Losses.  Against the variant as BASELINE, the plain run is a significant
# decrease of buffer; with events lost on NEW's side it must not be.
trace_lossy_copy "$d/base" "$d/lossy" 1000
compare_run lossless --confidence 0.999 --format json "$d/more" "$d/base"
check "control: the variant against the plain run is a buffer decrease" \
	[ "$(jq -r '.groups[] | select(.kind == "type" and .type == "buffer") | .verdict' "$d/lossless.out")" = decrease ]
compare_run lossy --confidence 0.999 --format json "$d/more" "$d/lossy"
json="$d/lossy.out"
check "NEW lost events: exit status 0 ($COMPARE_STATUS)" [ "$COMPARE_STATUS" -eq 0 ]
check "NEW lost events: a warning says so ($(cat "$d/lossy.err"))" \
	grep -q 'NEW .*lost events (1000 discarded events.*no decrease is called' "$d/lossy.err"
check "NEW lost events: no decrease verdict at all" \
	[ "$(jq '[.groups[] | select(.verdict == "decrease")] | length' "$json")" -eq 0 ]
check "NEW lost events: buffer's decrease is withheld, its groups marked incomplete" \
	[ "$(jq -c '.groups[] | select(.kind == "type" and .type == "buffer") | [.verdict, .withheld, .new_incomplete, .base_incomplete]' "$json")" = '["unchanged",true,true,false]' ]
compare_run lossy-base --confidence 0.999 --format json "$d/lossy" "$d/more"
check "BASELINE lost events: the increase it can cause is withheld too" \
	[ "$(jq -c '.groups[] | select(.kind == "type" and .type == "buffer") | [.verdict, .withheld]' "$d/lossy-base.out")" = '["unchanged",true]' ]
compare_run lossy-text --confidence 0.999 "$d/more" "$d/lossy"
check "NEW lost events: the text marks and explains it" \
	sh -c "grep -q '^  unchanged (L) *type *workload: buffer .*!L\$' '$d/lossy-text.out' &&
	       grep -q '^L a change in the direction lost events or a cut can cause' '$d/lossy-text.out'"

# Text: changed groups first, largest change first; the correction said.
compare_run text --confidence 0.999 "$d/base.json" "$d/more.json"
sed 's/^/      | /' "$d/text.out"
check "text: Holm's correction and the number of groups are said" \
	grep -q "with Holm's step-down correction over [0-9]* groups" "$d/text.out"
changed_rows=$(awk '/^Changed: /{ on = 1; getline; next } /^$/ { on = 0 } on' "$d/text.out")
check "text: the Changed section holds the significant groups, all increases" \
	sh -c "printf '%s\n' \"\$1\" | awk '{ if (\$1 != \"increase\") exit 1 }' &&
	       [ \"\$(printf '%s\n' \"\$1\" | wc -l)\" -eq \"\$2\" ]" - "$changed_rows" \
		"$(jq '[.groups[] | select(.significant)] | length' "$d/more.out")"
check "text: buffer's row says +25% to +35% and its ratio's interval" \
	sh -c "printf '%s\n' \"\$1\" | grep -Eq '^  increase +type +workload: buffer .* \\+(2[5-9]|3[0-5])% +\\[1\\.[0-9]+, 1\\.[0-9]+\\]\$'" - "$changed_rows"
check "text: human units" grep -q 'MiB  \[' "$d/text.out"
check "text: the unchanged groups follow" grep -q '^No significant change: ' "$d/text.out"

# CSV: a header and one line per group, exact integers.
compare_run csv --confidence 0.999 --format csv "$d/base.json" "$d/more.json"
check "csv: one line per group and a header" \
	[ "$(wc -l <"$d/csv.out")" -eq $(($(jq '.groups | length' "$d/more.out") + 1)) ]
check "csv: the header starts with the report's key names" \
	grep -q '^kind,host,procname,process,type,' "$d/csv.out"
check "csv: buffer's line is an increase with integer bytes" \
	grep -Eq '^type,,workload,workload,buffer,.*,false,1,[0-9]+,[0-9]+,[0-9]+,[0-9]+,false,false,1,[0-9]+,[0-9]+,[0-9]+,[0-9]+,false,false,.*,true,false,increase,0\.999,holm,$' "$d/csv.out"

# A group on one side only: the string type taken out of the baseline's
# report appears in NEW; the other way round it disappears.  The missing
# side is "below N bytes", N the 99.9% bound of no sample at the rate.
jq 'del(.groups[] | select(.kind == "type" and .type == "string"))' "$d/base.json" >"$d/nostring.json"
compare_run appeared --confidence 0.999 --format json "$d/nostring.json" "$d/more.json"
check "appeared: exit status 0 ($COMPARE_STATUS)" [ "$COMPARE_STATUS" -eq 0 ]
set -- $(jq -r '.groups[] | select(.kind == "type" and .type == "string") | "\(.verdict) \(.base_threads) \(.base_samples) \(.base_upper) \(.ratio) \(.ratio_upper) \(.significant)"' "$d/appeared.out") x x x x x x x
check "appeared: the string type appeared, BASELINE without samples below a bound, an infinite ratio ($*)" \
	sh -c '[ "$1" = "appeared null 0 null null true" ] && [ "$2" -gt 20000 ] && [ "$2" -lt 40000 ]' - "$1 $2 $3 $5 $6 $7" "$4"
compare_run appeared-text --confidence 0.999 "$d/nostring.json" "$d/more.json"
check "appeared: the text says \"below\" and \"new\"" \
	grep -Eq '^  appeared +type +workload: string +- +below [0-9.]+ KiB .* new ' "$d/appeared-text.out"
compare_run disappeared --confidence 0.999 --format json "$d/more.json" "$d/nostring.json"
check "disappeared: the other way round ($(jq -c '.groups[] | select(.kind == "type" and .type == "string") | [.verdict, .new_samples, .ratio]' "$d/disappeared.out"))" \
	[ "$(jq -c '.groups[] | select(.kind == "type" and .type == "string") | [.verdict, .new_samples, .ratio]' "$d/disappeared.out")" = '["disappeared",0,0]' ]

# HTML: one self-contained page, rendered by headless Chromium.
compare_run html --confidence 0.999 --format html -o "$d/page.html" "$d/base.json" "$d/more.json"
check "html: exit status 0, the page in the file ($COMPARE_STATUS)" \
	sh -c "[ '$COMPARE_STATUS' -eq 0 ] && [ -s '$d/page.html' ] && [ ! -s '$d/html.out' ]"
check "html: self-contained: no external script, style, image or frame" \
	sh -c "! grep -Eiq '<(script|link|img|iframe)[^>]*(src|href)=|@import|url\\(http' '$d/page.html'"
chromium_run "$d/page.html" --dump-dom >"$d/dom.html" || true
check "html: the script ran to the end and drew both sections" \
	sh -c "grep -q '<div id=\"rendered\" hidden=\"\">complete</div>' '$d/dom.html' &&
	       grep -q 'Changed, largest change first' '$d/dom.html' &&
	       grep -q 'No significant change, largest first' '$d/dom.html'"
finish
