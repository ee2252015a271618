# allocsample-record-live.sh - --live: the relayd (the user's, or one
# started for the run), the live session, and the viewer, babeltrace2
# reading the session with the report while the program runs.
#
# Sourced by allocsample-record.  Uses the command's variables: me, trace,
# record_dir, report_log, session, plugin_path, params (update-interval
# included), report_output, live_port, ctrl_port, data_port, live_ports;
# sets relayd_pid, own_relayd, viewer_pid, viewer_status,
# session_created.

# live_answers: whether a relayd answers viewers on the live port; another
# program holding the port may accept and never answer: at most 3 s.
live_answers() {
	timeout 3 babeltrace2 -i lttng-live "net://127.0.0.1:$live_port" >/dev/null 2>&1
}

# port_listening PORT: whether some process listens on TCP port PORT.
port_listening() {
	hex=$(printf ':%04X' "$1")
	awk -v p="$hex" '$4 == "0A" && substr($2, length($2) - 4) == p { found = 1 }
		END { exit !found }' /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

# live_create: the live session, sent to a relayd of the user's if one
# answers (the trace is then where it writes); else to one of ours for
# this run, writing into the trace directory.
live_create() {
	if ! live_answers; then
		port_listening "$live_port" &&
			die "port $live_port (live) is held by a program that does not answer as lttng-relayd: choose free ports with --live-ports"
		port_listening "$ctrl_port" && die "port $ctrl_port (control) is already in use: choose free ports with --live-ports"
		port_listening "$data_port" && die "port $data_port (data) is already in use: choose free ports with --live-ports"
		command -v lttng-relayd >/dev/null 2>&1 || die "no lttng-relayd answers on port $live_port and lttng-relayd is not installed"
		relayd_log=$trace/.lttng-relayd.log
		lttng-relayd -o "$trace" -C "tcp://127.0.0.1:$ctrl_port" -D "tcp://127.0.0.1:$data_port" \
			-L "tcp://127.0.0.1:$live_port" </dev/null >"$relayd_log" 2>&1 9>&- &
		relayd_pid=$!
		own_relayd=yes
		for _ in $(seq 50); do
			kill -0 "$relayd_pid" 2>/dev/null || break
			live_answers && break
			sleep 0.1
		done
		live_answers || die "could not start lttng-relayd on ports $live_ports: $(tail -n 3 "$relayd_log" | paste -s -d ' ' -)"
		rm -f "$relayd_log"
	fi
	lttng_quiet create "$session" --live --set-url="net://127.0.0.1:$ctrl_port:$data_port"
}

# live_start_viewer: babeltrace2 reading the live session with the report,
# in the background, its output where the report goes and its messages
# through report_babeltrace2; in viewer_pid, the process group that holds
# them.  It attaches now that the session exists (a relayd takes one
# viewer per session) and ends when the session is destroyed: convert
# reads lttng-live with session-not-found-action=end.  In a session of its
# own, Ctrl-C meant for the program does not cut its report short.
live_start_viewer() {
	set -- sh -c '. "$1"; shift; report_babeltrace2 "$@"' sh "$record_dir/allocsample-record-report.sh" \
		"$report_log" '' --plugin-path="$plugin_path" -i lttng-live \
		"net://127.0.0.1:$live_port/host/$(uname -n)/$session" \
		-c sink.allocsample.report --params="$params"
	case $report_output in
	'') setsid "$@" >&2 9>&- & ;;
	-) setsid "$@" 9>&- & ;;
	*) setsid "$@" >"$report_output" 9>&- & ;;
	esac
	viewer_pid=$!
	for _ in $(seq 100); do
		timeout 3 babeltrace2 -i lttng-live "net://127.0.0.1:$live_port" 2>/dev/null |
			grep -q "/$session (.* [1-9][0-9]* client(s) connected" && break
		if ! kill -0 "$viewer_pid" 2>/dev/null; then
			cause=$(report_cause <"$report_log")
			die "babeltrace2 could not read the live session${cause:+: $cause}"
		fi
		sleep 0.1
	done
}

# live_stop_viewer: the viewer's processes killed, its status in
# viewer_status.
live_stop_viewer() {
	kill -- "-$viewer_pid" 2>/dev/null
	wait "$viewer_pid" || viewer_status=$?
	viewer_pid=
}

# live_end_viewer: the session destroyed, the viewer's end awaited: it
# ends once it has read the rest of the stream and written the final
# report; a minute is plenty.  Its exit status in viewer_status.
live_end_viewer() {
	lttng_quiet destroy --no-wait "$session"
	session_created=no
	for _ in $(seq 600); do
		kill -0 "$viewer_pid" 2>/dev/null || break
		sleep 0.1
	done
	kill -0 "$viewer_pid" 2>/dev/null && printf '%s: babeltrace2 did not end after the session: stopped\n' "$me" >&2
	live_stop_viewer
}
