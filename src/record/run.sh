# allocsample-record-run.sh - the run: the program found, the shim and
# lttng-ust's helpers it preloads, the run's number and the events its
# session records for it alone, the program started, and why no process of
# it registered when none did.
#
# Sourced by allocsample-record.  Uses the command's variables: me,
# preload, ust_libdir, nl, session, rate, stack_depth, events, work,
# report_output; sets program, program_path, ld_preload, run, recorded,
# status.

# run_find_program PROGRAM: PROGRAM found as exec finds it, a file, by
# path or on PATH, never a builtin or function of this script's shell: in
# program and program_path; exit status 127 or 126 when it cannot run.
run_find_program() {
	program=$1
	case $program in
	*/*)
		[ -e "$program" ] || die 127 "cannot run '$program': no such executable file"
		[ -f "$program" ] && [ -x "$program" ] || die 126 "cannot run '$program': not an executable file"
		program_path=$program
		;;
	*)
		program_path=
		old_ifs=$IFS
		IFS=:
		set -f
		for dir in ${PATH:-/usr/bin:/bin}; do
			[ -n "$dir" ] || dir=.
			if [ -f "$dir/$program" ] && [ -x "$dir/$program" ]; then
				program_path=$dir/$program
				break
			fi
		done
		set +f
		IFS=$old_ifs
		[ -n "$program_path" ] || die 127 "cannot run '$program': not found in PATH"
		;;
	esac
}

# preload_ust LIB: appends lttng-ust's LIB (runtime name first) if present.
preload_ust() {
	for file in "$ust_libdir/$1.so.1" "$ust_libdir/$1.so"; do
		if [ -r "$file" ]; then
			ld_preload=$ld_preload:$file
			return 0
		fi
	done
}

# run_check_preload: what the program's processes preload, in ld_preload:
# the shim first, then lttng-ust's fork hooks (processes forked without
# exec keep tracing) and its fd tracker (a program that closes descriptors
# it did not open, as daemons do, leaves lttng-ust's alone), and its dlopen
# and dlclose events (what names the frames of objects loaded while the
# program runs).  Children inherit the environment.
#
# The dynamic linker must load all of it, or the program would not start
# (exit status 127, as if it were missing) or run unsampled.  It lists what
# it would load for a small dynamic program, without running it (were
# /bin/true static, it would only run and say nothing).
run_check_preload() {
	[ -r "$preload" ] || die "the preload shim $preload is missing (set ALLOCSAMPLE_PRELOAD)"
	ld_preload=$preload
	preload_ust liblttng-ust-fork
	preload_ust liblttng-ust-fd
	preload_ust liblttng-ust-dl
	probe=/bin/true
	[ -x "$probe" ] || probe=$(command -v lttng)
	loader=$(LD_TRACE_LOADED_OBJECTS=1 LD_PRELOAD="$ld_preload" "$probe" 2>&1 </dev/null |
		awk '/ => not found/ { sub(/^[ \t]*/, ""); sub(/ => not found.*/, " => not found"); found = found sep $0; sep = "; " }
			/ld\.so: object .* cannot be preloaded/ { sub(/^.*ld\.so: /, ""); found = found sep $0; sep = "; " }
			END { printf "%s", found }')
	[ -z "$loader" ] || die "the preload shim cannot be loaded: $loader (see allocsample-record(1), FILES)"
}

# run_draw: the run's number, which every process of the program inherits
# (ALLOCSAMPLE_RUN) and the session's filter asks for, in run: 56 random
# bits, so that two runs sharing a daemon never take the same
# (doc/sampling.md, "Which processes a run holds").
run_draw() {
	run=$(od -A n -N 7 -t u8 /dev/urandom 2>/dev/null | tr -d ' ')
	case $run in ''|*[!0-9]*) run=$(( ($$ << 32) + $(date +%s) )) ;; esac
	run=$((run + 1))
}

# The allocsample events a recording enables: all but the checkpoints
# (doc/design.md section 2, "Checkpoints"), which repeat what a recording
# of the whole run holds already; a flight recorder adds them.  Named one
# by one rather than `allocsample:*` with an exclusion (`-x`):
# lttng-sessiond 2.13.9 crashes when `lttng list` shows an event rule that
# has one, and anyone may list a session of a shared daemon.
# tests/record/events.sh keeps the list the schema's (tp/allocsample-tp.h).
record_events='allocsample:AllocationSampled,allocsample:SampledFree,allocsample:SamplesUnrecorded,allocsample:Attached,allocsample:Detached,allocsample:LiveHighWater'
flight_events='allocsample:Checkpoint*'

# run_record: the session, created, records the run's events and starts.
# The state dump (at each process's registration) and the dlopen events say
# which object is mapped where, so that the report names each frame of a
# stack from the trace alone; the state dump's procname names each process
# after its executable.  Every event is the run's processes' alone: the
# filter keeps those whose ALLOCSAMPLE_RUN is this run's, whoever else
# registers with the daemon.  A flight recorder's events go to its
# channels (flight.sh): the names' events to their own.
run_record() {
	# An attached process is recorded by its pid (allocsample-record-attach.sh).
	run_filter=${run_filter:-"\$app.allocsample:run == $run"}
	channel=
	names_events='lttng_ust_statedump:*,lttng_ust_dl:*,lttng_ust_lib:*'
	enabled=$record_events
	if [ -n "$flight_size" ]; then
		channel=--channel=$flight_channel
		lttng_quiet enable-event --userspace --session="$session" $channel --filter="$run_filter" "$flight_events"
		lttng_quiet enable-event --userspace --session="$session" --channel="$flight_names_channel" \
			--filter="$run_filter" "$names_events"
	else
		# One command: each is a request to the daemon while other runs'
		# processes come and go, and lttng-sessiond 2.13.9 was seen to
		# die in one (tests/profile/coverage.sh, three runs at once).
		enabled="$record_events,$names_events"
	fi
	lttng_quiet enable-event --userspace --session="$session" $channel --filter="$run_filter" "$enabled"
	if [ -n "$events" ]; then
		# Split at newlines only, and without globbing: the patterns are
		# lttng's, not file names.  No pipeline, so that die() ends the script.
		set -f
		old_ifs=$IFS
		IFS=$nl
		for pattern in $events; do
			IFS=$old_ifs
			lttng_quiet enable-event --userspace --session="$session" $channel --filter="$run_filter" "$pattern"
		done
		IFS=$old_ifs
		set +f
	fi
	# The samples' call sites are read from their stacks: the ip context,
	# which would add about 200 instructions to a sample's 5000
	# (doc/performance.md), is recorded only for the program's own events
	# (--enable-event), for whoever reads them.
	if [ -n "$events" ]; then
		lttng_quiet add-context --userspace --session="$session" -t vpid -t vtid -t procname -t ip
	else
		lttng_quiet add-context --userspace --session="$session" -t vpid -t vtid -t procname
	fi
	lttng_quiet start "$session"
	recorded=yes
}

# run_exec PROGRAM [ARGS...]: in a subshell, the program, with the shim
# and the run's number, exec'd as exec runs it: a file, never a builtin.
#
# Each process waits in lttng-ust's constructor until the daemon has
# registered it, up to LTTNG_UST_REGISTER_TIMEOUT: lttng-ust's default, 3
# s, is short of what a loaded machine can take, and a process that goes
# on unregistered starts unrecorded (its first samples only counted,
# allocsample:SamplesUnrecorded), may end before the daemon has declared
# its SampledFree events (no live figures, a pprof profile without the
# inuse types, which no longer merges with the others) or its stream class
# (a trace babeltrace2 cannot read).  The daemon has just answered this
# script, so the wait is the registration's own; a minute bounds it should
# the daemon hang.  The user's value wins.
run_exec() {
	LD_PRELOAD="$ld_preload${LD_PRELOAD:+:$LD_PRELOAD}"
	ALLOCSAMPLE_RUN=$run
	LTTNG_UST_REGISTER_TIMEOUT=${LTTNG_UST_REGISTER_TIMEOUT:-60000}
	export LD_PRELOAD ALLOCSAMPLE_RUN LTTNG_UST_REGISTER_TIMEOUT
	if [ -n "$rate" ]; then
		ALLOCSAMPLE_RATE=$rate
		export ALLOCSAMPLE_RATE
	fi
	if [ -n "$stack_depth" ]; then
		ALLOCSAMPLE_STACK_DEPTH=$stack_depth
		export ALLOCSAMPLE_STACK_DEPTH
	fi
	# A flight recorder's checkpoints keep pace with its ring buffers
	# (flight.sh); the user's own value wins.
	if [ -n "$flight_size" ] && [ -z "${ALLOCSAMPLE_CHECKPOINT_BYTES:-}" ]; then
		ALLOCSAMPLE_CHECKPOINT_BYTES=$flight_checkpoint_bytes
		export ALLOCSAMPLE_CHECKPOINT_BYTES
	fi
	# The program's process id names a pprof profile: this subshell's,
	# which exec keeps (read is a builtin, so /proc/self is the subshell).
	if [ -n "$work" ] && [ -z "$report_output" ]; then
		read -r program_pid _ </proc/self/stat && printf '%s\n' "$program_pid" >"$work/pid"
	fi
	exec "$@"
}

# run_program PROGRAM [ARGS...]: the program (run_exec); its exit status
# in status.  Ctrl-C goes to the whole foreground process group: the
# program gets it and decides; this script notes it and goes on to write
# the report.  (A trap, not an ignore: an ignored signal would stay
# ignored in the program.)  A flight recorder runs it in the background
# (flight.sh).
run_program() {
	trap 'interrupted=yes' INT TERM HUP
	interrupted=no
	if [ -n "$flight_size" ]; then
		flight_program "$@"
	else
		( run_exec "$@" ) 9>&-
		status=$?
	fi
	trap 'exit 129' HUP
	trap 'exit 130' INT
	trap 'exit 143' TERM
}

# run_no_process_cause: one line on why no process of the run registered
# with LTTng, from what the program file is and what the loader says.
run_no_process_cause() {
	head=$(od -A n -t x1 -N 4 "$program_path" 2>/dev/null | tr -d ' ')
	if [ -u "$program_path" ] || [ -g "$program_path" ]; then
		printf "'%s' is setuid or setgid: the dynamic linker ignores LD_PRELOAD for it" "$program"
	elif [ "$head" = 7f454c46 ] && ldd "$program_path" 2>&1 | grep -q 'not a dynamic executable'; then
		printf "'%s' is statically linked: LD_PRELOAD cannot reach it" "$program"
	elif [ "$head" = 7f454c46 ] &&
		why=$(LD_PRELOAD="$ld_preload" ldd "$program_path" 2>&1 |
			grep -m 1 -e 'cannot be preloaded' -e 'not found') && [ -n "$why" ]; then
		printf 'the dynamic linker did not load the shim: %s' "$(printf '%s' "$why" | sed 's/^[[:space:]]*//')"
	else
		printf "did '%s' clear LD_PRELOAD, or exit before its constructors ran?" "$program"
	fi
}
