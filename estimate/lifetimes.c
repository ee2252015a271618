/* lifetimes.c - the quantiles of a group's lifetimes, Kaplan-Meier and test inversion (see lifetimes.h). */
#include <math.h>

#include "compare.h"
#include "lifetimes.h"

/* How the samples still live at the end count in a test: as never freed
 * (for the upper end: the least in favour of "lived at most x") or as
 * freed at their age then (for the lower end: the most in favour). */
enum censoring { NEVER_FREED, FREED_AT_AGE };

/* What one test compares: the group's samples split at an edge. */
struct test {
	const struct as_lifetimes *rates;
	size_t n;
	uint64_t threads;
	const struct as_estimate_options *options;
	double ratio;            /* p / (1 - p) */
	double alpha;            /* (1 - C) / 2 */
	int first, last;         /* the first and last buckets with samples: below
				  * and beyond them every split is the same */
};

static void add_bucket(struct as_estimate_accum *acc, const struct as_lifetime_bucket *b)
{
	acc->samples += b->samples;
	acc->u += b->u;
	acc->weighted += b->weighted;
}

/* The samples, per rate, of the blocks that lived less than 2^k ns
 * (buckets 0 to k: `shorter`) and of the others (`longer`). */
static void split(const struct test *t, unsigned k, enum censoring how,
		  struct as_estimate_accum *shorter, struct as_estimate_accum *longer)
{
	for (size_t i = 0; i < t->n; i++) {
		shorter[i] = (struct as_estimate_accum) { .rate = t->rates[i].rate };
		longer[i] = (struct as_estimate_accum) { .rate = t->rates[i].rate };
		for (unsigned b = 0; b < AS_LIFETIME_BUCKETS; b++) {
			add_bucket(b <= k ? &shorter[i] : &longer[i], &t->rates[i].freed[b]);
			add_bucket(b <= k && how == FREED_AT_AGE ? &shorter[i] : &longer[i],
				   &t->rates[i].censored[b]);
		}
	}
}

/*
 * Whether the samples rule out, at level alpha, that the share of bytes
 * that lived less than 2^k ns is below p (`at_least`) or at least p (not
 * `at_least`): the two sides are disjoint subsets chosen by the program,
 * independent estimates, and F >= p exactly when shorter/longer >= p/(1-p)
 * (doc/estimation.md, "Lifetimes").  A NaN tail rules nothing out.
 *
 *	at_least: P(SHORTER_lo <= r LONGER_hi) <= alpha,   below: P(SHORTER_hi > r LONGER_lo) <= alpha
 */
static bool rules_out(const struct test *t, unsigned k, bool at_least)
{
	struct as_estimate_accum shorter[AS_COMPARE_MAX_RATES], longer[AS_COMPARE_MAX_RATES];
	struct as_compare_side base = { longer, t->n, t->threads }, new_ = { shorter, t->n, t->threads };

	split(t, k, at_least ? NEVER_FREED : FREED_AT_AGE, shorter, longer);
	/* The tail of "below" is P(SHORTER_hi > r LONGER_lo), where ruling out
	 * F >= p takes P(SHORTER_hi >= r LONGER_lo): the same for the gammas,
	 * but at rate 1 the pivots are constants, and F = p exactly must not
	 * be ruled out.  A ratio smaller by a relative 1e-9 makes the
	 * inequality wide and moves nothing else. */
	return as_compare_tail(&base, &new_, t->options, at_least ? t->ratio : t->ratio * (1 - 1e-9),
			       !at_least) <= t->alpha;
}

/* The upper end: the last nanosecond of the first bucket where F >= p is
 * established, found by bisection since establishing it at one edge
 * establishes it at every later one (never where no block is shorter);
 * +INFINITY when none. */
static double upper_end(const struct test *t)
{
	int lo = t->first - 1, hi = t->last;

	if (!rules_out(t, (unsigned) hi, true))
		return INFINITY;
	while (hi - lo > 1) {
		int mid = lo + (hi - lo) / 2;

		if (rules_out(t, (unsigned) mid, true))
			hi = mid;
		else
			lo = mid;
	}
	return ldexp(1.0, hi) - 1.0;
}

/* The lower end: the start of the bucket after the last edge where
 * F < p is established (the same bisection, in the other direction; never
 * where no block is longer); 0 when none. */
static double lower_end(const struct test *t)
{
	int lo = t->first > 0 ? t->first - 1 : 0, hi = t->last;

	if (lo >= hi || !rules_out(t, (unsigned) lo, false))
		return 0.0;
	while (hi - lo > 1) {
		int mid = lo + (hi - lo) / 2;

		if (rules_out(t, (unsigned) mid, false))
			lo = mid;
		else
			hi = mid;
	}
	return ldexp(1.0, lo);
}

/*
 * Kaplan-Meier over the buckets, the bytes weighted (size / pi): in each
 * bucket the bytes freed there leave the bytes at risk (those not freed
 * before it, censored ones included).  `survival[b]`: the share of the
 * bytes whose blocks lived at least 2^b ns (beyond bucket b).
 *
 *	S(b) = prod_{j <= b} (1 - d_j / n_j),   n_j = sum_{i >= j} (d_i + c_i)
 */
static void kaplan_meier_curve(const struct as_lifetimes *rates, size_t n,
			       double survival[AS_LIFETIME_BUCKETS])
{
	double freed[AS_LIFETIME_BUCKETS] = { 0 }, at_risk[AS_LIFETIME_BUCKETS + 1] = { 0 };
	double s = 1.0;

	for (size_t i = 0; i < n; i++) {
		for (unsigned b = 0; b < AS_LIFETIME_BUCKETS; b++) {
			freed[b] += rates[i].freed[b].weighted;
			at_risk[b] += rates[i].freed[b].weighted + rates[i].censored[b].weighted;
		}
	}
	/* Summed from the last bucket down, not subtracted from the total:
	 * where the last bytes at risk are freed, d_j / n_j is 1 exactly and
	 * S is 0, not a rounding error above it. */
	for (int b = AS_LIFETIME_BUCKETS - 1; b >= 0; b--)
		at_risk[b] += at_risk[b + 1];
	for (unsigned b = 0; b < AS_LIFETIME_BUCKETS; b++) {
		if (at_risk[b] > 0)
			s *= 1.0 - fmin(1.0, freed[b] / at_risk[b]);
		survival[b] = s;
	}
}

/* The Kaplan-Meier estimate of the quantile, F = 1 - S: linear within the
 * bucket where F reaches p; +INFINITY when it never does. */
static double kaplan_meier(const struct as_lifetimes *rates, size_t n, double p)
{
	double survival[AS_LIFETIME_BUCKETS], previous = 0.0;

	kaplan_meier_curve(rates, n, survival);
	for (unsigned b = 0; b < AS_LIFETIME_BUCKETS; b++) {
		double f = 1.0 - survival[b], start;

		if (f >= p) {
			if (b == 0)
				return 0.0;
			start = ldexp(1.0, (int) b - 1);
			return start + (p - previous) / (f - previous) * start;
		}
		previous = f;
	}
	return INFINITY;
}

/* Checks the arguments the quantiles and the survival curve share and
 * fills `t` (but its ratio) with them: -1 when invalid or when no sample
 * is in `rates`. */
static int prepare(const struct as_lifetimes *rates, size_t n, uint64_t threads,
		   const struct as_estimate_options *options, struct test *t)
{
	static const struct as_estimate_options defaults = { 0.95, true };
	uint64_t samples = 0;

	*t = (struct test) { rates, n, threads, options ? options : &defaults, 0.0, 0.0,
			     AS_LIFETIME_BUCKETS, -1 };
	if (!rates || n == 0 || n > AS_COMPARE_MAX_RATES || threads == 0 ||
	    !(t->options->confidence > 0 && t->options->confidence < 1))
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (rates[i].rate == 0)
			return -1;
		for (int b = 0; b < AS_LIFETIME_BUCKETS; b++) {
			uint64_t here = rates[i].freed[b].samples + rates[i].censored[b].samples;

			samples += here;
			t->first = here && b < t->first ? b : t->first;
			t->last = here && b > t->last ? b : t->last;
		}
	}
	t->alpha = (1.0 - t->options->confidence) / 2.0;
	return samples ? 0 : -1;
}

int as_lifetime_quantile(const struct as_lifetimes *rates, size_t n, uint64_t threads,
			 const struct as_estimate_options *options, double p,
			 struct as_lifetime_quantile *out)
{
	struct as_lifetime_quantile q;
	struct test t;

	if (!out || !(p > 0 && p < 1) || prepare(rates, n, threads, options, &t))
		return -1;
	t.ratio = p / (1.0 - p);
	q.lower = lower_end(&t);
	q.upper = upper_end(&t);
	/* The point estimate lies in its interval but in rare data where the
	 * tests' pivots and Kaplan-Meier's weights disagree: clamped. */
	q.estimate = fmin(fmax(kaplan_meier(rates, n, p), q.lower), q.upper);
	*out = q;
	return 0;
}

/*
 * An end of the survival at the edge 2^k ns: from an end of the interval
 * of the ratio B(< 2^k) / B(>= 2^k) (as_compare_end, the same pivots as
 * the quantiles' tests), the censored samples never freed for the upper
 * end of S (the ratio's lower end), freed at their age for its lower end
 * (doc/estimation.md, "Lifetimes").  A search that fails bounds nothing.
 *
 *	S = B(>= x) / (B(< x) + B(>= x)) = 1 / (1 + r)
 */
static double survival_end(const struct test *t, unsigned k, bool upper)
{
	struct as_estimate_accum shorter[AS_COMPARE_MAX_RATES], longer[AS_COMPARE_MAX_RATES];
	struct as_compare_side base = { longer, t->n, t->threads }, new_ = { shorter, t->n, t->threads };
	double r;

	split(t, k, upper ? NEVER_FREED : FREED_AT_AGE, shorter, longer);
	r = as_compare_end(&base, &new_, t->options, !upper);
	if (isnan(r))
		return upper ? 1.0 : 0.0;
	return 1.0 / (1.0 + r);
}

static void survival_point(const struct test *t, unsigned k, const double *kaplan_meier,
			   struct as_survival_point *out)
{
	out->t_ns = ldexp(1.0, (int) k);
	out->lower = survival_end(t, k, false);
	out->upper = survival_end(t, k, true);
	/* Clamped, as the quantiles' estimates are. */
	out->surviving = fmin(fmax(kaplan_meier[k], out->lower), out->upper);
}

int as_lifetime_survival_at(const struct as_lifetimes *rates, size_t n, uint64_t threads,
			    const struct as_estimate_options *options, unsigned k,
			    struct as_survival_point *out)
{
	double km[AS_LIFETIME_BUCKETS];
	struct test t;

	if (!out || k >= AS_LIFETIME_BUCKETS - 1 || prepare(rates, n, threads, options, &t))
		return -1;
	kaplan_meier_curve(rates, n, km);
	survival_point(&t, k, km, out);
	return 0;
}

/* Whether bucket k holds a sample: if not, the split at 2^k is that at
 * 2^(k-1), and so is every figure of the curve there. */
static bool holds_samples(const struct test *t, unsigned k)
{
	for (size_t i = 0; i < t->n; i++) {
		if (t->rates[i].freed[k].samples + t->rates[i].censored[k].samples)
			return true;
	}
	return false;
}

int as_lifetime_survival(const struct as_lifetimes *rates, size_t n, uint64_t threads,
			 const struct as_estimate_options *options,
			 struct as_survival_point out[AS_LIFETIME_BUCKETS], size_t *count)
{
	double km[AS_LIFETIME_BUCKETS];
	size_t m = 0;
	struct test t;

	if (!out || !count || prepare(rates, n, threads, options, &t))
		return -1;
	kaplan_meier_curve(rates, n, km);
	for (int k = t.first > 0 ? t.first - 1 : 0; k <= t.last && k < AS_LIFETIME_BUCKETS - 1; k++) {
		if (k < t.first || holds_samples(&t, (unsigned) k))
			survival_point(&t, (unsigned) k, km, &out[m++]);
	}
	*count = m;
	return 0;
}
