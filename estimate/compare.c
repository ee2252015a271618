/* compare.c - one group in two runs: the ratio's interval and test; many groups' corrections. */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_roots.h>

#include "compare.h"

/* Distinct rates of one side, and terms of one side's pivot. */
#define MAX_TERMS 64
/* Bisection of log2(r) stops at this width: 2^1e-10 - 1 = 7e-11 relative. */
#define LOG2_PRECISION 1e-10
/* Below this smallest shape the saddlepoint's relative error in a tail,
 * about 0.2 / shape (2% at 10), is too large: two terms are integrated numerically. */
#define SADDLEPOINT_MIN_SHAPE 10.0
/* Subintervals of the adaptive integration. */
#define INTEGRATION_LIMIT 256
/* Beyond 2^+-1000 the ratio is 0 or +inf for any purpose. */
#define LOG2_LIMIT 1000.0

static const struct as_estimate_options default_options = {
	.confidence = 0.95,
	.boundary_compensation = true,
};

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
};

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
	double f = gsl_ran_gamma_pdf(g, tt->k1, 1.0);

	if (f == 0.0)
		return 0.0;
	if (x <= 0)
		return tt->upper ? 0.0 : f;
	return f * (tt->upper ? gsl_cdf_gamma_P(x, tt->k2, 1.0) : gsl_cdf_gamma_Q(x, tt->k2, 1.0));
}

/*
 * P(Y <= c) or P(Y > c) for one positive and one negative term, by
 * adaptive Gauss-Kronrod integration (GSL QAGS, relative error 1e-9) over
 * the term of larger shape, whose density is the narrower one, within 40
 * standard deviations of its mean (gamma tails beyond are below 1e-100).
 * Numerically exact; used where the saddlepoint is not accurate enough.
 * NaN when the integration fails.
 *
 *	P(Y <= c) = integral_0^inf f1(g) P(s2 G2 <= c - s1 g) dg
 */
static double integrated_tail(const struct lin *y, double c, bool upper)
{
	int pos = y->scale[0] > 0 ? 0 : 1, neg = 1 - pos;
	struct two_terms tt = { y->shape[pos], y->scale[pos], y->shape[neg], y->scale[neg], c, upper };
	gsl_integration_workspace *ws;
	gsl_function fn = { two_terms_integrand, &tt };
	double lo, hi, sd, result = NAN, error;

	if (y->shape[neg] > y->shape[pos]) {
		/* -Y = |s2| G2 - s1 G1 against -c: the tails swap, P(Y <= c) = P(-Y >= -c). */
		tt = (struct two_terms) { y->shape[neg], -y->scale[neg], y->shape[pos], -y->scale[pos],
					  -c, !upper };
	}
	sd = sqrt(tt.k1);
	lo = fmax(0.0, tt.k1 - 40.0 * sd);
	hi = tt.k1 + 40.0 * sd + 40.0;
	ws = gsl_integration_workspace_alloc(INTEGRATION_LIMIT);
	if (!ws)
		return NAN;
	if (gsl_integration_qags(&fn, lo, hi, 0.0, 1e-9, INTEGRATION_LIMIT, ws, &result, &error) != 0 &&
	    !(error <= 1e-6 * result))
		result = NAN;
	gsl_integration_workspace_free(ws);
	return fmin(1.0, fmax(0.0, result));
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
		return upper ? gsl_cdf_gamma_Q(c / y->scale[0], y->shape[0], 1.0)
			     : gsl_cdf_gamma_P(c / y->scale[0], y->shape[0], 1.0);
	else if (y->n == 1)
		return upper ? gsl_cdf_gamma_P(c / y->scale[0], y->shape[0], 1.0)
			     : gsl_cdf_gamma_Q(c / y->scale[0], y->shape[0], 1.0);
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

/*
 * One side's pivot at one end of the interval (doc/estimation.md,
 * "Comparing two runs"): bytes = u + sum over rates of R q Gamma(k q),
 * the gamma with the negative binomial's mean k q/p and variance k q/p^2
 * (as negbin.c's fallback), k the compensated sample count of that rate:
 * s - T (not below 0) at the low end, s + T at the high end, s without
 * compensation.  No samples at all: one term at the largest rate with
 * k = T (1 without compensation) at the high end, nothing at the low end,
 * as as_estimate_compute's "below N bytes".
 *
 *	bytes_lo = u + sum_r R_r Gamma((s_r - T) q_r),  bytes_hi = u + sum_r R_r Gamma((s_r + T) q_r)
 */
struct pivot {
	double u;
	double shape_lo[MAX_TERMS], shape_hi[MAX_TERMS], scale[MAX_TERMS];
	size_t n;
	double mean_hi; /* E[bytes_hi], a starting point for the search */
};

static int pivot_build(struct pivot *pv, const struct as_compare_side *side,
		       const struct as_estimate_options *options)
{
	uint64_t largest_rate = 0, t = side->threads;
	bool comp = options->boundary_compensation;
	long double u = 0;

	pv->n = 0;
	for (size_t i = 0; i < side->n; i++) {
		const struct as_estimate_accum *acc = &side->accums[i];
		struct as_estimate_accum subset = *acc;
		bool seen = false;
		double q, s;

		if (acc->rate > largest_rate)
			largest_rate = acc->rate;
		for (size_t j = 0; j < i; j++)
			seen |= side->accums[j].samples > 0 && side->accums[j].rate == acc->rate;
		if (acc->samples == 0 || seen)
			continue;
		for (size_t j = i + 1; j < side->n; j++)
			as_estimate_merge(&subset, &side->accums[j]);
		if (pv->n == MAX_TERMS)
			return -1;
		q = (double) (subset.rate - 1) / (double) subset.rate;
		s = (double) subset.samples;
		pv->scale[pv->n] = (double) subset.rate;
		pv->shape_lo[pv->n] = (comp ? fmax(0.0, s - (double) t) : s) * q;
		pv->shape_hi[pv->n] = (comp ? s + (double) t : s) * q;
		pv->n++;
		u += subset.u;
	}
	if (pv->n == 0) {
		double q = (double) (largest_rate - 1) / (double) largest_rate;

		pv->scale[0] = (double) largest_rate;
		pv->shape_lo[0] = 0.0;
		pv->shape_hi[0] = (comp ? (double) t : 1.0) * q;
		pv->n = 1;
	}
	pv->u = (double) u;
	pv->mean_hi = pv->u;
	for (size_t i = 0; i < pv->n; i++)
		pv->mean_hi += pv->shape_hi[i] * pv->scale[i];
	return 0;
}

/*
 * The lower end's function D_L(r) = P(NEW_lo <= r BASE_hi), increasing in
 * r, or the upper end's 1 - D_U(r) = P(NEW_hi > r BASE_lo), decreasing.
 */
static double end_tail(const struct pivot *b, const struct pivot *a, double r, bool upper)
{
	if (upper)
		return as_compare_ratio_cdf(b->u, b->shape_hi, b->scale, b->n, a->u, a->shape_lo,
					    a->scale, a->n, r, true);
	return as_compare_ratio_cdf(b->u, b->shape_lo, b->scale, b->n, a->u, a->shape_hi, a->scale,
				    a->n, r, false);
}

/* An end's search: the sides, the tail and the level it must cross. */
struct end_search {
	const struct pivot *b, *a;
	double alpha;
	bool upper;
};

/* The tail at r = 2^x minus alpha: increasing in x for the lower end,
 * decreasing for the upper end. */
static double end_function(double x, void *param)
{
	const struct end_search *e = param;

	return end_tail(e->b, e->a, exp2(x), e->upper) - e->alpha;
}

/*
 * An end of the ratio's interval (doc/estimation.md, "Comparing two runs"):
 * with tail(r) = D_L(r) (lower end) or 1 - D_U(r) (upper end), the r where
 * the tail crosses alpha = (1 - C)/2.  A bracket of log2 r grown by doubling
 * steps from the ratio of the sides' means, then Brent's method (GSL) to a
 * width of 1e-10 in log2 r, the end rounded outwards (the lower end down,
 * the upper end up).  0 or +inf when the tail does not cross inside
 * 2^+-1000.
 *
 *	r_L = sup { r : D_L(r) <= (1 - C)/2 },  r_U = inf { r : 1 - D_U(r) <= (1 - C)/2 }
 */
static double interval_end(const struct pivot *b, const struct pivot *a, double alpha, bool upper)
{
	struct end_search e = { b, a, alpha, upper };
	double x0 = b->mean_hi > 0 && a->mean_hi > 0 ? log2(b->mean_hi / a->mean_hi) : 0.0;
	double lo = x0, hi = x0, step = 1.0, f0 = end_function(x0, &e);
	gsl_function fn = { end_function, &e };
	gsl_root_fsolver *solver;
	/* below(f): r lies below the end where the tail is at f. */
#define BELOW(f) (upper ? (f) > 0 : !((f) > 0))

	if (isnan(f0))
		return NAN;
	if (BELOW(f0)) {
		do {
			lo = hi;
			hi = lo + step;
			step *= 2.0;
			if (hi > LOG2_LIMIT)
				return INFINITY;
		} while (BELOW(end_function(hi, &e)));
	} else {
		do {
			hi = lo;
			lo = hi - step;
			step *= 2.0;
			if (lo < -LOG2_LIMIT)
				return 0.0;
		} while (!BELOW(end_function(lo, &e)));
	}
#undef BELOW
	solver = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
	if (!solver || gsl_root_fsolver_set(solver, &fn, lo, hi) != 0) {
		if (solver)
			gsl_root_fsolver_free(solver);
		return NAN;
	}
	for (int iter = 0; iter < 200; iter++) {
		if (gsl_root_fsolver_iterate(solver) != 0)
			break;
		lo = gsl_root_fsolver_x_lower(solver);
		hi = gsl_root_fsolver_x_upper(solver);
		if (gsl_root_test_interval(lo, hi, LOG2_PRECISION, 0.0) == GSL_SUCCESS)
			break;
	}
	gsl_root_fsolver_free(solver);
	return exp2(upper ? hi : lo);
}

static bool side_valid(const struct as_compare_side *side)
{
	if (!side || !side->accums || side->n == 0 || side->threads == 0)
		return false;
	for (size_t i = 0; i < side->n; i++) {
		if (side->accums[i].rate == 0)
			return false;
	}
	return true;
}

/*
 * Both sides' estimates, the ratio, its interval and the test
 * (doc/estimation.md, "Comparing two runs").  The one-sided p-values are
 * the tails at r = 1, so that p < 1 - C exactly when 1 is outside the
 * interval.
 *
 *	ratio = weighted_new / weighted_base
 *	p_increase = P(NEW_lo <= BASE_hi),  p_decrease = P(NEW_hi > BASE_lo)
 *	p = min(1, 2 min(p_increase, p_decrease))
 */
int as_compare_compute(const struct as_compare_side *base, const struct as_compare_side *new_,
		       const struct as_estimate_options *options, struct as_compare_result *out)
{
	struct as_compare_result res;
	gsl_error_handler_t *saved;
	struct pivot a, b;
	double alpha;

	if (!options)
		options = &default_options;
	if (!out || !side_valid(base) || !side_valid(new_) ||
	    !(options->confidence > 0 && options->confidence < 1))
		return -1;
	if (as_estimate_compute(base->accums, base->n, base->threads, options, &res.base) != 0 ||
	    as_estimate_compute(new_->accums, new_->n, new_->threads, options, &res.new_) != 0 ||
	    pivot_build(&a, base, options) != 0 || pivot_build(&b, new_, options) != 0)
		return -1;

	alpha = (1.0 - options->confidence) / 2.0;
	saved = gsl_set_error_handler_off();
	if (res.base.weighted > 0)
		res.ratio = res.new_.weighted / res.base.weighted;
	else
		res.ratio = res.new_.weighted > 0 ? INFINITY : NAN;
	res.ratio_lower = interval_end(&b, &a, alpha, false);
	res.ratio_upper = interval_end(&b, &a, alpha, true);
	res.p_increase = end_tail(&b, &a, 1.0, false);
	res.p_decrease = end_tail(&b, &a, 1.0, true);
	res.p_value = fmin(1.0, 2.0 * fmin(res.p_increase, res.p_decrease));
	gsl_set_error_handler(saved);
	*out = res;
	return 0;
}

/* A p-value and where it came from; NaN sorts last. */
struct ranked {
	double p;
	size_t index;
};

static int ranked_compare(const void *x, const void *y)
{
	const struct ranked *a = x, *b = y;
	double pa = isnan(a->p) ? INFINITY : a->p, pb = isnan(b->p) ? INFINITY : b->p;

	if (pa != pb)
		return pa < pb ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* The p-values in increasing order, or NULL without memory. */
static struct ranked *rank(const double *p_values, size_t n)
{
	struct ranked *r = n ? calloc(n, sizeof(*r)) : NULL;

	if (!r)
		return NULL;
	for (size_t i = 0; i < n; i++)
		r[i] = (struct ranked) { p_values[i], i };
	qsort(r, n, sizeof(*r), ranked_compare);
	return r;
}

/*
 * Bonferroni, when there is no memory to sort (doc/estimation.md,
 * "Many groups"): a subset of Holm's and of Benjamini-Hochberg's calls.
 *
 *	significant_i = p_i <= alpha / n
 */
static void bonferroni(const double *p_values, size_t n, double alpha, bool *significant)
{
	for (size_t i = 0; i < n; i++)
		significant[i] = p_values[i] <= alpha / (double) n;
}

/*
 * Holm's step-down (doc/estimation.md, "Many groups"): the j-th smallest
 * p-value (j from 1) is significant when it and every smaller one pass
 * their thresholds.
 *
 *	significant_(j) = for all i <= j: p_(i) <= alpha / (n - i + 1)
 */
void as_compare_holm(const double *p_values, size_t n, double alpha, bool *significant)
{
	struct ranked *r;

	if (n == 0)
		return;
	r = rank(p_values, n);
	if (!r) {
		bonferroni(p_values, n, alpha, significant);
		return;
	}
	for (size_t i = 0; i < n; i++)
		significant[i] = false;
	for (size_t j = 0; j < n; j++) {
		if (!(r[j].p <= alpha / (double) (n - j)))
			break;
		significant[r[j].index] = true;
	}
	free(r);
}

/*
 * Benjamini-Hochberg's step-up (doc/estimation.md, "Many groups"): with
 * j* the largest j whose j-th smallest p-value is at most j q / n, the j*
 * smallest are significant.
 *
 *	j* = max { j : p_(j) <= j q / n };  significant_(i) = i <= j*
 */
void as_compare_benjamini_hochberg(const double *p_values, size_t n, double q, bool *significant)
{
	struct ranked *r;
	size_t last = 0;

	if (n == 0)
		return;
	r = rank(p_values, n);
	if (!r) {
		bonferroni(p_values, n, q, significant);
		return;
	}
	for (size_t j = 0; j < n; j++) {
		significant[j] = false;
		if (r[j].p <= (double) (j + 1) * q / (double) n)
			last = j + 1;
	}
	for (size_t j = 0; j < last; j++)
		significant[r[j].index] = true;
	free(r);
}
