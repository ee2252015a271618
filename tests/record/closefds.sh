#!/bin/sh
# closefds.sh - a program that closes every descriptor above 2 at start, as
# daemons and Python's subprocess do, then allocates and writes files, under
# allocsample-record, once for each way of closing them: one by one with
# close (which lttng-ust's fd tracker, liblttng-ust-fd.so, guards), with
# close_range(3, ~0U, 0), with close_range's CLOSE_RANGE_CLOEXEC, and with
# closefrom(3) (which the shim guards: doc/sampling.md, "Descriptors").  Each
# time it exits 0 without a crash, its 16 files read back intact, and its
# samples are recorded.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

for how in close close_range cloexec closefrom; do
	facts="$HARNESS_DIR/facts-$how"
	mkdir -p "$HARNESS_DIR/files-$how"
	record_run "$how" --rate 16384 --format json --report-output "$HARNESS_DIR/$how.json" -- \
		"$RECORD_WORKLOAD" "$facts" closefds "$how" "$HARNESS_DIR/files-$how"
	check "$how: exit status 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/$how.err"))" \
		[ "$RECORD_STATUS" -eq 0 ]
	check "$how: its 16 files read back intact ($(harness_fact "$facts" closefds 4))" \
		[ "$(harness_fact "$facts" closefds 4)" = 16 ]
	pid=$(harness_fact "$facts" closefds 2)
	samples=$(jq "[.groups[] | select(.kind == \"process\" and .pid == ${pid:-0})][0].samples // 0" \
		"$HARNESS_DIR/$how.json" 2>/dev/null || echo 0)
	check "$how: its samples are recorded ($samples of pid ${pid:-none})" [ "${samples:-0}" -gt 20 ]
	record_no_daemon "$how"
done
finish
