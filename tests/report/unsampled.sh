#!/bin/sh
# unsampled.sh - a run that draws no sample, allocsample-record -- /bin/true:
# its report is one sentence with the rate and what no sample means (at
# most three lines in all, the command's own included), blaming no session
# and printing no empty table; at another rate the sentence gives that
# rate, and at rate 1, where every allocation is sampled, it says that
# nothing was allocated instead of a bound and of "--rate 1".  As JSON or
# CSV the report is the component's empty document, and the standard
# error the same sentence in place of the component's warning.  The trace
# kept, the component alone prints its first line and one sentence
# (no-events.sh has its warning).  Deterministic: /bin/true
# allocates nothing through the shim once it runs (at rate 1 every
# allocation would be a sample), whatever the seed.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

record_run true -- /bin/true
check "exit status 0 (got $RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
sed 's/^/      /' "$HARNESS_DIR/true.err"
lines=$(wc -l <"$HARNESS_DIR/true.err")
check "at most three lines ($lines)" [ "$lines" -le 3 ]
check "one sentence says that nothing was sampled, at the default rate" \
	grep -q '^allocsample report: true: no allocation was sampled\.  At rate 102400 a sample falls once per 102400 bytes allocated on average, so each of its threads allocated less than about 377741 bytes' \
	"$HARNESS_DIR/true.err"
check "it says how to sample everything" grep -q -- '--rate 1 samples every allocation' "$HARNESS_DIR/true.err"
check "it blames no session" sh -c '! grep -qi "session\|enable-event" "$1"' sh "$HARNESS_DIR/true.err"
check "no empty table" sh -c '! grep -q "^By \|^Total\|^  *#" "$1"' sh "$HARNESS_DIR/true.err"

# Another rate, and the trace kept: the component alone on it.
record_run true-4096 --rate 4096 -o "$HARNESS_DIR/true.trace" --report-output "$HARNESS_DIR/true-4096.txt" -- /bin/true
check "--rate 4096: exit status 0 (got $RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
check "--rate 4096: the sentence gives the rate and its bound (15110 bytes)" \
	grep -q 'At rate 4096 a sample falls once per 4096 bytes allocated on average, so each of its threads allocated less than about 15110 bytes' \
	"$HARNESS_DIR/true-4096.txt"
record_run true-1 --rate 1 -- /bin/true
check "--rate 1: exit status 0 (got $RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
check "--rate 1: the sentence says nothing was allocated, and suggests no rate" \
	sh -c 'grep -q "At rate 1 every allocation is sampled: it allocated nothing" "$1" && ! grep -q -- "--rate 1 samples" "$1"' \
	sh "$HARNESS_DIR/true-1.err"
for format in json csv; do
	record_run "true-$format" --format "$format" --report-output "$HARNESS_DIR/true.$format" -- /bin/true
	check "--format $format: exit status 0 (got $RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
	check "--format $format: the standard error is the one sentence" \
		sh -c '[ "$(wc -l <"$1")" -eq 1 ] && grep -q "^allocsample report: true: no allocation was sampled\.  At rate 102400 " "$1"' \
		sh "$HARNESS_DIR/true-$format.err"
done
check "--format json: the empty document, 0 samples" [ "$(jq .samples "$HARNESS_DIR/true.json")" = 0 ]
check "--format csv: the header alone" [ "$(wc -l <"$HARNESS_DIR/true.csv")" -eq 1 ]

status=0
report_run "$HARNESS_DIR/true.trace" >"$HARNESS_DIR/component.txt" 2>"$HARNESS_DIR/component.err" || status=$?
check "the component on the kept trace: exit status 0 (got $status)" [ "$status" -eq 0 ]
sed 's/^/      /' "$HARNESS_DIR/component.txt"
check "the component: its first line and one sentence" \
	[ "$(sed -n 2p "$HARNESS_DIR/component.txt")" = "No allocation was sampled: nothing to estimate." -a \
	"$(wc -l <"$HARNESS_DIR/component.txt")" -eq 2 ]
finish
