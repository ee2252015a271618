/* negbin.c - quantiles of the failures before the s-th success, from GSL's CDF. */
#include <limits.h>
#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>

#include "estimate.h"
#include "gamma.h"

/*
 * Below this p (a rate above 1 MiB between samples), GSL's incomplete beta
 * loses the precision of the CDF: it works with 1 - p, which keeps fewer
 * bits of p as p falls, and its error grows with the failures k.  Against
 * the gamma approximation below, at s up to 10^9 it is off by 1e-6 at
 * p = 2^-20, 5e-5 at 2^-24 and 6e-3 at 2^-32, where a quantile was seen to
 * fall when s grew (tests/fuzz/corpus/estimate).
 */
#define GSL_NEGBIN_MIN_P 0x1p-20

/* Doublings of the bracket before the search stops climbing towards a target
 * that the CDF, rounded to doubles, never reaches. */
#define BRACKET_DOUBLINGS 256

/*
 * F(k; s, p), the probability of at most k failures before the s-th success
 * (doc/estimation.md, "Confidence interval").  GSL's
 * gsl_cdf_negative_binomial_P(k, p, s) takes k as an unsigned int and
 * returns gsl_cdf_beta_P(p, s, k + 1); beyond UINT_MAX we call the latter.
 * Where GSL gives no probability (its continued fraction does not converge
 * near the median when s passes about 10^6) or p < GSL_NEGBIN_MIN_P, we use
 * the gamma distribution with the same mean s*q/p and variance s*q/p^2,
 * continuity corrected (gamma.c: GSL's own is wrong for large shapes): its
 * third cumulant differs by s*q/p^2, which moves a quantile by
 * (z^2 - 1)/6 < 1 failure at the 95% ends.  NaN only if both fail.
 *
 *	F(k; s, p) = I_p(s, k + 1) ~ P_gamma(s*q; (k + 1/2) p)
 */
static double negbin_cdf(double k, double s, double p)
{
	double f;

	if (p >= GSL_NEGBIN_MIN_P) {
		f = k <= UINT_MAX ? gsl_cdf_negative_binomial_P((unsigned int) k, p, s)
				  : gsl_cdf_beta_P(p, s, k + 1.0);
		if (f >= 0.0 && f <= 1.0)
			return f;
	}
	return as_gamma_P(s * (1.0 - p), (k + 0.5) * p);
}

/* Whether F(k) has reached `target`; a NaN has not. */
static bool reached(double k, double target, double s, double p)
{
	return negbin_cdf(k, s, p) >= target;
}

/*
 * The smallest k with F(k; s, p) >= target (doc/estimation.md, "Confidence
 * interval"): a bracket (lo, hi] with F(lo) < target <= F(hi), grown by
 * doubling steps from the normal approximation mean + z*sd, then bisection
 * on the integers.  Above 2^53, where doubles skip integers, the bisection
 * stops when no double lies between lo and hi.  GSL's error handler is off
 * during the search (a domain error must not abort babeltrace2) and
 * restored after it.  0 for s == 0 or p >= 1 (no failure can happen); NaN
 * for a target outside (0, 1) or p not above 0.
 *
 *	F^-1(target; s) = min { k : F(k; s, p) >= target }
 */
double as_estimate_negbin_quantile(double target, uint64_t s, double p)
{
	gsl_error_handler_t *saved;
	double q = 1.0 - p;
	double sd, step, lo, hi, guess;

	if (!(target > 0.0 && target < 1.0) || !(p > 0.0))
		return NAN;
	if (s == 0 || p >= 1.0)
		return 0.0;

	saved = gsl_set_error_handler_off();
	if (reached(0.0, target, (double) s, p)) {
		hi = 0.0;
		goto end;
	}
	sd = sqrt((double) s * q) / p;
	step = fmax(1.0, floor(sd / 16.0));
	guess = fmax(0.0, floor((double) s * q / p + gsl_cdf_ugaussian_Pinv(target) * sd));
	if (reached(guess, target, (double) s, p)) {
		hi = guess;
		for (;;) {
			lo = fmax(0.0, hi - step);
			if (lo == 0.0 || !reached(lo, target, (double) s, p))
				break;
			hi = lo;
			step *= 2.0;
		}
	} else {
		lo = guess;
		for (int i = 0;; i++) {
			hi = lo + step;
			if (reached(hi, target, (double) s, p) || i == BRACKET_DOUBLINGS)
				break;
			lo = hi;
			step *= 2.0;
		}
	}
	while (hi - lo > 1.0) {
		double mid = lo + floor((hi - lo) / 2.0);

		if (mid <= lo || mid >= hi)
			break;
		if (reached(mid, target, (double) s, p))
			hi = mid;
		else
			lo = mid;
	}
end:
	gsl_set_error_handler(saved);
	return hi;
}
