#!/bin/sh
# bad-input.sh - allocsample-compare's refusals: usage errors and inputs
# that cannot be read exit with status 2 and one clear line (a trace
# babeltrace2 cannot read: its innermost cause in words, and a command
# that shows its own messages); a version-1 report asks to be
# regenerated; a trace without the vtid context cannot give thread groups
# (an error when --group-by asks for them, a warning and the other groups
# otherwise); two runs of different programs have no group in common.  No
# statistical check.
set -eu
. "$AS_SRCDIR/tests/compare/lib.sh"
harness_enter "$@"

d=$HARNESS_DIR
# one_line FILE PATTERN: FILE is one line that matches PATTERN.
one_line() {
	[ "$(wc -l <"$1")" -eq 1 ] && grep -Eq -e "^allocsample-compare: .*$2" "$1"
}

# expect_refusal NAME PATTERN ARGS...: exit status 2, one line on stderr
# matching PATTERN, nothing on stdout.
expect_refusal() {
	name=$1
	pattern=$2
	shift 2
	compare_run "$name" "$@"
	err=$(cat "$d/$name.err")
	check "$name: exit status 2 ($COMPARE_STATUS)" [ "$COMPARE_STATUS" -eq 2 ]
	check "$name: one line on stderr ($err)" one_line "$d/$name.err" "$pattern"
	check "$name: nothing on stdout" [ ! -s "$d/$name.out" ]
}

# Usage, before any input is read.
expect_refusal no-args 'two inputs needed'
expect_refusal one-arg 'two inputs needed' a.json
expect_refusal three-args 'too many arguments' a b c
expect_refusal unknown-option "unknown option '--bogus'" --bogus a b
expect_refusal confidence "--confidence must be .* not '1.5'" --confidence 1.5 a b
expect_refusal correction "--correction must be holm, bh or none, not 'sidak'" --correction sidak a b
expect_refusal format "--format must be text, csv, json or html, not 'xml'" --format xml a b
expect_refusal group-by "--group-by must be .* not 'thread,planet'" --group-by thread,planet a b
expect_refusal fail-above "--fail-above must be a percentage.* not '-5'" --fail-above -5 a b
expect_refusal missing-value "option '--fail-above' needs a value" a b --fail-above
compare_run help --help
check "--help: exit status 0 and the usage" sh -c "[ '$COMPARE_STATUS' -eq 0 ] && grep -q '^Usage: allocsample-compare' '$d/help.out'"

# Runs to compare: the workload into two sessions at once, one without
# the vtid context; and a program of another name (the workload through a
# symbolic link: its procname is the link's name).
harness_start_sessiond
compare_session full
compare_session novtid vpid,procname
compare_workload 4 "$d/full.facts"
harness_session_end full
harness_session_end novtid
ln -s "$COMPARE_WORKLOAD" "$d/otherprog"
COMPARE_WORKLOAD="$d/otherprog" compare_trace other 5
report_json "$d/full" "$d/full.json"

# Inputs that cannot be read.
expect_refusal nonexistent "NEW $d/nope: No such file or directory" "$d/full.json" "$d/nope"
printf '{"format": "allocsample-report", "version": 2,' >"$d/truncated.json"
expect_refusal truncated "BASELINE $d/truncated.json: not a JSON report of sink.allocsample.report" \
	"$d/truncated.json" "$d/full.json"
printf '{"format": "something-else"}\n' >"$d/other-format.json"
expect_refusal other-format 'not a JSON report of sink.allocsample.report \("format" is something-else\)' \
	"$d/full.json" "$d/other-format.json"
mkdir "$d/empty-dir"
expect_refusal not-a-trace "NEW $d/empty-dir: babeltrace2 could not report on this trace: no trace found" \
	"$d/full.json" "$d/empty-dir"
# A trace babeltrace2 cannot read (its metadata garbled): the line gives
# the innermost cause in words, no address of babeltrace2's objects
# ("query-exec-addr=0x..."), and a command that shows babeltrace2's own
# messages, which runs as written.
cp -r "$d/full" "$d/garbled"
metadata=$(find "$d/garbled" -name metadata)
[ -n "$metadata" ] || harness_fail "no metadata in the trace $d/full"
for m in $metadata; do
	printf 'garbage\n' >"$m"
done
expect_refusal garbled "NEW $d/garbled: babeltrace2 could not report on this trace: [^;]+; to see its own messages: babeltrace2 " \
	"$d/full.json" "$d/garbled"
check "garbled: no address of babeltrace2's in the line" sh -c "! grep -q '0x' '$d/garbled.err'"
again=$(sed -n 's/.*; to see its own messages: //p' "$d/garbled.err")
status=0
sh -c "$again" >/dev/null 2>"$d/garbled-again.err" || status=$?
check "garbled: the command runs babeltrace2, which says why it fails (status $status)" \
	sh -c "[ '$status' -ne 0 ] && grep -q '^CAUSED BY' '$d/garbled-again.err'"
# A version-1 report: what version 2 added taken out.
jq '.version = 1 | del(.groups[].accumulators, .groups[].process, .groups[].tracer, .groups[].address,
	.total.accumulators, .total.process, .total.tracer, .total.address)' "$d/full.json" >"$d/v1.json"
expect_refusal version-1 "BASELINE $d/v1.json: a JSON report of version 1, .*regenerate it" \
	"$d/v1.json" "$d/full.json"
jq '.version = 3' "$d/full.json" >"$d/v3.json"
compare_run version-3 "$d/v3.json" "$d/full.json"
check "a later version is read as version 2 ($COMPARE_STATUS)" [ "$COMPARE_STATUS" -eq 0 ]

# No vtid on one side.
expect_refusal novtid-thread 'NEW .*/novtid was recorded without the vtid context.*lttng add-context -u -t vtid.*--group-by thread cannot be compared' \
	--group-by thread "$d/full" "$d/novtid"
compare_run novtid --format json "$d/full" "$d/novtid"
check "no vtid, default groups: exit status 0 ($COMPARE_STATUS)" [ "$COMPARE_STATUS" -eq 0 ]
check "no vtid: a warning says thread groups are not compared ($(head -n 1 "$d/novtid.err"))" \
	grep -q 'without the vtid context.*thread groups are not compared' "$d/novtid.err"
check "no vtid: no thread group, the types matched ($(jq -c '[.groups[] | [.kind, .type, .verdict]]' "$d/novtid.out"))" \
	[ "$(jq -c '([.groups[] | select(.kind == "thread")] | length), ([.groups[] | select(.kind == "type" and .base_threads != null and .new_threads != null)] | length)' "$d/novtid.out" | paste -s -d ' ' -)" = '0 3' ]
check "no vtid: the same samples, no change" \
	[ "$(jq '[.groups[] | select(.verdict != "unchanged")] | length' "$d/novtid.out")" -eq 0 ]

# Two different programs.
expect_refusal nothing-in-common 'no group in common between BASELINE .*/full \(workload\) and NEW .*/other \(otherprog\)' \
	"$d/full" "$d/other"
finish
