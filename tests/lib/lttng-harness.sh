# lttng-harness.sh - a private, real lttng-sessiond for one test script.
#
# Source this file, then call `harness_enter "$@"` first thing: it re-runs
# the script where its daemon cannot meet any other (doc/design.md section 9).
#   - As root, root's daemon always lives in /var/run/lttng whatever
#     LTTNG_HOME says, so the script re-runs inside a private mount namespace
#     with a tmpfs over /var/run/lttng.  The daemon, the lttng commands and
#     the traced programs all run in there; trace directories are outside.
#   - As another user, a private LTTNG_HOME is enough.
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

harness_fail() {
	printf 'FAIL: %s\n' "$*" >&2
	exit 1
}

harness_enter() {
	if [ "$(id -u)" -eq 0 ] && [ -z "${AS_HARNESS_NAMESPACE:-}" ]; then
		AS_HARNESS_NAMESPACE=1 exec unshare --mount --propagation private \
			/bin/sh "$0" "$@"
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

# harness_create_session NAME TRACE_DIR [PATTERN...]: a session recording
# allocsample:* and the userspace events each PATTERN names, with the
# contexts the report uses, started.
harness_create_session() {
	session=$1
	lttng create "$session" --output="$2" >/dev/null
	shift 2
	for pattern in 'allocsample:*' "$@"; do
		lttng enable-event --userspace --session="$session" "$pattern" >/dev/null
	done
	lttng add-context --userspace --session="$session" \
		-t vpid -t vtid -t procname -t ip >/dev/null
	lttng start "$session" >/dev/null
}

# harness_destroy_session NAME: stop (waiting for the data to be written),
# then destroy.
harness_destroy_session() {
	lttng stop "$1" >/dev/null
	lttng destroy "$1" >/dev/null
}

# harness_preload COMMAND...: runs COMMAND with the shim preloaded.
harness_preload() {
	LD_PRELOAD="$AS_PRELOAD${LD_PRELOAD:+:$LD_PRELOAD}" "$@"
}

# harness_events TRACE_DIR: the trace's AllocationSampled events, one per
# line: vpid vtid type size offset rate ptr ip (schema 2's stack fields,
# after ptr, are left out).  Types have their spaces replaced by '_' so
# that every line has eight fields.
harness_events() {
	babeltrace2 "$1" | sed -n 's/.*allocsample:AllocationSampled: .*vpid = \([0-9]*\), vtid = \([0-9]*\), procname = "[^"]*", ip = \([0-9]*\) }, { type = "\([^"]*\)", size = \([0-9]*\), offset = \([0-9]*\), rate = \([0-9]*\), ptr = \(0x[0-9A-Fa-f]*\)\(, [^{}]*\)\{0,1\} }$/\1 \2 \4 \5 \6 \7 \8 \3/p' |
		awk '{ n = NF; type = $3; for (i = 4; i <= n - 5; i++) type = type "_" $i;
		       print $1, $2, type, $(n-4), $(n-3), $(n-2), $(n-1), $n }'
}

# harness_count EVENTS AWK_CONDITION: how many lines of EVENTS (written by
# harness_events) satisfy the condition, over the fields $1 vpid, $2 vtid,
# $3 type, $4 size, $5 offset, $6 rate, $7 ptr, $8 ip.
harness_count() {
	awk "$2 { n++ } END { print n + 0 }" "$1"
}

# harness_read_events TRACE_DIR OUT: the trace's events (harness_events)
# into OUT, and a failed check if the tracer discarded any: the counts a
# test makes from them would be short for a reason it cannot show.  Stops
# the test if babeltrace2 cannot read the trace.
harness_read_events() {
	babeltrace2 "$1" 2>"$2.stderr" >/dev/null ||
		harness_fail "babeltrace2 cannot read $1: $(cat "$2.stderr")"
	if grep -qi discarded "$2.stderr"; then
		fail "the tracer discarded events: $(cat "$2.stderr")"
	fi
	harness_events "$1" >"$2"
	printf '      %s events in %s\n' "$(wc -l <"$2")" "$1"
}

# harness_fact FILE KEY N: field N of the first line of FILE, a workload's
# facts, whose first field is KEY; nothing if there is no such line or no
# such file.
harness_fact() {
	[ -e "$1" ] || return 0
	awk -v key="$2" -v n="$3" '$1 == key { print $n; exit }' "$1"
}
