/* size_class.c - the upper end of a size class's objects, from its bytes (see estimate.h). */
#include <math.h>
#include <stdbool.h>

#include "estimate.h"

/*
 * Every object of class k has at least m = 2^k bytes, so N <= B / m for
 * its N objects of B bytes.  When the bytes interval holds (B <= upper,
 * missed at most (1 - C)/2 of the time), so does N <= floor(upper / m):
 * the count's upper end misses at most as often as the bytes' does.
 * Raising it to the count's lower end, or lowering it to the exact count
 * of rate 1, can only make it miss less (doc/estimation.md, "Sizes").
 *
 *	upper = min(upper_N, max(lower_N, floor(upper_B / 2^k)))
 */
int as_estimate_size_class_objects(unsigned k, const struct as_estimate *bytes,
				   const struct as_estimate_objects *objects,
				   struct as_estimate_objects *out)
{
	double bound;

	if (k >= AS_SIZE_CLASSES || !bytes || !objects || !out)
		return -1;
	bound = floor(bytes->upper / (double) as_size_class_min(k));
	*out = *objects;
	out->upper = fmin(objects->upper, fmax(objects->lower, bound));
	return 0;
}

/* Whether accums[0 .. i-1] holds the rate of accums[i]. */
static bool rate_before(const struct as_estimate_accum *accums, size_t i)
{
	for (size_t j = 0; j < i; j++) {
		if (accums[j].rate == accums[i].rate)
			return true;
	}
	return false;
}

/*
 * Each rate on its own, through as_estimate_compute(): with samples, its
 * interval; without, "below F^-1((1+C)/2; T)" at that rate.  The sum of
 * the ends is conservative, as for mixed rates (doc/estimation.md,
 * "Mixed rates" and "Sizes").
 *
 *	[lower, upper] = [sum_r lower_r, sum_r upper_r]
 */
int as_estimate_compute_every_rate(const struct as_estimate_accum *accums, size_t n,
				   uint64_t threads, const struct as_estimate_options *options,
				   struct as_estimate *out)
{
	struct as_estimate sum = { 0 }, one;
	size_t i, j, rates = 0;

	if (!accums || !out || n == 0)
		return -1;
	for (i = 0; i < n; i++) {
		struct as_estimate_accum rate = accums[i];

		if (rate.rate == 0)
			return -1;
		if (rate_before(accums, i))
			continue;
		for (j = i + 1; j < n; j++)
			as_estimate_merge(&rate, &accums[j]);
		if (as_estimate_compute(&rate, 1, threads, options, &one))
			return -1;
		sum.weighted += one.weighted;
		sum.negbin += one.negbin;
		sum.lower += one.lower;
		sum.upper += one.upper;
		sum.samples += one.samples;
		rates++;
	}
	sum.mixed_rates = rates > 1;
	*out = sum;
	return 0;
}
