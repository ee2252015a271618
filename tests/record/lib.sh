# lib.sh - what allocsample-record's tests share, on top of
# tests/lib/lttng-harness.sh.
#
# Source it first thing, then call harness_enter "$@": the command, the
# daemons it starts or uses and the workload then all live in the test's
# private mount namespace (a tmpfs over /var/run/lttng).  The checks (ok,
# fail, check, check_truth, finish) are tests/lib/results.sh's.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"

RECORD_CMD="$AS_BUILDDIR/src/record/allocsample-record"
RECORD_WORKLOAD="$AS_BUILDDIR/tests/record/workload"
# The command runs the build tree's shim and plugin.
ALLOCSAMPLE_PRELOAD="$AS_PRELOAD"
ALLOCSAMPLE_PLUGIN_PATH="$AS_BUILDDIR/plugins/report/.libs"
export ALLOCSAMPLE_PRELOAD ALLOCSAMPLE_PLUGIN_PATH

# record_run NAME [OPTIONS] -- PROGRAM [ARGS]: runs allocsample-record with
# the arguments given, standard output into $HARNESS_DIR/NAME.out and
# standard error into NAME.err, its temporary directories under
# $HARNESS_DIR/tmp-NAME; the exit status in RECORD_STATUS.
record_run() {
	name=$1
	shift
	mkdir -p "$HARNESS_DIR/tmp-$name"
	RECORD_STATUS=0
	TMPDIR="$HARNESS_DIR/tmp-$name" "$RECORD_CMD" "$@" \
		>"$HARNESS_DIR/$name.out" 2>"$HARNESS_DIR/$name.err" || RECORD_STATUS=$?
}

# record_bg NAME ARGS...: record_run in the background, under `timeout 120`
# (a deadlock fails the test instead of hanging it); its pid in BG_PID.
record_bg() {
	name=$1
	shift
	mkdir -p "$HARNESS_DIR/tmp-$name"
	TMPDIR="$HARNESS_DIR/tmp-$name" timeout 120 "$RECORD_CMD" "$@" \
		>"$HARNESS_DIR/$name.out" 2>"$HARNESS_DIR/$name.err" &
	BG_PID=$!
}

# record_ready FACTS: waits until the workload of FACTS says it is ready.
record_ready() {
	for _ in $(seq 300); do
		[ -z "$(harness_fact "$1" ready 2)" ] || return 0
		sleep 0.1
	done
	harness_fail "the workload of $1 never became ready"
}

# record_daemons: the pids of the lttng-sessiond and lttng-consumerd
# processes in this mount namespace, one a line.  Other tests' daemons run
# in the same pid namespace, so the processes are told apart by their
# mount namespace.
record_daemons() {
	own=$(readlink /proc/self/ns/mnt)
	for pid in $(pgrep -x lttng-sessiond || true) $(pgrep -x lttng-consumerd || true); do
		[ "$(readlink "/proc/$pid/ns/mnt" 2>/dev/null)" = "$own" ] && echo "$pid"
	done
	return 0
}

# record_sessions: the sessions of the daemon in the namespace, one a line:
# NAME ENABLED (true when started).
record_sessions() {
	lttng --mi xml list |
		grep -o '<session><name>[^<]*</name><path>[^<]*</path><enabled>[a-z]*</enabled>' |
		sed 's|<session><name>\([^<]*\)</name><path>[^<]*</path><enabled>\([a-z]*\)</enabled>|\1 \2|'
}

# The command returns once the report is written, and a process of its
# own then destroys the session, removes the temporary trace and stops the
# daemon the command started: within about a second.  The checks of what is
# left wait for it, 10 s at most.

# record_no_daemon WHAT: a check that no daemon is left in the namespace.
record_no_daemon() {
	for _ in $(seq 100); do
		left=$(record_daemons | tr '\n' ' ')
		[ -n "$left" ] || break
		sleep 0.1
	done
	check "$1: no lttng daemon left in the namespace (${left:-none})" [ -z "$left" ]
}

# record_no_temporary NAME: a check that the run NAME left nothing in its
# temporary directories ($HARNESS_DIR/tmp-NAME).
record_no_temporary() {
	for _ in $(seq 100); do
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
