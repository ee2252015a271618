/* test-estimate-sim.c - the estimators against the exact sampling model, simulated. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "estimate/estimate.h"
#include "sampler/rng.h"
#include "tests/lib/check-run.h"
#include "tests/lib/stats.h"

#define RATE 102400

/*
 * False-failure rates.  A mean lies within MEAN_Z standard errors of the
 * truth: P(|Z| > 4) = 6.3e-5 per check for a normal mean (the central limit
 * theorem holds well at 10^4 streams).  Each end of a 95% interval misses
 * the truth with probability at most 0.025 (a hair less: the CDF is
 * discrete), so the misses of each end must not exceed 0.025 by more than
 * MISS_Z binomial standard errors (0.0016 at 10^4 streams): P = 3e-5; for
 * aligned streams, where the ends are exact, nor fall short of it by more.  The
 * aligned interval's coverage is 0.95; with 10^4 streams its standard error
 * is 0.0022, so [0.94, 0.96] is +-4.6 standard errors, P = 4e-6.  Cut
 * streams, compensated, cover about 0.97 (see the output), so ">= 0.95" is
 * more than 8 standard errors away.  The seeds are fixed: these rates say
 * how unlucky they would have to be.
 */
#define MEAN_Z 4.0
#define MISS 0.025
#define MISS_Z 4.0
#define COVERAGE_MIN 0.94
#define COVERAGE_MAX 0.96
#define COVERAGE_COMPENSATED_MIN 0.95
/* Streams per check (stats_runs). */
#define RUNS 10000
/* Threads of a group in the threads test. */
#define THREADS 4

static const char *const mix_names[STATS_MIXES] = { "1 B", "64 B", "16 B .. 1 MiB" };

/* Check's ck_assert() reports every pass to its runner by a system call: in
 * loops this hot, only failures are reported. */
static void add(struct as_estimate_accum *accum, const struct stats_run *run)
{
	if (!as_estimate_add(accum, run->size, run->offset))
		ck_abort_msg("sample refused: size %llu, offset %llu",
			     (unsigned long long) run->size, (unsigned long long) run->offset);
}

/* Aligned: from right after a sample (a fresh start) to the end of the
 * s-th sampled object.  Returns the bytes allocated. */
static uint64_t aligned_stream(struct stats_stream *st, enum stats_mix mix, uint64_t s,
			       struct as_estimate_accum *accum)
{
	struct stats_run run;

	stats_stream_start(st);
	while (s > 0) {
		stats_stream_next_run(st, mix, &st->rng, &run);
		if (run.sampled) {
			add(accum, &run);
			s--;
		}
	}
	return st->pos;
}

/* Cut: the objects allocated in [start, end) of a stream that runs before
 * and after it, its sizes drawn from its own generator.  Returns their
 * bytes. */
static uint64_t cut_stream(struct stats_stream *st, enum stats_mix mix, uint64_t start,
			   uint64_t end, struct as_estimate_accum *accum)
{
	stats_stream_start(st);
	return stats_stream_window(st, mix, &st->rng, start, end, accum);
}

/* Uniform in [lo, hi). */
static uint64_t uniform(struct as_rng *rng, uint64_t lo, uint64_t hi)
{
	return lo + as_rng_next(rng) % (hi - lo);
}

/* What the streams of one check gave. */
struct tally {
	const char *what;
	unsigned runs;
	unsigned covered;
	unsigned below;         /* truth below the interval */
	unsigned above;         /* truth above it */
	double weighted_error;  /* sums of (estimate - truth) ... */
	double weighted_error2; /* ... and of its square */
	double negbin_error;
	double negbin_error2;
};

static void tally_add(struct tally *t, const struct as_estimate *est, uint64_t truth)
{
	double w = est->weighted - (double) truth;
	double nb = est->negbin - (double) truth;

	t->runs++;
	t->below += (double) truth < est->lower;
	t->above += (double) truth > est->upper;
	t->covered += est->lower <= (double) truth && (double) truth <= est->upper;
	t->weighted_error += w;
	t->weighted_error2 += w * w;
	t->negbin_error += nb;
	t->negbin_error2 += nb * nb;
}

/* Mean error over its standard error. */
static double z_of(double sum, double sum2, unsigned n)
{
	double mean = sum / n;
	double var = (sum2 - n * mean * mean) / (n - 1);

	return var > 0 ? mean / sqrt(var / n) : (mean == 0 ? 0 : INFINITY);
}

static double coverage(const struct tally *t)
{
	return (double) t->covered / t->runs;
}

/*
 * Checks both estimators' means and each end's misses.  Every end is checked
 * alone: an end that lacks its compensation misses too often even when the
 * other end's slack keeps the coverage above 0.95.
 */
static void tally_check(const struct tally *t, enum stats_mix mix)
{
	double miss_max = MISS + MISS_Z * sqrt(MISS * (1 - MISS) / t->runs);

	double zw = z_of(t->weighted_error, t->weighted_error2, t->runs);
	double zn = z_of(t->negbin_error, t->negbin_error2, t->runs);

	printf("%s, %s: %u streams, below %.4f above %.4f coverage %.4f, mean error / standard error: "
	       "weighted %+.2f, negative binomial %+.2f\n",
	       t->what, mix_names[mix], t->runs, (double) t->below / t->runs,
	       (double) t->above / t->runs, coverage(t), zw, zn);
	STATS_VERDICT(fabs(zw) <= MEAN_Z, "%s, %s: weighted estimate biased, z = %.2f",
		      t->what, mix_names[mix], zw);
	STATS_VERDICT(fabs(zn) <= MEAN_Z, "%s, %s: negative-binomial estimate biased, z = %.2f",
		      t->what, mix_names[mix], zn);
	STATS_VERDICT((double) t->below / t->runs <= miss_max, "%s, %s: %.4f below the interval",
		      t->what, mix_names[mix], (double) t->below / t->runs);
	STATS_VERDICT((double) t->above / t->runs <= miss_max, "%s, %s: %.4f above the interval",
		      t->what, mix_names[mix], (double) t->above / t->runs);
}

/* Adds to `t` the 95% interval and the estimates of the n accumulators
 * `accums`. */
static void tally_compute_rates(struct tally *t, const struct as_estimate_accum *accums, size_t n,
				uint64_t threads, bool compensation, uint64_t truth)
{
	struct as_estimate_options options = { 0.95, compensation };
	struct as_estimate est;

	if (as_estimate_compute(accums, n, threads, &options, &est) != 0)
		ck_abort_msg("as_estimate_compute failed");
	tally_add(t, &est, truth);
}

static void tally_compute(struct tally *t, const struct as_estimate_accum *accum,
			  uint64_t threads, bool compensation, uint64_t truth)
{
	tally_compute_rates(t, accum, 1, threads, compensation, truth);
}

/* Streams that start right after a sample and end right at one, s from 1
 * to 60 (about 3 MB on average), compensation off: coverage 0.95. */
START_TEST(test_aligned)
{
	struct tally t = { .what = "aligned" };
	struct stats_stream st;
	unsigned n = (unsigned) stats_runs(RUNS);

	stats_stream_seed(&st, RATE, 0xa119ed00u + (uint64_t) _i);
	for (unsigned i = 0; i < n; i++) {
		struct as_estimate_accum accum = { .rate = RATE };
		uint64_t truth = aligned_stream(&st, (enum stats_mix) _i, 1 + i % 60, &accum);

		tally_compute(&t, &accum, 1, false, truth);
	}
	tally_check(&t, (enum stats_mix) _i);
	/* Exact ends: each misses 0.025 of the time, not less. */
	STATS_VERDICT((double) t.below / t.runs >= MISS - MISS_Z * sqrt(MISS * (1 - MISS) / t.runs),
		      "aligned, %s: %.4f below the interval", mix_names[_i], (double) t.below / t.runs);
	STATS_VERDICT((double) t.above / t.runs >= MISS - MISS_Z * sqrt(MISS * (1 - MISS) / t.runs),
		      "aligned, %s: %.4f above the interval", mix_names[_i], (double) t.above / t.runs);
	STATS_VERDICT(coverage(&t) >= COVERAGE_MIN && coverage(&t) <= COVERAGE_MAX,
		      "aligned, %s: coverage %.4f", mix_names[_i], coverage(&t));
}
END_TEST

/* One thread's stream cut at a random start in its first 4 R bytes and a
 * random length of 1 to 5 MiB, compensation on: coverage >= 0.95. */
START_TEST(test_cut)
{
	struct tally t = { .what = "cut" };
	struct tally raw = { .what = "cut, compensation off" };
	struct stats_stream st;
	unsigned n = (unsigned) stats_runs(RUNS);

	stats_stream_seed(&st, RATE, 0xc0700000u + (uint64_t) _i);
	for (unsigned i = 0; i < n; i++) {
		struct as_estimate_accum accum = { .rate = RATE };
		uint64_t start = uniform(&st.rng, 0, 4 * RATE);
		uint64_t end = start + uniform(&st.rng, 1 << 20, 5 << 20);
		uint64_t truth = cut_stream(&st, (enum stats_mix) _i, start, end, &accum);

		tally_compute(&t, &accum, 1, true, truth);
		tally_compute(&raw, &accum, 1, false, truth);
	}
	tally_check(&t, (enum stats_mix) _i);
	printf("cut, compensation off, %s: coverage %.4f (not checked)\n", mix_names[_i],
	       coverage(&raw));
	STATS_VERDICT(coverage(&t) >= COVERAGE_COMPENSATED_MIN, "cut, %s: coverage %.4f",
		      mix_names[_i], coverage(&t));
}
END_TEST

/* THREADS cut streams, one group: S - T and S + T, coverage >= 0.95. */
START_TEST(test_threads)
{
	struct tally t = { .what = "threads" };
	struct tally one = { .what = "threads counted as one" };
	struct stats_stream st[THREADS];
	unsigned n = (unsigned) stats_runs(RUNS);

	for (unsigned k = 0; k < THREADS; k++)
		stats_stream_seed(&st[k], RATE, 0x7ead0000u + 16 * (uint64_t) _i + k);
	for (unsigned i = 0; i < n; i++) {
		struct as_estimate_accum total = { .rate = RATE };
		uint64_t truth = 0;

		for (unsigned k = 0; k < THREADS; k++) {
			struct as_estimate_accum accum = { .rate = RATE };
			uint64_t start = uniform(&st[k].rng, 0, 4 * RATE);
			uint64_t end = start + uniform(&st[k].rng, 256 << 10, 5 << 20 >> 2);

			truth += cut_stream(&st[k], (enum stats_mix) _i, start, end, &accum);
			if (!as_estimate_merge(&total, &accum))
				ck_abort_msg("merge refused");
		}
		tally_compute(&t, &total, THREADS, true, truth);
		tally_compute(&one, &total, 1, true, truth);
	}
	tally_check(&t, (enum stats_mix) _i);
	printf("threads counted as one, %s: coverage %.4f (not checked)\n", mix_names[_i],
	       coverage(&one));
	STATS_VERDICT(coverage(&t) >= COVERAGE_COMPENSATED_MIN, "threads, %s: coverage %.4f",
		      mix_names[_i], coverage(&t));
}
END_TEST

/*
 * A group of two threads at two rates (a process that exec'd itself with
 * another ALLOCSAMPLE_RATE): many samples at the small rate, few or none
 * at the large one.  The group holds an accumulator at each rate, with
 * samples or not, and T counts the threads that contributed samples, as
 * the report's groups do.  Bytes at a rate without a sample in the group
 * are real: leaving that rate out of the upper end (as_estimate_compute
 * up to 0.5) misses above in 10.8% of the streams of 1-byte and 64-byte
 * objects and 4.7% of the log-uniform mix, failing all three.
 */
START_TEST(test_two_rates)
{
	struct tally t = { .what = "two rates" };
	struct stats_stream small, large;
	unsigned n = (unsigned) stats_runs(RUNS);
	unsigned none_large = 0;

	stats_stream_seed(&small, 4096, 0x2a7e0000u + 2 * (uint64_t) _i);
	stats_stream_seed(&large, RATE, 0x2a7e0001u + 2 * (uint64_t) _i);
	for (unsigned i = 0; i < n; i++) {
		struct as_estimate_accum accums[2] = { { .rate = 4096 }, { .rate = RATE } };
		uint64_t start = uniform(&small.rng, 0, 4 * 4096);
		uint64_t truth = cut_stream(&small, (enum stats_mix) _i, start,
					    start + uniform(&small.rng, 256 << 10, 1 << 20), &accums[0]);

		start = uniform(&large.rng, 0, 4 * RATE);
		truth += cut_stream(&large, (enum stats_mix) _i, start,
				    start + uniform(&large.rng, 64 << 10, 384 << 10), &accums[1]);
		none_large += accums[1].samples == 0;
		tally_compute_rates(&t, accums, 2, 1 + (accums[1].samples > 0), true, truth);
	}
	printf("two rates, %s: no sample at the large rate in %u of %u streams\n", mix_names[_i],
	       none_large, n);
	tally_check(&t, (enum stats_mix) _i);
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_aligned, STATS_MIXES },
		{ test_cut, STATS_MIXES },
		{ test_threads, STATS_MIXES },
		{ test_two_rates, STATS_MIXES },
		{ NULL, 0 },
	};

	return as_check_main("estimate-sim", "model", tests);
}
