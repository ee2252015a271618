#!/bin/sh
# stdout.sh - the program's standard output stays the program's, byte for
# byte: by default the report goes to standard error; --report-output FILE
# writes it to FILE (standard error then has nothing of it); with
# --report-output - it follows the program's output on standard output.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

"$RECORD_WORKLOAD" "$HARNESS_DIR/plain.facts" print 5000 >"$HARNESS_DIR/plain.out"

record_run default -- "$RECORD_WORKLOAD" "$HARNESS_DIR/facts" print 5000
check "default: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
check "default: standard output is the program's, byte for byte" \
	cmp -s "$HARNESS_DIR/plain.out" "$HARNESS_DIR/default.out"
check "default: the report is on standard error" \
	grep -q '^allocsample report: bytes allocated' "$HARNESS_DIR/default.err"

record_run file --report-output "$HARNESS_DIR/report.txt" -- "$RECORD_WORKLOAD" "$HARNESS_DIR/facts" print 5000
check "file: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
check "file: standard output is the program's" cmp -s "$HARNESS_DIR/plain.out" "$HARNESS_DIR/file.out"
check "file: the report is in the file" \
	grep -q '^allocsample report: bytes allocated' "$HARNESS_DIR/report.txt"
check "file: nothing on standard error ($(head -c 200 "$HARNESS_DIR/file.err"))" [ ! -s "$HARNESS_DIR/file.err" ]

record_run dash --report-output - -- "$RECORD_WORKLOAD" "$HARNESS_DIR/facts" print 5000
check "-: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
lines=$(record_lines "$HARNESS_DIR/plain.out")
check "-: the program's output comes first" \
	[ "$(head -n "$lines" "$HARNESS_DIR/dash.out" | cmp - "$HARNESS_DIR/plain.out" && echo same)" = same ]
check "-: then the report" \
	[ "$(sed -n "$((lines + 1))p" "$HARNESS_DIR/dash.out" | cut -c 1-31)" = 'allocsample report: bytes alloc' ]
record_no_daemon "after the runs"
finish
