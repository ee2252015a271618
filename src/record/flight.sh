# allocsample-record-flight.sh - --flight-recorder SIZE: the run's events
# kept in memory, in ring buffers that overwrite their oldest events, and
# written only as snapshots: at the program's end whatever ends it, at each
# new high-water mark of its live heap, and when SIGUSR1 asks; the last N
# kept (allocsample-record(1), "Flight recorder").
#
# Sourced by allocsample-record.  Uses the command's variables: me,
# session, trace, run_filter, flight_size, keep_snapshots, live, keep,
# output, status; sets flight_bytes, flight_subbuf, flight_names_subbuf,
# flight_checkpoint_bytes,
# trigger_added, snapshot_requested, snapshot_reason, report_trace.
#
# The snapshots are directories of the trace directory, each an ordinary
# trace, named by lttng NAME-DATE-TIME-N: N counts the session's
# snapshots, so it orders them.  NAME is their reason: `high-water` (the
# trigger's, through the session's snapshot output of that name),
# `request`, and `exit` or `signal` at the end.

# Eight sub-buffers a CPU.  A snapshot first closes the sub-buffer each
# CPU is writing, if it holds anything, so that it can be read: the rest
# of that sub-buffer is lost to the ring, and each snapshot costs the next
# up to a sub-buffer a CPU of what it holds.  Four would let a burst of
# four snapshots (high-water marks come fast while a heap is small) wipe
# every event older than them; eight halve that cost, and keep the
# smallest SIZE small: eight pages a CPU.
flight_subbufs=8
# The names' channel holds the state dump, written once per process and
# again after each snapshot (flight_poll): a snapshot closes its sub-buffer
# too, even one that holds nothing new, so a burst of snapshots (the
# trigger's, while a heap grows from nothing) would wipe a ring of eight.
flight_names_subbufs=32
flight_channel=flight
flight_names_channel=flight-names

# flight_cpus: the CPUs lttng allocates a ring buffer for: the possible
# ones (/sys/devices/system/cpu/possible, such as 0-3,8-11), online or not.
flight_cpus() {
	cpus=$(awk -F, '{ for (i = 1; i <= NF; i++) n += split($i, r, "-") == 2 ? r[2] - r[1] + 1 : 1 }
		END { print n + 0 }' /sys/devices/system/cpu/possible 2>/dev/null)
	[ "${cpus:-0}" -gt 0 ] || cpus=$(getconf _NPROCESSORS_CONF)
	printf '%s\n' "$cpus"
}

# flight_human BYTES: BYTES in the largest of G, M and K that divides it.
flight_human() {
	if [ $(($1 % 1073741824)) -eq 0 ]; then
		printf '%sG' $(($1 / 1073741824))
	elif [ $(($1 % 1048576)) -eq 0 ]; then
		printf '%sM' $(($1 / 1048576))
	elif [ $(($1 % 1024)) -eq 0 ]; then
		printf '%sK' $(($1 / 1024))
	else
		printf '%s bytes' "$1"
	fi
}

# flight_pow2 BYTES PAGE: the largest power of two of at least PAGE that
# is at most BYTES (PAGE when none is).
flight_pow2() {
	pow2=$2
	while [ $((pow2 * 2)) -le "$1" ]; do
		pow2=$((pow2 * 2))
	done
	printf '%s\n' "$pow2"
}

# flight_check: --flight-recorder's size and --keep-snapshots, checked
# before anything starts; the channels' sub-buffer sizes in flight_subbuf
# and flight_names_subbuf.  The ring buffers hold SIZE summed over the
# CPUs and the two channels: lttng-ust's per-user buffers give each CPU a
# share of each channel, in flight_subbufs sub-buffers whose size lttng
# wants a power of two of at least a page: the largest that fits, so that
# the buffers never hold more than SIZE.  The names' channel (the state
# dump's and dlopen's events, which say what is mapped where) takes an
# eighth of SIZE, at least its smallest: the events' channel, which the
# churn of a busy program overwrites many times a second, would lose the
# state dump of the program's start, and the stacks of a snapshot with it.
flight_check() {
	if [ -z "$flight_size" ]; then
		[ -z "$keep_snapshots" ] || die "--keep-snapshots needs --flight-recorder"
		return 0
	fi
	[ "$live" = no ] || die "--flight-recorder cannot go with --live: a flight recorder writes snapshots, a live session streams"
	case $flight_size in
	*[kK]) number=${flight_size%?} scale=1024 ;;
	*M) number=${flight_size%?} scale=1048576 ;;
	*G) number=${flight_size%?} scale=1073741824 ;;
	*) number=$flight_size scale=1 ;;
	esac
	case $number in
	''|*[!0-9]*) die "--flight-recorder needs a size in bytes, or with K, M or G (such as 512K or 4M), not '$flight_size'" ;;
	esac
	number=$(printf '%s' "$number" | sed 's/^0*//')
	[ ${#number} -le 9 ] || die "--flight-recorder $flight_size is more memory than a machine has"
	flight_bytes=$((${number:-0} * scale))
	cpus=$(flight_cpus)
	page=$(getconf PAGESIZE)
	least=$((cpus * flight_names_subbufs * page))
	smallest=$((least + cpus * flight_subbufs * page))
	[ "$flight_bytes" -ge "$smallest" ] ||
		die "--flight-recorder $flight_size is too small: the smallest is $(flight_human "$smallest") ($cpus CPUs, each $flight_subbufs sub-buffers of a $page-byte page for the events and $flight_names_subbufs for the names)"
	names=$((flight_bytes / 8))
	[ "$names" -ge "$least" ] || names=$least
	flight_names_subbuf=$(flight_pow2 $((names / cpus / flight_names_subbufs)) "$page")
	flight_subbuf=$(flight_pow2 $(((flight_bytes - cpus * flight_names_subbufs * flight_names_subbuf) / cpus / flight_subbufs)) "$page")
	# A pass of the checkpoints each quarter of a CPU's ring buffer of
	# events (two of its eight sub-buffers): the events since the last pass
	# (at most that quarter, if they all land on one CPU), the pass itself
	# (up to a half) and the sub-buffer a snapshot closes fit in the ring,
	# so that a snapshot holds a complete pass (doc/sampling.md,
	# "Checkpoints").
	flight_checkpoint_bytes=$((2 * flight_subbuf))
	keep_snapshots=${keep_snapshots:-3}
	case $keep_snapshots in
	''|*[!0-9]*) die "--keep-snapshots must be a whole number from 1 to 1000, not '$keep_snapshots'" ;;
	esac
	digits=$(printf '%s' "$keep_snapshots" | sed 's/^0*//')
	[ -n "$digits" ] && [ ${#digits} -le 4 ] && [ "$digits" -le 1000 ] ||
		die "--keep-snapshots must be a whole number from 1 to 1000, not '$keep_snapshots'"
	keep_snapshots=$digits
	# The snapshots are what the run leaves: kept, as with --keep.
	[ -n "$output" ] || keep=yes
}

# flight_create: the session in snapshot mode, its one snapshot output the
# trace directory under the name `high-water` (the trigger's snapshots
# take the output's name), and its two channels in overwrite mode.
flight_create() {
	lttng_quiet create "$session" --snapshot --no-output
	lttng_quiet snapshot add-output --session="$session" --name=high-water "$trace"
	lttng_quiet enable-channel --userspace --session="$session" --overwrite \
		--subbuf-size="$flight_subbuf" --num-subbuf="$flight_subbufs" "$flight_channel"
	lttng_quiet enable-channel --userspace --session="$session" --overwrite \
		--subbuf-size="$flight_names_subbuf" --num-subbuf="$flight_names_subbufs" "$flight_names_channel"
}

# flight_arm: the trigger that snapshots the session when a process of the
# run says its live heap passed a new mark (allocsample:LiveHighWater,
# whose marks grow by ALLOCSAMPLE_HIGH_WATER_FACTOR each, said at least
# ALLOCSAMPLE_HIGH_WATER_INTERVAL apart: that, not the trigger, spaces the
# snapshots, as lttng's rate policies count firings
# and know no time).  Named after the session, so that a run killed before
# its clean-up has its trigger removed by the next (runs_clean).  After the
# session has started: a snapshot needs a started session.
flight_arm() {
	lttng_quiet add-trigger --name="$session" --condition=event-rule-matches --type=user \
		--name=allocsample:LiveHighWater --filter="$run_filter" \
		--action=snapshot-session "$session" --rate-policy=every:1
	trigger_added=yes
}

# flight_disarm: the trigger removed, if this run added it.  lttng-sessiond
# executes no action of a trigger that is no longer registered: no
# high-water snapshot follows the end's.
flight_disarm() {
	[ "${trigger_added:-no}" = yes ] || return 0
	lttng remove-trigger "$session" >/dev/null 2>&1
	trigger_added=no
}

# flight_trap: SIGUSR1 asks for a snapshot.  A trap, not an ignore: a
# trapped signal is reset to its default in the program that exec starts,
# an ignored one would stay ignored.  Set before the daemon starts, whose
# own SIGUSR1 start_daemon catches and then gives back to this.
flight_trap() {
	snapshot_requested=no
	usr1_action='snapshot_requested=yes'
	trap "$usr1_action" USR1
}

# flight_snapshots: the snapshot directories of the trace directory, the
# oldest first, one a line.
flight_snapshots() {
	for dir in "$trace"/*-[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9][0-9][0-9]-*; do
		[ -d "$dir" ] || continue
		printf '%s %s\n' "${dir##*-}" "$dir"
	done | sort -n -k 1,1 | cut -d ' ' -f 2-
}

# flight_prune: the snapshots but the last keep_snapshots removed.
flight_prune() {
	flight_snapshots | head -n "-$keep_snapshots" | while IFS= read -r dir; do
		rm -rf -- "$dir"
	done
}

# flight_snapshot NAME: a snapshot named NAME taken, and the oldest pruned;
# a line on the standard error when lttng refuses.
flight_snapshot() {
	if said=$(lttng snapshot record --session="$session" -n "$1" 2>&1); then
		flight_prune
	else
		printf '%s: the %s snapshot failed: %s\n' "$me" "$1" "$(printf '%s' "$said" | paste -s -d ' ' -)" >&2
	fi
}

# flight_poll: what the loops that wait for the program do each round: a
# snapshot when SIGUSR1 asked for one, and the trigger's snapshots pruned
# when there are too many (counted without a process: this runs ten
# times a second).
flight_poll() {
	if [ "$snapshot_requested" = yes ]; then
		snapshot_requested=no
		flight_snapshot request
	fi
	count=0
	newest=-1
	for dir in "$trace"/*-[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9][0-9][0-9]-*; do
		[ -d "$dir" ] || continue
		count=$((count + 1))
		[ "${dir##*-}" -le "$newest" ] || newest=${dir##*-}
	done
	[ "$count" -le "$keep_snapshots" ] || flight_prune
	# Each snapshot cost the names' ring a sub-buffer: the state dump is
	# written again, so that the next snapshots can name their stacks.
	if [ "$newest" -gt "${flight_newest:--1}" ]; then
		flight_newest=$newest
		lttng regenerate statedump --session="$session" >/dev/null 2>&1 || :
	fi
}

# flight_alive PID: whether the child PID has not exited (read by the
# shell itself: no process a round).
flight_alive() {
	stat=
	read -r stat 2>/dev/null <"/proc/$1/stat" || return 1
	stat=${stat##*) }
	[ "${stat%% *}" != Z ]
}

# flight_program PROGRAM [ARGS...]: the program as run_program runs it,
# but in the background, so that this shell can take a snapshot when
# SIGUSR1 asks (a trap waits for a foreground command's end); its exit
# status in status.  A non-interactive shell starts a background command
# with SIGINT and SIGQUIT ignored and its standard input on /dev/null:
# env gives the program back the default action of those that this
# command did not find ignored itself, and descriptor 5 its standard input.
# Rounds of a tenth of a second, each a `sleep`: the program's end is seen
# that late at most, and a round costs a process.
flight_program() {
	ignored=$(sed -n 's/^SigIgn:[[:space:]]*//p' "/proc/$$/status")
	ignored=$((0x${ignored#"${ignored%??}"}))
	defaults=
	[ $((ignored & 2)) -ne 0 ] || defaults=INT
	[ $((ignored & 4)) -ne 0 ] || defaults=${defaults:+$defaults,}QUIT
	# env would take a program named NAME=VALUE for an assignment.
	case $1 in *=*) shift; set -- "$program_path" "$@" ;; esac
	exec 5<&0
	if [ -n "$defaults" ]; then
		( run_exec env --default-signal="$defaults" "$@" ) 0<&5 5<&- 9>&- &
	else
		( run_exec "$@" ) 0<&5 5<&- 9>&- &
	fi
	flight_pid=$!
	exec 5<&-
	while flight_alive "$flight_pid"; do
		flight_poll
		sleep 0.1
	done
	# A signal this shell traps ends a wait early (status above 128): the
	# wait is done again until none came.  Should one come as a wait
	# returns the program's status, the next finds no such job (127): the
	# status is the one before.
	status=
	while :; do
		interrupted=no
		snapshot_requested=no
		waited=0
		wait "$flight_pid" || waited=$?
		[ "$waited" -ne 127 ] || [ -z "$status" ] || break
		status=$waited
		[ "$status" -gt 128 ] && { [ "$interrupted" = yes ] || [ "$snapshot_requested" = yes ]; } || break
	done
}

# flight_end: once the program has gone, the trigger removed and the
# end's snapshot taken: `signal` when the program died of one (a status
# above 128, as the shell reports a signal: a program that exits with
# such a status reads as killed), else `exit`; the snapshots pruned.  The
# report is of that snapshot: its directory in report_trace, its reason in
# snapshot_reason.
flight_end() {
	flight_disarm
	snapshot_reason=exit
	[ "$status" -le 128 ] || snapshot_reason=signal
	flight_snapshot "$snapshot_reason"
	report_trace=$(flight_snapshots | grep "/$snapshot_reason-[^/]*\$" | tail -n 1)
	report_trace=${report_trace:-$trace/no-$snapshot_reason-snapshot}
}

# flight_say: a line on the standard error for each snapshot kept, the
# oldest first: its reason and where it is.
flight_say() {
	flight_snapshots | while IFS= read -r dir; do
		reason=${dir##*/}
		reason=${reason%-*-*-*}
		printf '%s: %s snapshot kept in %s\n' "$me" "$reason" "$dir" >&2
	done
}
