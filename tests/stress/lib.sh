# lib.sh - what the stress scripts share, on top of tests/compat/lib.sh
# (and tests/lib/results.sh's checks, check_poisson among them).
#
# Every program runs under `timeout 120` (compat_run), so a deadlock fails
# the test instead of hanging it.  ALLOCSAMPLE_TEST_THOROUGH=1 makes the
# timed tests run several times longer.

. "$AS_SRCDIR/tests/compat/lib.sh"

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
