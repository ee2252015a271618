#!/bin/sh
# first-look.sh - what text shows first (doc/report-formats.md, "Which
# rows each table shows"): at most `top` rows per table and none under
# `min-share` percent of its bytes, 10 and 1 by default, with a last line
# that counts what was left out and names the option and the parameter
# that show it; CSV keeps every row unless told; top=0,min-share=0 shows
# all (their refusals: params.sh).
#
# The workload's 14 threads hold 1 to 14 parts of its 105, so each
# thread's share is known: thread i holds (i + 1)/105.  The cuts tested lie
# between two shares: at one sample per 256 bytes the smallest thread has
# about 400 samples, and the closest share to a cut (5/105 = 4.76% below
# 5.2%, about 2 100 samples) is 4 standard deviations of its estimate
# away from it (sd 2.2%, the margin 9%), so the seed is not what passes.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/first-look"
ALLOCSAMPLE_SEED=7 ALLOCSAMPLE_RATE=256 harness_trace first-look -- "$REPORT_BIN/typed-workload" 10 14

# text NAME PARAMS: the text report with PARAMS into NAME.txt.
text() {
	report_run "$trace" -p "$2" >"$HARNESS_DIR/$1.txt" 2>"$HARNESS_DIR/$1.err" ||
		harness_fail "the report $1 failed: $(cat "$HARNESS_DIR/$1.err")"
}
# csv NAME PARAMS: the CSV report with PARAMS into NAME.csv.
csv() {
	report_run "$trace" -p "format=\"csv\",$2" >"$HARNESS_DIR/$1.csv" 2>"$HARNESS_DIR/$1.err" ||
		harness_fail "the CSV report $1 failed: $(cat "$HARNESS_DIR/$1.err")"
}
# thread_rows NAME: the TIDs of the rows of its text's thread table.
thread_rows() {
	awk '/^By thread$/ { on = 1; next } on && /^$/ { on = 0 }
	     on && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ { print $3 }' "$HARNESS_DIR/$1.txt"
}
# rows NAME: how many.
rows() {
	thread_rows "$1" | wc -l
}

text default 'group-by="thread"'
check "default: 10 thread rows ($(rows default))" [ "$(rows default)" -eq 10 ]
check "default: the last line says what was hidden and how to see it ($(tail -n 1 "$HARNESS_DIR/default.txt"))" \
	sh -c "tail -n 1 '$HARNESS_DIR/default.txt' |
	       grep -Eq '^Not shown: 4 of 14 threads \\(.*beyond (its|the) 10 largest.*\\); to see them: allocsample-record .*--top 0, or the parameters? .*top=0\\.\$'"
check "default: fits a screen of 40 lines ($(wc -l <"$HARNESS_DIR/default.txt"))" \
	[ "$(wc -l <"$HARNESS_DIR/default.txt")" -le 40 ]

text all 'group-by="thread",top=0,min-share=0'
check "top=0,min-share=0: 14 thread rows ($(rows all))" [ "$(rows all)" -eq 14 ]
check "top=0,min-share=0: nothing said hidden" sh -c "! grep -q '^Not shown' '$HARNESS_DIR/all.txt'"

# top=3 keeps the 3 largest by the report's own estimates (CSV, in bytes).
csv all 'group-by="thread"'
check "CSV: every thread ($(grep -c '^thread,' "$HARNESS_DIR/all.csv"))" \
	[ "$(grep -c '^thread,' "$HARNESS_DIR/all.csv")" -eq 14 ]
text top3 'group-by="thread",top=3,min-share=0'
grep '^thread,' "$HARNESS_DIR/all.csv" | sort -t, -k9,9nr | head -n 3 | cut -d, -f5 | sort >"$HARNESS_DIR/largest3"
thread_rows top3 | sort >"$HARNESS_DIR/shown3"
check "top=3: the 3 largest estimates ($(tr '\n' ' ' <"$HARNESS_DIR/shown3"))" \
	sh -c '[ "$(wc -l <"$1")" -eq 3 ] && cmp -s "$1" "$2"' - "$HARNESS_DIR/largest3" "$HARNESS_DIR/shown3"
check "top=3: the last line names top alone ($(tail -n 1 "$HARNESS_DIR/top3.txt"))" \
	sh -c "tail -n 1 '$HARNESS_DIR/top3.txt' | grep -q '^Not shown: 11 of 14 threads (beyond the 3 largest of their table); to see them: allocsample-record --top 0, or the parameter top=0\\.\$'"
csv top2 'group-by="thread",top=2'
check "CSV with top=2: 2 threads ($(grep -c '^thread,' "$HARNESS_DIR/top2.csv"))" \
	[ "$(grep -c '^thread,' "$HARNESS_DIR/top2.csv")" -eq 2 ]

# min-share=1.4 lies between the shares 1/105 (0.95%) and 2/105 (1.9%);
# 5.2 between 5/105 (4.8%) and 6/105 (5.7%).
text share14 'group-by="thread",top=0,min-share=1.4'
check "min-share=1.4: 13 thread rows ($(rows share14))" [ "$(rows share14)" -eq 13 ]
check "min-share=1.4: the last line names min-share alone ($(tail -n 1 "$HARNESS_DIR/share14.txt"))" \
	sh -c "tail -n 1 '$HARNESS_DIR/share14.txt' | grep -q '^Not shown: 1 of 14 threads (under 1.4% of their table.s bytes); to see them: allocsample-record --min-share 0, or the parameter min-share=0\\.\$'"
text share52 'group-by="thread",top=0,min-share=5.2'
check "min-share=5.2: 9 thread rows ($(rows share52))" [ "$(rows share52)" -eq 9 ]
finish
