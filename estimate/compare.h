/*
 * compare.h - one group in two independent runs, BASELINE and NEW: each
 * side's estimate, the ratio NEW/BASELINE with its interval, a test of "the
 * bytes are equal", and the corrections for testing many groups at once.
 *
 * The derivation, the assumptions and where an approximation is used are in
 * doc/estimation.md, "Comparing two runs".  Analysis side: links GSL,
 * GPL-3.0+.
 */
#ifndef ALLOCSAMPLE_COMPARE_H
#define ALLOCSAMPLE_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "estimate.h"

/* The most distinct rates one side may have: more, and as_compare_compute
 * returns -1. */
#define AS_COMPARE_MAX_RATES 64

/* One side of a comparison: a group's per-rate accumulators in one run. */
struct as_compare_side {
	const struct as_estimate_accum *accums; /* n >= 1; samples may be 0 */
	size_t n;
	uint64_t threads;                       /* T >= 1, as for as_estimate_compute */
};

struct as_compare_result {
	struct as_estimate base, new_;   /* each side's own estimate and interval at C (as_estimate_compute) */
	double ratio;                    /* point estimate of NEW/BASELINE bytes (weighted/weighted);
					  * +inf when base is 0 and NEW is not, NaN when both are 0 */
	double ratio_lower, ratio_upper; /* interval of the ratio at confidence C (ratio_upper may be +inf,
					  * ratio_lower may be 0) */
	double p_value;                  /* two-sided test of "the bytes are equal" (ratio 1):
					  * min(1, 2 * min(p_increase, p_decrease)) */
	double p_increase;               /* one-sided: small when NEW has more bytes than BASELINE */
	double p_decrease;               /* one-sided: small when NEW has fewer bytes */
};

/*
 * Compares one group between two independent runs.  `options` as for
 * as_estimate_compute (NULL: confidence 0.95, boundary compensation on).
 * p_value < 1 - C exactly when 1 lies outside [ratio_lower, ratio_upper]
 * (up to the root finder's 1e-9 relative precision).  The direction of a
 * significant change: increase when p_increase < p_decrease, else decrease.
 * Returns 0, or -1 for invalid arguments (as as_estimate_compute: n == 0,
 * threads == 0, a rate 0, confidence outside (0, 1), a NULL pointer) or when
 * memory runs out, leaving *out unchanged.
 *
 * The upper bound "below N bytes" of a side without samples is its own
 * as_estimate upper (out->base.upper or out->new_.upper).
 */
int as_compare_compute(const struct as_compare_side *base, const struct as_compare_side *new_,
		       const struct as_estimate_options *options, struct as_compare_result *out);

/*
 * The tail of the ratio at `r` > 0 that as_compare_compute's ends cross at
 * (1 - C)/2: P(NEW_lo <= r BASE_hi) (`upper` false; at most (1 - C)/2
 * exactly when r <= ratio_lower) or P(NEW_hi > r BASE_lo) (`upper` true;
 * at most (1 - C)/2 exactly when r >= ratio_upper), the pivots as there.
 * One test at one point, for a caller that needs no interval.  NaN for
 * invalid arguments (as as_compare_compute, and r <= 0).
 */
double as_compare_tail(const struct as_compare_side *base, const struct as_compare_side *new_,
		       const struct as_estimate_options *options, double r, bool upper);

/*
 * One end of as_compare_compute's interval of the ratio NEW/BASELINE: the
 * lower (`upper` false) or the upper, the same search, without the sides'
 * estimates, the other end or the test (doc/estimation.md, "Lifetimes":
 * the survival curve needs one end per split).  NaN for invalid arguments
 * (as as_compare_compute).
 */
double as_compare_end(const struct as_compare_side *base, const struct as_compare_side *new_,
		      const struct as_estimate_options *options, bool upper);

/*
 * Holm's step-down at family-wise level alpha: significant[i] for each of n
 * p-values (a NaN p-value is never significant and still counts in n).
 * Controls the probability of any false call among the n groups, whatever
 * their dependence.  Without memory for sorting, falls back to Bonferroni
 * (p <= alpha / n), which calls a subset of Holm's.
 */
void as_compare_holm(const double *p_values, size_t n, double alpha, bool *significant);

/*
 * Benjamini-Hochberg at false-discovery rate q: significant[i] for each of
 * n p-values (NaN: never significant, counted in n).  Controls the expected
 * fraction of false calls among the calls, for independent (or positively
 * dependent) tests.  Without memory for sorting, falls back to Bonferroni.
 */
void as_compare_benjamini_hochberg(const double *p_values, size_t n, double q, bool *significant);

/*
 * The building block, exposed for the tests: P(B <= r * A) for independent
 * sides B = u_b + sum_i scale_b[i] * Gamma(shape_b[i]) and
 * A = u_a + sum_j scale_a[j] * Gamma(shape_a[j]) (unit-scale gammas; a term
 * with shape or scale 0 is the constant 0).  `upper` gives P(B > r * A)
 * instead, without cancellation.  Exact (GSL's gamma CDF) when at most one
 * term has a positive shape, a Lugannani-Rice saddlepoint approximation
 * otherwise (doc/estimation.md, "Comparing two runs").  r > 0.  At most 64
 * terms per side (more: NaN).
 */
double as_compare_ratio_cdf(double u_b, const double *shape_b, const double *scale_b, size_t n_b,
			    double u_a, const double *shape_a, const double *scale_a, size_t n_a,
			    double r, bool upper);

#endif
