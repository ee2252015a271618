# debuginfod.sh - a debuginfod server on loopback for one test script
# (symbols/), on top of tests/lib/lttng-harness.sh: it serves the ELF and
# debug files of one directory, its database in the test's directory, and
# is stopped by pid when the script exits.  A test that starts one sets
# HARNESS_NETWORK=private before harness_enter: as root, its loopback is
# then its own.  The port is drawn from the script's pid, not debuginfod's
# default 8002, which a server of the user's may hold when the test runs as
# another user.
#
# The clients the test runs (the report) must be given DEBUGINFOD_URLS
# (debuginfod_url) and a DEBUGINFOD_CACHE_PATH of their own: the client
# caches what it found, and what it did not find too (ten minutes), so a
# cache shared between two cases would answer the second with the first's
# result.

DEBUGINFOD_PID=

# debuginfod_start DIR BUILD_ID: a server of DIR's files started, ready once
# it serves the debug file of BUILD_ID (its scan of DIR done), its pid in
# DEBUGINFOD_PID, stopped when the script exits, however it exits; stops
# the test if it cannot start within a minute, under any load.
debuginfod_start() {
	DEBUGINFOD_PORT=$(( 20000 + ($$ * 13) % 30000 ))
	debuginfod -F "$1" -p "$DEBUGINFOD_PORT" -d "$HARNESS_DIR/debuginfod.sqlite" -v \
		</dev/null >>"$HARNESS_DIR/debuginfod.log" 2>&1 &
	DEBUGINFOD_PID=$!
	trap 'debuginfod_status=$?; set +e; debuginfod_stop; (exit "$debuginfod_status"); harness_cleanup' EXIT
	debuginfod_deadline=$(( $(date +%s) + 60 ))
	# curl, not a debuginfod client: no client's cache remembers the
	# misses before the scan.
	until curl -sf -o /dev/null "$(debuginfod_url)/buildid/$2/debuginfo"; do
		kill -0 "$DEBUGINFOD_PID" 2>/dev/null && [ "$(date +%s)" -le "$debuginfod_deadline" ] ||
			harness_fail "debuginfod did not serve $2: $(tail -n 5 "$HARNESS_DIR/debuginfod.log")"
		sleep 0.1
	done
}

# debuginfod_stop: the server stopped (SIGTERM, then SIGKILL after 10 s),
# if one runs; it refuses connections from then on.
debuginfod_stop() {
	debuginfod_pid=$DEBUGINFOD_PID
	[ -n "$debuginfod_pid" ] || return 0
	DEBUGINFOD_PID=
	kill "$debuginfod_pid" 2>/dev/null || return 0
	for _ in $(seq 100); do
		kill -0 "$debuginfod_pid" 2>/dev/null || break
		sleep 0.1
	done
	kill -KILL "$debuginfod_pid" 2>/dev/null || true
	wait "$debuginfod_pid" 2>/dev/null || true
}

# debuginfod_url: the server's URL, for DEBUGINFOD_URLS.
debuginfod_url() {
	printf 'http://127.0.0.1:%s\n' "$DEBUGINFOD_PORT"
}
