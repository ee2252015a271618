# lib.sh - what the compatibility scripts share, on top of tests/lib/lttng-harness.sh.
#
# A compatibility test runs a program nobody on this project wrote twice, once
# plain and once under the shim while a session records, and requires the
# same exit status and the same standard output byte for byte (and the same
# standard error where the program's is deterministic).  The traced run must
# also have left samples from the program's own process, so that a shim that
# silently did nothing cannot pass.
#
# With ALLOCSAMPLE_TEST_ATTACH=1 (tests/attach/compat.sh), the second run
# is not preloaded: it starts plain and the shim is attached to it in the
# middle of its work, then detached (allocsample-record -p's gdb part,
# doc/sampling.md, "Attaching to a running process"), and its samples are
# those of the attached span.
#
# Usage: source it, `compat_require PACKAGE...`, `harness_enter "$@"`,
# `compat_begin NAME`, any number of `compat_both` (or `compat_run`), then
# `compat_end`, the checks (`compat_same`, `compat_samples`, and
# tests/lib/results.sh's) and `finish`.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"

# Low enough that even a short program leaves samples; the plain run gets it
# too, so the two runs differ by the shim only.  A script may change it
# between runs: each run remembers its own.
ALLOCSAMPLE_RATE=8192
export ALLOCSAMPLE_RATE
# Programs must not pick up anything from the user running the tests.
LC_ALL=C
TZ=UTC
export LC_ALL TZ

COMPAT_RUNS=
# The second run's mode: shim (preloaded) or attach.
if [ "${ALLOCSAMPLE_TEST_ATTACH:-0}" = 1 ]; then
	COMPAT_MODE=attach
	COMPAT_HOW="with the shim attached and detached"
else
	COMPAT_MODE=shim
	COMPAT_HOW="with and without the shim"
fi
# How long after its start an attached run is attached to, and for how
# long (seconds).  gdb needs a few tens of milliseconds to attach: a run
# must last some tenths of a second to be attached to in its middle, so
# the scripts give their workloads COMPAT_LONGER times as much to do (their
# plain runs as much as the others), and leave out the runs that cannot be
# made longer (COMPAT_LONGER is a factor of rounds, not of data sizes).
COMPAT_ATTACH_AFTER=${COMPAT_ATTACH_AFTER:-0.02}
COMPAT_ATTACH_FOR=${COMPAT_ATTACH_FOR:-0.3}
if [ "$COMPAT_MODE" = attach ]; then
	COMPAT_LONGER=10
else
	COMPAT_LONGER=1
fi

# compat_require PACKAGE...: installs what is missing (before harness_enter,
# outside the private namespace), or fails the test.
compat_require() {
	sh "$AS_SRCDIR/tests/compat/require-packages.sh" "$@" ||
		harness_fail "cannot install the Debian packages $*"
}

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

# compat_run LABEL MODE COMMAND...: runs COMMAND (under `timeout 120`, in
# $COMPAT_DIR/MODE, where the runs of one mode leave files for each other)
# with standard input from /dev/null, keeping its standard output, standard
# error, exit status and rate in $COMPAT_DIR/LABEL.MODE.{out,err,status,rate}.
# MODE is `plain`, or `shim` to preload the shim (before whatever LD_PRELOAD
# already holds); the process's pid goes to LABEL.MODE.pid: `env` sets
# LD_PRELOAD and execs the program in the same process, so nothing else runs
# under the shim.
compat_run() {
	label=$1
	mode=$2
	shift 2
	base="$COMPAT_DIR/$label.$mode"
	mkdir -p "$COMPAT_DIR/$mode"
	case $mode in
	plain|attach) preload=${LD_PRELOAD:-} ;;
	shim) preload="$AS_PRELOAD${LD_PRELOAD:+:$LD_PRELOAD}" ;;
	*) harness_fail "compat_run: mode $mode" ;;
	esac
	# An attached run that ended before gdb could attach is run again (the
	# programs attached to leave nothing behind that a second run would
	# find): at most three times.
	for try in 1 2 3; do
		status=0
		rm -f "$base.pid"
		(
			cd "$COMPAT_DIR/$mode"
			exec timeout 120 sh -c 'echo "$$" >"$1"; shift; exec env LD_PRELOAD="$0" "$@"' \
				"$preload" "$base.pid" "$@"
		) <"/dev/null" >"$base.out" 2>"$base.err" &
		job=$!
		[ "$mode" != attach ] || compat_attach "$base"
		wait "$job" || status=$?
		[ "$mode" = attach ] && [ "$(head -n 1 "$base.gdb")" = ended ] || break
		printf '      %s: ended before the attach (try %s)\n' "$label" "$try"
	done
	echo "$status" >"$base.status"
	echo "$ALLOCSAMPLE_RATE" >"$base.rate"
	[ "$status" -ne 124 ] || fail "$label ($mode) timed out after 120 s"
	if [ "$mode" = "$COMPAT_MODE" ]; then
		COMPAT_RUNS="$COMPAT_RUNS $label"
	fi
}

# compat_attach BASE: once the run of BASE has started, COMPAT_ATTACH_AFTER
# seconds later the shim is attached to it, and COMPAT_ATTACH_FOR seconds
# later detached.  BASE.gdb gets a word for each: gdb's result (attached,
# detached, or refused), or "ended" when the run had ended first; gdb's
# whole output goes to BASE.gdb.log.
compat_attach() {
	for _ in $(seq 200); do
		[ ! -s "$1.pid" ] || break
		sleep 0.01
	done
	pid=$(cat "$1.pid" 2>/dev/null || true)
	: >"$1.gdb"
	: >"$1.gdb.log"
	[ -n "$pid" ] || return 0
	sleep "$COMPAT_ATTACH_AFTER"
	for action in attach detach; do
		out=$(ALLOCSAMPLE_ATTACH_PID=$pid ALLOCSAMPLE_ATTACH_ACTION=$action \
			ALLOCSAMPLE_ATTACH_SHIM=$AS_PRELOAD ALLOCSAMPLE_ATTACH_BY=$$ \
			gdb -batch -nx -x "$AS_SRCDIR/src/record/attach.py" </dev/null 2>&1 || true)
		printf '%s\n' "$out" >>"$1.gdb.log"
		result=$(printf '%s\n' "$out" | sed -n 's/^allocsample-attach: \([a-z-]*\).*/\1/p' |
			grep -v '^stopped$' | tail -n 1)
		# A process that ends under gdb: "No such process", "No registers".
		kill -0 "$pid" 2>/dev/null || [ "$result" = attached ] || [ "$result" = detached ] || result=ended
		echo "${result:-none}" >>"$1.gdb"
		[ "$action" = detach ] || sleep "$COMPAT_ATTACH_FOR"
	done
}

# compat_both LABEL COMMAND...: compat_run plain, then shim (or attach).
compat_both() {
	label=$1
	shift
	compat_run "$label" plain "$@"
	compat_run "$label" "$COMPAT_MODE" "$@"
}

# compat_same LABEL WHAT [EXPECTED_STATUS]: WHAT is a space-separated list of
# `status`, `out`, `err`: those of the plain and shim runs must be identical;
# the status must also be EXPECTED_STATUS (0 by default).
compat_same() {
	base="$COMPAT_DIR/$1"
	for what in $2; do
		if cmp -s "$base.plain.$what" "$base.$COMPAT_MODE.$what"; then
			ok "$1: same $what $COMPAT_HOW ($(wc -c <"$base.plain.$what") bytes)"
		else
			fail "$1: $what differs $COMPAT_HOW"
			diff "$base.plain.$what" "$base.$COMPAT_MODE.$what" | head -20
		fi
	done
	expected=${3:-0}
	status=$(cat "$base.$COMPAT_MODE.status")
	if [ "$status" -eq "$expected" ]; then
		ok "$1: exit status $status"
	else
		fail "$1: exit status $status, expected $expected; its stderr:"
		head -20 "$base.$COMPAT_MODE.err"
	fi
}

# compat_end: stops the session and reads its events into $COMPAT_EVENTS.
compat_end() {
	harness_session_end "$COMPAT_SESSION"
	COMPAT_EVENTS="$HARNESS_DIR/events"
	harness_read_events "$COMPAT_TRACE" "$COMPAT_EVENTS"
}

# compat_samples [MINIMUM [LABEL...]]: every shim run (or each LABEL) left
# at least MINIMUM (default 10) samples from its own process (vpid), each
# with the run's rate (attached runs, of which a few tenths of a second are
# sampled, and some allocate nothing then: at least one sample from all of
# them together, which a shim attached but idle never leaves); each line shows the process's count and types.  Every
# event of the trace has offset < size and a pointer.
compat_samples() {
	minimum=${1:-10}
	total=0
	[ "$#" -le 1 ] || shift
	[ "$#" -le 1 ] || COMPAT_RUNS=$*
	for label in $COMPAT_RUNS; do
		pid=$(cat "$COMPAT_DIR/$label.$COMPAT_MODE.pid")
		rate=$(cat "$COMPAT_DIR/$label.$COMPAT_MODE.rate")
		if [ "$COMPAT_MODE" = attach ]; then
			attached=$(paste -s -d ' ' "$COMPAT_DIR/$label.attach.gdb")
			case $attached in
			"attached detached"|"attached ended")
				ok "$label: attached in the middle of its run, then ${attached#attached }" ;;
			*)
				fail "$label: not attached in the middle of its run ($attached; $COMPAT_DIR/$label.attach.gdb.log)" ;;
			esac
		fi
		count=$(awk -v pid="$pid" '$1 == pid { n++ } END { print n + 0 }' "$COMPAT_EVENTS")
		types=$(awk -v pid="$pid" '$1 == pid { print $3 }' "$COMPAT_EVENTS" | sort -u | tr '\n' ' ')
		total=$((total + count))
		if [ "$COMPAT_MODE" = attach ] || [ "$count" -ge "$minimum" ]; then
			ok "$label: $count samples from its process (vpid $pid; $types)"
		else
			fail "$label: $count samples from its process (vpid $pid), expected at least $minimum"
		fi
		other=$(awk -v pid="$pid" -v rate="$rate" '$1 == pid && $6 != rate { n++ } END { print n + 0 }' \
			"$COMPAT_EVENTS")
		[ "$other" -eq 0 ] || fail "$label: $other samples with a rate other than $rate"
	done
	if [ "$COMPAT_MODE" = attach ]; then
		check "$total samples from the attached runs" [ "$total" -ge 1 ]
	fi
	bad=$(awk '$5 >= $4 || $7 ~ /^0x0*$/ { n++ } END { print n + 0 }' "$COMPAT_EVENTS")
	if [ "$bad" -eq 0 ]; then
		ok "every event has offset < size and a pointer"
	else
		fail "$bad events have offset >= size or no pointer"
	fi
}
