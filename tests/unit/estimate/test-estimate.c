/* test-estimate.c - the estimators' exact rules, the reference table and extreme inputs. */
#include <check.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "estimate/estimate.h"
#include "estimate/gamma.h"
#include "tests/lib/check-run.h"

#define RATE 102400
#define P (1.0 / RATE)

/*
 * randomized-allocation-sampling.md: failures before the s-th success at
 * which the CDF is 0.025 and 0.975, p = 1/102400.
 */
static const struct {
	uint64_t s;
	double lo;
	double hi;
} reference[] = {
	{ 1, 2591, 377738 },
	{ 2, 24800, 570531 },
	{ 3, 63349, 739802 },
	{ 4, 111599, 897761 },
	{ 5, 166241, 1048730 },
	{ 6, 225469, 1194827 },
	{ 7, 288185, 1337279 },
	{ 8, 353666, 1476870 },
	{ 9, 421407, 1614137 },
	{ 10, 491039, 1749469 },
	{ 20, 1250954, 3038270 },
	{ 30, 2072639, 4264804 },
	{ 40, 2926207, 5459335 },
	{ 50, 3800118, 6633475 },
	{ 100, 8331581, 12342053 },
	{ 200, 17739679, 23413825 },
	{ 300, 27341465, 34291862 },
	{ 400, 37043463, 45069676 },
	{ 500, 46809487, 55783459 },
	{ 1000, 96149867, 108842093 },
	{ 2000, 195919830, 213870137 },
	{ 3000, 296301551, 318286418 },
	{ 4000, 396999923, 422386047 },
	{ 5000, 497900649, 526283322 },
	{ 10000, 1004017229, 1044156743 },
};
#define REFERENCE_ROWS (sizeof reference / sizeof reference[0])

static const struct as_estimate_options no_compensation = { 0.95, false };
static const struct as_estimate_options compensation = { 0.95, true };

/* An accumulator as if `s` samples with these sums had been added. */
static struct as_estimate_accum accum_of(uint64_t rate, uint64_t s, long double u,
					 long double weighted)
{
	return (struct as_estimate_accum) {
		.rate = rate, .samples = s, .u = u, .weighted = weighted,
	};
}

static struct as_estimate compute(const struct as_estimate_accum *accums, size_t n,
				  uint64_t threads, const struct as_estimate_options *options)
{
	struct as_estimate est;

	ck_assert_int_eq(as_estimate_compute(accums, n, threads, options, &est), 0);
	return est;
}

static bool same_accum(const struct as_estimate_accum *a, const struct as_estimate_accum *b)
{
	return a->rate == b->rate && a->samples == b->samples && a->u == b->u &&
	       a->weighted == b->weighted;
}

static bool same_estimate(const struct as_estimate *a, const struct as_estimate *b)
{
	return a->weighted == b->weighted && a->negbin == b->negbin && a->lower == b->lower &&
	       a->upper == b->upper && a->samples == b->samples &&
	       a->mixed_rates == b->mixed_rates;
}

static double quantile(double target, uint64_t s)
{
	return as_estimate_negbin_quantile(target, s, P);
}

START_TEST(test_reference_table_quantile)
{
	for (size_t i = 0; i < REFERENCE_ROWS; i++) {
		double lo = quantile(0.025, reference[i].s);
		double hi = quantile(0.975, reference[i].s);

		ck_assert_msg(fabs(lo - reference[i].lo) <= 1.0, "s = %llu: %.0f, table %.0f",
			      (unsigned long long) reference[i].s, lo, reference[i].lo);
		ck_assert_msg(fabs(hi - reference[i].hi) <= 1.0, "s = %llu: %.0f, table %.0f",
			      (unsigned long long) reference[i].s, hi, reference[i].hi);
	}
}
END_TEST

START_TEST(test_reference_table_compute)
{
	for (size_t i = 0; i < REFERENCE_ROWS; i++) {
		struct as_estimate_accum a = accum_of(RATE, reference[i].s, 0, 0);
		struct as_estimate est = compute(&a, 1, 1, &no_compensation);

		ck_assert_msg(fabs(est.lower - reference[i].lo) <= 1.0, "s = %llu: %.0f, table %.0f",
			      (unsigned long long) reference[i].s, est.lower, reference[i].lo);
		ck_assert_msg(fabs(est.upper - reference[i].hi) <= 1.0, "s = %llu: %.0f, table %.0f",
			      (unsigned long long) reference[i].s, est.upper, reference[i].hi);
		ck_assert_uint_eq(est.samples, reference[i].s);
	}
}
END_TEST

/* The reference's worked example: s = 8, u = 10908. */
START_TEST(test_reference_example)
{
	struct as_estimate_accum a = accum_of(RATE, 8, 10908, 0);
	struct as_estimate est = compute(&a, 1, 1, &no_compensation);

	ck_assert(fabs(est.lower - (353666 + 10908)) <= 1.0);
	ck_assert(fabs(est.upper - (1476870 + 10908)) <= 1.0);
	ck_assert_double_eq(est.negbin, 8.0 * (RATE - 1) + 10908);
}
END_TEST

/* The definition, against GSL's CDF called directly. */
START_TEST(test_quantile_is_smallest)
{
	static const double targets[] = { 1e-9, 0.025, 0.5, 0.975, 1 - 1e-9 };
	static const uint64_t samples[] = { 1, 2, 7, 64, 1000, 30000 };
	static const double ps[] = { 1.0, 0.5, 1.0 / 3, 1.0 / 4096, P };

	for (size_t a = 0; a < sizeof ps / sizeof ps[0]; a++) {
		for (size_t b = 0; b < sizeof samples / sizeof samples[0]; b++) {
			for (size_t c = 0; c < sizeof targets / sizeof targets[0]; c++) {
				double s = (double) samples[b];
				double k = as_estimate_negbin_quantile(targets[c], samples[b], ps[a]);

				ck_assert(k >= 0 && k < UINT32_MAX && k == floor(k));
				ck_assert(gsl_cdf_negative_binomial_P((unsigned) k, ps[a], s) >= targets[c]);
				if (k > 0)
					ck_assert(gsl_cdf_negative_binomial_P((unsigned) k - 1, ps[a], s) <
						  targets[c]);
			}
		}
	}
}
END_TEST

/* Beyond UINT_MAX failures the search evaluates gsl_cdf_beta_P(p, s, k + 1). */
START_TEST(test_quantile_beyond_unsigned)
{
	double k = quantile(0.975, 100000);

	ck_assert(k > UINT32_MAX);
	ck_assert(gsl_cdf_beta_P(P, 100000, k + 1) >= 0.975);
	ck_assert(gsl_cdf_beta_P(P, 100000, k) < 0.975);
}
END_TEST

START_TEST(test_quantile_edges)
{
	ck_assert_double_eq(as_estimate_negbin_quantile(0.975, 0, P), 0);
	ck_assert_double_eq(as_estimate_negbin_quantile(0.975, 5, 1.0), 0);
	ck_assert(isnan(as_estimate_negbin_quantile(0.0, 5, P)));
	ck_assert(isnan(as_estimate_negbin_quantile(1.0, 5, P)));
	ck_assert(isnan(as_estimate_negbin_quantile(NAN, 5, P)));
	ck_assert(isnan(as_estimate_negbin_quantile(0.5, 5, 0.0)));
}
END_TEST

START_TEST(test_sampled_probability)
{
	ck_assert_double_eq(as_estimate_sampled_probability(1, 1.0), 1.0);
	ck_assert_double_eq(as_estimate_sampled_probability(UINT64_C(1) << 63, 1.0), 1.0);
	ck_assert_double_eq(as_estimate_sampled_probability(0, P), 0.0);
	ck_assert_double_eq(as_estimate_sampled_probability(0, 1.0), 0.0);
	ck_assert_double_eq(as_estimate_sampled_probability(UINT64_C(1) << 63, P), 1.0);
	/* Where 1 - pow(q, n) loses every digit, expm1/log1p keeps them. */
	ck_assert_double_eq_tol(as_estimate_sampled_probability(1, 0x1p-48), 0x1p-48, 0x1p-48 * 1e-14);
	ck_assert_double_eq_tol(as_estimate_sampled_probability(1, P), P, P * 1e-14);
	ck_assert_double_eq_tol(as_estimate_sampled_probability(64, P), 1 - pow(1 - P, 64), 1e-14);
	ck_assert_double_eq_tol(as_estimate_sampled_probability(1 << 20, P),
				1 - exp((1 << 20) * log(1 - P)), 1e-12);
}
END_TEST

START_TEST(test_add)
{
	struct as_estimate_accum a = { .rate = RATE };
	double w64 = 64 / (1 - pow(1 - P, 64));

	ck_assert(as_estimate_add(&a, 64, 10));
	ck_assert(as_estimate_add(&a, 1, 0));
	ck_assert_uint_eq(a.samples, 2);
	ck_assert(a.u == 54 + 1);
	ck_assert_double_eq_tol((double) a.weighted, w64 + RATE, 1e-9 * RATE);
}
END_TEST

/* Impossible samples leave the accumulator as it was. */
START_TEST(test_add_rejects)
{
	struct as_estimate_accum a = { .rate = RATE };
	struct as_estimate_accum before;
	struct as_estimate_accum zero_rate = { 0 };

	ck_assert(as_estimate_add(&a, 100, 99));
	before = a;
	ck_assert(!as_estimate_add(&a, 100, 100));
	ck_assert(!as_estimate_add(&a, 100, 1000));
	ck_assert(!as_estimate_add(&a, 0, 0));
	ck_assert(same_accum(&a, &before));
	ck_assert(!as_estimate_add(&zero_rate, 10, 0));
	ck_assert_uint_eq(zero_rate.samples, 0);
	ck_assert(zero_rate.u == 0 && zero_rate.weighted == 0);
}
END_TEST

/* Removing samples gives the accumulator of the samples left: s and u
 * exactly, the sums to rounding; the last removal gives an empty one. */
START_TEST(test_remove)
{
	struct as_estimate_accum all = { .rate = RATE }, left = { .rate = RATE };
	struct as_estimate_accum empty = { .rate = RATE }, before;
	struct as_estimate a, b;

	ck_assert(!as_estimate_remove(&empty, 10, 0));
	ck_assert(as_estimate_add(&all, 64, 10));
	ck_assert(as_estimate_add(&all, 1 << 20, 5));
	ck_assert(as_estimate_add(&all, 300, 299));
	ck_assert(as_estimate_add(&left, 1 << 20, 5));
	ck_assert(as_estimate_remove(&all, 64, 10));
	ck_assert(as_estimate_remove(&all, 300, 299));
	ck_assert_uint_eq(all.samples, 1);
	ck_assert(all.u == left.u);
	ck_assert_double_eq_tol((double) all.weighted, (double) left.weighted, 1e-9);
	ck_assert_double_eq_tol((double) all.objects, (double) left.objects, 1e-12);
	ck_assert_int_eq(as_estimate_compute(&all, 1, 1, NULL, &a), 0);
	ck_assert_int_eq(as_estimate_compute(&left, 1, 1, NULL, &b), 0);
	ck_assert_double_eq(a.lower, b.lower);
	ck_assert_double_eq(a.upper, b.upper);
	ck_assert_double_eq_tol(a.weighted, b.weighted, 1e-6);

	before = all;
	ck_assert(!as_estimate_remove(&all, 10, 10));
	ck_assert(!as_estimate_remove(&all, 0, 0));
	ck_assert(same_accum(&all, &before));
	ck_assert(as_estimate_remove(&all, 1 << 20, 5));
	ck_assert_uint_eq(all.samples, 0);
	ck_assert(all.u == 0 && all.weighted == 0 && all.objects == 0 && all.objects_var == 0);
	ck_assert(!as_estimate_remove(&all, 1 << 20, 5));
}
END_TEST

/* A sample weighed once, then added to and removed from several
 * accumulators, gives each the sums as_estimate_add() and
 * as_estimate_remove() give, to the last bit; the probability is
 * as_estimate_sampled_probability()'s. */
START_TEST(test_add_sampled)
{
	static const uint64_t sizes[] = { 1, 7, 64, 4096, 1 << 20 };
	struct as_estimate_accum plain = { .rate = RATE }, weighed = { .rate = RATE };
	struct as_estimate_accum other = { .rate = RATE }, every_byte = { .rate = 1 };
	struct as_estimate_accum empty = { .rate = RATE };
	size_t i;

	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		double pi = as_estimate_probability(&other, sizes[i]);

		ck_assert(pi == as_estimate_sampled_probability(sizes[i], P));
		ck_assert(as_estimate_add(&plain, sizes[i], sizes[i] / 2));
		ck_assert(as_estimate_add_sampled(&weighed, sizes[i], sizes[i] / 2, pi));
		ck_assert(same_accum(&plain, &weighed));
		ck_assert(plain.objects == weighed.objects && plain.objects_var == weighed.objects_var);
	}
	ck_assert(as_estimate_remove(&plain, 64, 32));
	ck_assert(as_estimate_remove_sampled(&weighed, 64, 32, as_estimate_probability(&other, 64)));
	ck_assert(same_accum(&plain, &weighed));
	ck_assert(plain.objects == weighed.objects && plain.objects_var == weighed.objects_var);

	ck_assert(as_estimate_probability(&every_byte, 1000) == 1.0);
	ck_assert(as_estimate_probability(&other, 0) == 0.0);
	ck_assert(!as_estimate_add_sampled(&weighed, 64, 64, 0.5));
	ck_assert(!as_estimate_remove_sampled(&empty, 64, 0, 0.5));
	ck_assert(same_accum(&plain, &weighed));
}
END_TEST

START_TEST(test_add_extreme_sizes)
{
	uint64_t big = UINT64_C(1) << 63;
	struct as_estimate_accum a = { .rate = RATE };
	struct as_estimate_accum tiny_p = { .rate = UINT64_C(1) << 48 };
	struct as_estimate_accum every_byte = { .rate = 1 };

	ck_assert(as_estimate_add(&a, big, 0));
	ck_assert(as_estimate_add(&a, big, big - 1));
	ck_assert(a.u == (long double) big + 1); /* exact below 2^64 */
	ck_assert(a.weighted == 2.0L * big);

	ck_assert(as_estimate_add(&tiny_p, 1, 0));
	ck_assert_double_eq_tol((double) tiny_p.weighted, 0x1p48, 0x1p48 * 1e-12);
	ck_assert(isfinite((double) tiny_p.weighted));

	ck_assert(as_estimate_add(&every_byte, 1000, 0));
	ck_assert(every_byte.weighted == 1000 && every_byte.u == 1000);
}
END_TEST

START_TEST(test_merge)
{
	struct as_estimate_accum a = { .rate = RATE };
	struct as_estimate_accum b = { .rate = RATE };
	struct as_estimate_accum other = { .rate = 4096 };
	struct as_estimate_accum before;

	ck_assert(as_estimate_add(&a, 100, 3));
	ck_assert(as_estimate_add(&b, 5000, 0));
	ck_assert(as_estimate_add(&b, 7, 6));
	ck_assert(as_estimate_add(&other, 1, 0));
	ck_assert(as_estimate_merge(&a, &b));
	ck_assert_uint_eq(a.samples, 3);
	ck_assert(a.u == 97 + 5000 + 1);
	/* The object weights add up. */
	ck_assert_double_eq_tol(a.objects, 1 / (1 - pow(1 - P, 100)) + 1 / (1 - pow(1 - P, 5000)) +
					   1 / (1 - pow(1 - P, 7)), 1e-6);
	before = a;
	ck_assert(!as_estimate_merge(&a, &other));
	ck_assert(same_accum(&a, &before));
}
END_TEST

/* Both estimators from samples added one by one. */
START_TEST(test_estimators)
{
	static const uint64_t sizes[] = { 100, 1000, 1, 1 << 20 };
	static const uint64_t offsets[] = { 10, 0, 0, 12345 };
	struct as_estimate_accum a = { .rate = RATE };
	double weighted = 0, u = 0;
	struct as_estimate est;

	for (size_t i = 0; i < 4; i++) {
		ck_assert(as_estimate_add(&a, sizes[i], offsets[i]));
		weighted += sizes[i] / (1 - pow(1 - P, (double) sizes[i]));
		u += sizes[i] - offsets[i];
	}
	est = compute(&a, 1, 1, &compensation);
	ck_assert_double_eq_tol(est.weighted, weighted, weighted * 1e-12);
	ck_assert_double_eq(est.negbin, 4.0 * (RATE - 1) + u); /* s*q/p + u */
	ck_assert_uint_eq(est.samples, 4);
	ck_assert(!est.mixed_rates);
}
END_TEST

/*
 * The counts the ends are the quantiles of, with compensation: one thread,
 * s - 1 samples for the lower end and s + 1 for the upper; T threads,
 * S - T and S + T.  A row: an accumulator's s and u at RATE, T, the
 * options, and the lower and upper ends' counts (a count of 0: no
 * failures, the end is u).
 */
static const struct {
	uint64_t s;
	double u;
	uint64_t threads;
	const struct as_estimate_options *options;
	uint64_t lower_s, upper_s;
} compensated[] = {
	{ 8, 10908, 1, &compensation, 7, 9 },
	{ 1, 777, 1, &compensation, 0, 2 },
	{ 1, 777, 1, NULL, 0, 2 }, /* the defaults: C = 0.95, compensation */
	{ 100, 5e6, 4, &compensation, 96, 104 },
	{ 100, 5e6, 4, &no_compensation, 100, 100 },
	{ 3, 4e4, 4, &compensation, 0, 7 },
};

START_TEST(test_compensation)
{
	struct as_estimate_accum a = accum_of(RATE, compensated[_i].s, compensated[_i].u, 0);
	struct as_estimate est = compute(&a, 1, compensated[_i].threads, compensated[_i].options);
	uint64_t lower_s = compensated[_i].lower_s;

	ck_assert_double_eq(est.lower, (lower_s ? quantile(0.025, lower_s) : 0) + compensated[_i].u);
	ck_assert_double_eq(est.upper, quantile(0.975, compensated[_i].upper_s) + compensated[_i].u);
}
END_TEST

START_TEST(test_zero_samples)
{
	struct as_estimate_accum empty = { .rate = RATE };
	struct as_estimate est = compute(&empty, 1, 1, &compensation);

	ck_assert_double_eq(est.weighted, 0);
	ck_assert_double_eq(est.negbin, 0);
	ck_assert_double_eq(est.lower, 0);
	ck_assert(fabs(est.upper - 377738) <= 1.0); /* "below 378 kB", not "nothing" */
	ck_assert_uint_eq(est.samples, 0);
	ck_assert(!est.mixed_rates);
	est = compute(&empty, 1, 1, &no_compensation);
	ck_assert_double_eq(est.upper, quantile(0.975, 1));
	/* T threads, none sampled: each one's next sample is still to come. */
	est = compute(&empty, 1, 3, &compensation);
	ck_assert_double_eq(est.lower, 0);
	ck_assert_double_eq(est.upper, quantile(0.975, 3));
	est = compute(&empty, 1, 3, &no_compensation);
	ck_assert_double_eq(est.upper, quantile(0.975, 1));
}
END_TEST

/* Each rate's subset on its own, then added. */
START_TEST(test_mixed_rates)
{
	struct as_estimate_accum accums[2] = {
		accum_of(RATE, 10, 123456, 1.2e6),
		accum_of(4096, 5, 7890, 2.1e4),
	};
	struct as_estimate_accum swapped[2] = { accums[1], accums[0] };
	struct as_estimate a = compute(&accums[0], 1, 2, &compensation);
	struct as_estimate b = compute(&accums[1], 1, 2, &compensation);
	struct as_estimate both = compute(accums, 2, 2, &compensation);
	struct as_estimate other = compute(swapped, 2, 2, &compensation);

	ck_assert(both.mixed_rates);
	ck_assert_uint_eq(both.samples, 15);
	ck_assert_double_eq_tol(both.weighted, a.weighted + b.weighted, 1e-6);
	ck_assert_double_eq_tol(both.negbin, a.negbin + b.negbin, 1e-6);
	ck_assert_double_eq_tol(both.lower, a.lower + b.lower, 1e-6);
	ck_assert_double_eq_tol(both.upper, a.upper + b.upper, 1e-6);
	ck_assert(same_estimate(&both, &other));
}
END_TEST

/* Accumulators of one rate are one subset; an empty one at another rate
 * adds that rate's "below" end to the upper end alone: the group may hold
 * bytes at that rate that no sample saw. */
START_TEST(test_rates_merged)
{
	struct as_estimate_accum parts[3] = {
		accum_of(RATE, 10, 1e5, 1e6),
		accum_of(4096, 0, 0, 0),
		accum_of(RATE, 30, 2e5, 3e6),
	};
	struct as_estimate_accum whole = accum_of(RATE, 40, 3e5, 4e6);
	struct as_estimate_accum empty_small = { .rate = 4096 };
	struct as_estimate split = compute(parts, 3, 2, &compensation);
	struct as_estimate one = compute(&whole, 1, 2, &compensation);
	struct as_estimate below = compute(&empty_small, 1, 2, &compensation);

	ck_assert(split.mixed_rates);
	ck_assert_uint_eq(split.samples, one.samples);
	ck_assert_double_eq(split.weighted, one.weighted);
	ck_assert_double_eq(split.negbin, one.negbin);
	ck_assert_double_eq(split.lower, one.lower);
	ck_assert_double_eq_tol(split.upper, one.upper + below.upper, 1e-6);
}
END_TEST

/* No sample at two rates: each rate's "below" end, added. */
START_TEST(test_rates_empty)
{
	struct as_estimate_accum both[2] = { { .rate = 4096 }, { .rate = RATE } };
	struct as_estimate est = compute(both, 2, 1, &compensation);

	ck_assert_double_eq(est.weighted, 0);
	ck_assert_double_eq(est.lower, 0);
	ck_assert_double_eq_tol(est.upper, compute(&both[0], 1, 1, &compensation).upper +
				compute(&both[1], 1, 1, &compensation).upper, 1e-6);
	ck_assert(est.mixed_rates);
}
END_TEST

/* -1, and *out untouched. */
START_TEST(test_invalid)
{
	static const double bad[] = { 0.0, 1.0, -0.5, 1.5, NAN, INFINITY };
	struct as_estimate_accum a = accum_of(RATE, 10, 1e5, 1e6);
	struct as_estimate_accum no_rate = { 0 };
	struct as_estimate out, sentinel;

	memset(&sentinel, 0xa5, sizeof sentinel);
	memset(&out, 0xa5, sizeof out);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct as_estimate_options o = { bad[i], true };

		ck_assert_int_eq(as_estimate_compute(&a, 1, 1, &o, &out), -1);
		ck_assert(memcmp(&out, &sentinel, sizeof out) == 0);
	}
	ck_assert_int_eq(as_estimate_compute(&a, 0, 1, &compensation, &out), -1);
	ck_assert_int_eq(as_estimate_compute(&a, 1, 0, &compensation, &out), -1);
	ck_assert_int_eq(as_estimate_compute(&no_rate, 1, 1, &compensation, &out), -1);
	ck_assert_int_eq(as_estimate_compute(NULL, 1, 1, &compensation, &out), -1);
	ck_assert(memcmp(&out, &sentinel, sizeof out) == 0);
	ck_assert_int_eq(as_estimate_compute(&a, 1, 1, &compensation, NULL), -1);
}
END_TEST

START_TEST(test_confidence_nested)
{
	struct as_estimate_accum a = accum_of(RATE, 50, 1e6, 5e6);
	struct as_estimate_options narrow = { 0.5, true }, wide = { 0.999999, true };
	struct as_estimate n = compute(&a, 1, 1, &narrow);
	struct as_estimate m = compute(&a, 1, 1, &compensation);
	struct as_estimate w = compute(&a, 1, 1, &wide);

	ck_assert(w.lower < m.lower && m.lower < n.lower);
	ck_assert(n.upper < m.upper && m.upper < w.upper);
}
END_TEST

/* Finite and ordered at the ends of every input's range. */
START_TEST(test_extremes)
{
	static const uint64_t rates[] = { 1, 2, 3, RATE, UINT64_C(1) << 32, UINT64_C(1) << 48 };
	static const uint64_t samples[] = { 0, 1, 8, 10000, 10000000 };
	static const uint64_t threads[] = { 1, 7 };
	static const double confidence[] = { 0.95, 0.999999 };

	for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++)
	for (size_t s = 0; s < sizeof samples / sizeof samples[0]; s++)
	for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++)
	for (size_t c = 0; c < sizeof confidence / sizeof confidence[0]; c++)
	for (int comp = 0; comp < 2; comp++) {
		/* Objects of 2^63 bytes, sampled at offset 0. */
		long double u = samples[s] * 0x1p63L;
		struct as_estimate_accum a = accum_of(rates[r], samples[s], u, u);
		struct as_estimate_options o = { confidence[c], comp };
		struct as_estimate est = compute(&a, 1, threads[t], &o);

		ck_assert_msg(isfinite(est.weighted) && isfinite(est.negbin) &&
			      isfinite(est.lower) && isfinite(est.upper),
			      "rate %llu, s %llu: not finite", (unsigned long long) rates[r],
			      (unsigned long long) samples[s]);
		ck_assert_msg(0 <= est.lower && est.lower <= est.negbin && est.negbin <= est.upper,
			      "rate %llu, s %llu, T %llu, C %g, comp %d: %g %g %g",
			      (unsigned long long) rates[r], (unsigned long long) samples[s],
			      (unsigned long long) threads[t], confidence[c], comp,
			      est.lower, est.negbin, est.upper);
		if (rates[r] == 1) /* every byte sampled: exact */
			ck_assert(est.lower == (double) u && est.upper == (double) u &&
				  est.negbin == (double) u);
	}
}
END_TEST

/* At s = 10^7 the interval is the normal one, mean +- 1.96 sd, to 1%. */
START_TEST(test_many_samples)
{
	double s = 1e7, mean = s * (RATE - 1), sd = sqrt(s * (1 - P)) / P;
	struct as_estimate_accum a = accum_of(RATE, 10000000, 0, 0);
	struct as_estimate est = compute(&a, 1, 1, &no_compensation);

	ck_assert_double_eq_tol((est.upper - mean) / sd, 1.959964, 0.02);
	ck_assert_double_eq_tol((mean - est.lower) / sd, 1.959964, 0.02);
}
END_TEST

/* The gamma CDF against its Edgeworth expansion, where GSL 2.7's is wrong
 * (estimate/gamma.c): at shape a, z standard deviations from the mean,
 * P = Phi(z) - (z^2 - 1) phi(z) / (3 sqrt(a)) + O(1/a), the skewness term
 * being 2/sqrt(a) / 6.  GSL's Q gave 0.0165 for 0.0228 at a = 10^8, z = 2. */
START_TEST(test_gamma_large_shapes)
{
	static const double zs[] = { -3, -2, -1, -0.5, 0, 0.5, 1, 2, 3, 5 };

	for (double a = 1e5; a <= 1e10; a *= 10) {
		for (size_t i = 0; i < sizeof zs / sizeof zs[0]; i++) {
			double z = zs[i], x = a + z * sqrt(a);
			double skew = (z * z - 1) * gsl_ran_ugaussian_pdf(z) / (3 * sqrt(a));
			double tol = 1 / a;

			ck_assert_double_eq_tol(as_gamma_P(a, x), gsl_cdf_ugaussian_P(z) - skew, tol);
			ck_assert_double_eq_tol(as_gamma_Q(a, x), gsl_cdf_ugaussian_Q(z) + skew, tol);
			ck_assert_double_eq_tol(as_gamma_P(a, x) + as_gamma_Q(a, x), 1.0, 1e-12);
		}
	}
	/* Below 10^5, GSL's own: exact for shape 1, the exponential. */
	ck_assert_double_eq_tol(as_gamma_P(1.0, 2.0), 1.0 - exp(-2.0), 1e-15);
	ck_assert_double_eq_tol(as_gamma_Q(1.0, 2.0), exp(-2.0), 1e-15);
	ck_assert_double_eq(as_gamma_P(5.0, 0.0), 0.0);
	ck_assert_double_eq(as_gamma_Q(5.0, -1.0), 1.0);
}
END_TEST

/* A quantile grows with s, to within 2^-10 of a standard deviation, where
 * GSL's incomplete beta lost that much (p near 2^-31, 2^26 samples: it fell
 * by 1/920 of one); and the small-p CDF is the gamma one, whose quantiles
 * at s = 10^6 are the normal ones to a few thousandths of a deviation. */
START_TEST(test_quantile_small_p)
{
	static const double ps[] = { 0x1p-21, 6.2073012587763255e-10, 0x1p-40 };
	static const uint64_t ss[] = { 1000, 67108864, 1000000000 };

	for (size_t a = 0; a < sizeof ps / sizeof ps[0]; a++) {
		for (size_t b = 0; b < sizeof ss / sizeof ss[0]; b++) {
			double p = ps[a], s = (double) ss[b], sd = sqrt(s * (1 - p)) / p;

			for (double t = 0.05; t < 1.0; t += 0.1)
				ck_assert(as_estimate_negbin_quantile(t, ss[b], p) <=
					  as_estimate_negbin_quantile(t, ss[b] + 1, p) + sd * 0x1p-10);
		}
	}
	for (size_t a = 0; a < sizeof ps / sizeof ps[0]; a++) {
		double p = ps[a], s = 1e6, mean = s * (1 - p) / p, sd = sqrt(s * (1 - p)) / p;

		ck_assert_double_eq_tol((as_estimate_negbin_quantile(0.975, 1000000, p) - mean) / sd,
					1.959964, 0.005);
		ck_assert_double_eq_tol((mean - as_estimate_negbin_quantile(0.025, 1000000, p)) / sd,
					1.959964, 0.005);
	}
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_reference_table_quantile, 1 },
		{ test_reference_table_compute, 1 },
		{ test_reference_example, 1 },
		{ test_quantile_is_smallest, 1 },
		{ test_quantile_beyond_unsigned, 1 },
		{ test_quantile_edges, 1 },
		{ test_quantile_small_p, 1 },
		{ test_gamma_large_shapes, 1 },
		{ test_sampled_probability, 1 },
		{ test_add, 1 },
		{ test_add_rejects, 1 },
		{ test_add_sampled, 1 },
		{ test_add_extreme_sizes, 1 },
		{ test_remove, 1 },
		{ test_merge, 1 },
		{ test_estimators, 1 },
		{ test_compensation, (int) (sizeof(compensated) / sizeof(compensated[0])) },
		{ test_zero_samples, 1 },
		{ test_mixed_rates, 1 },
		{ test_rates_merged, 1 },
		{ test_rates_empty, 1 },
		{ test_invalid, 1 },
		{ test_confidence_nested, 1 },
		{ test_extremes, 1 },
		{ test_many_samples, 1 },
		{ NULL, 0 },
	};

	return as_check_main("estimate", "rules", tests);
}
