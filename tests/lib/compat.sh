# compat.sh - programs run under the shim while one session records, on
# top of tests/lib/lttng-harness.sh: what the compatibility tests
# (tests/compat: programs nobody on this project wrote, run plain and under
# the shim) and the stress tests (tests/stress: the project's own stress
# programs) share.
#
# A run (compat_run) keeps its standard output, standard error, exit
# status, rate and pid; compat_end reads the session's events; and
# compat_samples checks that every run under the shim left samples from
# its own process, so that a shim that silently did nothing cannot pass.
#
# With ALLOCSAMPLE_TEST_ATTACH=1 (tests/attach/compat.sh), the runs of mode
# `attach` start plain and the shim is attached to them in the middle of
# their work, then detached (allocsample-record -p's gdb part,
# doc/sampling.md, "Attaching to a running process"): their samples are
# those of the attached span.  COMPAT_MODE is the mode of the runs that
# are sampled, `shim` or `attach`.
#
# Every run reads its standard input through a gate (compat_gate) that an
# attached run's attach opens: the programs of the attached runs wait on
# it halfway through their work, so that none can end before gdb has
# attached, however long gdb takes on a loaded machine, and the second
# half of their work is done while the shim is attached.
#
# Usage: source it, `require` what the test runs, `harness_enter "$@"`,
# `compat_begin NAME`, runs, `compat_end`, the checks and `finish`.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"

# Low enough that even a short program leaves samples; a plain run gets it
# too, so that two runs differ by the shim only.  A script may change it
# between runs: each run remembers its own.
ALLOCSAMPLE_RATE=8192
export ALLOCSAMPLE_RATE
# Programs must not pick up anything from the user running the tests.
LC_ALL=C
TZ=UTC
export LC_ALL TZ
# Every sample recorded from the first allocation on: lttng-ust waits for
# its registration with the session daemon however long it takes (its
# default gives up after 3 s, and a loaded machine can take longer: the
# first samples of a run are then drawn while nothing records them, and a
# count such as stress/churn.sh's comes out short).
LTTNG_UST_REGISTER_TIMEOUT=-1
export LTTNG_UST_REGISTER_TIMEOUT

# What the runs read on their standard input (a script may change it
# between runs, like the rate).
COMPAT_INPUT=/dev/null
COMPAT_RUNS=
if [ "${ALLOCSAMPLE_TEST_ATTACH:-0}" = 1 ]; then
	COMPAT_MODE=attach
	require gdb
else
	COMPAT_MODE=shim
fi
# How long after its start an attached run is attached to, and for how
# long (seconds).  gdb needs a few tens of milliseconds to attach: a run
# must last some tenths of a second to be attached to in its middle.
COMPAT_ATTACH_AFTER=${COMPAT_ATTACH_AFTER:-0.02}
COMPAT_ATTACH_FOR=${COMPAT_ATTACH_FOR:-0.3}
# Every run's deadlock guard (seconds): a run that hangs fails its test
# instead of hanging the suite.  Not a bound on how long a run may take:
# far above what the slowest run needs on a loaded machine.
COMPAT_GUARD=600

# compat_begin NAME: the daemon and a started session NAME recording into
# $COMPAT_TRACE; $COMPAT_DIR is a scratch directory for the test's files.
compat_begin() {
	harness_start_sessiond
	COMPAT_SESSION=$1
	COMPAT_TRACE="$HARNESS_DIR/trace"
	COMPAT_DIR="$HARNESS_DIR/work"
	mkdir -p "$COMPAT_DIR"
	harness_session "$COMPAT_SESSION" --output "$COMPAT_TRACE"
}

# compat_run LABEL MODE COMMAND...: runs COMMAND (under `timeout
# $COMPAT_GUARD`, in $COMPAT_DIR/MODE, where the runs of one mode leave
# files for each other) with $COMPAT_INPUT on its standard input through
# compat_gate, keeping its standard output, standard error, exit status
# and rate in $COMPAT_DIR/LABEL.MODE.{out,err,status,rate}.  MODE is
# `plain`, `shim` to preload the shim (before whatever LD_PRELOAD already
# holds), or `attach` (compat_attach); the process's pid goes to
# LABEL.MODE.pid: `env` sets LD_PRELOAD and execs the program in the same
# process, so nothing else runs under the shim.  A run that times out is a
# failed check.
compat_run() {
	compat_label=$1
	compat_mode=$2
	shift 2
	compat_base="$COMPAT_DIR/$compat_label.$compat_mode"
	mkdir -p "$COMPAT_DIR/$compat_mode"
	case $compat_mode in
	plain|attach) compat_preload=${LD_PRELOAD:-} ;;
	shim) compat_preload="$AS_PRELOAD${LD_PRELOAD:+:$LD_PRELOAD}" ;;
	*) harness_fail "compat_run: mode $compat_mode" ;;
	esac
	rm -f "$compat_base.pid" "$compat_base.open"
	[ "$compat_mode" = attach ] || : >"$compat_base.open"
	compat_status=0
	compat_gate "$compat_base.open" "$COMPAT_INPUT" | (
		cd "$COMPAT_DIR/$compat_mode"
		exec timeout "$COMPAT_GUARD" sh -c 'echo "$$" >"$1"; shift; exec env LD_PRELOAD="$0" "$@"' \
			"$compat_preload" "$compat_base.pid" "$@"
	) >"$compat_base.out" 2>"$compat_base.err" &
	compat_job=$!
	[ "$compat_mode" != attach ] || compat_attach "$compat_base"
	wait "$compat_job" || compat_status=$?
	echo "$compat_status" >"$compat_base.status"
	echo "$ALLOCSAMPLE_RATE" >"$compat_base.rate"
	[ "$compat_status" -ne 124 ] || fail "$compat_label ($compat_mode) still ran after $COMPAT_GUARD s: a deadlock?"
	if [ "$compat_mode" = "$COMPAT_MODE" ]; then
		COMPAT_RUNS="$COMPAT_RUNS $compat_label"
	fi
}

# compat_gate OPEN INPUT: writes the first half of the file INPUT, then,
# once the file OPEN exists, the rest.  A program that reads its standard
# input halfway through its work (tests/compat/workload.py) or as it goes
# (sort, sqlite3) waits for OPEN there.
compat_gate() {
	compat_half=$(($(wc -c <"$2") / 2))
	head -c "$compat_half" "$2"
	while [ ! -e "$1" ]; do
		sleep 0.01
	done
	tail -c "+$((compat_half + 1))" "$2"
}

# compat_attach BASE: once the run of BASE has started (its pid file
# written: a deadlock guard of a minute), COMPAT_ATTACH_AFTER seconds later
# the shim is attached to it, its gate opened (compat_gate), and
# COMPAT_ATTACH_FOR seconds later the shim detached.  BASE.gdb gets a word
# for each: gdb's result (attached, detached, or refused), or "ended" when
# the run had ended first; gdb's whole output goes to BASE.gdb.log.
compat_attach() {
	for _ in $(seq 6000); do
		[ ! -s "$1.pid" ] || break
		sleep 0.01
	done
	compat_pid=$(cat "$1.pid" 2>/dev/null || true)
	: >"$1.gdb"
	: >"$1.gdb.log"
	[ -n "$compat_pid" ] || { : >"$1.open"; return 0; }
	sleep "$COMPAT_ATTACH_AFTER"
	for compat_action in attach detach; do
		compat_out=$(ALLOCSAMPLE_ATTACH_PID=$compat_pid ALLOCSAMPLE_ATTACH_ACTION=$compat_action \
			ALLOCSAMPLE_ATTACH_SHIM=$AS_PRELOAD ALLOCSAMPLE_ATTACH_BY=$$ \
			gdb -batch -nx -x "$AS_SRCDIR/src/record/attach.py" </dev/null 2>&1 || true)
		printf '%s\n' "$compat_out" >>"$1.gdb.log"
		compat_result=$(printf '%s\n' "$compat_out" | sed -n 's/^allocsample-attach: \([a-z-]*\).*/\1/p' |
			grep -v '^stopped$' | tail -n 1)
		# A process that ends under gdb: "No such process", "No registers".
		kill -0 "$compat_pid" 2>/dev/null || [ "$compat_result" = attached ] ||
			[ "$compat_result" = detached ] || compat_result=ended
		echo "${compat_result:-none}" >>"$1.gdb"
		[ "$compat_action" = detach ] || { : >"$1.open"; sleep "$COMPAT_ATTACH_FOR"; }
	done
}

# compat_end: stops the session and reads its events into $COMPAT_EVENTS
# (harness_read_events: a failed check if the tracer discarded any).  A
# session no process registered with leaves no trace: the test stops
# saying what gdb said of each attached run, or that nothing registered.
compat_end() {
	harness_session_end "$COMPAT_SESSION"
	COMPAT_EVENTS="$HARNESS_DIR/events"
	if [ -z "$(find "$COMPAT_TRACE" -name metadata 2>/dev/null)" ]; then
		compat_gdb=
		for compat_label in $COMPAT_RUNS; do
			[ ! -e "$COMPAT_DIR/$compat_label.attach.gdb" ] ||
				compat_gdb="$compat_gdb $compat_label: $(tr '\n' ' ' <"$COMPAT_DIR/$compat_label.attach.gdb")"
		done
		harness_fail "no process was recorded (no trace in $COMPAT_TRACE)${compat_gdb:+; gdb said:$compat_gdb}"
	fi
	harness_read_events "$COMPAT_TRACE" "$COMPAT_EVENTS"
}

# compat_samples [MINIMUM [LABEL...]]: every sampled run (of mode
# COMPAT_MODE; or each LABEL) left at least MINIMUM (default 10) samples
# from its own process (vpid), each with the run's rate; attached runs, of
# which a few tenths of a second are sampled and some allocate nothing
# then, were each attached and detached, and left at least one sample all
# together, which a shim attached but idle never leaves.  Each line shows
# the process's count and types.  Every event of the trace has offset <
# size and a pointer.  No run to check is a failure.
compat_samples() {
	compat_minimum=${1:-10}
	compat_total=0
	if [ $# -gt 1 ]; then
		shift
		COMPAT_RUNS=$*
	fi
	[ -n "$COMPAT_RUNS" ] || fail "no run of mode $COMPAT_MODE to find samples of"
	for compat_label in $COMPAT_RUNS; do
		compat_pid=$(cat "$COMPAT_DIR/$compat_label.$COMPAT_MODE.pid")
		compat_rate=$(cat "$COMPAT_DIR/$compat_label.$COMPAT_MODE.rate")
		if [ "$COMPAT_MODE" = attach ]; then
			compat_attached=$(paste -s -d ' ' "$COMPAT_DIR/$compat_label.attach.gdb")
			case $compat_attached in
			"attached detached"|"attached ended")
				ok "$compat_label: attached in the middle of its run, then ${compat_attached#attached }" ;;
			*)
				fail "$compat_label: not attached in the middle of its run ($compat_attached; $COMPAT_DIR/$compat_label.attach.gdb.log)" ;;
			esac
		fi
		compat_count=$(harness_count "$COMPAT_EVENTS" "\$1 == $compat_pid")
		compat_types=$(awk -v pid="$compat_pid" '$1 == pid { print $3 }' "$COMPAT_EVENTS" | sort -u | tr '\n' ' ')
		compat_total=$((compat_total + compat_count))
		if [ "$COMPAT_MODE" = attach ] || [ "$compat_count" -ge "$compat_minimum" ]; then
			ok "$compat_label: $compat_count samples from its process (vpid $compat_pid; $compat_types)"
		else
			fail "$compat_label: $compat_count samples from its process (vpid $compat_pid), expected at least $compat_minimum"
		fi
		compat_other=$(harness_count "$COMPAT_EVENTS" "\$1 == $compat_pid && \$6 != $compat_rate")
		[ "$compat_other" -eq 0 ] || fail "$compat_label: $compat_other samples with a rate other than $compat_rate"
	done
	if [ "$COMPAT_MODE" = attach ]; then
		check "$compat_total samples from the attached runs" [ "$compat_total" -ge 1 ]
	fi
	compat_bad=$(harness_count "$COMPAT_EVENTS" '$5 >= $4 || $7 ~ /^0x0*$/')
	if [ "$compat_bad" -eq 0 ]; then
		ok "every event has offset < size and a pointer"
	else
		fail "$compat_bad events have offset >= size or no pointer"
	fi
}
