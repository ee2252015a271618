/*
 * estimate.h - bytes allocated, estimated from AllocationSampled samples.
 *
 * The one home of the estimator maths (doc/design.md section 3; the derivations
 * for a user are in doc/estimation.md).  Used by the babeltrace2 report
 * component and by the tests alike.  Analysis side: links GSL, GPL-3.0+.
 *
 * Vocabulary: a group (a thread, a type, a site, thread x type, ...) holds
 * samples, each with the object's requested `size`, the 0-based `offset` of
 * the successful trial and the `rate` R = 1/p of the thread that took it.
 * q = 1 - p.
 */
#ifndef ALLOCSAMPLE_ESTIMATE_H
#define ALLOCSAMPLE_ESTIMATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The samples of one group taken at one rate.  Zero-initialise, set `rate`,
 * then as_estimate_add() each sample.  Constant memory per group. */
struct as_estimate_accum {
	uint64_t rate;           /* R >= 1 */
	uint64_t samples;        /* s */
	long double u;           /* sum of (size - offset): exact below 2^64 */
	long double weighted;    /* sum of size / (1 - q^size) */
	/* The objects (estimate/objects.c): each sample weighs w = 1 / (1 - q^size). */
	long double objects;     /* sum of w */
	long double objects_var; /* sum of w (w - 1) = (1 - pi) / pi^2, pi = 1 - q^size */
	double log_q;            /* log(1 - 1/rate), set by the first
				  * as_estimate_probability() (0 before) */
};

/* What a group's numbers are. */
struct as_estimate {
	double weighted;         /* point estimate: weighted samples (lower MSE) */
	double negbin;           /* negative-binomial estimate s*q/p + u */
	double lower;            /* interval at the requested confidence, bytes */
	double upper;
	uint64_t samples;        /* S, over all rates */
	bool mixed_rates;        /* the group's samples carry several rates */
};

/* Options of a computation. */
struct as_estimate_options {
	double confidence;          /* C, 0 < C < 1 (default 0.95) */
	bool boundary_compensation; /* default true */
};

/*
 * Adds one sample (offset < size, size >= 1) to `accum`.  Returns false and
 * leaves `accum` unchanged when the sample is impossible for the model
 * (offset >= size, size == 0, rate == 0): the caller reports it.
 */
bool as_estimate_add(struct as_estimate_accum *accum, uint64_t size, uint64_t offset);

/*
 * Removes one sample that as_estimate_add() added to `accum` with the same
 * size and offset: the group's subset without it (a block freed, for the
 * live bytes).  `samples` and `u` come back exactly; the floating sums come
 * back to within rounding, and all are reset to 0 when no sample is left.
 * Returns false and leaves `accum` unchanged when it holds no sample or the
 * sample is impossible (as_estimate_add() would have refused it).
 */
bool as_estimate_remove(struct as_estimate_accum *accum, uint64_t size, uint64_t offset);

/*
 * The probability that an object of `size` bytes is sampled at `accum`'s
 * rate, 1 - q^size: what as_estimate_add() weighs a sample by, with
 * log(q) computed once per accumulator.  0 for size 0 or rate 0.  A
 * sample added to several accumulators of its rate (its group's, its
 * time window's, the live bytes') computes it once, for
 * as_estimate_add_sampled() and as_estimate_remove_sampled().
 */
double as_estimate_probability(struct as_estimate_accum *accum, uint64_t size);

/* What one sample adds to the sums of an accumulator of its rate, from
 * its size, offset and probability pi: computed once by
 * as_estimate_weigh() for a sample that goes into several accumulators
 * (a group's, its window's, its process's curve), since the conversions
 * and divisions, not the additions, are what a sample costs. */
struct as_estimate_weight {
	long double u;           /* size - offset */
	long double weighted;    /* size / pi */
	double w;                /* 1 / pi */
	double w_var;            /* w (w - 1) */
};

void as_estimate_weigh(uint64_t size, uint64_t offset, double pi, struct as_estimate_weight *out);

/* Adds (removes) a sample weighed by as_estimate_weigh(), which the caller
 * checked as as_estimate_add() checks it: the sums of
 * as_estimate_add_sampled() to the last bit.  Removing from an
 * accumulator without samples returns false; removing its last sample
 * resets its sums to 0. */
void as_estimate_add_weight(struct as_estimate_accum *accum, const struct as_estimate_weight *weight);
bool as_estimate_remove_weight(struct as_estimate_accum *accum,
			       const struct as_estimate_weight *weight);

/* as_estimate_add() and as_estimate_remove() of a sample whose
 * probability `pi` as_estimate_probability() gave at the same rate: the
 * same sums, to the last bit, and the same refusals. */
bool as_estimate_add_sampled(struct as_estimate_accum *accum, uint64_t size, uint64_t offset,
			     double pi);
bool as_estimate_remove_sampled(struct as_estimate_accum *accum, uint64_t size, uint64_t offset,
				double pi);

/*
 * Adds `from` into `into` (same rate): the samples of two groups together.
 * Returns false, leaving `into` unchanged, if the rates differ.
 */
bool as_estimate_merge(struct as_estimate_accum *into, const struct as_estimate_accum *from);

/*
 * Estimates the bytes of a group from its per-rate accumulators (n >= 1;
 * usually one; accumulators with samples == 0 are allowed).  `threads` is T,
 * the number of threads whose independent trial streams contributed samples
 * (>= 1; use 1 for a single thread): with boundary compensation the
 * interval uses S - T samples for its lower end and S + T for its upper end.
 * Mixed rates: each rate's subset is estimated and the results are added,
 * intervals end to end (conservative); `mixed_rates` says so.  Accumulators
 * of one rate are merged into one subset.  A rate whose accumulators hold
 * no sample adds 0 to the estimates and its "below" end to the upper end:
 * F^-1((1+C)/2; 1) at that rate (with boundary compensation:
 * F^-1((1+C)/2; threads)).  So give a group an accumulator at every rate
 * its population allocated at (a type's: its process's rates), with
 * samples or not: bytes at a rate the group has no sample at are bytes
 * too.  `options` may be NULL: confidence 0.95, compensation.
 * Returns 0, or -1 for invalid options (confidence outside (0, 1), n == 0,
 * threads == 0, an accumulator with rate 0, accums or out NULL), leaving
 * *out unchanged.
 */
int as_estimate_compute(const struct as_estimate_accum *accums, size_t n, uint64_t threads,
			const struct as_estimate_options *options, struct as_estimate *out);

/*
 * Whether an estimate is too imprecise to read without its interval: the
 * interval is wider than the point estimate itself (at 95%, below about 20
 * samples of objects small against the rate).  Judged on the interval, not
 * on the sample count, because objects much larger than the rate are
 * sampled almost surely: a few samples of 1 GiB objects pin their bytes to
 * a fraction of a percent.  Every format of the report and of
 * allocsample-compare marks a group by this rule (doc/estimation.md, "When
 * to distrust the numbers"): upper - lower > estimate.
 */
bool as_estimate_imprecise(const struct as_estimate *est);

/* How many objects a group's samples stand for (Horvitz-Thompson), and at
 * least how many at the confidence asked.  No sample bounds how many more
 * there may be, so there is no upper end but at rate 1. */
struct as_estimate_objects {
	double estimate;         /* sum of w: unbiased */
	double lower;            /* >= the samples: each sampled object existed */
	double upper;            /* +INFINITY; at rate 1, where every object is
				  * sampled, the exact count (= estimate) */
};

/*
 * Estimates the number of objects behind the samples of `accums` (n >= 1,
 * any rates: every sample carries its own weight) at confidence
 * `confidence` (0 < C < 1): the sum of the weights, and the lower end of a
 * gamma interval matched to the Horvitz-Thompson variance, which misses
 * the truth at most (1 - C)/2 of the time (doc/estimation.md, "Objects").
 * The upper end is +INFINITY unless every accumulator is at rate 1.  No
 * samples: 0, lower 0.  Returns 0, or -1 for invalid arguments (accums or
 * out NULL, n == 0, confidence outside (0, 1)), leaving *out unchanged.
 */
int as_estimate_objects_compute(const struct as_estimate_accum *accums, size_t n,
				double confidence, struct as_estimate_objects *out);

/*
 * Size classes (doc/estimation.md, "Sizes"): class k holds the requested
 * sizes from 2^k to 2^(k+1) - 1, k from 0 to 63.  A class is a subset of a
 * process's objects that the program chose, like a type: its bytes and
 * objects are estimated as any group's.
 */
#define AS_SIZE_CLASSES 64

/* The class of `size` (>= 1): the index of its highest bit set. */
static inline unsigned as_size_class(uint64_t size)
{
	return 63u - (unsigned) __builtin_clzll(size);
}

/* The smallest and largest sizes of class k (< AS_SIZE_CLASSES). */
static inline uint64_t as_size_class_min(unsigned k)
{
	return UINT64_C(1) << k;
}

static inline uint64_t as_size_class_max(unsigned k)
{
	return k == 63 ? UINT64_MAX : (UINT64_C(2) << k) - 1;
}

/*
 * The objects of size class `k` with an upper end: every object of the
 * class holds at least 2^k bytes, so there are at most bytes / 2^k of
 * them, and the class's bytes interval `bytes` (as_estimate_compute() of
 * the class's samples) bounds them wherever it holds the bytes:
 * floor(bytes->upper / 2^k), never below `objects->lower` (the truth is
 * at least that wherever the count's lower end holds), nor above
 * `objects->upper` (the exact count at rate 1).  `objects` is
 * as_estimate_objects_compute() of the same samples; its estimate and
 * lower end are kept.  Returns 0, or -1 (leaving *out unchanged) for k out
 * of range or a NULL argument.
 */
int as_estimate_size_class_objects(unsigned k, const struct as_estimate *bytes,
				   const struct as_estimate_objects *objects,
				   struct as_estimate_objects *out);

/*
 * The building blocks, exposed for tests and the reference table.
 *
 * as_estimate_negbin_quantile: the smallest number of failures k with
 * F(k; s, p) >= target, F the CDF of the failures before the s-th success
 * (GSL gsl_cdf_negative_binomial_P(k, p, s)).  s >= 1, 0 < target < 1.
 * Returns 0 for s == 0 or p >= 1 (no failure can happen), NaN for a target
 * outside (0, 1) or p <= 0.  Beyond UINT_MAX failures it evaluates the same
 * CDF as gsl_cdf_beta_P(p, s, k + 1); see negbin.c for p < 2^-20 and for
 * where GSL gives no answer.
 */
double as_estimate_negbin_quantile(double target, uint64_t s, double p);

/* Probability that an object of `size` bytes is sampled: 1 - q^size,
 * computed as -expm1(size * log1p(-p)). */
double as_estimate_sampled_probability(uint64_t size, double p);

#endif
