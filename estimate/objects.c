/* objects.c - how many objects a group's samples stand for, and at least how many (see estimate.h). */
#include <math.h>
#include <stdbool.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>

#include "estimate.h"

/* Above this shape a gamma is a normal to four digits at the quantiles we
 * ask, and GSL's inversion is slow or fails. */
#define GAMMA_SHAPE_MAX 1e6

/*
 * The quantile `target` of the gamma distribution with mean `mean` and
 * variance `var` (> 0): shape mean^2/var, scale var/mean.  GSL's inversion,
 * with its error handler off (a failure must not abort babeltrace2); where
 * it gives no answer or the shape is huge, the Wilson-Hilferty
 * approximation, good to a fraction of a standard deviation there.
 *
 *	G^-1(t; k, theta), k = mean^2/var, theta = var/mean
 *	~ k theta (1 - 1/(9k) + z_t / sqrt(9k))^3
 */
static double gamma_quantile(double target, double mean, double var)
{
	double k = mean * mean / var, theta = var / mean, x = NAN, c;
	gsl_error_handler_t *handler;

	if (k <= GAMMA_SHAPE_MAX) {
		handler = gsl_set_error_handler_off();
		x = gsl_cdf_gamma_Pinv(target, k, theta);
		gsl_set_error_handler(handler);
	}
	if (isfinite(x))
		return x;
	c = 1.0 - 1.0 / (9.0 * k) + gsl_cdf_ugaussian_Pinv(target) / sqrt(9.0 * k);
	return c > 0.0 ? k * theta * c * c * c : 0.0;
}

/* Whether every accumulator of a group is at rate 1: every byte a trial
 * that succeeds, so every object of at least one byte was sampled. */
static bool every_object_sampled(const struct as_estimate_accum *accums, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (accums[i].rate != 1)
			return false;
	return true;
}

/*
 * Horvitz-Thompson (doc/estimation.md, "Objects"): each object of n bytes
 * is sampled, on its own, with probability pi = 1 - q^n, so the sum of
 * w = 1/pi over the sampled objects is unbiased for their number N, with
 * variance sum over all objects of (1 - pi)/pi, estimated without bias by
 * V = sum over the samples of w (w - 1).  The lower end is the quantile of
 * a gamma with that mean and variance (Fay and Feuer's for weighted
 * Poisson counts, with the binomial variance), and at least s: every
 * sampled object existed.  There is no upper end: a group may hold any
 * number of objects much smaller than every sampled one, none of them
 * sampled, and only their bytes are bounded.  At rate 1 every object is
 * sampled: the count is exact.
 *
 *	N^ = sum w;  V = sum w (w - 1)
 *	lower = max(s, G^-1((1 - C)/2; N^, V))
 *	upper = N^ = s at rate 1, +infinity at any other
 */
int as_estimate_objects_compute(const struct as_estimate_accum *accums, size_t n,
				double confidence, struct as_estimate_objects *out)
{
	long double y = 0, v = 0;
	double samples = 0;
	size_t i;

	if (!accums || !out || n == 0 || !(confidence > 0.0 && confidence < 1.0))
		return -1;
	for (i = 0; i < n; i++) {
		y += accums[i].objects;
		v += accums[i].objects_var;
		samples += (double) accums[i].samples;
	}
	out->estimate = out->lower = (double) y;
	out->upper = every_object_sampled(accums, n) ? out->estimate : INFINITY;
	if (samples > 0 && v > 0)
		out->lower = fmax(samples, fmin(out->estimate, gamma_quantile((1.0 - confidence) / 2.0,
									      (double) y, (double) v)));
	return 0;
}
