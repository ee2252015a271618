#!/bin/sh
# run-document.sh - a document's commands run as its reader runs them: in
# order, in one shell, from one directory, so that a file, a variable or an
# export that a command makes is there for the next.  Started by
# commands.sh, in the document's directory, with the reader's environment.
#
#   sh run-document.sh CMDS LIST
#
# LIST has a line per command, "N MODE": CMDS/N.sh holds its text, and its
# standard output, standard error, exit status and time in milliseconds go
# to CMDS/N.out, N.err, N.status and N.ms; its standard input is /dev/null.
# MODE is
#   run    the command, to its end;
#   build  the command, in the build tree ($AS_BUILDDIR), which it names
#          with $PWD;
#   serve  a command that serves until stopped (go tool pprof -http): in a
#          process group of its own, until the web page whose address it
#          prints answers (status 0; status 1 if none has after two
#          minutes, a deadlock guard), then stopped;
#   live   a command that reads the live session docs-live: an
#          lttng-relayd on its default ports (the test has a network
#          namespace of its own) and that session, recording ./server with
#          the installed shim, are made around it (tests/lib's relayd.sh
#          and harness_session); a failure of theirs is the command's
#          (status 1, the cause on its standard error).
# The commands run in this shell: the script's own names begin with docs_,
# and tests/lib's functions run in subshells of their own (docs_harness).

docs_cmds=$1
docs_list=$2

# docs_wait_for SECONDS COMMAND...: true once COMMAND succeeds, tried every
# 0.1 s; false after SECONDS.
docs_wait_for() {
	docs_tries=$(($1 * 10))
	shift
	while [ "$docs_tries" -gt 0 ]; do
		"$@" && return 0
		docs_tries=$((docs_tries - 1))
		sleep 0.1
	done
	return 1
}

# docs_page_answers N: whether the web page whose address command N
# printed on its standard error answers.
docs_page_answers() {
	docs_url=$(sed -n 's|.*\(http://[^ ]*\).*|\1|p' "$docs_cmds/$1.err" 2>/dev/null | head -n 1)
	[ -n "$docs_url" ] &&
		python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=10)' \
			"$docs_url" 2>/dev/null
}

# docs_serve N: command N, which serves until stopped, run until its page
# answers (mode serve, above).
docs_serve() {
	setsid sh "$docs_cmds/$1.sh" </dev/null >"$docs_cmds/$1.out" 2>"$docs_cmds/$1.err" &
	docs_server=$!
	if docs_wait_for 120 docs_page_answers "$1"; then
		echo 0 >"$docs_cmds/$1.status"
	else
		echo "run-document.sh: no page answered within two minutes" >>"$docs_cmds/$1.err"
		echo 1 >"$docs_cmds/$1.status"
	fi
	kill -- "-$docs_server" 2>/dev/null
	wait "$docs_server" 2>/dev/null
}

# docs_harness SCRIPT: SCRIPT with tests/lib's functions (the session
# recipe, the relayd on the default ports), in a subshell: the reader's
# shell keeps its own names and environment (tests/lib exports variables
# a reader does not have).  Their messages go to $docs_cmds/live.log.
docs_harness() {
	(
		. "$AS_SRCDIR/tests/lib/lttng-harness.sh"
		. "$AS_SRCDIR/tests/lib/relayd.sh"
		HARNESS_DIR=$docs_cmds
		RELAYD_LIVE_PORT=5344
		eval "$1"
	) >>"$docs_cmds/live.log" 2>&1
}

# docs_live N: command N, a viewer of docs-live, run around the live
# session and its relayd (mode live, above).
docs_live() {
	docs_failed=
	docs_harness 'relayd_run "$docs_cmds/relayd" 5342:5343:5344 && echo "$RELAYD_PID" >"$docs_cmds/relayd.pid" &&
		harness_session docs-live --live' || docs_failed="the live session could not be made"
	docs_status=1
	if [ -z "$docs_failed" ]; then
		(. "$docs_cmds/$1.sh") </dev/null >"$docs_cmds/$1.out" 2>"$docs_cmds/$1.err" &
		docs_viewer=$!
		docs_harness "relayd_viewer docs-live $docs_viewer" ||
			docs_failed="the command did not read docs-live"
		LD_PRELOAD=/usr/local/lib/liballocsample-preload.so ./server >/dev/null 2>>"$docs_cmds/live.log" ||
			docs_failed="./server failed under the shim"
		docs_harness 'harness_session_end docs-live' || docs_failed="the live session could not be ended"
		docs_status=0
		wait "$docs_viewer" || docs_status=$?
	fi
	if [ -n "$docs_failed" ]; then
		echo "run-document.sh: $docs_failed: $(tail -n 3 "$docs_cmds/live.log")" >>"$docs_cmds/$1.err"
		docs_status=1
	fi
	echo "$docs_status" >"$docs_cmds/$1.status"
	[ ! -s "$docs_cmds/relayd.pid" ] || docs_harness 'RELAYD_PID=$(cat "$docs_cmds/relayd.pid"); relayd_stop'
}

while read -r docs_n docs_mode; do
	docs_start=$(date +%s%N)
	case $docs_mode in
	run)
		. "$docs_cmds/$docs_n.sh" </dev/null >"$docs_cmds/$docs_n.out" 2>"$docs_cmds/$docs_n.err"
		echo $? >"$docs_cmds/$docs_n.status"
		;;
	build)
		(cd "$AS_BUILDDIR" && . "$docs_cmds/$docs_n.sh") </dev/null >"$docs_cmds/$docs_n.out" 2>"$docs_cmds/$docs_n.err"
		echo $? >"$docs_cmds/$docs_n.status"
		;;
	serve) docs_serve "$docs_n" ;;
	live) docs_live "$docs_n" ;;
	esac
	echo $((($(date +%s%N) - docs_start) / 1000000)) >"$docs_cmds/$docs_n.ms"
done <"$docs_list"
