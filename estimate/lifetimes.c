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

/*
 * The first edge k in [lo, hi] where the test "F >= p established"
 * (`at_least`) or "F < p no longer established" (not `at_least`) holds,
 * hi + 1 when none: both are false, then true, as k grows (monotonicity).
 * From a guess, the bucket where Kaplan-Meier's F reaches p, steps of 1,
 * 2, 4, ... towards the change, then a bisection: a few tests near the
 * estimate, none at the far edges where a tail is 1e-150 and still costs
 * a full integration.
 */
static int first_holding(const struct test *t, bool at_least, int lo, int hi, int guess)
{
	int first = lo, last = hi + 1, step;
#define HOLDS(k) (rules_out(t, (unsigned) (k), at_least) == at_least)

	guess = guess < lo ? lo : guess > hi ? hi : guess;
	if (HOLDS(guess)) {
		last = guess;
		for (step = 1; last - step >= first; step *= 2) {
			if (!HOLDS(last - step)) {
				first = last - step + 1;
				break;
			}
			last -= step;
		}
	} else {
		first = guess + 1;
		for (step = 1; first <= hi; step *= 2) {
			int k = first - 1 + step <= hi ? first - 1 + step : hi;

			if (HOLDS(k)) {
				last = k;
				break;
			}
			first = k + 1;
		}
	}
	while (first < last) {
		int mid = first + (last - first) / 2;

		if (HOLDS(mid))
			last = mid;
		else
			first = mid + 1;
	}
#undef HOLDS
	return last;
}

/* The upper end: the last nanosecond of the first bucket where F >= p is
 * established (establishing it at one edge establishes it at every later
 * one; never where no block is shorter); +INFINITY when none. */
static double upper_end(const struct test *t, int guess)
{
	int k = first_holding(t, true, t->first, t->last, guess);

	return k > t->last ? INFINITY : ldexp(1.0, k) - 1.0;
}

/* The lower end: the start of the bucket after the last edge where F < p
 * is established (never where no block is longer); 0 when none. */
static double lower_end(const struct test *t, int guess)
{
	int lo = t->first > 0 ? t->first - 1 : 0, k;

	if (lo >= t->last)
		return 0.0;
	k = first_holding(t, false, lo, t->last - 1, guess);
	return k == lo ? 0.0 : ldexp(1.0, k - 1);
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

/* The first bucket where Kaplan-Meier's F = 1 - S reaches p, and the
 * estimate of the quantile, linear within it; AS_LIFETIME_BUCKETS and
 * +INFINITY when F never does. */
static int kaplan_meier(const struct as_lifetimes *rates, size_t n, double p, double *quantile)
{
	double survival[AS_LIFETIME_BUCKETS], previous = 0.0;

	kaplan_meier_curve(rates, n, survival);
	for (int b = 0; b < AS_LIFETIME_BUCKETS; b++) {
		double f = 1.0 - survival[b], start;

		if (f >= p) {
			if (b == 0) {
				*quantile = 0.0;
				return b;
			}
			start = ldexp(1.0, b - 1);
			*quantile = start + (p - previous) / (f - previous) * start;
			return b;
		}
		previous = f;
	}
	*quantile = INFINITY;
	return AS_LIFETIME_BUCKETS;
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
	int guess;

	if (!out || !(p > 0 && p < 1) || prepare(rates, n, threads, options, &t))
		return -1;
	t.ratio = p / (1.0 - p);
	guess = kaplan_meier(rates, n, p, &q.estimate);
	q.lower = lower_end(&t, guess);
	q.upper = upper_end(&t, guess);
	/* The point estimate lies in its interval but in rare data where the
	 * tests' pivots and Kaplan-Meier's weights disagree: clamped. */
	q.estimate = fmin(fmax(q.estimate, q.lower), q.upper);
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
