#!/bin/sh
# exit-status.sh - allocsample-record returns the program's exit status:
# 3 for exit(3), 128 + N for a program that signal N ended (SIGTERM and
# SIGKILL); the report is written either way and no daemon is left.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

# expect NAME STATUS WORKLOAD_ARGS...: the command's status and its report.
expect() {
	name=$1
	want=$2
	shift 2
	record_run "$name" --format json --report-output - -- "$RECORD_WORKLOAD" "$HARNESS_DIR/facts" status "$@"
	check "$name: exit status $want ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq "$want" ]
	samples=$(record_samples "$HARNESS_DIR/$name.out")
	check "$name: the report is written ($samples samples)" [ "$samples" -gt 0 ]
	record_no_daemon "$name"
}

expect exit-3 3 exit 3
expect sigterm 143 signal 15
expect sigkill 137 signal 9
finish
