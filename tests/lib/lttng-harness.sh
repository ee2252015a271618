# lttng-harness.sh - a private, real lttng-sessiond for one test script.
#
# Source this file, then call `harness_enter "$@"` first thing: it re-runs
# the script where its daemon cannot meet any other (doc/design.md section 9).
#   - As root, root's daemon always lives in /var/run/lttng whatever
#     LTTNG_HOME says, so the script re-runs inside a private mount namespace
#     with a tmpfs over /var/run/lttng.  The daemon, the lttng commands and
#     the traced programs all run in there; trace directories are outside.
#   - As another user, a private LTTNG_HOME is enough.
#   - A test that listens on TCP ports (a relayd, a listener of its own)
#     sets HARNESS_NETWORK=private first: as root it then also gets a
#     network namespace of its own, its loopback up, where no other test
#     can take a port it has found free, or answer on one it uses.
# Then `harness_start_sessiond`; the daemon is stopped by pid when the script
# exits, however it exits.
#
# Environment from the Makefile (tests/local.mk): AS_BUILDDIR, AS_SRCDIR.

set -eu

: "${AS_BUILDDIR:?run through make check, or set AS_BUILDDIR}"
: "${AS_SRCDIR:?run through make check, or set AS_SRCDIR}"

# ok, fail, check, finish and the statistical checks.
. "$AS_SRCDIR/tests/lib/results.sh"

AS_PRELOAD="$AS_BUILDDIR/src/.libs/liballocsample-preload.so"
AS_LIBDIR="$AS_BUILDDIR/src/.libs"

# record_run, report_run and the other commands of the project.
. "$AS_SRCDIR/tests/lib/tools.sh"

harness_fail() {
	printf 'FAIL: %s\n' "$*" >&2
	exit 1
}

harness_enter() {
	if [ "$(id -u)" -eq 0 ] && [ -z "${AS_HARNESS_NAMESPACE:-}" ]; then
		AS_HARNESS_NAMESPACE=1 exec unshare --mount --propagation private \
			${HARNESS_NETWORK:+--net} /bin/sh "$0" "$@"
	fi
	if [ -n "${AS_HARNESS_NAMESPACE:-}" ] && [ -n "${HARNESS_NETWORK:-}" ]; then
		ip link set lo up || harness_fail "cannot bring up the loopback of the test's network namespace"
	fi
	HARNESS_DIR=$(mktemp -d "${TMPDIR:-/tmp}/allocsample-test.XXXXXX")
	export LTTNG_HOME="$HARNESS_DIR/home"
	mkdir -p "$LTTNG_HOME"
	if [ -n "${AS_HARNESS_NAMESPACE:-}" ]; then
		mkdir -p /var/run/lttng
		mount -t tmpfs allocsample-test /var/run/lttng
		HARNESS_PIDFILE=/var/run/lttng/lttng-sessiond.pid
	else
		HARNESS_PIDFILE="$LTTNG_HOME/.lttng/lttng-sessiond.pid"
	fi
	trap harness_cleanup EXIT
	trap 'exit 130' INT TERM
}

harness_start_sessiond() {
	lttng-sessiond --daemonize --no-kernel >"$HARNESS_DIR/sessiond.log" 2>&1 ||
		harness_fail "lttng-sessiond did not start: $(cat "$HARNESS_DIR/sessiond.log")"
	[ -s "$HARNESS_PIDFILE" ] || harness_fail "lttng-sessiond wrote no pid file"
	HARNESS_SESSIOND_PID=$(cat "$HARNESS_PIDFILE")
}

harness_stop_sessiond() {
	pid=${HARNESS_SESSIOND_PID:-}
	[ -n "$pid" ] || return 0
	HARNESS_SESSIOND_PID=
	kill "$pid" 2>/dev/null || return 0
	# The daemon stops its consumer daemons before it exits.
	for _ in $(seq 100); do
		kill -0 "$pid" 2>/dev/null || return 0
		sleep 0.1
	done
	kill -KILL "$pid" 2>/dev/null || true
}

harness_cleanup() {
	status=$?
	harness_stop_sessiond
	if [ "$status" -eq 0 ] || [ -z "${AS_KEEP_TEST_DIR:-}" ]; then
		rm -rf "$HARNESS_DIR"
	else
		printf 'kept %s\n' "$HARNESS_DIR" >&2
	fi
	exit "$status"
}

# The one recipe of a trace: every test that records without
# allocsample-record makes its sessions with these (tests/lib/fixtures.sh
# keeps it so).  A command of lttng that fails stops the test with what
# lttng said.

# harness_lttng ARGS...: lttng ARGS, its output discarded; stops the test
# if it fails.
harness_lttng() {
	lttng "$@" >"$HARNESS_DIR/lttng.out" 2>&1 ||
		harness_fail "lttng $*: $(tail -n 3 "$HARNESS_DIR/lttng.out")"
}

# harness_session NAME [OPTION...]: a userspace session NAME, created and
# started.
#   --output DIR          its trace's directory [$HARNESS_DIR/NAME]
#   --url URL             to an lttng-relayd instead (lttng create --set-url)
#   --live[=US]           a live session (its timer US microseconds), to
#                         --url or the local relayd's default URL
#   --events LIST         the events, comma-separated patterns [allocsample:*]
#   --stacks              lttng-ust's statedump and dl events too, from which
#                         the report names the frames of stacks
#   --contexts LIST       the contexts, comma-separated, "" for none
#                         [vpid,vtid,procname,ip]
#   --buffers SIZE:COUNT  one channel of COUNT sub-buffers of SIZE bytes per
#                         CPU [lttng's default channel]
#   --snapshot            in snapshot mode: its buffers overwrite, and
#                         nothing is written until harness_snapshot
#   --stopped             created, not started
harness_session() {
	session_name=$1
	shift
	session_output="$HARNESS_DIR/$session_name"
	session_url=
	session_live=
	session_events='allocsample:*'
	session_contexts=vpid,vtid,procname,ip
	session_buffers=
	session_start=yes
	session_snapshot=
	while [ $# -gt 0 ]; do
		case $1 in
		--output) session_output=$2; shift ;;
		--url) session_url=$2; shift ;;
		--live) session_live=--live ;;
		--live=*) session_live=$1 ;;
		--events) session_events=$2; shift ;;
		--stacks) session_events="$session_events,lttng_ust_statedump:*,lttng_ust_dl:*" ;;
		--contexts) session_contexts=$2; shift ;;
		--buffers) session_buffers=$2; shift ;;
		--snapshot) session_snapshot=yes ;;
		--stopped) session_start= ;;
		*) harness_fail "harness_session: no option $1" ;;
		esac
		shift
	done
	if [ -n "$session_url" ]; then
		harness_lttng create "$session_name" $session_live --set-url="$session_url"
	elif [ -n "$session_live" ]; then
		harness_lttng create "$session_name" $session_live
	elif [ -n "$session_snapshot" ]; then
		harness_lttng create "$session_name" --snapshot --output="$session_output"
	else
		harness_lttng create "$session_name" --output="$session_output"
	fi
	session_channel=
	if [ -n "$session_buffers" ] || [ -n "$session_snapshot" ]; then
		session_channel=--channel=buffers
		harness_lttng enable-channel --userspace --session="$session_name" \
			${session_snapshot:+--overwrite} \
			${session_buffers:+--subbuf-size="${session_buffers%:*}" --num-subbuf="${session_buffers#*:}"} \
			buffers
	fi
	harness_lttng enable-event --userspace --session="$session_name" $session_channel "$session_events"
	if [ -n "$session_contexts" ]; then
		harness_lttng add-context --userspace --session="$session_name" $session_channel \
			$(printf ' -t %s' $(echo "$session_contexts" | tr ',' ' '))
	fi
	[ -z "$session_start" ] || harness_lttng start "$session_name"
}

# harness_session_enable NAME PATTERN: PATTERN's events enabled in the
# running session NAME (its default channel), from now on.
# harness_snapshot NAME [DIR]: what the buffers of the snapshot session
# NAME hold now, recorded into DIR [$HARNESS_DIR/NAME-snap]; the session
# goes on.
harness_snapshot() {
	harness_lttng snapshot record --session="$1" "${2:-$HARNESS_DIR/$1-snap}"
}
harness_session_enable() {
	harness_lttng enable-event --userspace --session="$1" "$2"
}

# harness_session_start NAME, harness_session_stop NAME: tracing started,
# or stopped (lttng stop returns once the data is written).
harness_session_start() {
	harness_lttng start "$1"
}
harness_session_stop() {
	harness_lttng stop "$1"
}

# harness_session_rotate NAME: the trace so far archived under the
# session's output (DIR/archives), to be read while the session goes on.
harness_session_rotate() {
	harness_lttng rotate "$1"
}

# harness_session_end NAME: stopped (the data written), then destroyed.
harness_session_end() {
	harness_lttng stop "$1"
	harness_lttng destroy "$1"
}

# harness_trace NAME [OPTION...] -- COMMAND...: a trace of COMMAND in a
# session NAME made with the OPTIONs of harness_session (its trace in
# $HARNESS_DIR/NAME unless --output says), COMMAND's standard output in
# $HARNESS_DIR/NAME.out and its standard error in NAME.err; stops the test
# if COMMAND fails.  COMMAND may be a function (harness_preload PROGRAM).
harness_trace() {
	trace_name=$1
	shift
	trace_options=
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		trace_options="$trace_options $(harness_quote "$1")"
		shift
	done
	[ $# -gt 1 ] || harness_fail "harness_trace $trace_name: no command after --"
	shift
	eval "harness_session \"\$trace_name\" $trace_options"
	"$@" >"$HARNESS_DIR/$trace_name.out" 2>"$HARNESS_DIR/$trace_name.err" ||
		harness_fail "$* failed (status $?) in trace $trace_name: $(tail -n 5 "$HARNESS_DIR/$trace_name.err")"
	harness_session_end "$trace_name"
}

# harness_quote WORD: WORD quoted for eval.
harness_quote() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# harness_pids NAME...: the pids of the processes named NAME in this
# test's mount namespace, one a line.  Other tests' processes (their
# daemons, their programs of the same name) run in the same pid namespace,
# so they are told apart by their mount namespace.
harness_pids() {
	harness_pids_own=$(readlink /proc/self/ns/mnt)
	for harness_pids_name in "$@"; do
		for harness_pids_pid in $(pgrep -x "$harness_pids_name" || true); do
			[ "$(readlink "/proc/$harness_pids_pid/ns/mnt" 2>/dev/null)" != "$harness_pids_own" ] ||
				echo "$harness_pids_pid"
		done
	done
}

# harness_cpu: a CPU this test may run on.  A program pinned to it
# (taskset -c) writes one stream per session, so that a channel of
# --buffers 4096:64 holds its 256 KiB of events whether the consumer
# daemon reads or not, in several packets: what trace_lossy_copy needs.
harness_cpu() {
	taskset -pc $$ | sed 's/.*: *//; s/[-,].*//'
}

# harness_preload COMMAND...: runs COMMAND with the shim preloaded.
# COMMAND waits for lttng-ust's registration with the session daemon before
# its main() however long it takes (LTTNG_UST_REGISTER_TIMEOUT=-1, where
# lttng-ust's default gives up after 3 s): on a loaded machine a slower
# registration leaves the first samples unrecorded, and a test that counts
# every sample of a program would count short.  With no session daemon
# there is nothing to wait for.
harness_preload() {
	LD_PRELOAD="$AS_PRELOAD${LD_PRELOAD:+:$LD_PRELOAD}" LTTNG_UST_REGISTER_TIMEOUT=-1 "$@"
}

# harness_ust_fork: HARNESS_UST_FORK set to lttng-ust's liblttng-ust-fork.so
# (pkg-config's libdir, else Debian's), which a traced program that forks
# preloads after the shim so that its child is traced; stops the test
# when it is missing.
harness_ust_fork() {
	HARNESS_UST_FORK="$(pkg-config --variable=libdir lttng-ust 2>/dev/null)/liblttng-ust-fork.so"
	[ -e "$HARNESS_UST_FORK" ] || HARNESS_UST_FORK=/usr/lib/x86_64-linux-gnu/liblttng-ust-fork.so
	[ -e "$HARNESS_UST_FORK" ] || harness_fail "no liblttng-ust-fork.so (package liblttng-ust-dev)"
}

# harness_events TRACE_DIR: the trace's AllocationSampled events, one per
# line: vpid vtid type size offset rate ptr ip (schema 2's stack fields,
# after ptr, are left out).  Types have their spaces replaced by '_' so
# that every line has eight fields.
harness_events() {
	babeltrace2 "$1" | harness_events_of
}

# HARNESS_AWK_FIELD: awk's function field(KEY), the value of the field or
# context KEY of babeltrace2's text line $0 (a string without its quotes),
# or "" when the line has none: for the awk programs that read events.
HARNESS_AWK_FIELD='
		function field(key,   at, rest) {
			at = index($0, " " key " = ")
			if (at == 0)
				return ""
			rest = substr($0, at + length(key) + 4)
			if (substr(rest, 1, 1) == "\"") {
				rest = substr(rest, 2)
				return substr(rest, 1, index(rest, "\"") - 1)
			}
			match(rest, /^[^,} ]*/)
			return substr(rest, 1, RLENGTH)
		}
'

# harness_events_of: harness_events of babeltrace2's text on standard
# input.  Each field is found by its name, in one pass (a sed expression
# of the whole line cost four times as much).  An event without the
# contexts the sessions record (vpid, vtid, ip) is left out.
harness_events_of() {
	awk "$HARNESS_AWK_FIELD"'
		index($0, "allocsample:AllocationSampled: ") {
			vpid = field("vpid"); vtid = field("vtid"); ip = field("ip"); ptr = field("ptr")
			if (vpid == "" || vtid == "" || ip == "" || ptr == "")
				next
			type = field("type")
			gsub(/ /, "_", type)
			print vpid, vtid, type, field("size"), field("offset"), field("rate"), ptr, ip
		}'
}

# harness_count EVENTS AWK_CONDITION: how many lines of EVENTS (written by
# harness_events) satisfy the condition, over the fields $1 vpid, $2 vtid,
# $3 type, $4 size, $5 offset, $6 rate, $7 ptr, $8 ip.
harness_count() {
	awk "$2 { n++ } END { print n + 0 }" "$1"
}

# harness_read_events TRACE_DIR OUT: the trace's events (harness_events)
# into OUT, and a failed check if the tracer discarded any or if a process
# drew samples before it was recorded (allocsample:SamplesUnrecorded): the
# counts a test makes from them would be short for a reason it cannot
# show.  Stops the test if babeltrace2 cannot read the trace.
harness_read_events() {
	babeltrace2 "$1" >"$2.text" 2>"$2.stderr" ||
		harness_fail "babeltrace2 cannot read $1: $(cat "$2.stderr")"
	if grep -qi discarded "$2.stderr"; then
		fail "the tracer discarded events: $(cat "$2.stderr")"
	fi
	if grep -q 'allocsample:SamplesUnrecorded: ' "$2.text"; then
		fail "samples drawn before their process was recorded: $(grep 'allocsample:SamplesUnrecorded: ' "$2.text" | head -n 3)"
	fi
	harness_events_of <"$2.text" >"$2"
	rm -f "$2.text"
	printf '      %s events in %s\n' "$(wc -l <"$2")" "$1"
}

# harness_fact FILE KEY N: field N of the first line of FILE, a workload's
# facts, whose first field is KEY; nothing if there is no such line or no
# such file.
harness_fact() {
	[ -e "$1" ] || return 0
	awk -v key="$2" -v n="$3" '$1 == key { print $n; exit }' "$1"
}
