#!/bin/sh
# stack-fallbacks.sh - what the report does with stacks it cannot name,
# and with traces that have none: never a frame dropped, a warning naming
# the cause and its fix, and estimates as good as with every name.
#
#   - no statedump recorded: one warning with the lttng line that records
#     it; frames [unknown] with their addresses; the total still true;
#   - an address in no mapped object (as code generated at run time):
#     [unknown] with its address, the rest named;
#   - a stack deeper than the recorded depth: marked truncated in JSON,
#     CSV and text;
#   - the binary stripped after the recording: BINARY+0xOFFSET frames, one
#     warning saying it has no symbol table and no debug file was found
#     for its build id (tests/symbols/ finds one);
#   - the binary replaced after the recording: one warning naming both
#     build ids, BINARY+0xOFFSET frames;
#   - a `stack` field of another type: an error naming the field;
#   - schema 1 (no stack): group-by stack is refused with the way to
#     record stacks; group-by thread still reports.
#
# Statistical checks: three intervals at 99.9% with check_truth's rule
# (false failure below 0.4%), fixed seeds.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

# total NAME: the true bytes of every type of run NAME.
total() {
	awk '$1 == "truth" { n += $3 } END { print n }' "$HARNESS_DIR/$1.out"
}

# json NAME [PARAM]: the JSON report of run NAME grouped by stack, its
# warnings in NAME.stderr.
json() {
	report_run "$HARNESS_DIR/$1" -p "group-by=\"stack\",format=\"json\",confidence=0.999${2:+,$2}" \
		>"$HARNESS_DIR/$1.json" 2>"$HARNESS_DIR/$1.stderr" ||
		harness_fail "the report of $1 failed: $(cat "$HARNESS_DIR/$1.stderr")"
}

producer="$REPORT_BIN/stack-producer"

echo "== no statedump"
stack_traced bare -- "$producer" --seed 11
json bare
check "one warning, with the line that records the statedump" \
	[ "$(grep -c "has stacks but no lttng-ust statedump" "$HARNESS_DIR/bare.stderr")" -eq 1 ]
check "the warning names the fix" report_says "$HARNESS_DIR/bare.stderr" \
	"lttng enable-event -u 'lttng_ust_statedump:*,lttng_ust_dl:*' and LD_PRELOAD=liblttng-ust-dl.so"
check "four stacks, every frame [unknown] with its address" jq -e '
	[.groups[] | select(.kind == "stack")] | length == 4 and
	([.[].stack[] | .function == null and .binary == null and .offset == null and
		(.address | test("^0x[0-9a-f]+$"))] | all)' "$HARNESS_DIR/bare.json"
check "the addresses are the recorded ones: the recursion still 41 frames deep" jq -e '
	[.groups[] | select(.kind == "stack") | .stack | length] | max >= 45' "$HARNESS_DIR/bare.json"
check_truth "no statedump: the total" "$HARNESS_DIR/bare.json" '.kind == "total"' "$(total bare)"
check "no statedump: the JSON names the trace" \
	jq -e '.symbols.traces_without_statedump | length == 1' "$HARNESS_DIR/bare.json"

echo "== an address in no object, stacks cut at 16 frames"
stack_traced cut --stacks -- "$producer" --seed 12 --unknown --depth 16
json cut
check "the unknown address is an [unknown] frame with its address (0x10a0)" jq -e '
	[.groups[] | select(.kind == "stack") | .stack[-1] |
		.function == null and .binary == null and .address == "0x10a0"] | length > 0 and all' "$HARNESS_DIR/cut.json"
check "a warning counts the unknown addresses" \
	report_says "$HARNESS_DIR/cut.stderr" "1 of"
check "the deep stack is marked truncated, the others not" jq -e '
	[.groups[] | select(.kind == "stack") | {leaf: .stack[0].function, truncated}] |
	map(select(.truncated)) | length == 1 and .[0].leaf == "recurse"' "$HARNESS_DIR/cut.json"
leaf=$(stack_truth cut leaf 3)
[ -n "$leaf" ] || harness_fail "cut: the program printed no truth of the recursion (leaf)"
check_truth "truncated: the recursion's bytes" "$HARNESS_DIR/cut.json" \
	'.kind == "stack" and .stack[0].function == "recurse"' "$leaf"
report_run "$HARNESS_DIR/cut" -p 'group-by="stack",format="csv"' >"$HARNESS_DIR/cut.csv" 2>/dev/null ||
	harness_fail "the CSV report of cut failed"
check "CSV: the truncated stack marked, starting with the unknown frame" \
	grep -q ',\[unknown\];recurse;.*;recurse,true,' "$HARNESS_DIR/cut.csv"
report_run "$HARNESS_DIR/cut" -p 'group-by="stack"' >"$HARNESS_DIR/cut.txt" 2>/dev/null ||
	harness_fail "the text report of cut failed"
check "text: the truncated stack marked" grep -q '(truncated: the walk stopped at its depth limit)' "$HARNESS_DIR/cut.txt"
check "text: the unknown frame with its address" grep -q '\[unknown\]  0x10a0' "$HARNESS_DIR/cut.txt"

echo "== the binary stripped, then replaced, after the recording"
mkdir -p "$HARNESS_DIR/bin"
copy="$HARNESS_DIR/bin/stack-producer"
cp "$producer" "$copy"
stack_traced moved --stacks -- "$copy" --seed 13
strip "$copy"
json moved
check "stripped: one warning, that it has no symbol table and no file of its build was found" \
	[ "$(grep -c "binary \`$copy\` has no symbol table (stripped), and no file of its build with a symbol table was found" \
		"$HARNESS_DIR/moved.stderr")" -eq 1 ]
check "stripped: the JSON says it stayed unnamed" jq -e --arg copy "$copy" '
	.symbols.unnamed_binaries | length == 1 and .[0].path == $copy and .[0].reason == "stripped"' \
	"$HARNESS_DIR/moved.json"
check "stripped: the program's frames are BINARY+0xOFFSET, libc's still named" jq -e --arg copy "$copy" '
	[.groups[] | select(.kind == "stack") | .stack[]] |
	([.[] | select(.binary == $copy) | .function == null and (.offset | test("^0x"))] | length > 0 and all) and
	([.[] | select(.binary | test("libc"))] | length > 0 and all(.function != null))' "$HARNESS_DIR/moved.json"
report_run "$HARNESS_DIR/moved" -p 'group-by="stack",format="csv"' >"$HARNESS_DIR/moved.csv" 2>/dev/null ||
	harness_fail "the CSV report of moved failed"
check "stripped: CSV labels them stack-producer+0xOFFSET" \
	grep -q ';stack-producer+0x[0-9a-f]*,false,' "$HARNESS_DIR/moved.csv"
check_truth "stripped: the total" "$HARNESS_DIR/moved.json" '.kind == "total"' "$(total moved)"
cp "$REPORT_BIN/stack-producer-bad-stack" "$copy"
json moved
check "replaced: one warning naming the binary" \
	[ "$(grep -c "binary \`$copy\` changed since the trace was recorded" "$HARNESS_DIR/moved.stderr")" -eq 1 ]
check "replaced: the JSON gives both build ids" jq -e --arg copy "$copy" '
	.symbols.changed_binaries | length == 1 and .[0].path == $copy and
	.[0].recorded_build_id != .[0].build_id' "$HARNESS_DIR/moved.json"
check "replaced: its frames are BINARY+0xOFFSET" jq -e --arg copy "$copy" '
	[.groups[] | select(.kind == "stack") | .stack[] | select(.binary == $copy) | .function == null] |
	length > 0 and all' "$HARNESS_DIR/moved.json"

echo "== a stack of another type, and no stack at all"
stack_traced bad --stacks -- "$REPORT_BIN/stack-producer-bad-stack" --scale 1
report_refused "wrong type" "$HARNESS_DIR/bad" 'group-by="thread"' \
	'payload field `stack` is a string, expected a sequence of unsigned integers'
stack_traced old --stacks -- "$REPORT_BIN/stack-producer-schema-1"
report_refused "schema 1, group-by stack" "$HARNESS_DIR/old" 'group-by="stack"' 'but this trace has no stacks'
check "schema 1, group-by stack: the error names the events to record" \
	report_says "$HARNESS_DIR/refused.err" 'lttng_ust_statedump:*'
status=0
report_run "$HARNESS_DIR/old" -p 'group-by="thread"' >"$HARNESS_DIR/old-thread.txt" 2>/dev/null || status=$?
check "schema 1, group-by thread: reported (status $status)" \
	sh -c '[ "$1" -eq 0 ] && grep -q "^By thread" "$2"' - "$status" "$HARNESS_DIR/old-thread.txt"
finish
