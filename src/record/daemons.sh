# allocsample-record-daemons.sh - the session daemon that runs of
# allocsample-record share, the record of the runs, and each run's
# clean-up (allocsample-record(1), "The run's clean-up").
#
# Sourced by allocsample-record, and by the process that cleans a run up
# once the command has returned (teardown_detached, below).  That process
# runs in a session of its own and ignores the signals that end a
# terminal's or a CI step's jobs, so that nothing that kills the command's
# process group kills it; a run whose clean-up dies anyway (SIGKILL,
# cgroup) is cleaned up by the next run (runs_clean).  The functions use
# the command's variables: me, rundir, pidfile, state, user_pid, session,
# session_created, trace, temporary, shared_pid, shared_start,
# stopping_pid, stopping_start, unregistered_pid, started_pid.
#
# The records, under $state (beside the daemon's own files, in its run
# directory), written under $state/lock:
#   daemon        the daemon of the runs, "PID START" (START its start time:
#                 a later process with the same pid is not it), followed by
#                 " stopping" once the last run has sent it SIGTERM;
#   users/PID     a run that uses that daemon: its start time;
#   runs/PID      a run that created a session, by the process that stands
#                 for it (the command, then its clean-up): its start time,
#                 the session's name and the trace to remove when it is
#                 gone ("-" for a trace the user keeps), a line each.

# lock / unlock: the lock over $state, on descriptor 9, which no other
# process gets (every command that could outlive a section closes it).
lock() {
	exec 9>>"$state/lock" || die "cannot open $state/lock"
	if command -v flock >/dev/null 2>&1; then
		flock -w 120 9 || die "another $me held $state/lock for 2 minutes"
	fi
}
unlock() {
	exec 9>&-
}

# start_time PID: the process's start time (field 22 of /proc/PID/stat),
# which tells a process from a later one with the same pid.
start_time() {
	sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d ' ' -f 20
}

# daemon_alive PID START: whether that daemon still runs (a zombie has
# exited).
daemon_alive() {
	[ -n "$1" ] && [ "$(start_time "$1")" = "$2" ] &&
		[ "$(sed 's/.*) \(.\).*/\1/' "/proc/$1/stat" 2>/dev/null)" != Z ]
}

# wait_gone PID START: waits up to 10 s for that daemon to exit.
wait_gone() {
	for _ in $(seq 200); do
		daemon_alive "$1" "$2" || return 0
		sleep 0.05
	done
	printf '%s: lttng-sessiond %s has not exited 10 s after SIGTERM\n' "$me" "$1" >&2
}

# child_running PID: whether the process PID exists and has not exited.
child_running() {
	st=$(sed 's/.*) \(.\).*/\1/' "/proc/$1/stat" 2>/dev/null)
	[ -n "$st" ] && [ "$st" != Z ]
}

# start_daemon: lttng-sessiond as this script's child, in a session of its
# own (Ctrl-C is the program's), ready when it sends SIGUSR1; its pid in
# started_pid.  As a child, it is reaped the moment it exits while the
# command runs: a start that fails gives its status at once.
start_daemon() {
	command -v lttng-sessiond >/dev/null 2>&1 || die "no session daemon is running and lttng-sessiond is not installed"
	daemon_log=$trace/.lttng-sessiond.log
	daemon_ready=no
	trap 'daemon_ready=yes' USR1
	setsid lttng-sessiond --sig-parent --no-kernel </dev/null >"$daemon_log" 2>&1 9>&- &
	started_pid=$!
	unregistered_pid=$started_pid
	# Not `wait`: the signal may come before it starts.
	for _ in $(seq 1000); do
		[ "$daemon_ready" = no ] || break
		child_running "$started_pid" || break
		sleep 0.01
	done
	# Back to the command's own (a flight recorder's request, flight.sh).
	trap "${usr1_action:--}" USR1
	if [ "$daemon_ready" = no ]; then
		kill "$started_pid" 2>/dev/null
		daemon_status=0
		wait "$started_pid" 2>/dev/null || daemon_status=$?
		unregistered_pid=
		started_pid=
		why=$(tail -n 3 "$daemon_log" | paste -s -d ' ' -)
		die "could not start lttng-sessiond: ${why:-it exited with status $daemon_status and no message}"
	fi
	rm -f "$daemon_log"
}

# register PID START: this run uses that daemon of the runs.
register() {
	start_time "$user_pid" >"$state/users/$user_pid"
	shared_pid=$1
	shared_start=$2
	unregistered_pid=
}

# daemon_reachable: whether lttng reaches a session daemon: never when
# neither the user's nor root's client socket exists (the common case,
# where asking lttng would cost a client start).
daemon_reachable() {
	[ -e "$rundir/client-lttng-sessiond" ] || [ -e /var/run/lttng/client-lttng-sessiond ] ||
		return 1
	lttng list >/dev/null 2>&1
}

daemon_acquire() {
	if ! mkdir -p "$state/users" "$state/runs" 2>/dev/null || [ ! -w "$state" ]; then
		# No place for the runs' records: a reachable daemon is the user's.
		lttng list >/dev/null 2>&1 && return 0
		die "could not start lttng-sessiond: cannot create $state"
	fi
	lock
	set -- $(cat "$state/daemon" 2>/dev/null) "" "" ""
	if [ "$3" = stopping ]; then
		# The last run of an earlier group is stopping it: wait.
		wait_gone "$1" "$2"
		rm -f "$state/daemon"
		set -- "" "" ""
	fi
	if daemon_alive "$1" "$2" && [ "$(cat "$pidfile" 2>/dev/null)" = "$1" ]; then
		register "$1" "$2"
	elif ! daemon_reachable; then
		rm -f "$state/daemon" "$state/users"/*
		start_daemon
		started_start=$(start_time "$started_pid")
		printf '%s %s\n' "$started_pid" "$started_start" >"$state/daemon"
		register "$started_pid" "$started_start"
	fi
	runs_clean
	unlock
}

# daemon_release: this run no longer needs the shared daemon; the last run
# that did stops it.
daemon_release() {
	[ -n "$shared_pid" ] || return 0
	lock
	rm -f "$state/users/$user_pid"
	# Runs that ended without saying so (killed) do not count.
	for entry in "$state/users"/*; do
		[ -e "$entry" ] || continue
		[ "$(start_time "${entry##*/}")" = "$(cat "$entry" 2>/dev/null)" ] || rm -f "$entry"
	done
	if [ -z "$(ls -A "$state/users")" ] &&
		[ "$(cat "$state/daemon" 2>/dev/null)" = "$shared_pid $shared_start" ] &&
		daemon_alive "$shared_pid" "$shared_start"; then
		kill "$shared_pid" 2>/dev/null
		printf '%s %s stopping\n' "$shared_pid" "$shared_start" >"$state/daemon"
		stopping_pid=$shared_pid
		stopping_start=$shared_start
	fi
	unlock
	shared_pid=
}

# daemon_gone: the daemon this run stopped has exited, and its record is
# removed (unless a later run replaced it).  By then the daemon is usually
# no longer the command's child but init's (see hand_over): a zombie
# counts as gone.
daemon_gone() {
	[ -n "$stopping_pid" ] || return 0
	wait_gone "$stopping_pid" "$stopping_start"
	lock
	[ "$(cat "$state/daemon" 2>/dev/null)" != "$stopping_pid $stopping_start stopping" ] ||
		rm -f "$state/daemon"
	unlock
	stopping_pid=
}

# teardown REMOVE_TRACE: the session destroyed, waiting until the daemon
# has released it (lttng-sessiond closes its trace chunk on a fixed 500 ms
# timer); only then the temporary trace removed, if REMOVE_TRACE is yes,
# so that nothing of the daemon's can still touch it; then this run
# released from the daemon of the runs, which the last one stops and sees
# gone.
teardown() {
	if [ "$session_created" = yes ]; then
		lttng destroy "$session" >/dev/null 2>&1
		session_created=no
	fi
	[ "$1" = no ] || rm -rf "$trace"
	daemon_release
	daemon_gone
}

# run_note: this run has a session: its record, for the next run to clean
# up if the command and its clean-up are both killed.
run_note() {
	[ -d "$state/runs" ] && [ -w "$state/runs" ] || return 0
	if [ "$temporary" = yes ]; then
		left=$trace
	else
		left=-
	fi
	printf '%s\n%s\n%s\n' "$(start_time "$user_pid")" "$session" "$left" >"$state/runs/$user_pid"
}

# runs_clean: the runs whose process is gone without its clean-up (killed
# with SIGKILL, or with its whole cgroup): their sessions destroyed, and a
# flight recorder's trigger, named after its session, removed, if their
# daemon still runs; their temporary traces removed.  Under the lock, when
# a run starts.
runs_clean() {
	for entry in "$state/runs"/*; do
		[ -e "$entry" ] || continue
		[ "$(start_time "${entry##*/}")" != "$(sed -n 1p "$entry" 2>/dev/null)" ] || continue
		dead_session=$(sed -n 2p "$entry")
		dead_trace=$(sed -n 3p "$entry")
		if [ -n "$dead_session" ] && daemon_reachable; then
			lttng remove-trigger "$dead_session" >/dev/null 2>&1 || true
			lttng destroy "$dead_session" >/dev/null 2>&1 || true
		fi
		case $dead_trace in
		''|-) ;;
		*) rm -rf -- "$dead_trace" ;;
		esac
		rm -f "$entry"
	done
}

# hand_over REMOVE_TRACE: teardown in a process of its own, which the
# command does not wait for: once the report is written nothing the user
# asked for is left, and the daemon's timer would add half a second to
# every run.  The process takes this run's entries among the daemon's
# users and the runs (under the lock, so that no run finds the daemon
# unused, or the run dead, in between), runs in a session of its own
# (setsid: it is not the leader of the command's process group, so it
# stays this process and $! is its pid) and ignores the signals that end
# jobs, and holds none of the command's descriptors: nothing appears after
# the command has returned, whoever reads the command's output (a pipe,
# `$(...)`) sees its end when the command ends, and the lock is its own.
hand_over() {
	registry=no
	if [ -d "$state/runs" ] && [ -w "$state/runs" ]; then
		registry=yes
		lock
	fi
	setsid /bin/sh -c 'die() { exit 2; }; . "$1"; shift; teardown_detached "$@"' sh "$record_lib" \
		"$me" "$rundir" "$state" "$session" "$session_created" "$trace" "$1" \
		"$shared_pid" "$shared_start" </dev/null >/dev/null 2>&1 9>&- &
	if [ "$registry" = yes ]; then
		if [ -n "$shared_pid" ]; then
			start_time $! >"$state/users/$!"
			rm -f "$state/users/$user_pid"
		fi
		if [ -e "$state/runs/$user_pid" ]; then
			{ start_time $!; sed -n 2p "$state/runs/$user_pid"
			  if [ "$1" = yes ]; then printf '%s\n' "$trace"; else echo -; fi
			} >"$state/runs/$!"
			rm -f "$state/runs/$user_pid"
		fi
		unlock
	fi
}

# teardown_detached ME RUNDIR STATE SESSION SESSION_CREATED TRACE
# REMOVE_TRACE SHARED_PID SHARED_START: hand_over's process.
teardown_detached() {
	trap '' HUP INT QUIT TERM
	me=$1 rundir=$2 state=$3 session=$4 session_created=$5 trace=$6
	shared_pid=$8 shared_start=$9
	stopping_pid= stopping_start=
	user_pid=$$
	teardown "$7"
	# After hand_over has written the entry, which it does under the lock.
	lock
	rm -f "$state/runs/$user_pid"
	unlock
}
