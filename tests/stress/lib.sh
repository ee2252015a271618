# lib.sh - what the stress scripts share, on top of tests/lib/compat.sh
# (the runs under the shim, the session, the samples; and
# tests/lib/results.sh's checks, check_poisson among them).
#
# Every program runs under compat_run's deadlock guard, so a deadlock fails
# the test instead of hanging it.  The programs do a fixed amount of work,
# never work for a time: a loaded machine takes longer, it does not test
# less.  ALLOCSAMPLE_TEST_THOROUGH=1 makes them do several times as much.

. "$AS_SRCDIR/tests/lib/compat.sh"

STRESS_PROGRAMS="$AS_BUILDDIR/tests/stress"
if [ -n "${ALLOCSAMPLE_TEST_THOROUGH:-}" ]; then
	STRESS_SCALE=4
else
	STRESS_SCALE=1
fi

# stress_field LABEL KEY: the second field of the line starting with KEY in
# the shim run LABEL's standard output.
stress_field() {
	awk -v key="$2" '$1 == key { print $2; exit }' "$COMPAT_DIR/$1.shim.out"
}

# stress_sizes LIST: an awk condition true for events whose size is in the
# space-separated LIST.
stress_sizes() {
	printf '(%s)' "$(printf '$4 == %s || ' $1 | sed 's/ || $//')"
}

# stress_status LABEL WHAT: a check that the shim run LABEL exited with
# status 0 ("LABEL: WHAT"), its standard error shown when it did not; the
# run's pid in STRESS_PID.
stress_status() {
	stress_exit=$(cat "$COMPAT_DIR/$1.shim.status")
	if [ "$stress_exit" -eq 0 ]; then
		ok "$1: $2"
	else
		fail "$1: exit status $stress_exit: $(cat "$COMPAT_DIR/$1.shim.err")"
	fi
	STRESS_PID=$(cat "$COMPAT_DIR/$1.shim.pid")
}

# stress_children LABEL COUNT: the shim run LABEL of forker printed COUNT
# children ("child PID" lines), whose samples of the objects a child
# allocates (forker.c's sizes) number what its "expected" line says, within
# the 99.9% Poisson interval.
stress_children() {
	stress_pids=$(awk '$1 == "child" { printf "$1 == %s || ", $2 }' "$COMPAT_DIR/$1.shim.out" | sed 's/ || $//')
	stress_count=$(grep -c '^child ' "$COMPAT_DIR/$1.shim.out" || true)
	[ "$stress_count" -eq "$2" ] || harness_fail "$1: forker printed $stress_count child pids, not $2"
	check_poisson "samples of the $2 $1 children" \
		"$(harness_count "$COMPAT_EVENTS" "($stress_pids) && $(stress_sizes "40961 81923 122885 163847")")" \
		"$(stress_field "$1" expected)"
}
