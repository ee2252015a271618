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

