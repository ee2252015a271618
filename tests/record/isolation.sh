#!/bin/sh
# isolation.sh - a run holds exactly the processes of the program it
# launched (doc/sampling.md, "Which processes a run holds").  While a
# program started by hand with the shim preloaded allocates all along, two
# allocsample-record runs of two programs overlap: one that allocates,
# waits for the other run to start and allocates again, and one that forks
# a child and spawns another program, all three allocating.  Each report,
# and each trace (every event of it: samples, state dump, dlopen), holds
# exactly its own processes; the program started by hand is in neither.
# Twice: with a daemon the first run starts and shares with the second,
# then with a daemon that runs already (the user's: as root, root's own).
# And a program that links lttng-ust itself, for tracepoints of its own:
# its samples and its state dump are the run's (lttng-ust, found before
# liballocsample, must still call the shim's hook that gives the process
# its run).
# Deterministic: nothing here can fail by chance.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

# pids_of JSON: the process ids of a JSON report's process rows, sorted,
# on one line.
pids_of() {
	jq -r '[.groups[] | select(.kind == "process") | .pid] | sort | map(tostring) | join(" ")' "$1"
}

# trace_pids TRACE: the vpids of every event of TRACE, sorted, on one line.
trace_pids() {
	babeltrace2 "$1" | sed -n 's/.*[{ ]vpid = \([0-9]*\),.*/\1/p' | sort -n -u | paste -s -d ' ' -
}

# holds NAME PID: the run NAME (process PID) ended well, and its report
# and trace hold exactly the processes of its facts ($HARNESS_DIR/NAME.facts:
# the pids of the lines ready, parent, fork and alloc).
holds() {
	record_waited "$1" "$2"
	own=$(awk '$1 == "ready" || $1 == "parent" || $1 == "fork" || $1 == "alloc" { print $2 }' \
		"$HARNESS_DIR/$1.facts" | sort -n -u | paste -s -d ' ' -)
	[ -n "$own" ] || harness_fail "$1: the workload wrote no pids: $(cat "$HARNESS_DIR/$1.facts")"
	check "$1: the report's processes are its own ($own; report: $(pids_of "$HARNESS_DIR/$1.json"))" \
		[ "$(pids_of "$HARNESS_DIR/$1.json")" = "$own" ]
	check "$1: the trace's processes are its own ($own; trace: $(trace_pids "$HARNESS_DIR/$1.trace"))" \
		[ "$(trace_pids "$HARNESS_DIR/$1.trace")" = "$own" ]
	check "$1: no free of another process counted ($(jq '.live.unmatched_frees' "$HARNESS_DIR/$1.json"))" \
		[ "$(jq '.live.unmatched_frees' "$HARNESS_DIR/$1.json")" = 0 ]
}

# overlap LABEL: the program started by hand, then the two runs.
overlap() {
	label=$1
	: >"$HARNESS_DIR/$label-hand.facts"
	LD_PRELOAD="$AS_PRELOAD" "$RECORD_WORKLOAD" "$HARNESS_DIR/$label-hand.facts" spin handle \
		>/dev/null 2>&1 &
	hand=$!
	trap 'isolation_status=$?; set +e; kill "$hand" 2>/dev/null; (exit "$isolation_status"); harness_cleanup' EXIT
	record_ready "$HARNESS_DIR/$label-hand.facts"

	record_bg_json "$label-wait" -o "$HARNESS_DIR/$label-wait.trace" -- \
		"$RECORD_WORKLOAD" "$HARNESS_DIR/$label-wait.facts" wait "$HARNESS_DIR/$label-wait.go"
	waiting=$BG_PID
	record_ready "$HARNESS_DIR/$label-wait.facts"
	record_bg_json "$label-children" -o "$HARNESS_DIR/$label-children.trace" -- \
		"$RECORD_WORKLOAD" "$HARNESS_DIR/$label-children.facts" children
	children=$BG_PID
	holds "$label-children" "$children"
	touch "$HARNESS_DIR/$label-wait.go"
	holds "$label-wait" "$waiting"

	kill -INT "$hand"
	status=0
	wait "$hand" || status=$?
	check "$label: the program started by hand ran throughout (status $status, 130 after SIGINT)" \
		[ "$status" -eq 130 ]
}

check "no daemon before the runs" [ -z "$(record_daemons)" ]
overlap own
record_no_daemon "after the runs with a daemon of their own"

harness_start_sessiond
overlap user

record_run linked --format json --report-output "$HARNESS_DIR/linked.json" -o "$HARNESS_DIR/linked.trace" \
	-- "$AS_BUILDDIR/tests/report/scopes-workload" 2 5
check "linked: exit status 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/linked.err"))" \
	[ "$RECORD_STATUS" -eq 0 ]
check "linked: its samples are recorded ($(record_samples "$HARNESS_DIR/linked.json"))" \
	[ "$(record_samples "$HARNESS_DIR/linked.json")" -gt 0 ]
check "linked: its state dump is recorded" \
	[ "$(babeltrace2 "$HARNESS_DIR/linked.trace" | grep -c 'lttng_ust_statedump:bin_info')" -gt 0 ]
finish
