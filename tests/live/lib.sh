# lib.sh - an lttng-relayd on loopback for one test script (the live and
# many-hosts tests), on top of tests/report/lib.sh.
#
# Source it after tests/report/lib.sh and call relayd_start DIR after
# harness_enter: the relayd runs in the script's private mount namespace,
# writes what it receives under DIR and is stopped by pid when the script
# exits.  Its ports are not the defaults (5342 to 5344), which a daemon of
# the user's or another test may hold: RELAYD_CTRL_PORT, RELAYD_DATA_PORT
# and RELAYD_LIVE_PORT, drawn until three free ones are found.

RELAYD_PID=

# relayd_start OUTPUT_DIR: starts the relayd; fails the script if it cannot.
relayd_start() {
	for attempt in 1 2 3 4 5; do
		base=$(( 20000 + ($$ * 7 + attempt * 101) % 30000 ))
		RELAYD_CTRL_PORT=$base
		RELAYD_DATA_PORT=$(( base + 1 ))
		RELAYD_LIVE_PORT=$(( base + 2 ))
		lttng-relayd -o "$1" \
			-C "tcp://127.0.0.1:$RELAYD_CTRL_PORT" \
			-D "tcp://127.0.0.1:$RELAYD_DATA_PORT" \
			-L "tcp://127.0.0.1:$RELAYD_LIVE_PORT" \
			>>"$HARNESS_DIR/relayd.log" 2>&1 &
		RELAYD_PID=$!
		# Ready when its live port lists sessions; gone when a port was taken.
		for _ in $(seq 50); do
			kill -0 "$RELAYD_PID" 2>/dev/null || break
			if timeout 5 babeltrace2 -i lttng-live "net://127.0.0.1:$RELAYD_LIVE_PORT" \
				>/dev/null 2>&1; then
				trap 'relayd_status=$?; set +e; relayd_stop; (exit "$relayd_status"); harness_cleanup' EXIT
				return 0
			fi
			sleep 0.1
		done
		relayd_stop
	done
	harness_fail "lttng-relayd did not start: $(tail -n 5 "$HARNESS_DIR/relayd.log")"
}

relayd_stop() {
	pid=$RELAYD_PID
	[ -n "$pid" ] || return 0
	RELAYD_PID=
	kill "$pid" 2>/dev/null || return 0
	for _ in $(seq 50); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	kill -KILL "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
}

# relayd_url: the control and data URL for lttng create --set-url.
relayd_url() {
	printf 'net://127.0.0.1:%s:%s\n' "$RELAYD_CTRL_PORT" "$RELAYD_DATA_PORT"
}
