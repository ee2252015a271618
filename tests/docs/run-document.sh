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
#          prints answers (status 0) or 30 s have passed (status 1), then
#          stopped;
#   live   a command that reads the live session docs-live: an
#          lttng-relayd on its default ports and that session, recording
#          ./server with the installed shim, are made around it.
# The commands run in this shell: the script's own names begin with docs_.

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

docs_page_answers() {
	docs_url=$(sed -n 's|.*\(http://[^ ]*\).*|\1|p' "$docs_cmds/$1.err" 2>/dev/null | head -n 1)
	[ -n "$docs_url" ] &&
		python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=10)' \
			"$docs_url" 2>/dev/null
}

docs_serve() {
	setsid sh "$docs_cmds/$1.sh" </dev/null >"$docs_cmds/$1.out" 2>"$docs_cmds/$1.err" &
	docs_server=$!
	if docs_wait_for 30 docs_page_answers "$1"; then
		echo 0 >"$docs_cmds/$1.status"
	else
		echo "run-document.sh: no page answered within 30 s" >>"$docs_cmds/$1.err"
		echo 1 >"$docs_cmds/$1.status"
	fi
	kill -- "-$docs_server" 2>/dev/null
	wait "$docs_server" 2>/dev/null
}

docs_live_listed() {
	timeout 5 babeltrace2 -i lttng-live net://localhost >"$docs_cmds/live.sessions" 2>/dev/null
}

docs_viewer_attached() {
	docs_live_listed && grep -q '/docs-live (.* [1-9][0-9]* client(s) connected' "$docs_cmds/live.sessions"
}

docs_live() {
	lttng-relayd -o "$docs_cmds/relayd" </dev/null >"$docs_cmds/relayd.log" 2>&1 &
	docs_relayd=$!
	docs_wait_for 10 docs_live_listed || echo "run-document.sh: lttng-relayd does not answer" >&2
	{
		lttng create docs-live --live &&
			lttng enable-event --userspace --session=docs-live 'allocsample:*' &&
			lttng add-context --userspace --session=docs-live -t vpid -t vtid -t procname -t ip &&
			lttng start docs-live
	} >"$docs_cmds/live.log" 2>&1 || echo "run-document.sh: the live session failed: $(cat "$docs_cmds/live.log")" >&2
	(. "$docs_cmds/$1.sh") </dev/null >"$docs_cmds/$1.out" 2>"$docs_cmds/$1.err" &
	docs_viewer=$!
	docs_wait_for 30 docs_viewer_attached || echo "run-document.sh: the command did not attach to docs-live" >&2
	LD_PRELOAD=/usr/local/lib/liballocsample-preload.so ./server >/dev/null
	lttng destroy docs-live >>"$docs_cmds/live.log" 2>&1
	docs_status=0
	wait "$docs_viewer" || docs_status=$?
	echo "$docs_status" >"$docs_cmds/$1.status"
	kill "$docs_relayd" 2>/dev/null
	wait "$docs_relayd" 2>/dev/null
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
