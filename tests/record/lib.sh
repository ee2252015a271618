# lib.sh - what allocsample-record's tests share, on top of
# tests/lib/lttng-harness.sh.
#
# Source it first thing, then call harness_enter "$@": the command, the
# daemons it starts or uses and the workload then all live in the test's
# private mount namespace (a tmpfs over /var/run/lttng).  The checks (ok,
# fail, check, check_truth, finish) are tests/lib/results.sh's.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"

RECORD_WORKLOAD="$AS_BUILDDIR/tests/record/workload"

# record_ready FACTS: waits until the workload of FACTS says it is ready.
record_ready() {
	for _ in $(seq 300); do
		[ -z "$(harness_fact "$1" ready 2)" ] || return 0
		sleep 0.1
	done
	harness_fail "the workload of $1 never became ready"
}

# record_sessions: the sessions of the daemon in the namespace, one a line:
# NAME ENABLED (true when started).
record_sessions() {
	lttng --mi xml list |
		grep -o '<session><name>[^<]*</name><path>[^<]*</path><enabled>[a-z]*</enabled>' |
		sed 's|<session><name>\([^<]*\)</name><path>[^<]*</path><enabled>\([a-z]*\)</enabled>|\1 \2|'
}

# record_no_temporary NAME: a check that the run NAME left nothing in its
# temporary directories ($HARNESS_DIR/tmp-NAME).  The command removes its
# temporary trace after it returns (record_no_daemon): the check waits for
# that, up to a minute.
record_no_temporary() {
	for _ in $(seq 600); do
		left=$(ls -A "$HARNESS_DIR/tmp-$1" 2>&1) || true
		[ -n "$left" ] || break
		sleep 0.1
	done
	check "$1: no temporary directory left (${left:-none})" [ -z "$left" ]
}

# record_lines FILE: the number of lines of FILE.
record_lines() {
	wc -l <"$1" | tr -d ' '
}

# record_samples JSON: the number of samples of a JSON report; 0 if the file
# is not one.
record_samples() {
	n=$(jq -r '.samples // 0' "$1" 2>/dev/null) || n=0
	case $n in ''|*[!0-9]*) n=0 ;; esac
	printf '%s\n' "$n"
}
