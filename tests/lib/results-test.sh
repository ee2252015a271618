#!/bin/sh
# results-test.sh - the checks of tests/lib/results.sh fail where they
# must: each case runs one check in a subshell on made-up figures and
# compares what it decided (ok or FAIL) with what the rule says.  Without
# this, a check that always passed would let every suite pass.  Needs no
# daemon.
set -eu
: "${AS_BUILDDIR:?run through make check, or set AS_BUILDDIR}"
: "${AS_SRCDIR:?run through make check, or set AS_SRCDIR}"
. "$AS_SRCDIR/tests/lib/results.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/allocsample-results.XXXXXX")
trap 'rm -rf "$work"' EXIT

# decides EXPECTED WHAT COMMAND...: COMMAND (a check) run apart must print
# one line starting with EXPECTED (ok: or FAIL:) and leave the run failed
# exactly when it says FAIL.
decides() {
	expected=$1
	what=$2
	shift 2
	line=$( ("$@"; echo "failed=$RESULTS_FAILED") 2>&1 | tr '\n' ' ')
	case $expected:$line in
	ok:"ok:   "*failed=0*|FAIL:"FAIL: "*failed=1*) ok "$what ($line)" ;;
	*) fail "$what: expected $expected, got: $line" ;;
	esac
}

# report FILE SAMPLES ESTIMATE LOWER UPPER: a JSON report with one thread
# group and a total of these figures.
report() {
	printf '{"groups": [{"kind": "thread", "tid": 7, "samples": %s, "estimate": %s, "lower": %s, "upper": %s}],
	  "total": {"samples": %s, "estimate": %s, "lower": %s, "upper": %s}}\n' \
		"$2" "$3" "$4" "$5" "$2" "$3" "$4" "$5" >"$1"
}

# Rule 1, the interval, at any sample count.
report "$work/a.json" 8 900000 350000 1500000
decides ok "truth inside the interval, 8 samples" check_truth t "$work/a.json" '.tid == 7' 1000000
decides FAIL "truth above the interval" check_truth t "$work/a.json" '.tid == 7' 1500001
decides FAIL "truth below the interval" check_truth t "$work/a.json" '.tid == 7' 349999
decides ok "the total is a group too" check_truth t "$work/a.json" '.kind == "total"' 1000000
decides FAIL "no such group" check_truth t "$work/a.json" '.tid == 8' 1000000
decides FAIL "no truth (a program that did not write it)" check_truth t "$work/a.json" '.tid == 7' ''
# Rule 2: 5 / sqrt(1000) = 15.8%.  An interval wide enough to hold the
# truth does not save an estimate 20% off, and does not matter for one 10%
# off; below 100 samples only the interval counts.
report "$work/b.json" 1000 1200000 0 99999999
decides FAIL "1000 samples, estimate 20% above the truth" check_truth t "$work/b.json" '.tid == 7' 1000000
report "$work/c.json" 1000 800000 0 99999999
decides FAIL "1000 samples, estimate 20% below the truth" check_truth t "$work/c.json" '.tid == 7' 1000000
report "$work/d.json" 1000 1100000 0 99999999
decides ok "1000 samples, estimate 10% above the truth" check_truth t "$work/d.json" '.tid == 7' 1000000
report "$work/e.json" 99 1400000 0 99999999
decides ok "99 samples, estimate 40% off: the interval decides" check_truth t "$work/e.json" '.tid == 7' 1000000

# check_poisson: mean 1000, 99.9% interval about [897, 1106].
decides ok "Poisson: 1000 samples for a mean of 1000" check_poisson p 1000 1000
decides FAIL "Poisson: 850 samples for a mean of 1000" check_poisson p 850 1000
decides FAIL "Poisson: 1150 samples for a mean of 1000" check_poisson p 1150 1000

# check_coverage: 200 intervals at 95% miss 10 times on average; the
# 99.9% quantile of Binomial(200, 0.05) is 21.
decides ok "coverage: 10 misses in 200 at 5%" check_coverage c 10 200 0.05
decides ok "coverage: 21 misses in 200 at 5%" check_coverage c 21 200 0.05
decides FAIL "coverage: 22 misses in 200 at 5%" check_coverage c 22 200 0.05
decides FAIL "coverage: 2 misses in 100 at 0.01%" check_coverage c 2 100 0.0001
decides ok "coverage: 1 miss in 100 at 0.01%" check_coverage c 1 100 0.0001
# Binomial(12, 0.05): P(X >= 5) = 1.8e-4, P(X >= 6) = 1.1e-5.
decides ok "coverage: 5 misses in 12 at 5%, quantile 0.9999" check_coverage c 5 12 0.05 0.9999
decides FAIL "coverage: 6 misses in 12 at 5%, quantile 0.9999" check_coverage c 6 12 0.05 0.9999

# judge_objects: at least the lower end, no upper end, a group that exists.
decides ok "objects: true count above the lower end" judge_objects o 100 120 90 null
decides ok "objects: true count at the lower end" judge_objects o 90 120 90 null
decides FAIL "objects: true count below the lower end" judge_objects o 80 120 90 null
decides FAIL "objects: an upper end" judge_objects o 100 120 90 150
decides FAIL "objects: no such group" judge_objects o 100 "" "" ""

# check and finish.
decides ok "check passes with a command that succeeds" check c true
decides FAIL "check fails with a command that fails" check c false
status=0
(fail x >/dev/null; finish >/dev/null) || status=$?
check "finish exits 1 after a failed check ($status)" [ "$status" -eq 1 ]
finish
