# relayd.sh - an lttng-relayd on loopback for one test script (live/,
# hosts/, docs/run-document.sh), on top of tests/lib/lttng-harness.sh.
#
# Source it after lttng-harness.sh and call relayd_start DIR after
# harness_enter: the relayd runs in the script's private mount namespace,
# writes what it receives under DIR and is stopped by pid when the script
# exits.  A test that starts one sets HARNESS_NETWORK=private before
# harness_enter: as root, its loopback is then its own.  The ports are not
# the defaults (5342 to 5344), which a daemon of the user's may hold when
# the test runs as another user: RELAYD_CTRL_PORT, RELAYD_DATA_PORT and
# RELAYD_LIVE_PORT are drawn until three free ones are found, unless the
# caller gives them.

RELAYD_PID=

# relayd_run OUTPUT_DIR [CTRL:DATA:LIVE]: a relayd started and answering
# viewers, its pid in RELAYD_PID, the caller to stop it (relayd_stop);
# stops the test if it cannot start.  Ready when its live port lists
# sessions, gone when a port was taken: a minute at most, under any load.
relayd_run() {
	relayd_attempts="1 2 3 4 5"
	[ $# -lt 2 ] || relayd_attempts=given
	for relayd_attempt in $relayd_attempts; do
		if [ "$relayd_attempt" = given ]; then
			RELAYD_CTRL_PORT=${2%%:*}
			RELAYD_LIVE_PORT=${2##*:}
			RELAYD_DATA_PORT=${2#*:}
			RELAYD_DATA_PORT=${RELAYD_DATA_PORT%:*}
		else
			RELAYD_CTRL_PORT=$(( 20000 + ($$ * 7 + relayd_attempt * 101) % 30000 ))
			RELAYD_DATA_PORT=$(( RELAYD_CTRL_PORT + 1 ))
			RELAYD_LIVE_PORT=$(( RELAYD_CTRL_PORT + 2 ))
		fi
		lttng-relayd -o "$1" \
			-C "tcp://127.0.0.1:$RELAYD_CTRL_PORT" \
			-D "tcp://127.0.0.1:$RELAYD_DATA_PORT" \
			-L "tcp://127.0.0.1:$RELAYD_LIVE_PORT" \
			</dev/null >>"$HARNESS_DIR/relayd.log" 2>&1 &
		RELAYD_PID=$!
		relayd_deadline=$(( $(date +%s) + 60 ))
		while kill -0 "$RELAYD_PID" 2>/dev/null && [ "$(date +%s)" -le "$relayd_deadline" ]; do
			timeout 10 babeltrace2 -i lttng-live "net://127.0.0.1:$RELAYD_LIVE_PORT" \
				>/dev/null 2>&1 && return 0
			sleep 0.1
		done
		relayd_stop
	done
	harness_fail "lttng-relayd did not start: $(tail -n 5 "$HARNESS_DIR/relayd.log")"
}

# relayd_start OUTPUT_DIR [CTRL:DATA:LIVE]: relayd_run, the relayd stopped
# when the script exits, however it exits.
relayd_start() {
	relayd_run "$@"
	trap 'relayd_status=$?; set +e; relayd_stop; (exit "$relayd_status"); harness_cleanup' EXIT
}

# relayd_stop: the relayd stopped (SIGTERM, then SIGKILL after 5 s), if
# one runs.
relayd_stop() {
	relayd_pid=$RELAYD_PID
	[ -n "$relayd_pid" ] || return 0
	RELAYD_PID=
	kill "$relayd_pid" 2>/dev/null || return 0
	for _ in $(seq 50); do
		kill -0 "$relayd_pid" 2>/dev/null || break
		sleep 0.1
	done
	kill -KILL "$relayd_pid" 2>/dev/null || true
	wait "$relayd_pid" 2>/dev/null || true
}

# relayd_url: the control and data URL for lttng create --set-url.
relayd_url() {
	printf 'net://127.0.0.1:%s:%s\n' "$RELAYD_CTRL_PORT" "$RELAYD_DATA_PORT"
}

# relayd_live_url SESSION: the URL a viewer reads the live session SESSION
# of this host at.
relayd_live_url() {
	printf 'net://127.0.0.1:%s/host/%s/%s\n' "$RELAYD_LIVE_PORT" "$(hostname)" "$1"
}

# relayd_viewer SESSION [PID]: waits until a viewer reads the live session
# SESSION; false if none has after two minutes, or once the process PID
# (the viewer) has ended.
relayd_viewer() {
	relayd_deadline=$(( $(date +%s) + 120 ))
	until timeout 10 babeltrace2 -i lttng-live "net://127.0.0.1:$RELAYD_LIVE_PORT" 2>/dev/null |
		grep -q "/$1 (.* [1-9][0-9]* client(s) connected"; do
		[ "$(date +%s)" -le "$relayd_deadline" ] || return 1
		[ $# -lt 2 ] || kill -0 "$2" 2>/dev/null || return 1
		sleep 0.1
	done
}
