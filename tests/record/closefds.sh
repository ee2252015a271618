#!/bin/sh
# closefds.sh - a program that closes every descriptor above 2 at start,
# as daemons do, then allocates and writes files: under allocsample-record
# (which preloads lttng-ust's fd tracker, liblttng-ust-fd.so) it does not
# crash, its 16 files read back intact, and its samples are recorded.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

facts="$HARNESS_DIR/facts"
mkdir -p "$HARNESS_DIR/files"
record_run closefds --rate 16384 --format json --report-output "$HARNESS_DIR/report.json" -- \
	"$RECORD_WORKLOAD" "$facts" closefds "$HARNESS_DIR/files"
check "exit status 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/closefds.err"))" [ "$RECORD_STATUS" -eq 0 ]
check "its 16 files read back intact ($(harness_fact "$facts" closefds 4))" \
	[ "$(harness_fact "$facts" closefds 4)" = 16 ]
pid=$(harness_fact "$facts" closefds 2)
samples=$(jq "[.groups[] | select(.kind == \"process\" and .pid == ${pid:-0})][0].samples // 0" \
	"$HARNESS_DIR/report.json" 2>/dev/null || echo 0)
check "its samples are recorded ($samples of pid ${pid:-none})" [ "${samples:-0}" -gt 20 ]
record_no_daemon closefds
finish
