#!/bin/sh
# golden.sh - the text, CSV and JSON reports of one tiny trace, compared
# byte for byte with text.expect, csv.expect and json.expect.
#
# Deterministic: the workload runs with ALLOCSAMPLE_SEED, its threads one
# after the other, in a new PID namespace (so that its vpid is 1 and its
# threads' vtids follow in creation order), and the trace has one host.
# Two things still differ from run to run and machine to machine, and only
# in CSV and JSON: the sample times (first_ns, last_ns, and the window
# bounds start_ns and end_ns) become "TIME" and the host name becomes
# "HOST" before the comparison; every other byte is compared as printed.
# The text report cut by the parameters top and min-share holds the same
# lines, and its last says what was hidden.
# Run with AS_UPDATE_EXPECT=1 to rewrite the three files after a deliberate
# change of format, then review the diff.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/golden"
expected="$AS_SRCDIR/tests/report"

ALLOCSAMPLE_SEED=5 ALLOCSAMPLE_RATE=4096 harness_trace golden -- \
	unshare --pid --fork "$REPORT_BIN/typed-workload" 10 2
host=$(hostname)

# normalize FORMAT: standard input with times and the host name replaced
# (CSV: by the columns the header names; no field of this trace is quoted).
normalize() {
	case $1 in
	text) cat ;;
	csv) awk -F, -v OFS=, -v host="$host" '
		NR == 1 { for (i = 1; i <= NF; i++) name[i] = $i; print; next }
		{ for (i = 1; i <= NF; i++) {
			if ($i == "") continue
			if (name[i] == "host" && $i == host) $i = "HOST"
			if (name[i] ~ /^(first|last|start|end)_ns$/) $i = "TIME"
		  }
		  print }' ;;
	json) sed -E -e "s/\"host\": \"$host\"/\"host\": \"HOST\"/g" \
		-e 's/"(first_ns|last_ns|start_ns|end_ns)": [0-9]+/"\1": "TIME"/g' ;;
	esac
}

for format in text csv json; do
	report_run "$trace" -p "group-by=[\"thread\",\"type\",\"thread-type\"],format=\"$format\"" \
		>"$HARNESS_DIR/raw.$format" 2>"$HARNESS_DIR/$format.stderr" ||
		harness_fail "the $format report failed: $(cat "$HARNESS_DIR/$format.stderr")"
	normalize "$format" <"$HARNESS_DIR/raw.$format" >"$HARNESS_DIR/report.$format"
	if [ -n "${AS_UPDATE_EXPECT:-}" ]; then
		cp "$HARNESS_DIR/report.$format" "$expected/$format.expect"
	fi
	if diff -u "$expected/$format.expect" "$HARNESS_DIR/report.$format"; then
		ok "the $format report is $format.expect"
	else
		fail "the $format report differs from $format.expect (diff above)"
	fi
	check "$format: the run printed no warning" [ ! -s "$HARNESS_DIR/$format.stderr" ]
done
# top and min-share cut the golden tables without changing a figure: every
# line of a cut report is a line of text.expect but its last, which says
# what was hidden and how to see it (columns aside: a table's width follows
# its widest cell).  The trace has 2 threads, 3 types and
# 6 thread-type groups, 2 of them under 10% of the bytes.
groups='group-by=["thread","type","thread-type"]'
# cut NAME PARAMS LAST: the text report with PARAMS, its rows and last line.
cut() {
	report_run "$trace" -p "$groups,$2" >"$HARNESS_DIR/$1.txt" 2>"$HARNESS_DIR/$1.stderr" ||
		harness_fail "the $1 report failed: $(cat "$HARNESS_DIR/$1.stderr")"
	tr -s ' ' <"$expected/text.expect" >"$HARNESS_DIR/expect.squeezed"
	sed '$d' "$HARNESS_DIR/$1.txt" | tr -s ' ' |
		grep -v -x -F -f "$HARNESS_DIR/expect.squeezed" >"$HARNESS_DIR/$1.new" || true
	check "$1: every line but the last is text.expect's ($(cat "$HARNESS_DIR/$1.new"))" \
		[ ! -s "$HARNESS_DIR/$1.new" ]
	check "$1: the last line says what was hidden ($(tail -n 1 "$HARNESS_DIR/$1.txt"))" \
		[ "$(tail -n 1 "$HARNESS_DIR/$1.txt")" = "$3" ]
}
cut top1 'top=1' 'Not shown: 1 of 2 threads, 2 of 3 types and 5 of 6 thread-type groups (beyond the 1 largest of their table); to see them: allocsample-record --top 0, or the parameter top=0.'
check "top1: each table keeps its largest row" \
	sh -c 'grep -c "^  typed-workload " "$1" | grep -qx 3 &&
	       grep -q "^  typed-workload    1    5       29" "$1" &&
	       grep -q "^  typed-workload    1  arena " "$1" &&
	       grep -q "^  typed-workload    1    5  arena " "$1"' sh "$HARNESS_DIR/top1.txt"
cut share10 'min-share=10' 'Not shown: 2 of 6 thread-type groups (under 10% of their table'"'"'s bytes); to see them: allocsample-record --min-share 0, or the parameter min-share=0.'
check "share10: the thread-type groups of 21.5 KiB and 9.38 KiB are the ones hidden" \
	sh -c '! grep -q "21.5 KiB\|9.38 KiB" "$1" && grep -c "^  typed-workload " "$1" | grep -qx 9' \
	sh "$HARNESS_DIR/share10.txt"
cut both 'top=2,min-share=10' 'Not shown: 1 of 3 types and 4 of 6 thread-type groups (under 10% of their table'"'"'s bytes, or beyond its 2 largest); to see them: allocsample-record --min-share 0 --top 0, or the parameters min-share=0,top=0.'
# Without them, the golden report (above) ends with its notes: nothing hidden.
check "text.expect: no line says something was hidden" [ -z "$(grep '^Not shown' "$expected/text.expect")" ]
report_run "$trace" -p "$groups,format=\"csv\",top=1" >"$HARNESS_DIR/top1.csv" ||
	harness_fail "the CSV report with top=1 failed"
# The process's size classes follow, as many as without top: top cuts tables.
check "csv with top=1: one row per table, 4 and the total ($(grep -vc '^size,' "$HARNESS_DIR/top1.csv") lines with the header, besides the size classes)" \
	[ "$(grep -vc '^size,' "$HARNESS_DIR/top1.csv")" -eq 6 ]
check "json: the normalized report is still JSON" \
	sh -c 'jq -e . "$1" >/dev/null' sh "$HARNESS_DIR/report.json"
finish
