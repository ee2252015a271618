# poisson.sh - the sample-count check of the integration and stress tests.

# poisson_check OK FAIL LABEL OBSERVED EXPECTED: runs `OK FIGURES` when
# OBSERVED lies in the central 99.9% interval of a Poisson distribution of
# mean EXPECTED (quantiles 0.0005 and 0.9995, exactly, with GSL:
# tests/tools/poisson-interval), else `FAIL FIGURES`.  A sample count is a
# sum of independent Bernoulli variables (one per object, sampled with
# probability 1 - q^size), whose variance is below the Poisson variance of
# the same mean, so one check fails by chance with probability below 0.1%.
poisson_check() {
	interval=$("$AS_BUILDDIR/tests/tools/poisson-interval" "$5") ||
		harness_fail "poisson-interval $5 failed"
	lo=${interval% *}
	hi=${interval#* }
	figures="$3: expected $5, 99.9% interval [$lo, $hi], observed $4"
	if [ "$4" -ge "$lo" ] && [ "$4" -le "$hi" ]; then
		"$1" "$figures"
	else
		"$2" "$figures"
	fi
}
