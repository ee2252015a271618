# allocsample-record-attach.sh - allocsample-record -p PID: the process
# checked, the shim loaded into it and attached through gdb
# (allocsample-record-attach.py), the recording for --duration or until
# Ctrl-C or the process's exit, then the detach (doc/sampling.md,
# "Attaching to a running process").
#
# Sourced by allocsample-record.  Uses the command's variables: me,
# preload, record_dir, attach_pid, duration, duration_ms, session, trace,
# work, rundir; sets program, run_filter, status.

# attach_check: the process can be attached to, or one line saying why
# not and what would fix it (exit status 2).
attach_check() {
	case $attach_pid in ''|*[!0-9]*) die "-p needs a process id, not '$attach_pid'" ;; esac
	[ -r "/proc/$attach_pid/status" ] || die "no process $attach_pid"
	program=$(cat "/proc/$attach_pid/comm" 2>/dev/null)
	[ -r "$preload" ] || die "the preload shim $preload is missing (set ALLOCSAMPLE_PRELOAD)"
	[ -r "$record_dir/allocsample-record-attach.py" ] ||
		die "$record_dir/allocsample-record-attach.py is missing: install allocsample again"
	command -v gdb >/dev/null 2>&1 ||
		die "attaching loads allocsample through gdb, which is not installed (Debian: apt-get install gdb)"
	owner=$(awk '/^Uid:/ { print $2 }' "/proc/$attach_pid/status")
	if [ "$(id -u)" -ne 0 ] && [ "$owner" != "$(id -u)" ]; then
		die "process $attach_pid belongs to user $(id -nu "$owner" 2>/dev/null || echo "$owner"): attach as that user, or as root"
	fi
	tracer=$(awk '/^TracerPid:/ { print $2 }' "/proc/$attach_pid/status")
	[ "${tracer:-0}" = 0 ] ||
		die "process $attach_pid is being traced by process $tracer (a debugger?): only one tracer at a time"
	scope=$(cat /proc/sys/kernel/yama/ptrace_scope 2>/dev/null || echo 0)
	if [ "$scope" = 3 ]; then
		die "Yama's ptrace_scope is 3: no process may be attached to until the next boot"
	elif [ "$scope" = 2 ] && [ "$(id -u)" -ne 0 ]; then
		die "Yama's ptrace_scope is 2: only root may attach (sudo $me -p $attach_pid)"
	elif [ "$scope" = 1 ] && [ "$(id -u)" -ne 0 ]; then
		die "Yama's ptrace_scope is 1: only a parent may attach to its child; run as root, or: sudo sysctl kernel.yama.ptrace_scope=0"
	fi
	grep -Eq '/libc(\.so|-[0-9.]+\.so)' "/proc/$attach_pid/maps" 2>/dev/null ||
		die "process $attach_pid does not use the C library's dynamic linker (a static program?): nothing can be loaded into it"
	# Its own pid namespace's number, which lttng-ust records as vpid.
	vpid=$(awk '/^NSpid:/ { print $NF }' "/proc/$attach_pid/status")
	run_filter="\$ctx.vpid == ${vpid:-$attach_pid}"
}

# attach_gdb ACTION: gdb's part, ACTION attach or detach, run to its end
# (attach_gdb_read says what it did).
attach_gdb() {
	attach_gdb_read "$(attach_gdb_run "$1" 2>&1)"
}

# attach_gdb_run ACTION [GO [AT]]: gdb itself, its messages on the
# standard output; with GO, a directory, once ready it waits before it
# attaches for GO/go, or until AT (milliseconds since the epoch), if
# given (attach.py).  In a session of its own: Ctrl-C must not reach gdb
# while it calls into the process (attach_run defers it to the detach).
attach_gdb_run() {
	session_of_its_own=
	command -v setsid >/dev/null 2>&1 && session_of_its_own='setsid -w'
	ALLOCSAMPLE_ATTACH_PID=$attach_pid ALLOCSAMPLE_ATTACH_ACTION=$1 \
		ALLOCSAMPLE_ATTACH_SHIM=$preload ALLOCSAMPLE_ATTACH_BY=$$ ALLOCSAMPLE_ATTACH_GO=${2:-} \
		ALLOCSAMPLE_ATTACH_AT=${3:-} \
		$session_of_its_own gdb -batch -nx -x "$record_dir/allocsample-record-attach.py" \
		</dev/null 9>&-
}

# attach_gdb_read OUTPUT: what gdb's part said in OUTPUT: its result line
# in attach_result, its detail in attach_detail, the milliseconds the
# process's threads were stopped in attach_stopped, those of the calls
# into it (one thread busy, the others running) in attach_calls, and the
# clock's time when its last call returned, in milliseconds since the
# epoch, in attach_done (empty when it made none).
attach_gdb_read() {
	line=$(printf '%s\n' "$1" | sed -n 's/^allocsample-attach: //p' | grep -v '^stopped ' | tail -n 1)
	attach_result=${line%% *}
	attach_detail=
	[ "$attach_result" = "$line" ] || attach_detail=${line#* }
	set -- "$1" $(printf '%s\n' "$1" | sed -n 's/^allocsample-attach: stopped //p' | tail -n 1) "" "" ""
	attach_stopped=$2
	attach_calls=$3
	attach_done=
	case $4 in ''|0|*[!0-9]*) ;; *) attach_done=$(($4 / 1000000)) ;; esac
	if [ -z "$attach_result" ]; then
		attach_result=refused
		attach_detail="gdb: $(printf '%s\n' "$1" | grep -v '^\[' | tail -n 2 | paste -s -d ' ' -)"
	fi
}

# attach_registered: waits up to 10 s (or Ctrl-C) for the process to be
# registered with the session daemon.
attach_registered() {
	for _ in $(seq 100); do
		[ "$interrupted" = no ] || return 0
		lttng list --userspace 2>/dev/null | grep -q "^PID: $attach_pid - " && return 0
		sleep 0.1
	done
}

# now_ms: the clock's time in milliseconds since the epoch.
now_ms() {
	echo $(( $(date +%s%N) / 1000000 ))
}

# attach_sleep: until attach_end (milliseconds since the epoch, if not
# empty) by the clock (a round's own cost never adds up), Ctrl-C, or the
# process has exited; rounds of a tenth of a second at most, the last cut
# to what is left, each followed by a flight recorder's round (flight.sh).
attach_sleep() {
	end=$attach_end
	while [ "$interrupted" = no ] && child_running "$attach_pid"; do
		left=100
		if [ -n "$end" ]; then
			left=$(( end - $(now_ms) ))
			[ "$left" -gt 0 ] || break
			[ "$left" -le 100 ] || left=100
		fi
		sleep "$(printf '0.%03d' "$left")"
		[ -z "$flight_size" ] || flight_poll
	done
}

# attach_run: attach, record, detach; status 0, or exit 2 with the reason
# when the process refuses.  Ctrl-C (or SIGTERM, SIGHUP) from the attach on
# ends the recording, never a call into the process: the detach follows.
attach_run() {
	trap 'interrupted=yes' INT TERM HUP
	interrupted=no
	# A process that has lttng-ust already (preloaded, or attached before)
	# and a daemon that started after it registers once lttng-ust retries
	# (within 3 s): the recording starts then.  Loaded now, lttng-ust
	# registers before the attach returns.
	! grep -q '/liballocsample-preload[^/]*$' "/proc/$attach_pid/maps" 2>/dev/null || attach_registered
	attach_gdb attach
	case $attach_result in
	attached|preloaded) ;;
	already) die "process $attach_pid is attached already (another $me -p records it): one at a time" ;;
	*) die "cannot attach to process $attach_pid: ${attach_detail:-gdb said nothing}" ;;
	esac
	if [ "$attach_result" = preloaded ]; then
		# Nothing to rewrite: the session alone.
		printf '%s: process %s (%s) preloads allocsample already: recording it %s\n' "$me" \
			"$attach_pid" "$program" "${duration:+for $duration, or }until Ctrl-C or its exit" >&2
	else
		printf '%s: attached to process %s (%s), stopped for %s ms (then %s ms of calls on one thread); recording %s\n' \
			"$me" "$attach_pid" "$program" "${attach_stopped:-?}" "${attach_calls:-?}" \
			"${duration:+for $duration, or }until Ctrl-C or its exit" >&2
	fi
	# The process's id names a pprof profile (report.sh).
	[ -z "$work" ] || printf '%s\n' "$attach_pid" >"$work/pid"
	# The detaching gdb starts now and reads its symbols while the process
	# is recorded: at the end of the span (the duration's end, which it
	# watches itself, or the word of this script) it only attaches, and
	# the span is the one asked for.
	attach_end=
	[ -z "$duration_ms" ] || attach_end=$(( ${attach_done:-$(now_ms)} + duration_ms ))
	detacher=
	go=$trace/.allocsample-detach
	if [ "$attach_result" = attached ] && mkdir "$go" 2>/dev/null; then
		attach_gdb_run detach "$go" "$attach_end" >"$go/gdb.out" 2>&1 &
		detacher=$!
	fi
	attach_sleep
	if [ -n "$detacher" ]; then
		if child_running "$attach_pid"; then
			: >"$go/go"
		else
			: >"$go/cancel"
		fi
		# A signal the script traps ends a wait early (status above 128):
		# waited for again, until gdb has ended (then 127: no such child).
		while :; do
			waited=0
			wait "$detacher" || waited=$?
			[ "$waited" -gt 128 ] || break
		done
		attach_gdb_read "$(cat "$go/gdb.out")"
		rm -rf "$go"
	elif [ "$attach_result" = attached ] && child_running "$attach_pid"; then
		attach_gdb detach
	fi
	# Refused by a process that exited as the detach began: nothing was
	# left to write back.
	[ "$attach_result" != refused ] || child_running "$attach_pid" || attach_result=gone
	case $attach_result in
	attached|preloaded|cancelled|gone) ;;
	detached)
		printf '%s: detached from process %s, stopped for %s ms (then %s ms of calls on one thread); the report is of the span between the attach and the detach: blocks allocated before the attach are unknown to it\n' \
			"$me" "$attach_pid" "${attach_stopped:-?}" "${attach_calls:-?}" >&2
		;;
	*)
		printf '%s: detaching from process %s failed: %s\n' "$me" "$attach_pid" \
			"${attach_detail:-$attach_result}" >&2
		;;
	esac
	# Objects loaded meanwhile, so that the report names their frames:
	# lttng-ust stays in the process after the detach, and tells.
	! child_running "$attach_pid" ||
		lttng regenerate statedump --session="$session" >/dev/null 2>&1
	trap 'exit 129' HUP
	trap 'exit 130' INT
	trap 'exit 143' TERM
	status=0
}

# attach_no_process_cause: one line on why the attached process did not
# register with LTTng.
attach_no_process_cause() {
	home=$(tr '\0' '\n' <"/proc/$attach_pid/environ" 2>/dev/null | sed -n 's/^\(LTTNG_HOME\|HOME\)=//p' | head -n 1)
	printf "process %s looks for a session daemon under %s, for its user; this run's is under %s" \
		"$attach_pid" "${home:-its HOME}/.lttng" "$rundir"
}
