#!/bin/sh
# folded.sh - format=folded on a real trace of stacks-workload (four
# processes: the same stacks twice, truncated stacks, no stacks), against
# the JSON report of the same trace: the same stacks (each JSON stack
# group's frames, outermost first, as folded.c labels them), each line's
# value the sum of the rounded estimates of the JSON groups with that line
# (the same stacks in two processes: one line), sorted byte by byte; the
# workload's known paths in the right order, "[truncated]" and
# "[no stack]"; and the same lines in a file with `path`.  Two truth
# checks at 99.9% on the workload's known bytes (tests/lib/results.sh,
# check_truth: together below 0.2% false failures, and with the fixed seed
# the outcome is the same every run).
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

# STACKS_JQ: jq definitions over a JSON report's stack group: `frame_label`, a
# frame's name as every format gives it (a frame's label: the function,
# else BINARY+OFFSET with the binary's base name, else [unknown]), and
# `folded`, the group's line of format=folded without its value (outermost
# first, "[truncated]" first when truncated, "[no stack]" for an empty
# stack; ';' becomes ':' and control characters spaces).
STACKS_JQ='
def frame_label: .function // (if .binary then (.binary | sub(".*/"; "")) + "+" + .offset else "[unknown]" end);
def clean: [explode[] | if . < 32 or . == 127 then 32 elif . == 59 then 58 else . end] | implode;
def folded: if (.stack | length) == 0 then "[no stack]"
	else ([if .truncated then "[truncated]" else empty end] + (.stack | reverse | map(frame_label | clean))) | join(";") end;
'

trace="$HARNESS_DIR/stacks"
folded="$HARNESS_DIR/report.folded"
json="$HARNESS_DIR/report.json"
harness_trace stacks --stacks -- stacks_workload more

report_run "$trace" -p 'format="folded"' >"$folded" 2>"$HARNESS_DIR/stderr" ||
	harness_fail "the folded report failed: $(cat "$HARNESS_DIR/stderr")"
report_run "$trace" -p 'format="json",group-by="stack",confidence=0.999' >"$json" \
	2>"$HARNESS_DIR/stderr" || harness_fail "the JSON report failed: $(cat "$HARNESS_DIR/stderr")"
printf '      %s folded lines, %s stack groups in the JSON\n' "$(wc -l <"$folded")" \
	"$(jq '[.groups[] | select(.kind == "stack")] | length' "$json")"

check "every line is FRAME;...;FRAME VALUE, VALUE a positive integer" \
	awk '!/^[^ ].* [1-9][0-9]*$/ { bad = 1 } END { exit bad || NR == 0 }' "$folded"
check "the lines are sorted by their stacks, byte by byte" \
	sh -c "sed 's/ [0-9]*\$//' '$folded' | LC_ALL=C sort -c"

# The folded lines the JSON calls for: one per distinct line, the sum of
# its groups' estimates.
jq -r "$STACKS_JQ"' [.groups[] | select(.kind == "stack") | {line: folded, estimate}]
	| group_by(.line) | .[] | "\(.[0].line) \(map(.estimate) | add)"' "$json" |
	LC_ALL=C sort >"$HARNESS_DIR/expected.folded"
check "the folded lines are the JSON's stack groups, values their rounded estimates" \
	cmp -s "$HARNESS_DIR/expected.folded" "$folded"
check "the values add up to the JSON's stack groups" [ \
	"$(awk '{ s += $NF } END { print s }' "$folded")" = \
	"$(jq '[.groups[] | select(.kind == "stack") | .estimate] | add' "$json")" ]

# The workload's paths, outermost first, each under main or the thread's
# start routine, in a whole stack.
for path in 'main;stacks_alpha' 'main;stacks_outer;stacks_inlined' \
	    'stacks_worker;stacks_gamma;stacks_beta' 'main;stacks_rare'; do
	check "a whole stack ends in ;$path" grep -Eq "^[^[].*;$path [0-9]+\$" "$folded"
done

# Four processes: the same stacks twice (seeds 11 and 12), truncated
# stacks (depth 3) and none (depth 0).
check "the same stacks in two processes are one line: ...;main;stacks_alpha adds up 2 groups" \
	[ "$(jq "$STACKS_JQ"' [.groups[] | select(.kind == "stack" and (folded | endswith(";main;stacks_alpha")) and (folded | startswith("[") | not))] | length' "$json")" -eq 2 ]
check "a truncated stack starts with [truncated]" \
	grep -Eq '^\[truncated\];__libc_start_call_main;main;stacks_alpha [0-9]+$' "$folded"
check "an empty stack is the one frame [no stack]" grep -Eq '^\[no stack\] [0-9]+$' "$folded"
check "no frame keeps its symbol version (libc's __libc_start_main@@GLIBC_2.34)" \
	sh -c "! sed 's/ [0-9]*\$//' '$folded' | grep -q '@'"

# The text report by stack names the frames as folded does, and says its
# counts in one grammar; top=0 shows every stack group the JSON has.
report_run "$trace" -p 'group-by="stack"' >"$HARNESS_DIR/stacks.txt" 2>/dev/null ||
	harness_fail "the text report by stack failed"
stacks=$(grep -c '^  #[0-9]' "$HARNESS_DIR/stacks.txt" || true)
check "text by default: 1 to 10 stacks ($stacks), and a last line says why if any was left out" \
	sh -c "[ $stacks -ge 1 ] && [ $stacks -le 10 ] && { [ $stacks -eq \$(jq '[.groups[] | select(.kind == \"stack\")] | length' '$json') ] ||
	       tail -n 1 '$HARNESS_DIR/stacks.txt' | grep -q '^Not shown: .* stacks\\{0,1\\} .*--top 0\\|^Not shown: .*--min-share 0'; }"
check "text: no frame keeps its symbol version" sh -c "! grep -q '@' '$HARNESS_DIR/stacks.txt'"
check "text: a count of 1 takes the singular, and no singular a plural verb ($(grep -E '(^|[^0-9.,])1 (samples|threads|stacks|objects)|samples? were|samples was' "$HARNESS_DIR/stacks.txt" | head -n 1))" \
	sh -c "! grep -Eq '(^|[^0-9.,])1 (samples|threads|stacks|objects)|sample were|samples was' '$HARNESS_DIR/stacks.txt'"
report_run "$trace" -p 'group-by="stack",top=0,min-share=0' >"$HARNESS_DIR/all-stacks.txt" 2>/dev/null ||
	harness_fail "the text report by stack with top=0 failed"
check "text, top=0 and min-share=0: every stack group of the JSON, nothing said hidden" \
	sh -c "[ \$(grep -c '^  #[0-9]' '$HARNESS_DIR/all-stacks.txt') -eq \$(jq '[.groups[] | select(.kind == \"stack\")] | length' '$json') ] &&
	       ! grep -q '^Not shown' '$HARNESS_DIR/all-stacks.txt'"

report_fact pid "$HARNESS_DIR/stacks.out" pid
check_truth "stacks_alpha: 256 blocks of 4 KiB" "$json" \
	".kind == \"stack\" and .pid == $pid and .stack[0].function == \"stacks_alpha\"" 1048576
check_truth "stacks_beta (under stacks_gamma, on the worker thread): 256 blocks of 4 KiB" "$json" \
	".kind == \"stack\" and .pid == $pid and .stack[0].function == \"stacks_beta\" and .stack[1].function == \"stacks_gamma\"" 1048576

report_run "$trace" -p "format=\"folded\",path=\"$HARNESS_DIR/file.folded\"" \
	>"$HARNESS_DIR/stdout" 2>"$HARNESS_DIR/stderr" ||
	harness_fail "the folded report to a file failed: $(cat "$HARNESS_DIR/stderr")"
check "with path: the same lines in the file, nothing on the standard output" \
	sh -c "cmp -s '$folded' '$HARNESS_DIR/file.folded' && [ ! -s '$HARNESS_DIR/stdout' ]"
finish
