#!/bin/sh
# function.sh - group-by function on stacks.c (frame pointers), whose call
# paths allocate known bytes: each function's self bytes (the samples whose
# leaf it is) and total bytes (the samples with it anywhere on the stack,
# each once) hold the program's own count of them in their intervals, for
# functions that allocate (leaf_alloc reached by two paths, recurse seven
# frames deep, module_alloc in a dlopen'ed module, pool_task on four
# threads, on_signal under a signal frame), for those that only call
# (mid, path_a, path_b, raise_signals: no self sample; run_module, whose
# own allocations are dlopen's), and for an
# inlined function (its bytes are its out-of-line caller's self, and its
# own total).  A recursive function counts each sample once: recurse's
# total has exactly the samples of its one stack, not seven times as
# many.  The self bytes of the process's functions add up to its bytes.
# Text, CSV and the HTML page carry the same figures as JSON.
#
# False failures: 20 intervals at 99.9% and the truth
# rule's 5-sigma check, at most 2.2% of the seeds; the seed is fixed
# (stacks_record), so a build passes or fails the same way every run.
. "$AS_SRCDIR/tests/stacks/lib.sh"
. "$AS_SRCDIR/tests/lib/chromium.sh"
harness_enter "$@"
harness_start_sessiond

program="$STACKS_BIN/stacks-fp"
module="$STACKS_BIN/.libs/stacks-module-fp.so"
truth="$HARNESS_DIR/truth"
json="$HARNESS_DIR/function.json"

ALLOCSAMPLE_SEED=20261123 record_json function --rate 4096 --confidence 0.999 \
	--group-by stack,function -- "$program" "$truth" "$module"
check "the program wrote its seven paths" [ "$(grep -c '^path ' "$truth")" -eq 7 ]
path() { stacks_truth "$truth" "$1"; }
two=$(( $(path two_a) + $(path two_b) ))

# function_figures JSON NAME FIGURE: "samples estimate lower upper" of the
# total (FIGURE "") or the self bytes (FIGURE "self_") of the one function
# group NAME; nothing when there is not exactly one.
function_figures() {
	jq -r --arg f "$2" --arg p "$3" '[.groups[] | select(.kind == "function" and .function == $f)] |
		if length == 1 then .[0] |
			if $p == "" then "\(.samples) \(.estimate) \(.lower) \(.upper)"
			else "\(.self_samples) \(.self_estimate) \(.self_lower) \(.self_upper)" end
		else empty end' "$1"
}

# judge_function NAME SELF_BYTES TOTAL_BYTES: both figures of function NAME
# hold their truth (the truth rule, tests/lib/results.sh).
judge_function() {
	for figure in self total; do
		if [ "$figure" = self ]; then bytes=$2 prefix=self_; else bytes=$3 prefix=; fi
		figures=$(function_figures "$json" "$1" "$prefix")
		if [ -z "$figures" ]; then
			fail "$1: no single function group"
			continue
		fi
		# shellcheck disable=SC2086 # four figures, split on purpose
		judge_truth "$1's $figure bytes" "$bytes" $figures
	done
}

judge_function leaf_alloc "$two" "$two"
judge_function recurse "$(path recursion)" "$(path recursion)"
judge_function inline_caller "$(path inline)" "$(path inline)"
judge_function module_alloc "$(path module)" "$(path module)"
judge_function pool_task "$(path pool)" "$(path pool)"
judge_function on_signal "$(path signal)" "$(path signal)"
judge_function path_a 0 "$(path two_a)"
judge_function path_b 0 "$(path two_b)"
judge_function raise_signals 0 "$(path signal)"
judge_function mid 0 "$two"
# run_module allocates itself only through dlopen and dlsym, whose bytes
# the program does not count: its self bytes are not judged, and its total
# holds module_alloc's and those few (taken as at most 64 KiB).
set -- $(function_figures "$json" run_module "")
if [ $# -eq 4 ]; then
	judge_truth "run_module's total bytes (true $(path module) to $(($(path module) + 65536)))" \
		"$(awk -v lo="$(path module)" -v e="$2" 'BEGIN { t = e; if (t < lo) t = lo; if (t > lo + 65536) t = lo + 65536; printf "%d", t }')" "$@"
else
	fail "run_module: no single function group"
fi
for caller in mid path_a path_b raise_signals; do
	check "$caller allocates only through its callees: no self sample" \
		[ "$(function_figures "$json" "$caller" self_ | cut -d' ' -f1)" = 0 ]
done
# The inlined function's allocations are made in its caller's code: the
# leaf, as for the call site, is the out-of-line function.
check "inline_alloc: no self sample, its total its caller's self samples" [ \
	"$(function_figures "$json" inline_alloc self_ | cut -d' ' -f1)" = 0 -a \
	"$(function_figures "$json" inline_alloc "" | cut -d' ' -f1)" = \
	"$(function_figures "$json" inline_caller self_ | cut -d' ' -f1)" ]

# Recursion: one stack of seven recurse frames, each sample counted once.
stacks_own tests/stacks/stacks-fp stacks-module-fp.so
recursion_samples=$(jq -r "$STACKS_DEFS"' [.groups[] | select(.kind == "stack" and
	(own_path | test("^main;recurse;recurse;recurse;recurse;recurse;recurse;recurse$")))] |
	if length == 1 then .[0].samples else empty end' "$json")
check "recurse's total has its stack's ${recursion_samples:-?} samples, each once" \
	[ -n "$recursion_samples" -a "$(function_figures "$json" recurse "" | cut -d' ' -f1)" = "${recursion_samples:-x}" ]

# The self bytes add up to the process's: every sample has one leaf.
check "the functions' self estimates add up to the process's estimate (to a byte a function)" jq -e '
	([.groups[] | select(.kind == "function")] | [length, (map(.self_estimate) | add)]) as [$n, $sum] |
	[.groups[] | select(.kind == "process")][0].estimate as $p |
	$n > 0 and ($sum - $p | fabs) <= $n' "$json"
check "the functions' self samples add up to the process's samples" jq -e '
	([.groups[] | select(.kind == "function") | .self_samples] | add) ==
	[.groups[] | select(.kind == "process")][0].samples' "$json"
check "functions are ordered by self bytes, largest first" jq -e '
	[.groups[] | select(.kind == "function") | .self_estimate] | . == (sort | reverse)' "$json"

# The other formats, from the kept trace, with every function shown.
trace="$HARNESS_DIR/function.trace"
# The function table shows bytes allocated: sort=live orders the other
# tables, not this one.
report_json "$trace" "$HARNESS_DIR/live.json" -p 'group-by="function",sort="live"'
check "with sort=live too, functions are ordered by self bytes allocated" jq -e '
	[.groups[] | select(.kind == "function") | .self_estimate] | length > 0 and . == (sort | reverse)' \
	"$HARNESS_DIR/live.json"
report_run "$trace" -p 'group-by="function",confidence=0.999,top=0,min-share=0' \
	>"$HARNESS_DIR/function.txt" 2>"$HARNESS_DIR/function.txt.err" || harness_fail "the text report failed"
check "text: a By function section" grep -q '^By function' "$HARNESS_DIR/function.txt"
row=$(awk '$3 == "recurse" { print; exit }' "$HARNESS_DIR/function.txt")
self_samples=$(function_figures "$json" recurse self_ | cut -d' ' -f1)
check "text: recurse's row has its self and total samples ($row)" \
	[ "$(echo "$row" | awk '{ print $4 }')" = "$self_samples" -a \
	  "$(echo "$row" | awk '{ print $11 }')" = "$recursion_samples" ]
report_run "$trace" -p 'format="csv",group-by="function",confidence=0.999' \
	>"$HARNESS_DIR/function.csv" 2>/dev/null || harness_fail "the CSV report failed"
check "CSV: recurse's self and total are JSON's" [ \
	"$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		$1 == "function" && $col["function"] == "recurse" {
			print $col["self_samples"], $col["self_estimate"], $col["self_lower"], $col["self_upper"],
			      $col["samples"], $col["estimate"], $col["lower"], $col["upper"] }' "$HARNESS_DIR/function.csv")" = \
	"$(function_figures "$json" recurse self_) $(function_figures "$json" recurse "")" ]
if command -v chromium >/dev/null 2>&1; then
	report_run "$trace" -p 'format="html",group-by="function"' >"$HARNESS_DIR/function.html" 2>/dev/null ||
		harness_fail "the HTML report failed"
	chromium_run "$HARNESS_DIR/function.html" --dump-dom >"$HARNESS_DIR/function.dom" || true
	check "HTML: the page draws the table of functions, recurse in it" \
		sh -c "grep -q 'Bytes allocated per function' '$HARNESS_DIR/function.dom' &&
		       grep -q '<td[^>]*>recurse' '$HARNESS_DIR/function.dom' &&
		       grep -q 'id=\"rendered\"' '$HARNESS_DIR/function.dom'"
	# mid's total is precise, and its self bytes have no sample to be
	# imprecise about.
	check "HTML: mid's row has no mark" grep -q '<td[^>]*>mid</td>' "$HARNESS_DIR/function.dom"
else
	fail "chromium is not installed: the HTML page is not checked"
fi
finish
