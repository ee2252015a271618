#!/bin/sh
# sigint.sh - Ctrl-C during allocsample-record: SIGINT to the whole process
# group, as a terminal sends it, reaches the program; the command's exit
# status is the program's (130) and the report of what was recorded is
# still written; the daemon it started is gone.  Twice: a program that
# catches SIGINT (prints its totals, exits 130) and one that dies of it.
#
# How the signal is sent: the command runs in the background, where a
# non-interactive shell starts it with SIGINT ignored, and a signal ignored
# on entry cannot be trapped by a shell or reach the program.  So `env
# --default-signal=INT` restores its default action first and `setsid`
# gives it a process group of its own; the test sends SIGINT to that group
# (command, program and all) once the program says it has allocated its
# first 4 MiB (some samples to report).
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

rate=16384
facts="$HARNESS_DIR/facts"

# interrupt NAME HOW: runs the spin workload (HOW: handle or die) under the
# command, interrupts it; RECORD_STATUS and the workload's pid in PID.
interrupt() {
	name=$1
	rm -f "$facts"
	mkdir -p "$HARNESS_DIR/tmp-$name"
	TMPDIR="$HARNESS_DIR/tmp-$name" env --default-signal=INT setsid "$RECORD_CMD" \
		--rate "$rate" --format json --report-output - --confidence 0.9999 -- \
		"$RECORD_WORKLOAD" "$facts" spin "$2" \
		>"$HARNESS_DIR/$name.out" 2>"$HARNESS_DIR/$name.err" &
	job=$!
	record_ready "$facts"
	PID=$(harness_fact "$facts" ready 2)
	group=$(ps -o pgid= -p "$PID" | tr -d ' ')
	[ -n "$group" ] && [ "$group" != "$(ps -o pgid= -p $$ | tr -d ' ')" ] ||
		harness_fail "$name: the workload is not in a process group of its own ($group)"
	check "$name: the command is in the workload's process group" \
		[ "$(ps -o pgid= -p "$job" | tr -d ' ')" = "$group" ]
	kill -s INT -- "-$group"
	RECORD_STATUS=0
	wait "$job" || RECORD_STATUS=$?
}

# reported NAME: the report was written and holds the workload's process.
reported() {
	json="$HARNESS_DIR/$1.out"
	check "$1: exit status 130 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 130 ]
	samples=$(record_samples "$json")
	check "$1: the JSON report is written ($samples samples)" [ "$samples" -gt 0 ]
	rows=$(jq "[.groups[] | select(.kind == \"process\" and .pid == $PID)] | length" "$json" 2>/dev/null || echo 0)
	check "$1: it has the workload's process (pid $PID)" [ "${rows:-0}" -eq 1 ]
	check "$1: nothing lost ($(jq -c .incomplete "$json" 2>/dev/null))" \
		[ "$(jq -c .incomplete "$json" 2>/dev/null)" = false ]
	check "$1: no error ($(head -c 300 "$HARNESS_DIR/$1.err"))" [ ! -s "$HARNESS_DIR/$1.err" ]
	record_no_daemon "$1"
	record_no_temporary "$1"
}

interrupt handled handle
reported handled
bytes=$(harness_fact "$facts" interrupted 3)
check "handled: the workload caught SIGINT (${bytes:-no} bytes)" [ -n "$bytes" ]
[ -z "$bytes" ] || check_truth "handled: the workload's process" \
	"$HARNESS_DIR/handled.out" ".kind == \"process\" and .pid == $PID" "$bytes"

interrupt killed die
reported killed
check "killed: the workload died of SIGINT (no totals)" \
	[ -z "$(harness_fact "$facts" interrupted 3)" ]
finish
