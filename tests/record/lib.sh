# lib.sh - what allocsample-record's tests share, on top of
# tests/lib/lttng-harness.sh.
#
# Source it first thing, then call harness_enter "$@": the command, the
# daemons it starts or uses and the workload then all live in the test's
# private mount namespace (a tmpfs over /var/run/lttng).  The checks (ok,
# fail, check, check_truth, finish) are tests/lib/results.sh's, the runs of
# the command (record_run, record_bg, record_json, record_no_daemon)
# tests/lib/tools.sh's.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"

RECORD_WORKLOAD="$AS_BUILDDIR/tests/record/workload"

# record_ready FACTS: waits until the workload of FACTS says it is ready;
# stops the test if it has not after two minutes (a deadlock guard).
record_ready() {
	for _ in $(seq 1200); do
		[ -z "$(harness_fact "$1" ready 2)" ] || return 0
		sleep 0.1
	done
	harness_fail "the workload of $1 never became ready"
}

# record_bg_json NAME OPTIONS... -- PROGRAM...: record_bg with the JSON
# report in $HARNESS_DIR/NAME.json.
record_bg_json() {
	record_bg_name=$1
	shift
	record_bg "$record_bg_name" --format json --report-output "$HARNESS_DIR/$record_bg_name.json" "$@"
}

# record_waited NAME PID: waits for the background run NAME (pid PID,
# record_bg_json); a check that it exited 0, and one that its report has
# samples.
record_waited() {
	record_status=0
	wait "$2" || record_status=$?
	check "$1: exit status 0 ($record_status; $(head -c 300 "$HARNESS_DIR/$1.err"))" [ "$record_status" -eq 0 ]
	record_count=$(record_samples "$HARNESS_DIR/$1.json")
	check "$1: the report is written ($record_count samples)" [ "$record_count" -gt 0 ]
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

# record_said NAME STATUS PATTERN: checks that the run NAME ended with
# exit status STATUS (RECORD_STATUS) and wrote one line on its standard
# error ($HARNESS_DIR/NAME.err), which names the command and matches
# PATTERN (grep's, after "allocsample-record: ").
record_said() {
	check "$1: exit status $2 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq "$2" ]
	check "$1: one line on stderr ($(head -c 600 "$HARNESS_DIR/$1.err"))" \
		[ "$(record_lines "$HARNESS_DIR/$1.err")" -eq 1 ]
	check "$1: the line names the command and says '$3'" grep -q "^allocsample-record: $3" "$HARNESS_DIR/$1.err"
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
