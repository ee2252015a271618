/*
 * stats.h - the statistical assertions of the unit tests, and the sampling
 * model they simulate: one thread's stream of Bernoulli trials.
 */
#ifndef ALLOCSAMPLE_TEST_STATS_H
#define ALLOCSAMPLE_TEST_STATS_H

#include <check.h>
#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "estimate/estimate.h"
#include "sampler/rng.h"
#include "sampler/sampler.h"

/*
 * Every statistical check fails a correct sampler with probability at most
 * this, and the seeds are fixed, so a correct sampler fails no run at all:
 * the bound says how unlucky the fixed seeds would have to be.
 */
#define STATS_ALPHA 1e-6
/* Two-sided normal quantile for mean tests: P(|Z| > 5) = 5.7e-7 < STATS_ALPHA. */
#define STATS_Z 5.0
/* Equal-probability bins of the chi-square test of offsets. */
#define STATS_BINS 64

/*
 * ck_assert() inside a loop of a million: Check's assertions report every
 * passing check to the runner through a pipe (a system call each), which
 * would cost more than the sampler; this one reports only failures.
 */
#define STATS_REQUIRE(expr) \
	do { \
		if (!(expr)) \
			ck_abort_msg("Assertion '%s' failed", #expr); \
	} while (0)

/* Whether the environment variable `name` is set, and not to 0. */
static inline bool stats_env_on(const char *name)
{
	const char *value = getenv(name);

	return value && *value && strcmp(value, "0") != 0;
}

/*
 * Memory mode, ALLOCSAMPLE_TEST_MEMORY=1 (the sanitizer build sets it:
 * tests/local.mk): the statistical tests run a twentieth of their runs
 * (stats_runs), the same code paths for AddressSanitizer and UBSan to look
 * for memory errors in.  The simulations print their figures as usual but
 * judge nothing by them (STATS_VERDICT): their stated false-failure rates
 * and power are those of the normal build's runs, which the normal build
 * judges already.  The sampler's own tests (stats_assert_binomial,
 * stats_offsets_check) still judge theirs: an exact binomial test keeps
 * its alpha at any number of trials, and the offsets' tests assert the
 * counts they need.
 */
static inline bool stats_judged(void)
{
	return !stats_env_on("ALLOCSAMPLE_TEST_MEMORY");
}

/* The fewest runs of a test in memory mode, whatever it asks for. */
#define STATS_MEMORY_RUNS_MIN 10

/*
 * The runs (trials, objects, streams, pairs...) a statistical test makes
 * that asks for `n`: `n`; ten times as many with
 * ALLOCSAMPLE_TEST_THOROUGH=1, the same checks at the same alpha detecting
 * biases about three times smaller; a twentieth in memory mode.
 */
static inline uint64_t stats_runs(uint64_t n)
{
	if (!stats_judged())
		return n / 20 > STATS_MEMORY_RUNS_MIN ? n / 20 : STATS_MEMORY_RUNS_MIN;
	return stats_env_on("ALLOCSAMPLE_TEST_THOROUGH") ? 10 * n : n;
}

/*
 * A statistical verdict: fails the test, saying the message that follows,
 * when `expr` is false, but only where its runs are judged
 * (stats_judged()).  `expr` is computed in memory mode too: how a verdict
 * is reached is code the sanitizers watch.  Every assertion whose outcome
 * depends on the draws goes through it; the exact ones, true whatever the
 * draws, stay assertions in every mode.
 */
#define STATS_VERDICT(expr, ...) \
	do { \
		bool stats_verdict_ = (expr); \
		if (stats_judged()) \
			ck_assert_msg(stats_verdict_, __VA_ARGS__); \
	} while (0)

/* One thread's stream of Bernoulli trials at one rate, simulated: every
 * byte allocated is a trial that succeeds with probability 1/rate
 * (doc/design.md section 1), and `failures` counts the failed trials to
 * come before the next success, geometric and memoryless. */
struct stats_stream {
	struct as_rng rng;
	double log_q;           /* log(1 - 1/rate) */
	uint64_t failures;
	uint64_t pos;           /* bytes allocated since the thread started */
};

/* The failures before the next success, by inverse transform of the
 * geometric distribution with a 53-bit uniform, as the sampler draws them
 * (src/sampler/sampler.c). */
static inline uint64_t stats_draw_failures(struct stats_stream *st)
{
	return (uint64_t) floor(log1p(-as_rng_uniform(&st->rng)) / st->log_q);
}

/* The stream starts afresh, as a new thread's: nothing allocated yet, and
 * its first count drawn.  Runs that stand for new threads call it again. */
static inline void stats_stream_start(struct stats_stream *st)
{
	st->failures = stats_draw_failures(st);
	st->pos = 0;
}

/* A stream at `rate` from `seed`, started. */
static inline void stats_stream_seed(struct stats_stream *st, uint64_t rate, uint64_t seed)
{
	as_rng_seed(&st->rng, seed);
	st->log_q = log1p(-1.0 / (double) rate);
	stats_stream_start(st);
}

/*
 * One object of `size` bytes, `size` trials, exactly as the malloc wrapper
 * makes it: sampled when a trial succeeds within it, at *offset = the
 * failures that came first (< size), and the next object starts with a
 * fresh draw; otherwise it takes `size` failures and *offset is unchanged.
 */
static inline bool stats_stream_allocate(struct stats_stream *st, uint64_t size, uint64_t *offset)
{
	st->pos += size;
	if (st->failures >= size) {
		st->failures -= size;
		return false;
	}
	*offset = st->failures;
	st->failures = stats_draw_failures(st);
	return true;
}

/* Objects of `size` bytes allocated one after another, at most `most` of
 * them, as long as none is sampled: returns how many.  The same as as many
 * stats_stream_allocate() calls, at once. */
static inline uint64_t stats_stream_skip(struct stats_stream *st, uint64_t size, uint64_t most)
{
	uint64_t count = st->failures / size;

	if (count > most)
		count = most;
	st->failures -= count * size;
	st->pos += count * size;
	return count;
}

/* Object sizes of an allocation stream. */
enum stats_mix {
	STATS_MIX_1_BYTE,    /* every object 1 byte: the per-byte worst case */
	STATS_MIX_64_BYTES,  /* every object 64 bytes */
	STATS_MIX_16B_1MIB,  /* log-uniform in [16 B, 1 MiB): most bytes in
			      * objects that are almost surely sampled */
	STATS_MIXES
};

static inline uint64_t stats_mix_size(enum stats_mix mix, struct as_rng *rng)
{
	switch (mix) {
	case STATS_MIX_1_BYTE:
		return 1;
	case STATS_MIX_64_BYTES:
		return 64;
	default:
		return (uint64_t) (16.0 * exp2(16.0 * as_rng_uniform(rng)));
	}
}

/* Objects that come next in a stream: `count` unsampled objects of `size`
 * bytes from byte `pos` on, or one object sampled at `offset`. */
struct stats_run {
	uint64_t pos;
	uint64_t size;
	uint64_t count;
	bool sampled;
	uint64_t offset;
};

/* The next run of a stream of `mix`, its sizes drawn from `sizes`: objects
 * of a mix of one size that the failures to come pass over make one run,
 * the log-uniform mix's objects a run each. */
static inline void stats_stream_next_run(struct stats_stream *st, enum stats_mix mix,
					 struct as_rng *sizes, struct stats_run *run)
{
	uint64_t n = stats_mix_size(mix, sizes);

	run->pos = st->pos;
	run->size = n;
	run->count = stats_stream_skip(st, n, mix == STATS_MIX_16B_1MIB ? 1 : UINT64_MAX);
	run->sampled = run->count == 0;
	if (run->sampled) {
		run->count = 1;
		stats_stream_allocate(st, n, &run->offset);
	}
}

/*
 * The objects allocated in bytes [start, end) of a stream of `mix`, counted
 * from its start (stats_stream_start), which runs before and after them (an
 * allocation is an instant: a window of time holds whole objects).  Their
 * samples go to `accum`; returns their bytes.
 */
static inline uint64_t stats_stream_window(struct stats_stream *st, enum stats_mix mix,
					   struct as_rng *sizes, uint64_t start, uint64_t end,
					   struct as_estimate_accum *accum)
{
	uint64_t truth = 0;
	struct stats_run run;

	for (;;) {
		stats_stream_next_run(st, mix, sizes, &run);
		if (run.pos >= end)
			return truth;
		if (run.sampled) {
			if (run.pos < start)
				continue;
			if (!as_estimate_add(accum, run.size, run.offset))
				ck_abort_msg("sample refused: size %llu, offset %llu",
					     (unsigned long long) run.size,
					     (unsigned long long) run.offset);
			truth += run.size;
		} else {
			/* Objects j of the run with start <= pos + j size < end. */
			uint64_t first = start > run.pos ? (start - run.pos - 1) / run.size + 1 : 0;
			uint64_t last = (end - run.pos - 1) / run.size + 1;

			if (last > run.count)
				last = run.count;
			if (last > first)
				truth += (last - first) * run.size;
		}
	}
}

/*
 * The most of `n` runs that an interval end promising to miss in at most
 * `miss` of them may miss and still keep its promise: the smallest k with
 * P(X > k) <= `quantile`, X ~ Binomial(n, miss).  A simulation fails an end
 * past it, which a correct estimator does with probability `quantile`.
 */
static inline unsigned stats_misses_allowed(unsigned n, double miss, double quantile)
{
	unsigned k = (unsigned) (miss * n);

	while (k < n && gsl_cdf_binomial_Q(k, miss, n) > quantile)
		k++;
	return k;
}

/* One allocation of `size` bytes, exactly as the malloc wrapper makes it. */
static inline bool stats_allocate(struct as_sampler *s, size_t size, uint64_t *offset)
{
	return !as_sampler_fast(s, size) && as_sampler_slow(s, size, offset);
}

/* P(an object of `size` bytes is sampled) = 1 - q^size, q = 1 - 1/rate. */
static inline double stats_sampled_probability(uint64_t rate, uint64_t size)
{
	return -expm1((double) size * log1p(-1.0 / (double) rate));
}

/*
 * log P(X = k) for X ~ Binomial(n, prob), 0 < prob < 1.  lgamma of 2^32 is
 * about 9e10, so the result is good to about 1e-5 relative: ample for tails.
 */
static inline double stats_binomial_log_pmf(uint64_t k, uint64_t n, double prob)
{
	return lgamma((double) n + 1) - lgamma((double) k + 1) - lgamma((double) (n - k) + 1) +
	       (double) k * log(prob) + (double) (n - k) * log1p(-prob);
}

/*
 * P(X <= k) when `upward` is false, P(X >= k) when it is true, for X ~
 * Binomial(n, prob), summed from k outwards until the terms no longer count
 * (GSL's gsl_cdf_binomial_* lose convergence for n in the millions).
 */
static inline double stats_binomial_tail(uint64_t k, uint64_t n, double prob, bool upward)
{
	double term = exp(stats_binomial_log_pmf(k, n, prob)), sum = 0;
	double odds = prob / (1 - prob);

	for (uint64_t j = k;;) {
		sum += term;
		if (term <= sum * 1e-17 || (upward ? j == n : j == 0))
			return sum;
		/* P(j + 1) / P(j) = (n - j) / (j + 1) * p / q, and its inverse. */
		term *= upward ? (double) (n - j) / (double) (j + 1) * odds :
				 (double) j / (double) (n - j + 1) / odds;
		j = upward ? j + 1 : j - 1;
	}
}

/*
 * Exact two-sided binomial test: fails when `count` successes out of
 * `trials` lie in a tail of Binomial(trials, prob) of probability below
 * STATS_ALPHA / 2, so a correct sampler fails it with probability at most
 * STATS_ALPHA.  Only the tail on the side of the mean where `count` lies
 * can be that small.
 */
static inline void stats_assert_binomial(const char *what, uint64_t count, uint64_t trials,
					 double prob)
{
	double expected = prob * (double) trials;
	bool upward = (double) count > expected;
	double tail;

	if (prob <= 0 || prob >= 1) {
		ck_assert_msg(count == (prob >= 1 ? trials : 0), "%s: %llu of %llu with probability %g",
			      what, (unsigned long long) count, (unsigned long long) trials, prob);
		return;
	}
	tail = stats_binomial_tail(count, trials, prob, upward);
	ck_assert_msg(tail > STATS_ALPHA / 2,
		      "%s: %llu of %llu, expected %.2f (P(X %s k) = %.3g)",
		      what, (unsigned long long) count, (unsigned long long) trials,
		      expected, upward ? ">=" : "<=", tail);
}

/*
 * The offsets of sampled objects of one size against the geometric
 * distribution truncated at that size, P(k) = p q^k / (1 - q^size) for
 * 0 <= k < size: a chi-square test over bins of (nearly) equal probability
 * and a test of the mean.
 */
struct stats_offsets {
	uint64_t size;
	double log_q;
	unsigned bins;
	uint64_t last[STATS_BINS];  /* largest offset of each bin */
	double prob[STATS_BINS];    /* exact probability of each bin */
	uint64_t count[STATS_BINS];
	uint64_t samples;
	long double sum;
	uint64_t out_of_range;      /* offsets >= size: never allowed */
	uint64_t bad_offset;        /* the first of them */
};

static inline void stats_offsets_init(struct stats_offsets *o, uint64_t rate, uint64_t size)
{
	double mass;

	*o = (struct stats_offsets) { .size = size, .log_q = log1p(-1.0 / (double) rate) };
	mass = -expm1((double) size * o->log_q); /* 1 - q^size */
	for (unsigned j = 1; j <= STATS_BINS; j++) {
		/* Smallest k with P(X <= k) >= j / STATS_BINS; bins that would be
		 * empty (small sizes) merge into their neighbour. */
		double k = ceil(log1p(-mass * j / STATS_BINS) / o->log_q) - 1;
		uint64_t last = j == STATS_BINS || k >= (double) size ? size - 1 :
				k < 0 ? 0 : (uint64_t) k;

		if (o->bins > 0 && last <= o->last[o->bins - 1])
			continue;
		o->last[o->bins++] = last;
	}
	for (unsigned b = 0; b < o->bins; b++) {
		uint64_t first = b == 0 ? 0 : o->last[b - 1] + 1;

		/* (q^first - q^(last+1)) / (1 - q^size), without cancellation. */
		o->prob[b] = exp((double) first * o->log_q) *
			     -expm1((double) (o->last[b] + 1 - first) * o->log_q) / mass;
	}
}

static inline void stats_offsets_add(struct stats_offsets *o, uint64_t offset)
{
	unsigned lo = 0, hi;

	if (offset >= o->size) {
		if (o->out_of_range++ == 0)
			o->bad_offset = offset;
		return;
	}
	hi = o->bins - 1;
	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;

		if (offset <= o->last[mid])
			hi = mid;
		else
			lo = mid + 1;
	}
	o->count[lo]++;
	o->samples++;
	o->sum += offset;
}

static inline void stats_offsets_check(const char *what, const struct stats_offsets *o)
{
	long double mean = 0, second = 0, weight = 0, q_k = 1;
	long double q = expl((long double) o->log_q);
	double chi2 = 0, variance, error;

	ck_assert_msg(o->out_of_range == 0, "%s: %llu offsets >= size %llu, the first %llu",
		      what, (unsigned long long) o->out_of_range,
		      (unsigned long long) o->size, (unsigned long long) o->bad_offset);
	ck_assert_msg(o->samples > 0, "%s: no samples", what);

	/* Moments by direct summation: exact enough, and obviously right. */
	for (uint64_t k = 0; k < o->size; k++, q_k *= q) {
		weight += q_k;
		mean += q_k * k;
		second += q_k * k * k;
	}
	mean /= weight;
	variance = (double) (second / weight - mean * mean);
	error = (double) (o->sum / o->samples - mean);
	/* Mean test, two-sided z = 5 (false failure 5.7e-7); a distribution
	 * with no spread (size 1) must give its one value exactly. */
	ck_assert_msg(fabs(error) <= STATS_Z * sqrt(fmax(variance, 0) / (double) o->samples),
		      "%s: mean offset %.4Lf, expected %.4Lf +- %.4f (%llu samples)",
		      what, o->sum / o->samples, mean,
		      STATS_Z * sqrt(fmax(variance, 0) / (double) o->samples),
		      (unsigned long long) o->samples);

	if (o->bins < 2)
		return;
	for (unsigned b = 0; b < o->bins; b++) {
		double expected = o->prob[b] * (double) o->samples;

		ck_assert_msg(expected >= 5, "%s: too few samples for the chi-square test", what);
		chi2 += ((double) o->count[b] - expected) * ((double) o->count[b] - expected) / expected;
	}
	/* Chi-square test with bins - 1 degrees of freedom, critical value at
	 * 1 - 1e-6 (gsl_cdf_chisq_Qinv): false failure 1e-6. */
	ck_assert_msg(chi2 <= gsl_cdf_chisq_Qinv(STATS_ALPHA, o->bins - 1),
		      "%s: chi-square %.1f > %.1f with %u bins", what, chi2,
		      gsl_cdf_chisq_Qinv(STATS_ALPHA, o->bins - 1), o->bins);
}

#endif
