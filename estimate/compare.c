/* compare.c - one group in two runs: each side's pivot, the ratio's interval and test (see compare.h). */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>

#include "compare.h"

#define MAX_TERMS AS_COMPARE_MAX_RATES
/* Bisection of log2(r) stops at this width: 2^1e-10 - 1 = 7e-11 relative. */
#define LOG2_PRECISION 1e-10
/* Beyond 2^+-1000 the ratio is 0 or +inf for any purpose. */
#define LOG2_LIMIT 1000.0

static const struct as_estimate_options default_options = {
	.confidence = 0.95,
	.boundary_compensation = true,
};

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
	double var_hi;  /* Var[bytes_hi], the search's first step */
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
	pv->var_hi = 0.0;
	for (size_t i = 0; i < pv->n; i++) {
		pv->mean_hi += pv->shape_hi[i] * pv->scale[i];
		pv->var_hi += pv->shape_hi[i] * pv->scale[i] * pv->scale[i];
	}
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

/* An end's search: the sides, the tail and the level it must cross, and
 * the bracket's ends with their values, which GSL's solver asks for again
 * when it starts (each is an integral or a saddlepoint: not free). */
struct end_search {
	const struct pivot *b, *a;
	double alpha;
	bool upper;
	double known_x[2], known_f[2];
};

/* The tail at r = 2^x minus alpha: increasing in x for the lower end,
 * decreasing for the upper end. */
static double end_function(double x, void *param)
{
	const struct end_search *e = param;

	for (int i = 0; i < 2; i++) {
		if (x == e->known_x[i])
			return e->known_f[i];
	}
	return end_tail(e->b, e->a, exp2(x), e->upper) - e->alpha;
}

/*
 * The first step of an end's search in log2 r: about the distance from the
 * ratio of the means to the end, z standard deviations of the log of the
 * ratio, each side's squared coefficient of variation its variance (the
 * delta method).  Only a start: a step too short doubles, one too long
 * costs Brent's method a few more iterations.  1 when a side has no mean.
 *
 *	step = z_alpha sqrt(Var[B]/E[B]^2 + Var[A]/E[A]^2) / ln 2
 */
static double first_step(const struct pivot *b, const struct pivot *a, double alpha)
{
	double cv2;

	if (!(b->mean_hi > 0 && a->mean_hi > 0))
		return 1.0;
	cv2 = b->var_hi / (b->mean_hi * b->mean_hi) + a->var_hi / (a->mean_hi * a->mean_hi);
	return fmin(1.0, fmax(1e-6, gsl_cdf_ugaussian_Qinv(alpha) * sqrt(cv2) / M_LN2));
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
	struct end_search e = { b, a, alpha, upper, { NAN, NAN }, { NAN, NAN } };
	double x0 = b->mean_hi > 0 && a->mean_hi > 0 ? log2(b->mean_hi / a->mean_hi) : 0.0;
	double lo = x0, hi = x0, step = first_step(b, a, alpha), f_lo, f_hi;
	gsl_function fn = { end_function, &e };
	gsl_root_fsolver *solver;
	int status;
	/* below(f): r lies below the end where the tail is at f. */
#define BELOW(f) (upper ? (f) > 0 : !((f) > 0))

	f_lo = f_hi = end_function(x0, &e);
	if (isnan(f_lo))
		return NAN;
	if (BELOW(f_lo)) {
		do {
			lo = hi;
			f_lo = f_hi;
			hi = lo + step;
			step *= 2.0;
			if (hi > LOG2_LIMIT)
				return INFINITY;
			f_hi = end_function(hi, &e);
		} while (BELOW(f_hi));
	} else {
		do {
			hi = lo;
			f_hi = f_lo;
			lo = hi - step;
			step *= 2.0;
			if (lo < -LOG2_LIMIT)
				return 0.0;
			f_lo = end_function(lo, &e);
		} while (!BELOW(f_lo));
	}
#undef BELOW
	solver = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
	e.known_x[0] = lo;
	e.known_f[0] = f_lo;
	e.known_x[1] = hi;
	e.known_f[1] = f_hi;
	status = solver ? gsl_root_fsolver_set(solver, &fn, lo, hi) : -1;
	e.known_x[0] = e.known_x[1] = NAN;
	if (status != 0) {
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


/*
 * One tail at a given ratio, without the search for the ends
 * (doc/estimation.md, "Lifetimes": a test of "NEW/BASELINE >= r" or "< r"
 * at one point).
 *
 *	upper false: D_L(r) = P(NEW_lo <= r BASE_hi),  upper true: 1 - D_U(r) = P(NEW_hi > r BASE_lo)
 */
double as_compare_tail(const struct as_compare_side *base, const struct as_compare_side *new_,
		       const struct as_estimate_options *options, double r, bool upper)
{
	gsl_error_handler_t *saved;
	struct pivot a, b;
	double tail;

	if (!options)
		options = &default_options;
	if (!side_valid(base) || !side_valid(new_) || !(r > 0) ||
	    pivot_build(&a, base, options) != 0 || pivot_build(&b, new_, options) != 0)
		return NAN;
	saved = gsl_set_error_handler_off();
	tail = end_tail(&b, &a, r, upper);
	gsl_set_error_handler(saved);
	return tail;
}

double as_compare_end(const struct as_compare_side *base, const struct as_compare_side *new_,
		      const struct as_estimate_options *options, bool upper)
{
	gsl_error_handler_t *saved;
	struct pivot a, b;
	double end;

	if (!options)
		options = &default_options;
	if (!side_valid(base) || !side_valid(new_) ||
	    !(options->confidence > 0 && options->confidence < 1) ||
	    pivot_build(&a, base, options) != 0 || pivot_build(&b, new_, options) != 0)
		return NAN;
	saved = gsl_set_error_handler_off();
	end = interval_end(&b, &a, (1.0 - options->confidence) / 2.0, upper);
	gsl_set_error_handler(saved);
	return end;
}
