# results.sh - checks and results, the one copy every test suite uses.
#
# tests/lib/lttng-harness.sh sources it; a test without a daemon sources
# it alone (it needs no harness; check_poisson needs AS_BUILDDIR).  A check does not stop the script: it prints one line, `ok:   `
# or `FAIL: ` and its figures, and a failing one marks the run failed; the
# script ends with `finish`, whose exit status (0 or 1) is what automake's
# test driver reads.  `harness_fail` (lttng-harness.sh) is for what makes
# the rest of a test meaningless: it stops the script at once.
#
# Statistical checks state their false-failure rate at the function; a test
# that makes several says the sum in its header comment.

RESULTS_FAILED=0

# ok TEXT: a passed check.
ok() {
	printf 'ok:   %s\n' "$*"
}

# fail TEXT: a failed check; the run goes on, and finish exits 1.
fail() {
	printf 'FAIL: %s\n' "$*"
	RESULTS_FAILED=1
}

# check WHAT COMMAND...: ok if COMMAND succeeds, else a failure.
check() {
	results_what=$1
	shift
	if "$@"; then
		ok "$results_what"
	else
		fail "$results_what"
	fi
}

# finish [WORKLOAD_OUTPUT]: the last line of a test.  Exits 1 with "some
# checks failed" if any check failed (then shows WORKLOAD_OUTPUT, a file,
# when given), else 0 with "all checks passed".
finish() {
	if [ "$RESULTS_FAILED" -ne 0 ]; then
		if [ $# -gt 0 ]; then
			printf 'some checks failed; the workload printed:\n'
			cat "$1" 2>/dev/null || true
		else
			printf 'some checks failed\n'
		fi
		exit 1
	fi
	printf 'all checks passed\n'
	exit 0
}

# require COMMAND...: stops the test, saying which, unless every COMMAND
# is installed.  A test never installs what it needs: scripts/setup
# --tests does, for every test.
require() {
	for results_command in "$@"; do
		command -v "$results_command" >/dev/null 2>&1 && continue
		printf 'FAIL: %s needs %s, which is not installed (scripts/setup --tests installs what the tests run)\n' \
			"${0##*/}" "$results_command"
		exit 1
	done
}

# check_lines FILE KEY [COUNT]: a check that FILE (a program's own account
# of what it did) has COUNT lines starting with the word KEY, or at least
# one without COUNT: the lines a loop of checks then reads, which over
# none would check nothing.
check_lines() {
	results_count=$(grep -c "^$2 " "$1" 2>/dev/null || true)
	if [ $# -gt 2 ]; then
		check "${1##*/} has $3 \"$2\" lines (${results_count:-0})" [ "${results_count:-0}" -eq "$3" ]
	else
		check "${1##*/} has \"$2\" lines (${results_count:-0})" [ "${results_count:-0}" -gt 0 ]
	fi
}

# check_poisson LABEL OBSERVED EXPECTED: OBSERVED, a sample count, must lie
# in the central 99.9% interval of a Poisson distribution of mean EXPECTED
# (quantiles 0.0005 and 0.9995, exactly, with GSL: tests/tools/
# poisson-interval).  A sample count is a sum of independent Bernoulli
# variables (one per object, sampled with probability 1 - q^size), whose
# variance is below the Poisson variance of the same mean, so one check
# fails by chance with probability below 0.1%.
check_poisson() {
	results_interval=$("$AS_BUILDDIR/tests/tools/poisson-interval" "$3") || {
		fail "$1: poisson-interval $3 failed"
		return 0
	}
	results_lo=${results_interval% *}
	results_hi=${results_interval#* }
	results_text="$1: expected $3, 99.9% interval [$results_lo, $results_hi], observed $2"
	if [ "$2" -ge "$results_lo" ] && [ "$2" -le "$results_hi" ]; then
		ok "$results_text"
	else
		fail "$results_text"
	fi
}

# judge_objects LABEL TRUE_OBJECTS OBJECTS LOWER UPPER: a group's object
# count (figures already read; all empty when there is no such group)
# against the true count: at least its lower end, and no upper end (null),
# since no sample bounds a count at a rate above 1 (doc/estimation.md,
# "Objects").  The lower end misses with probability (1 - C)/2 at the
# confidence C the report was asked for.
judge_objects() {
	if [ -z "$3" ]; then
		fail "$1: no such group"
	elif [ "$5" != null ]; then
		fail "$1: objects_upper $5, where no upper end holds"
	elif [ "$2" -lt "$4" ]; then
		fail "$1: true $2 objects, estimate $3, below the lower end $4"
	else
		ok "$1: true $2 objects, estimate $3, at least $4"
	fi
}

# check_coverage LABEL MISSES CHECKS MISS_RATE [QUANTILE]: MISSES intervals
# out of CHECKS independent ones missed their truth, each with probability
# at most MISS_RATE (1 - C for an interval at confidence C); the count of
# misses is then at most Binomial(CHECKS, MISS_RATE), and the check fails
# when it exceeds that distribution's QUANTILE (0.999 unless given;
# computed here exactly, summing the probabilities): by chance with
# probability below 1 - QUANTILE.  An interval that misses twice as often
# as it says fails it almost surely once CHECKS times MISS_RATE reaches 10,
# and one that misses every time fails it from a handful of checks on.
check_coverage() {
	results_limit=$(awk -v n="$3" -v p="$4" -v quantile="${5:-0.999}" 'BEGIN {
		# P(X = k) from P(X = k - 1), in logarithms: no underflow at
		# n = 10^5.
		lp = n * log(1 - p); cdf = exp(lp)
		for (k = 0; cdf < quantile && k < n; ) {
			lp += log((n - k) / (k + 1)) + log(p / (1 - p)); k++; cdf += exp(lp)
		}
		print k }')
	results_text="$1: $2 of $3 intervals missed their truth, at most $results_limit expected (quantile ${5:-0.999} of Binomial($3, $4))"
	if [ "$2" -le "$results_limit" ]; then
		ok "$results_text"
	else
		fail "$results_text"
	fi
}

# json_group JSON JQ_SELECTION: "samples estimate lower upper" of the one
# group the selection picks among the groups and the total (kind "total")
# of a JSON report, or nothing when it picks none or several.
json_group() {
	jq -r "[.groups[], (.total // empty | . + {kind: \"total\"})] | map(select($2)) |
		if length == 1 then .[0] | \"\(.samples) \(.estimate) \(.lower) \(.upper)\" else empty end" "$1"
}

# check_truth LABEL JSON JQ_SELECTION TRUE_BYTES: the group the selection
# picks (json_group) must agree with the true bytes allocated:
#
#   1. TRUE_BYTES lies in the group's interval [lower, upper];
#   2. with s >= 100 samples, |estimate - TRUE_BYTES| <= 5 TRUE_BYTES / sqrt(s).
#
# Why these.  From s samples the negative-binomial estimate s q/p + u has
# mean s q/p and variance s q/p^2 (q = 1 - p), so its relative standard
# deviation is 1/sqrt(s q), about 1/sqrt(s) (doc/estimation.md); the
# weighted estimate's is no larger.  Rule 1 fails by chance with
# probability 1 - C, C being the confidence the test asks the report for
# (0.999 or 0.9999 in the tests), and is exact at any s.  Rule 2 checks the
# point estimate apart from the interval, so that an interval grown too
# wide (or one that follows a wrong estimate) cannot hide a wrong estimate:
# 5 standard deviations.  For a Poisson count (whose variance bounds the
# sample count's) with the observed s in place of its mean, rule 2 fails
# by chance with probability below 6.3e-5 at any true mean (worst near 80;
# computed exactly), ten times below rule 1's 1e-3 at C = 0.999; it is
# looser than a correct interval at C <= 0.9999 (about 3.9 standard
# deviations), so it seldom fails where rule 1 passes.  Below 100 samples the count is too skewed
# for a standard-deviation bound (5/sqrt(s) would exceed 50% anyway) and
# rule 1 alone decides.  Rule 2 still rejects an estimate 16% off at 1000
# samples, 8% off at 4000.
check_truth() {
	results_figures=$(json_group "$2" "$3")
	if [ -z "$results_figures" ]; then
		fail "$1: no such group in the report ($3)"
		return 0
	fi
	# shellcheck disable=SC2086 # four figures, split on purpose
	judge_truth "$1" "$4" $results_figures
}

# judge_truth LABEL TRUE_BYTES SAMPLES ESTIMATE LOWER UPPER: check_truth's
# two rules on figures already read.
judge_truth() {
	results_text="$1: true $2, estimate $4, interval [$5, $6], $3 samples"
	# An empty or garbled figure (a truth the program did not write) would
	# make the comparisons below errors, which `if` takes for false.
	case "$2 $3 $5 $6" in
	*[!0-9\ ]* | ' '* | *'  '* | *' ')
		fail "$results_text: a figure is missing or not a whole number"
		return 0 ;;
	esac
	if [ "$2" -lt "$5" ] || [ "$2" -gt "$6" ]; then
		fail "$results_text: outside the interval"
	elif [ "$3" -ge 100 ] &&
	     awk -v t="$2" -v e="$4" -v s="$3" \
		'BEGIN { d = e - t; if (d < 0) d = -d; exit !(d > 5 * t / sqrt(s)) }'; then
		fail "$results_text: more than 5 standard deviations (5/sqrt(samples)) off"
	else
		ok "$results_text"
	fi
}

# heap_live_group JSON ROWS SELECTION: "live_samples live_estimate
# live_lower live_upper live_incomplete" of the one row of ROWS (a jq
# expression: `.groups[]`, `.windows[]`) that SELECTION picks, or nothing
# when it picks none or several.
heap_live_group() {
	jq -r "[$2] | map(select($3)) | if length == 1 then .[0] |
		\"\(.live_samples) \(.live_estimate) \(.live_lower) \(.live_upper) \(.live_incomplete)\"
		else empty end" "$1"
}

# check_live LABEL JSON ROWS SELECTION TRUE_BYTES: the row's live figures
# agree with the true live bytes by check_truth's two rules
# (tests/lib/results.sh): TRUE_BYTES in [live_lower, live_upper], which
# fails by chance with probability 1 - C = 0.01% at the 99.99% the tests
# ask for; and with s >= 100 live samples the point estimate within
# 5 TRUE_BYTES / sqrt(s) of it (below 6.3e-5).  The live bytes are a subset
# of the allocated bytes chosen by the program, not by the sampling, so the
# same estimator and the same bounds hold (doc/estimation.md).  The row must
# not be marked incomplete: these traces lose nothing.
check_live() {
	heap_figures=$(heap_live_group "$2" "$3" "$4")
	if [ -z "$heap_figures" ]; then
		fail "$1: no such row in the report ($4)"
		return 0
	fi
	set -- "$1" "$5" $heap_figures
	if [ "$7" != false ]; then
		fail "$1: live figures marked incomplete ($7)"
	elif [ "$4" = null ] || [ "$5" = null ] || [ "$6" = null ]; then
		fail "$1: no live figures"
	else
		judge_truth "$1 (live)" "$2" "$3" "$4" "$5" "$6"
	fi
}
