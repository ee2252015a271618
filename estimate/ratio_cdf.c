/*
 * ratio_cdf.c - P(B <= r A) for two sides' bytes, each a constant plus a sum
 * of gamma variables: exact (GSL's gamma CDF) for one term, by adaptive
 * integration for two terms with a small shape, else by the Lugannani-Rice
 * saddlepoint approximation (doc/estimation.md, "Comparing two runs").
 */
#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_sf_gamma.h>

#include "compare.h"
#include "gamma.h"

#define MAX_TERMS AS_COMPARE_MAX_RATES
/* Below this smallest shape the saddlepoint's relative error in a tail,
 * about 0.2 / shape (2% at 10), is too large: two terms are integrated numerically. */
#define SADDLEPOINT_MIN_SHAPE 10.0
/* Subintervals of the adaptive integration. */
#define INTEGRATION_LIMIT 256
/* Beyond the point where a gamma variable's tail is below e^-KNOWN_TAIL,
 * the integration takes the tail as 0 or 1 (integrated_tail). */
#define KNOWN_TAIL 40.0

/* Y = sum_i scale[i] * G_i, G_i ~ Gamma(shape[i], 1) independent; scales of
 * either sign, shapes and scales nonzero. */
struct lin {
	double shape[2 * MAX_TERMS];
	double scale[2 * MAX_TERMS];
	size_t n;
};

/*
 * The cumulant generating function of Y and its first three derivatives at
 * t (doc/estimation.md, "Comparing two runs", saddlepoint).  Defined where
 * 1 - scale_i * t > 0 for every i.
 *
 *	K(t) = -sum_i k_i log(1 - s_i t);  K'(t) = sum_i k_i s_i / (1 - s_i t)
 *	K''(t) = sum_i k_i s_i^2 / (1 - s_i t)^2;  K'''(t) = sum_i 2 k_i s_i^3 / (1 - s_i t)^3
 */
static void cgf(const struct lin *y, double t, double *k0, double *k1, double *k2, double *k3)
{
	double a = 0, b = 0, c = 0, d = 0;

	for (size_t i = 0; i < y->n; i++) {
		double s = y->scale[i], k = y->shape[i];
		double x = s / (1.0 - s * t);

		a -= k * log1p(-s * t);
		b += k * x;
		c += k * x * x;
		d += 2.0 * k * x * x * x;
	}
	*k0 = a;
	*k1 = b;
	*k2 = c;
	if (k3)
		*k3 = d;
}

/*
 * The saddlepoint: the t with K'(t) = c, by Newton's method kept inside a
 * shrinking bracket (K' increases from its value at the lower end of the
 * domain to its value at the upper end).  The caller makes sure c lies in
 * K's range.
 *
 *	K'(t^) = c
 */
static double saddlepoint(const struct lin *y, double c)
{
	double lo = -INFINITY, hi = INFINITY, t = 0.0;

	for (size_t i = 0; i < y->n; i++) {
		double end = 1.0 / y->scale[i];

		if (y->scale[i] > 0)
			hi = fmin(hi, end);
		else
			lo = fmax(lo, end);
	}
	for (int iter = 0; iter < 400; iter++) {
		double k0, k1, k2, next;

		cgf(y, t, &k0, &k1, &k2, NULL);
		if (k1 == c)
			break;
		if (k1 > c)
			hi = t;
		else
			lo = t;
		next = t - (k1 - c) / k2;
		if (!(next > lo && next < hi)) {
			if (isfinite(lo) && isfinite(hi))
				next = lo + (hi - lo) / 2.0;
			else if (isfinite(lo))
				next = lo + 2.0 * (fabs(lo) + 1.0);
			else
				next = hi - 2.0 * (fabs(hi) + 1.0);
		}
		if (next == t || fabs(next - t) <= 1e-15 * fmax(fabs(t), 1e-300))
			break;
		t = next;
	}
	return t;
}

/* The standard normal density. */
static double phi(double x)
{
	return exp(-0.5 * x * x) / sqrt(2.0 * M_PI);
}

/*
 * P(Y <= c), or P(Y > c) when `upper`, by the Lugannani-Rice formula
 * (doc/estimation.md, "Comparing two runs", saddlepoint): w and v from the
 * saddlepoint t^, scales divided by Y's standard deviation first so that
 * t^ is of order 1.  Within 10^-3 of the mean (|w| < 10^-3), where 1/w -
 * 1/v cancels, the formula's limit with the linear term is used.
 *
 *	w = sign(t^) sqrt(2 (t^ c - K(t^))),  v = t^ sqrt(K''(t^))
 *	P(Y <= c) = Phi(w) + phi(w) (1/w - 1/v)
 *	P(Y > c) = Phi(-w) - phi(w) (1/w - 1/v)
 *	near the mean: P(Y <= c) = 1/2 + K'''(0) / (6 sqrt(2 pi) K''(0)^(3/2)) + phi(0) (c - K'(0)) / sqrt(K''(0))
 */
static double saddlepoint_tail(struct lin *y, double c, bool upper)
{
	double k0, k1, k2, k3, sd, t, w, v, p;

	cgf(y, 0.0, &k0, &k1, &k2, NULL);
	sd = sqrt(k2);
	for (size_t i = 0; i < y->n; i++)
		y->scale[i] /= sd;
	c /= sd;

	t = saddlepoint(y, c);
	cgf(y, t, &k0, &k1, &k2, NULL);
	w = copysign(sqrt(fmax(0.0, 2.0 * (t * c - k0))), t);
	if (fabs(w) < 1e-3) {
		cgf(y, 0.0, &k0, &k1, &k2, &k3);
		p = 0.5 + k3 / (6.0 * sqrt(2.0 * M_PI) * pow(k2, 1.5)) +
		    phi(0.0) * (c - k1) / sqrt(k2);
		p = upper ? 1.0 - p : p;
	} else {
		v = t * sqrt(k2);
		p = upper ? gsl_cdf_ugaussian_Q(w) - phi(w) * (1.0 / w - 1.0 / v)
			  : gsl_cdf_ugaussian_P(w) + phi(w) * (1.0 / w - 1.0 / v);
	}
	return fmin(1.0, fmax(0.0, p));
}

/* Y = s1 G1 + s2 G2 with s1 > 0 > s2, against c; the integrand's parameters. */
struct two_terms {
	double k1, s1, k2, s2, c;
	bool upper;
	double log_gamma_k1;    /* log Gamma(k1), the density's normalization */
};

/* The density of G1 at g > 0, its normalization computed once per
 * integral rather than at every point (as gsl_ran_gamma_pdf would). */
static double density(const struct two_terms *tt, double g)
{
	return exp((tt->k1 - 1.0) * log(g) - g - tt->log_gamma_k1);
}

/*
 * The density of G1 at g times the probability that s2 G2 falls on the
 * asked side of c - s1 g (s2 < 0, so s2 G2 <= x when G2 >= x / s2).
 *
 *	f1(g) * P(s2 G2 <= c - s1 g) = f1(g) * Q_gamma((c - s1 g) / s2; k2)  (P_gamma when upper)
 */
static double two_terms_integrand(double g, void *param)
{
	const struct two_terms *tt = param;
	double x = (tt->c - tt->s1 * g) / tt->s2;
	double f = g > 0 ? density(tt, g) : 0.0;

	if (f == 0.0)
		return 0.0;
	if (x <= 0)
		return tt->upper ? 0.0 : f;
	return f * (tt->upper ? as_gamma_P(tt->k2, x) : as_gamma_Q(tt->k2, x));
}

/*
 * P(Y <= c) or P(Y > c) for one positive and one negative term, by
 * adaptive Gauss-Kronrod integration (GSL QAGS, relative error 1e-9) over
 * the term of larger shape, whose density is the narrower one, within 40
 * standard deviations of its mean (gamma tails beyond are below 1e-100).
 * Numerically exact; used where the saddlepoint is not accurate enough.
 * NaN when the integration fails.
 *
 * Where the second factor is known, the integral is G1's own CDF, exact,
 * and the adaptive rule spends no subdivisions on the kink at x = 0 or on
 * a flat tail (a third fewer evaluations): below g0 (x <= 0) the factor
 * is 1 (P(Y <= c)) or 0 (P(Y > c)); beyond g1, where x passes
 * k2 + sqrt(2 k2 L) + L, G2's upper tail is below e^-L (a gamma variable
 * is sub-gamma with variance factor k2 and scale 1), so P(Y > c)'s factor
 * is 1 within a relative e^-L = 4e-18, below a double's precision.
 *
 *	P(Y <= c) = integral_0^inf f1(g) P(s2 G2 <= c - s1 g) dg
 *	          = P_gamma(g0; k1) + integral_g0^inf ...         (g0 = c / s1)
 *	P(Y > c)  = integral_g0^g1 f1(g) P(s2 G2 > c - s1 g) dg + Q_gamma(g1; k1)
 */
static double integrated_tail(const struct lin *y, double c, bool upper)
{
	int pos = y->scale[0] > 0 ? 0 : 1, neg = 1 - pos;
	struct two_terms tt = { y->shape[pos], y->scale[pos], y->shape[neg], y->scale[neg], c, upper,
				0.0 };
	gsl_integration_workspace *ws;
	gsl_function fn = { two_terms_integrand, &tt };
	double lo, hi, sd, g0, g1, known = 0.0, result = NAN, error;

	if (y->shape[neg] > y->shape[pos]) {
		/* -Y = |s2| G2 - s1 G1 against -c: the tails swap, P(Y <= c) = P(-Y >= -c). */
		tt = (struct two_terms) { y->shape[neg], -y->scale[neg], y->shape[pos], -y->scale[pos],
					  -c, !upper, 0.0 };
	}
	sd = sqrt(tt.k1);
	lo = fmax(0.0, tt.k1 - 40.0 * sd);
	hi = tt.k1 + 40.0 * sd + 40.0;
	g0 = tt.c / tt.s1;
	g1 = (tt.c - tt.s2 * (tt.k2 + sqrt(2.0 * tt.k2 * KNOWN_TAIL) + KNOWN_TAIL)) / tt.s1;
	if (g0 > lo) {
		if (!tt.upper)
			known = as_gamma_P(tt.k1, fmin(g0, hi)) - as_gamma_P(tt.k1, lo);
		lo = g0;
	}
	if (tt.upper && g1 < hi) {
		known = as_gamma_Q(tt.k1, fmax(g1, lo));
		hi = g1;
	}
	if (!(lo < hi))
		return fmin(1.0, fmax(0.0, known));
	tt.log_gamma_k1 = gsl_sf_lngamma(tt.k1);
	ws = gsl_integration_workspace_alloc(INTEGRATION_LIMIT);
	if (!ws)
		return NAN;
	if (gsl_integration_qags(&fn, lo, hi, 0.0, 1e-9, INTEGRATION_LIMIT, ws, &result, &error) != 0 &&
	    !(error <= 1e-6 * result))
		result = NAN;
	gsl_integration_workspace_free(ws);
	return fmin(1.0, fmax(0.0, known + result));
}

/*
 * P(Y <= c) or P(Y > c): exact for no term (Y = 0), for one (GSL's gamma
 * CDF) and for two of opposite signs with a shape below
 * SADDLEPOINT_MIN_SHAPE (numerical integration), the saddlepoint
 * otherwise.  Y >= 0 when every scale is positive, Y <= 0 when every scale
 * is negative: the tails beyond 0 are 0.
 *
 *	one term: P(s G <= c) = P_gamma(c / s; k) for s > 0, Q_gamma(c / s; k) for s < 0
 */
static double lin_tail(struct lin *y, double c, bool upper)
{
	bool positive = false, negative = false;
	double lower;

	for (size_t i = 0; i < y->n; i++) {
		positive |= y->scale[i] > 0;
		negative |= y->scale[i] < 0;
	}
	if (!negative && c <= 0)
		lower = y->n == 0 && c == 0 ? 1.0 : 0.0;
	else if (!positive && c >= 0)
		lower = 1.0;
	else if (y->n == 1 && y->scale[0] > 0)
		return upper ? as_gamma_Q(y->shape[0], c / y->scale[0])
			     : as_gamma_P(y->shape[0], c / y->scale[0]);
	else if (y->n == 1)
		return upper ? as_gamma_P(y->shape[0], c / y->scale[0])
			     : as_gamma_Q(y->shape[0], c / y->scale[0]);
	else if (y->n == 2 && positive && negative &&
		 fmin(y->shape[0], y->shape[1]) < SADDLEPOINT_MIN_SHAPE)
		return integrated_tail(y, c, upper);
	else
		return saddlepoint_tail(y, c, upper);
	return upper ? 1.0 - lower : lower;
}

/* Appends the terms with positive shape and scale, scales multiplied by `factor`. */
static bool append_terms(struct lin *y, const double *shape, const double *scale, size_t n,
			 double factor)
{
	if (n > MAX_TERMS)
		return false;
	for (size_t i = 0; i < n; i++) {
		if (shape[i] > 0 && scale[i] > 0) {
			y->shape[y->n] = shape[i];
			y->scale[y->n++] = scale[i] * factor;
		}
	}
	return true;
}

/*
 * P(B <= r A) for B = u_b + sum scale_b G, A = u_a + sum scale_a G
 * (doc/estimation.md, "Comparing two runs"): the linear form Y = B' - r A'
 * of the random parts against the constant r u_a - u_b.
 *
 *	P(B <= r A) = P(sum_i beta_i G_i - r sum_j alpha_j G_j <= r u_a - u_b)
 */
double as_compare_ratio_cdf(double u_b, const double *shape_b, const double *scale_b, size_t n_b,
			    double u_a, const double *shape_a, const double *scale_a, size_t n_a,
			    double r, bool upper)
{
	struct lin y = { .n = 0 };
	gsl_error_handler_t *saved;
	double p;

	if (!(r > 0) || !append_terms(&y, shape_b, scale_b, n_b, 1.0) ||
	    !append_terms(&y, shape_a, scale_a, n_a, -r))
		return NAN;
	saved = gsl_set_error_handler_off();
	p = lin_tail(&y, r * u_a - u_b, upper);
	gsl_set_error_handler(saved);
	return p;
}
