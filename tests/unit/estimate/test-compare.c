/*
 * test-compare.c - the comparison's building blocks on inputs whose answer
 * is known exactly: the gamma-sum tail against closed forms, and Holm's and
 * Benjamini-Hochberg's procedures on worked examples.  The simulated
 * calibration is test-compare-sim.
 */
#include <check.h>
#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdlib.h>

#include "estimate/compare.h"
#include "tests/lib/check-run.h"

/* B = Gamma(k), A = u: P(B <= r u) is the gamma CDF at r u, computed by
 * the exact branch (one term with a positive shape). */
START_TEST(test_ratio_cdf_one_gamma)
{
	static const double shapes[] = { 0.5, 3, 40, 2500 };
	static const double ratios[] = { 0.01, 0.7, 1, 1.3, 50 };
	double scale = 1;
	size_t i, j;

	for (i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		for (j = 0; j < sizeof ratios / sizeof ratios[0]; j++) {
			double u = shapes[i], r = ratios[j];
			double lower = as_compare_ratio_cdf(0, &shapes[i], &scale, 1, u, NULL, NULL, 0, r, false);
			double upper = as_compare_ratio_cdf(0, &shapes[i], &scale, 1, u, NULL, NULL, 0, r, true);

			ck_assert_double_eq_tol(lower, gsl_cdf_gamma_P(r * u, shapes[i], 1), 1e-12);
			ck_assert_double_eq_tol(upper, gsl_cdf_gamma_Q(r * u, shapes[i], 1), 1e-12);
		}
	}
}
END_TEST

/* B = Gamma(a), A = Gamma(b), unit scales: B / (A + B) is Beta(a, b), so
 * P(B <= r A) = I_{r / (1 + r)}(a, b).  Shapes of 20 and more take the
 * saddlepoint branch, whose relative error in a tail is about 0.2 / shape
 * (ratio_cdf.c; measured here at most 4e-4); (5, 60) takes the numerical
 * integration.  2% holds both with room, and a swapped side or tail is off
 * by orders of magnitude. */
START_TEST(test_ratio_cdf_two_gammas)
{
	static const double pairs[][2] = { { 20, 30 }, { 100, 100 }, { 400, 350 }, { 5, 60 } };
	static const double ratios[] = { 0.5, 0.8, 1, 1.25, 2 };
	double one = 1;
	size_t i, j;

	for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		for (j = 0; j < sizeof ratios / sizeof ratios[0]; j++) {
			double a = pairs[i][0], b = pairs[i][1], r = ratios[j], x = r / (1 + r);
			double want_lower = gsl_cdf_beta_P(x, a, b), want_upper = gsl_cdf_beta_Q(x, a, b);
			double lower = as_compare_ratio_cdf(0, &a, &one, 1, 0, &b, &one, 1, r, false);
			double upper = as_compare_ratio_cdf(0, &a, &one, 1, 0, &b, &one, 1, r, true);

			if (want_lower > 1e-300)
				ck_assert_msg(fabs(lower / want_lower - 1) < 0.02,
					      "a=%g b=%g r=%g: P %g, exact %g", a, b, r, lower, want_lower);
			if (want_upper > 1e-300)
				ck_assert_msg(fabs(upper / want_upper - 1) < 0.02,
					      "a=%g b=%g r=%g: Q %g, exact %g", a, b, r, upper, want_upper);
		}
	}
}
END_TEST

/* More terms than a side may have: NaN, not a number read past the end. */
START_TEST(test_ratio_cdf_too_many_terms)
{
	double shapes[AS_COMPARE_MAX_RATES + 1], scales[AS_COMPARE_MAX_RATES + 1];
	size_t i;

	for (i = 0; i <= AS_COMPARE_MAX_RATES; i++) {
		shapes[i] = 2;
		scales[i] = 1;
	}
	ck_assert(isnan(as_compare_ratio_cdf(0, shapes, scales, AS_COMPARE_MAX_RATES + 1, 1, NULL,
					     NULL, 0, 1, false)));
	ck_assert(!isnan(as_compare_ratio_cdf(0, shapes, scales, AS_COMPARE_MAX_RATES, 1, NULL,
					      NULL, 0, 1, false)));
}
END_TEST

/* A family of p-values and the calls a correction at 0.05 must make. */
static const struct {
	const char *what;
	void (*correct)(const double *p_values, size_t n, double alpha, bool *significant);
	size_t n;
	double p[4];
	bool want[4];
} families[] = {
	/* Holm over four p-values: sorted 0.005 <= 0.05/4, 0.01 <= 0.05/3,
	 * then 0.03 > 0.05/2 stops the procedure. */
	{ "Holm", as_compare_holm, 4, { 0.01, 0.04, 0.03, 0.005 }, { true, false, false, true } },
	/* A NaN counts in n: 0.03 alone is called at 0.05, beside a NaN it
	 * must beat 0.025. */
	{ "Holm with a NaN", as_compare_holm, 2, { 0.03, NAN }, { false, false } },
	{ "Holm, one p-value", as_compare_holm, 1, { 0.03 }, { true } },
	/* Benjamini-Hochberg: the largest k with p_(k) <= k q / n calls every
	 * p-value up to it, even those above their own threshold. */
	{ "BH, all", as_compare_benjamini_hochberg, 4, { 0.01, 0.04, 0.03, 0.005 },
	  { true, true, true, true } },
	{ "BH, three", as_compare_benjamini_hochberg, 4, { 0.02, 0.5, 0.01, 0.03 },
	  { true, false, true, true } },
	/* 0.012 > 1 * 0.05 / 4 but p_(2) = 0.02 <= 2 * 0.05 / 4 calls both. */
	{ "BH, step-up", as_compare_benjamini_hochberg, 4, { 0.012, 0.02, 0.9, 0.8 },
	  { true, true, false, false } },
	{ "BH with a NaN", as_compare_benjamini_hochberg, 2, { 0.04, NAN }, { false, false } },
};

START_TEST(test_corrections)
{
	bool got[4];

	families[_i].correct(families[_i].p, families[_i].n, 0.05, got);
	for (size_t i = 0; i < families[_i].n; i++)
		ck_assert_msg(got[i] == families[_i].want[i], "%s: p-value %zu called %s",
			      families[_i].what, i, got[i] ? "significant" : "not significant");
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_ratio_cdf_one_gamma, 1 },
		{ test_ratio_cdf_two_gammas, 1 },
		{ test_ratio_cdf_too_many_terms, 1 },
		{ test_corrections, (int) (sizeof(families) / sizeof(families[0])) },
		{ NULL, 0 },
	};

	return as_check_main("compare", "exact", tests);
}
