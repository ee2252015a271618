# allocsample-record-attach.sh - allocsample-record -p PID: the process
# checked, the shim loaded into it and attached through gdb
# (allocsample-record-attach.py), the recording for --duration or until
# Ctrl-C or the process's exit, then the detach (doc/sampling.md,
# "Attaching to a running process").
#
# Sourced by allocsample-record.  Uses the command's variables: me,
# preload, record_dir, attach_pid, duration, duration_ms, session, work,
# rundir; sets program, run_filter, status.

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

# attach_gdb ACTION: gdb's part, ACTION attach or detach; its result line
# in attach_result, its detail in attach_detail, the milliseconds the
# process's threads were stopped in attach_stopped, and those of the calls
# into it (one thread busy, the others running) in attach_calls.
attach_gdb() {
	# In a session of its own: Ctrl-C must not reach gdb while it calls
	# into the process (attach_run defers it to the detach).
	session_of_its_own=
	command -v setsid >/dev/null 2>&1 && session_of_its_own='setsid -w'
	out=$(ALLOCSAMPLE_ATTACH_PID=$attach_pid ALLOCSAMPLE_ATTACH_ACTION=$1 \
		ALLOCSAMPLE_ATTACH_SHIM=$preload ALLOCSAMPLE_ATTACH_BY=$$ \
		$session_of_its_own gdb -batch -nx -x "$record_dir/allocsample-record-attach.py" \
		</dev/null 2>&1 9>&-)
	line=$(printf '%s\n' "$out" | sed -n 's/^allocsample-attach: //p' | grep -v '^stopped ' | tail -n 1)
	attach_result=${line%% *}
	attach_detail=
	[ "$attach_result" = "$line" ] || attach_detail=${line#* }
	set -- $(printf '%s\n' "$out" | sed -n 's/^allocsample-attach: stopped //p' | tail -n 1) "" ""
	attach_stopped=$1
	attach_calls=$2
	if [ -z "$attach_result" ]; then
		attach_result=refused
		attach_detail="gdb: $(printf '%s\n' "$out" | grep -v '^\[' | tail -n 2 | paste -s -d ' ' -)"
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

# attach_sleep: until --duration has passed, Ctrl-C, or the process has
# exited.
attach_sleep() {
	waited=0
	while [ "$interrupted" = no ] && child_running "$attach_pid"; do
		[ -z "$duration_ms" ] || [ "$waited" -lt "$duration_ms" ] || break
		sleep 0.1
		waited=$((waited + 100))
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
	attach_sleep
	if child_running "$attach_pid"; then
		# Objects loaded meanwhile, so that the report names their frames.
		lttng regenerate statedump --session="$session" >/dev/null 2>&1
		if [ "$attach_result" = attached ]; then
			attach_gdb detach
			if [ "$attach_result" = detached ]; then
				printf '%s: detached from process %s, stopped for %s ms (then %s ms of calls on one thread); the report is of the span between: blocks allocated before it are unknown to it\n' \
					"$me" "$attach_pid" "${attach_stopped:-?}" "${attach_calls:-?}" >&2
			else
				printf '%s: detaching from process %s failed: %s\n' "$me" "$attach_pid" \
					"${attach_detail:-$attach_result}" >&2
			fi
		fi
	fi
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
