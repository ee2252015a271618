# lib.sh - what the stress scripts share, on top of tests/compat/lib.sh.
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

# stress_poisson LABEL OBSERVED EXPECTED: OBSERVED must lie in the 99.9%
# interval of a Poisson distribution of mean EXPECTED.  A sample count is a
# sum of independent Bernoulli variables (one per object), whose variance is
# below the Poisson variance of the same mean, so a check fails by chance
# with probability below 0.1%.
stress_poisson() {
	# Quantiles 0.0005 and 0.9995, exactly (GSL): tests/tools/poisson-interval.
	interval=$("$AS_BUILDDIR/tests/tools/poisson-interval" "$3") ||
		harness_fail "poisson-interval $3 failed"
	lo=${interval% *}
	hi=${interval#* }
	figures="$1: expected $3, 99.9% interval [$lo, $hi], observed $2"
	if [ "$2" -ge "$lo" ] && [ "$2" -le "$hi" ]; then
		compat_ok "$figures"
	else
		compat_fail "$figures"
	fi
}

# stress_count AWK_CONDITION: how many events of $COMPAT_EVENTS satisfy it,
# over the fields $1 vpid, $2 vtid, $3 type, $4 size, $5 offset, $6 rate,
# $7 ptr, $8 ip.
stress_count() {
	awk "$1 { n++ } END { print n + 0 }" "$COMPAT_EVENTS"
}

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
