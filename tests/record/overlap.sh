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

# bg_run NAME OPTIONS... -- PROGRAM...: record_bg with the JSON report on
# its standard output.
bg_run() {
	name=$1
	shift
	record_bg "$name" --format json --report-output - "$@"
}

# completed NAME PID: the background run ended with status 0 and a report
# with samples.
completed() {
	status=0
	wait "$2" || status=$?
	check "$1: exit status 0 ($status; $(head -c 300 "$HARNESS_DIR/$1.err"))" [ "$status" -eq 0 ]
	samples=$(record_samples "$HARNESS_DIR/$1.out")
	check "$1: the report is written ($samples samples)" [ "$samples" -gt 0 ]
	record_no_temporary "$1"
}

check "no daemon before the runs" [ -z "$(record_daemons)" ]

# The first run ends while the second records.
bg_run first -- "$RECORD_WORKLOAD" "$HARNESS_DIR/first.facts" wait "$HARNESS_DIR/first.go"
first=$BG_PID
record_ready "$HARNESS_DIR/first.facts"
bg_run second -- "$RECORD_WORKLOAD" "$HARNESS_DIR/second.facts" wait "$HARNESS_DIR/second.go"
second=$BG_PID
record_ready "$HARNESS_DIR/second.facts"
daemons=$(record_daemons | paste -s -d ' ' -)
touch "$HARNESS_DIR/first.go"
completed first "$first"
left=$(record_daemons | paste -s -d ' ' -)
check "the daemon stays while the second run records ($daemons; after the first: ${left:-none})" \
	[ -n "$left" ] && [ "$left" = "$daemons" ]
touch "$HARNESS_DIR/second.go"
completed second "$second"
record_no_daemon "after the second run"

# Runs started at the same moment.
for round in 1 2 3; do
	bg_run "a$round" -- "$RECORD_WORKLOAD" "$HARNESS_DIR/a$round.facts" alloc 2097152
	a=$BG_PID
	bg_run "b$round" -- "$RECORD_WORKLOAD" "$HARNESS_DIR/b$round.facts" alloc 2097152
	b=$BG_PID
	completed "a$round" "$a"
	completed "b$round" "$b"
	record_no_daemon "round $round"
done

# Runs one right after the other: each starts while the one before still
# tears down (destroys its session, perhaps stops the daemon), and uses
# that daemon or, once it is stopping, waits for it and starts another.
for run in c1 c2 c3; do
	bg_run "$run" -- "$RECORD_WORKLOAD" "$HARNESS_DIR/$run.facts" alloc 2097152
	status=0
	wait "$BG_PID" || status=$?
	check "$run: exit status 0 ($status; $(head -c 300 "$HARNESS_DIR/$run.err"))" [ "$status" -eq 0 ]
	samples=$(record_samples "$HARNESS_DIR/$run.out")
	check "$run: the report is written ($samples samples)" [ "$samples" -gt 0 ]
done
for run in c1 c2 c3; do
	record_no_temporary "$run"
done
record_no_daemon "after the runs in a row"
finish
