# lib.sh - what the integration scripts share, on top of tests/lib/lttng-harness.sh.
#
# Source it first thing, then call harness_enter "$@".  Checks do not stop
# the script: each prints one line with its figures, a failing one marks the
# run failed, and integ_finish exits 1 if any did.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"
. "$AS_SRCDIR/tests/lib/poisson.sh"

INTEG_FAILED=0
INTEG_WORKLOADS="$AS_BUILDDIR/tests/workloads"

integ_ok() {
	printf 'ok:   %s\n' "$*"
}

integ_fail() {
	printf 'FAIL: %s\n' "$*"
	INTEG_FAILED=1
}

# integ_check WHAT COMMAND...: ok if COMMAND succeeds, else a failure.
integ_check() {
	what=$1
	shift
	if "$@"; then
		integ_ok "$what"
	else
		integ_fail "$what"
	fi
}

# integ_poisson LABEL OBSERVED EXPECTED: tests/lib/poisson.sh's check.
integ_poisson() {
	poisson_check integ_ok integ_fail "$@"
}

# integ_events TRACE_DIR OUT: the trace's events (harness_events) into OUT,
# failing the test if the tracer discarded any (the counts would be short).
integ_events() {
	babeltrace2 "$1" 2>"$2.stderr" >/dev/null ||
		harness_fail "babeltrace2 cannot read $1: $(cat "$2.stderr")"
	if grep -qi discarded "$2.stderr"; then
		integ_fail "the tracer discarded events: $(cat "$2.stderr")"
	fi
	harness_events "$1" >"$2"
	printf '      %s events in %s\n' "$(wc -l <"$2")" "$1"
}

# integ_count EVENTS AWK_CONDITION: how many events satisfy the condition,
# over the fields $1 vpid, $2 vtid, $3 type, $4 size, $5 offset, $6 rate,
# $7 ptr, $8 ip.
integ_count() {
	awk "$2 { n++ } END { print n + 0 }" "$1"
}

# integ_field FILE KEY N: field N of the first line of FILE whose first
# field is KEY (a workload's output).
integ_field() {
	awk -v key="$2" -v n="$3" '$1 == key { print $n; exit }' "$1"
}

integ_finish() {
	if [ "$INTEG_FAILED" -ne 0 ]; then
		printf 'some checks failed; the workload printed:\n'
		cat "$HARNESS_DIR/out" 2>/dev/null || true
		exit 1
	fi
	printf 'all checks passed\n'
	exit 0
}
