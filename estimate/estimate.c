/* estimate.c - bytes allocated from a group's samples: both estimators, the interval. */
#include <math.h>

#include "estimate.h"

/* The options used when as_estimate_compute() is given none. */
static const struct as_estimate_options default_options = {
	.confidence = 0.95,
	.boundary_compensation = true,
};

/*
 * Probability that an object of `size` bytes holds the first success of its
 * trials (doc/estimation.md, "Weighted samples").  expm1 and log1p keep the
 * precision that 1 - pow(1 - p, size) loses when p or size is small.  0 for
 * size 0 or p <= 0, 1 for p >= 1 (where size * log1p(-1) would be NaN for
 * size 0).
 *
 *	1 - q^size = -expm1(size * log1p(-p))
 */
double as_estimate_sampled_probability(uint64_t size, double p)
{
	if (size == 0 || !(p > 0.0))
		return 0.0;
	if (p >= 1.0)
		return 1.0;
	return -expm1((double) size * log1p(-p));
}

/* as_estimate_sampled_probability(size, 1/rate), with log1p(-p) computed
 * once per accumulator: this runs for every sample. */
double as_estimate_probability(struct as_estimate_accum *accum, uint64_t size)
{
	if (accum->rate == 0 || size == 0)
		return 0.0;
	if (accum->rate == 1)
		return 1.0;
	if (!(accum->log_q < 0.0))
		accum->log_q = log1p(-1.0 / (double) accum->rate);
	return -expm1((double) size * accum->log_q);
}

/*
 * One sample: its contribution to u, to the weighted estimate and to the
 * object count and its variance (doc/estimation.md, "Weighted samples" and
 * "Objects").  The probability is never 0 here: size >= 1 and
 * p = 1/rate >= 2^-64.
 *
 *	w = 1 / (1 - q^size)
 *	u += size - offset;  weighted += size * w
 *	objects += w;  objects_var += w (w - 1)
 */
void as_estimate_weigh(uint64_t size, uint64_t offset, double pi, struct as_estimate_weight *out)
{
	out->w = 1.0 / pi;
	out->u = (long double) (size - offset);
	out->weighted = (long double) size / pi;
	out->w_var = out->w * (out->w - 1.0);
}

void as_estimate_add_weight(struct as_estimate_accum *accum, const struct as_estimate_weight *weight)
{
	accum->samples++;
	accum->u += weight->u;
	accum->weighted += weight->weighted;
	accum->objects += weight->w;
	accum->objects_var += weight->w_var;
}

bool as_estimate_add_sampled(struct as_estimate_accum *accum, uint64_t size, uint64_t offset,
			     double pi)
{
	struct as_estimate_weight weight;

	if (accum->rate == 0 || size == 0 || offset >= size)
		return false;
	as_estimate_weigh(size, offset, pi, &weight);
	as_estimate_add_weight(accum, &weight);
	return true;
}

/* Checked here too: as_estimate_probability() caches log(q) in `accum`,
 * which a refused sample must leave as it was. */
bool as_estimate_add(struct as_estimate_accum *accum, uint64_t size, uint64_t offset)
{
	if (accum->rate == 0 || size == 0 || offset >= size)
		return false;
	return as_estimate_add_sampled(accum, size, offset, as_estimate_probability(accum, size));
}

/*
 * The inverse of as_estimate_add(): the same w, subtracted.  Exact for s
 * and u (integers below 2^64 in a long double); the floating sums lose
 * their rounding residue when the last sample goes, so that an emptied
 * group is exactly an empty group.
 *
 *	u -= size - offset;  weighted -= size * w
 *	objects -= w;  objects_var -= w (w - 1)
 */
bool as_estimate_remove(struct as_estimate_accum *accum, uint64_t size, uint64_t offset)
{
	if (accum->rate == 0 || accum->samples == 0 || size == 0 || offset >= size)
		return false;
	return as_estimate_remove_sampled(accum, size, offset,
					  as_estimate_probability(accum, size));
}

bool as_estimate_remove_weight(struct as_estimate_accum *accum,
			       const struct as_estimate_weight *weight)
{
	if (accum->samples == 0)
		return false;
	if (accum->samples == 1) {
		accum->samples = 0;
		accum->u = accum->weighted = accum->objects = accum->objects_var = 0;
		return true;
	}
	accum->samples--;
	accum->u -= weight->u;
	accum->weighted -= weight->weighted;
	accum->objects -= weight->w;
	accum->objects_var -= weight->w_var;
	return true;
}

bool as_estimate_remove_sampled(struct as_estimate_accum *accum, uint64_t size, uint64_t offset,
				double pi)
{
	struct as_estimate_weight weight;

	if (accum->rate == 0 || accum->samples == 0 || size == 0 || offset >= size)
		return false;
	as_estimate_weigh(size, offset, pi, &weight);
	return as_estimate_remove_weight(accum, &weight);
}

/*
 * Two groups' samples at one rate are one group's: every field is a sum
 * (doc/estimation.md, "Unbias, then aggregate").
 *
 *	s = s1 + s2;  u = u1 + u2;  weighted = weighted1 + weighted2
 *	objects = objects1 + objects2;  objects_var = objects_var1 + objects_var2
 */
bool as_estimate_merge(struct as_estimate_accum *into, const struct as_estimate_accum *from)
{
	if (into->rate != from->rate)
		return false;
	into->samples += from->samples;
	into->u += from->u;
	into->weighted += from->weighted;
	into->objects += from->objects;
	into->objects_var += from->objects_var;
	return true;
}

/* a + b, saturating at UINT64_MAX. */
static uint64_t add_saturating(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* Running sums over the rates of a group, in long double like the
 * accumulators. */
struct sums {
	long double weighted;
	long double negbin;
	long double lower;
	long double upper;
	uint64_t samples;
};

/*
 * Adds the estimates and the interval of one rate's samples to `sum`
 * (doc/estimation.md, "Negative binomial" and "Boundary compensation").
 * q/p = R - 1 exactly, so the negative-binomial estimate is computed as
 * s * (R - 1) + u.  F^-1(.; 0) is 0 failures: a lower end with s_lo = 0 is u.
 * With compensation s_lo = s - T (0 when that is negative), s_hi = s + T;
 * without, s_lo = s_hi = s.
 *
 *	negbin = s*q/p + u
 *	[lower, upper] = [F^-1((1-C)/2; s_lo) + u, F^-1((1+C)/2; s_hi) + u]
 */
static void add_rate(struct sums *sum, const struct as_estimate_accum *accum, uint64_t threads,
		     const struct as_estimate_options *options)
{
	double p = 1.0 / (double) accum->rate;
	double c = options->confidence;
	uint64_t s_lo = accum->samples;
	uint64_t s_hi = accum->samples;

	if (options->boundary_compensation) {
		s_lo = s_lo > threads ? s_lo - threads : 0;
		s_hi = add_saturating(s_hi, threads);
	}
	sum->weighted += accum->weighted;
	sum->negbin += (long double) accum->samples * (long double) (accum->rate - 1) + accum->u;
	sum->lower += as_estimate_negbin_quantile((1.0 - c) / 2.0, s_lo, p) + accum->u;
	sum->upper += as_estimate_negbin_quantile((1.0 + c) / 2.0, s_hi, p) + accum->u;
	sum->samples += accum->samples;
}

/* Whether accums[0 .. i-1] holds the rate of accums[i]: that rate was
 * estimated already. */
static bool rate_before(const struct as_estimate_accum *accums, size_t i)
{
	for (size_t j = 0; j < i; j++) {
		if (accums[j].rate == accums[i].rate)
			return true;
	}
	return false;
}

/*
 * The group's numbers: each rate's samples (accumulators of one rate merged)
 * estimated on their own and added, intervals end to end (doc/estimation.md,
 * "Mixed rates").  A rate without samples counts too: the group may hold
 * bytes at that rate that no sample saw, so it adds its "below" end,
 * F^-1((1+C)/2; s_hi) at that rate, s_hi = T with compensation (every
 * thread's next sample still to come), else 1.
 *
 *	weighted = sum_r weighted_r;  negbin = sum_r negbin_r
 *	[lower, upper] = [sum_r lower_r, sum_r upper_r]
 */
int as_estimate_compute(const struct as_estimate_accum *accums, size_t n, uint64_t threads,
			const struct as_estimate_options *options, struct as_estimate *out)
{
	struct sums sum = { 0 };
	size_t rates = 0;
	double c;

	if (!options)
		options = &default_options;
	c = options->confidence;
	if (!accums || !out || n == 0 || threads == 0 || !(c > 0.0 && c < 1.0))
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (accums[i].rate == 0)
			return -1;
	}

	for (size_t i = 0; i < n; i++) {
		struct as_estimate_accum subset = accums[i];

		if (rate_before(accums, i))
			continue;
		/* Merges the later accumulators of this rate, refuses the rest. */
		for (size_t j = i + 1; j < n; j++)
			as_estimate_merge(&subset, &accums[j]);
		rates++;
		if (subset.samples > 0) {
			add_rate(&sum, &subset, threads, options);
			continue;
		}
		sum.upper += as_estimate_negbin_quantile((1.0 + c) / 2.0,
							 options->boundary_compensation ? threads : 1,
							 1.0 / (double) subset.rate);
	}

	out->weighted = (double) sum.weighted;
	out->negbin = (double) sum.negbin;
	out->lower = (double) sum.lower;
	out->upper = (double) sum.upper;
	out->samples = sum.samples;
	out->mixed_rates = rates > 1;
	return 0;
}

/*
 * An interval wider than its estimate (doc/design.md section 3): the
 * estimate alone would mislead.  At 95% that is below about 20 samples of
 * small objects (doc/estimation.md, "When to distrust the numbers").
 *
 *	imprecise = upper - lower > weighted
 */
bool as_estimate_imprecise(const struct as_estimate *est)
{
	return est->upper - est->lower > est->weighted;
}
