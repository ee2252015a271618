# lib.sh - what the live tests (live.sh, record-live.sh) share, on top of
# tests/lib/lttng-harness.sh and tests/lib/relayd.sh (an lttng-relayd on
# loopback).
#
# Source it first thing.  The workload, live-workload, reports known bytes
# of type "chunk" from its threads until the test creates its stop file:
# the test ends it once a viewer has shown what the test checks, whatever
# the pace of the machine.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"
. "$AS_SRCDIR/tests/lib/relayd.sh"

LIVE_WORKLOAD="$AS_BUILDDIR/tests/live/live-workload"

# live_updates FILE: how many reports holding samples a viewer has written
# into FILE so far: JSON lines with a sample, text reports with a total.
live_updates() {
	live_count=$(grep -c -e '"samples": [1-9]' -e '^  Total ' "$1" 2>/dev/null) || true
	echo "${live_count:-0}"
}

# live_stop_after FILE STOP: waits until the viewer writing FILE has shown
# two updates holding samples, then creates STOP, the workload's stop file.
# A deadlock guard, not a bound: after two minutes the workload is stopped
# all the same, and the test's count of updates fails it.
live_stop_after() {
	live_deadline=$(( $(date +%s) + 120 ))
	while [ "$(live_updates "$1")" -lt 2 ] && [ "$(date +%s)" -le "$live_deadline" ]; do
		sleep 0.1
	done
	touch "$2"
}

# live_truth LABEL JSON FACTS [SELECTION]: check_truth on the final report
# JSON for the type chunk and for each thread of the workload's FACTS (its
# lines `thread TID BYTES`), the groups picked among those SELECTION (a jq
# condition) also picks; stops the test if FACTS names no thread.
live_truth() {
	awk '$1 == "thread" { print $2, $3 }' "$3" >"$3.threads"
	[ -s "$3.threads" ] || harness_fail "$1: the workload's facts name no thread: $(cat "$3")"
	while read -r live_tid live_bytes; do
		check_truth "$1: thread $live_tid" "$2" \
			".kind == \"thread\" and .tid == $live_tid and (${4:-true})" "$live_bytes"
	done <"$3.threads"
	check_truth "$1: type chunk" "$2" ".kind == \"type\" and .type == \"chunk\" and (${4:-true})" \
		"$(harness_fact "$3" total 2)"
}
