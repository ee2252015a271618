#!/bin/sh
# report-fails.sh - the report's file: any character in its name works (a
# quote, a comma, a space: the name never enters babeltrace2's parameter
# string); when the report cannot be written anyway (/dev/full), the
# command says so, keeps the temporary trace, which babeltrace2 reads, and
# exits non-zero although the program exited 0.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

facts="$HARNESS_DIR/facts"
odd="$HARNESS_DIR/a \"quoted\", report.json"
record_run odd --format json --report-output "$odd" -- "$RECORD_WORKLOAD" "$facts" alloc 4194304
check "odd name: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
samples=$(record_samples "$odd")
check "odd name: the report is in the file ($samples samples)" [ "$samples" -gt 0 ]
check "odd name: nothing on stderr ($(head -c 300 "$HARNESS_DIR/odd.err"))" [ ! -s "$HARNESS_DIR/odd.err" ]

rm -f "$facts"
record_run full --format json --report-output /dev/full -- "$RECORD_WORKLOAD" "$facts" alloc 4194304
check "/dev/full: the program ran ($(harness_fact "$facts" alloc 3) bytes)" \
	[ -n "$(harness_fact "$facts" alloc 3)" ]
check "/dev/full: exit status 2 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 2 ]
check "/dev/full: says the report failed ($(head -c 300 "$HARNESS_DIR/full.err"))" \
	grep -q '^allocsample-record: the report failed to /dev/full' "$HARNESS_DIR/full.err"
kept=$(sed -n 's/^allocsample-record: trace kept in //p' "$HARNESS_DIR/full.err")
check "/dev/full: the trace is kept (${kept:-no path})" [ -n "$kept" ] && [ -d "$kept" ]
events=$(babeltrace2 "${kept:-/nonexistent}" 2>/dev/null | grep -c 'allocsample:AllocationSampled' || true)
check "/dev/full: babeltrace2 reads the kept trace ($events events)" [ "$events" -gt 0 ]
record_no_daemon "/dev/full"
finish
