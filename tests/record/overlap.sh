#!/bin/sh
# overlap.sh - allocsample-record runs that overlap, with no session daemon
# running: the first run starts a daemon, a second one started while the
# first records uses it, and when the first ends first the daemon stays
# for the second, which completes with its report; then two runs started
# at the same moment, three times; then three runs one right after the
# other.  Every run exits 0 with samples, and no daemon is left after the
# last.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

# completed NAME PID: the background run ended with status 0 and a report
# with samples, and left no temporary directory.
completed() {
	record_waited "$1" "$2"
	record_no_temporary "$1"
}

check "no daemon before the runs" [ -z "$(record_daemons)" ]

# The first run ends while the second records.
record_bg_json first -- "$RECORD_WORKLOAD" "$HARNESS_DIR/first.facts" wait "$HARNESS_DIR/first.go"
first=$BG_PID
record_ready "$HARNESS_DIR/first.facts"
record_bg_json second -- "$RECORD_WORKLOAD" "$HARNESS_DIR/second.facts" wait "$HARNESS_DIR/second.go"
second=$BG_PID
record_ready "$HARNESS_DIR/second.facts"
daemons=$(record_daemons | paste -s -d ' ' -)
touch "$HARNESS_DIR/first.go"
completed first "$first"
left=$(record_daemons | paste -s -d ' ' -)
check "the daemon stays while the second run records (${daemons:-none}; after the first: ${left:-none})" \
	[ "${left:--}" = "${daemons:-none}" ]
touch "$HARNESS_DIR/second.go"
completed second "$second"
record_no_daemon "after the second run"

# Runs started at the same moment.
for round in 1 2 3; do
	record_bg_json "a$round" -- "$RECORD_WORKLOAD" "$HARNESS_DIR/a$round.facts" alloc 2097152
	a=$BG_PID
	record_bg_json "b$round" -- "$RECORD_WORKLOAD" "$HARNESS_DIR/b$round.facts" alloc 2097152
	b=$BG_PID
	completed "a$round" "$a"
	completed "b$round" "$b"
	record_no_daemon "round $round"
done

# Runs one right after the other: each starts while the one before still
# tears down (destroys its session, perhaps stops the daemon), and uses
# that daemon or, once it is stopping, waits for it and starts another.
for run in c1 c2 c3; do
	record_bg_json "$run" -- "$RECORD_WORKLOAD" "$HARNESS_DIR/$run.facts" alloc 2097152
	record_waited "$run" "$BG_PID"
done
for run in c1 c2 c3; do
	record_no_temporary "$run"
done
record_no_daemon "after the runs in a row"
finish
