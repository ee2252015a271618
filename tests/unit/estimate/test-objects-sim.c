/*
 * test-objects-sim.c - the object count and its lower end
 * (as_estimate_objects_compute) against the exact sampling model, simulated.
 *
 * Each run allocates a known number of objects from one or two threads'
 * streams of Bernoulli trials (doc/design.md section 1), each thread at its
 * own rate, and estimates their number from the samples, as the report does
 * for a group.  A group exists only with samples, so runs without any are
 * left out of the miss rate (and kept in the mean, where the estimate is 0).
 * There is no upper end to check: it is infinite but at rate 1, where the
 * count is exact (doc/estimation.md, "Objects").
 *
 * False-failure rates.  The lower end of an interval at C = 0.95 promises
 * to miss (truth below it) in at most (1 - C)/2 = 0.025 of the runs.  If it
 * keeps that promise, the number of runs it misses among the n with
 * samples is no larger, in distribution, than a Binomial(n, 0.025) count;
 * a case fails when its count passes that distribution's 1 - 10^-5
 * quantile (MISS_QUANTILE: 319 of 10^4 runs, a miss rate of 0.0319), so
 * P < 1e-5 per case.  The mean error lies within MEAN_Z standard errors:
 * P = 6.3e-5 per case.  With 16 cases the suite fails a correct estimator
 * with probability below 1.2e-3, and the seeds are fixed, so a given build
 * passes or fails the same way every time.
 *
 * What it catches.  A lower end computed as if N^ were 10% larger misses
 * in 3.3 to 83% of the runs of 10 cases, each beyond the quantile; one at the
 * (1 - C) quantile instead of (1 - C)/2 misses in 3.9 to 5.0% of the runs of
 * the cases of one size with 3 (64 B) or a hundred samples and more, 4
 * cases beyond the quantile.
 */
#include <check.h>
#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "estimate/estimate.h"
#include "sampler/rng.h"
#include "tests/lib/check-run.h"
#include "tests/lib/stats.h"

#define CONFIDENCE 0.95
#define MISS ((1.0 - CONFIDENCE) / 2.0)
/* The quantile of the miss count a case may reach: P(X > k) <= 1e-5. */
#define MISS_QUANTILE 1e-5
#define MEAN_Z 4.0
/* Runs per case (stats_runs). */
#define RUNS 10000
/* The threads of a case, each with its own rate. */
#define PARTS_MAX 2

enum sizes {
	SIZES_FIXED,        /* every object `size` bytes */
	SIZES_16_256,       /* 16, 32, ... 256 bytes in turn (bench/event-storm) */
	SIZES_LOG_UNIFORM,  /* log-uniform in [16 B, 1 MiB) */
	SIZES_DOUBLING,     /* 8, 16, 32, ... `size` bytes in turn: a vector's growth */
};

/* One thread's allocations in a run. */
struct part {
	uint64_t rate;      /* 0: no such thread */
	enum sizes sizes;
	uint64_t size;      /* SIZES_FIXED; the largest of SIZES_DOUBLING */
	uint64_t objects;   /* per run */
};

struct population {
	const char *name;
	struct part parts[PARTS_MAX];
};

/*
 * Expected samples from about 3 to about a thousand, for objects far
 * smaller than the rate (a Poisson count scaled by the weight), about the
 * rate and far larger (sampled almost surely); then mixes whose sizes span
 * orders of magnitude, where the smallest objects are rarely or never
 * sampled (log-uniform, and vectors grown by doubling from 8 bytes), and
 * threads at different rates in one group.
 */
static const struct population populations[] = {
	{ "64 B, about 3 samples", { { 4096, SIZES_FIXED, 64, 200 } } },
	{ "64 B, about 10 samples", { { 4096, SIZES_FIXED, 64, 650 } } },
	{ "64 B, about 100 samples", { { 4096, SIZES_FIXED, 64, 6500 } } },
	{ "64 B, about 1000 samples", { { 4096, SIZES_FIXED, 64, 65000 } } },
	{ "4 KiB, about 3 samples", { { 4096, SIZES_FIXED, 4096, 5 } } },
	{ "4 KiB, about 100 samples", { { 4096, SIZES_FIXED, 4096, 160 } } },
	{ "16 KiB, about 10 samples", { { 4096, SIZES_FIXED, 16384, 10 } } },
	{ "1 MiB, every object sampled", { { 4096, SIZES_FIXED, 1 << 20, 10 } } },
	{ "16 to 256 B, about 3 samples", { { 4096, SIZES_16_256, 0, 90 } } },
	{ "16 to 256 B, about 60 samples", { { 4096, SIZES_16_256, 0, 2000 } } },
	{ "16 B to 1 MiB log-uniform, about 20 samples", { { 4096, SIZES_LOG_UNIFORM, 0, 30 } } },
	{ "16 B to 1 MiB log-uniform, about 200 samples", { { 4096, SIZES_LOG_UNIFORM, 0, 300 } } },
	{ "vectors grown 8 B to 64 KiB, 3 of them, about 100 samples",
	  { { 4096, SIZES_DOUBLING, 65536, 3 * 14 } } },
	{ "vectors grown 8 B to 1 KiB, 200 of them, about 100 samples",
	  { { 4096, SIZES_DOUBLING, 1024, 200 * 8 } } },
	{ "64 B at rate 4096 and 16 to 256 B at 65536, about 10 samples each",
	  { { 4096, SIZES_FIXED, 64, 650 }, { 65536, SIZES_16_256, 0, 5000 } } },
	{ "64 B at rate 1 and 64 B at 4096, 20 and about 10 samples",
	  { { 1, SIZES_FIXED, 64, 20 }, { 4096, SIZES_FIXED, 64, 650 } } },
};

#define CASES (sizeof populations / sizeof populations[0])

static uint64_t object_size(struct stats_stream *st, const struct part *part, uint64_t i)
{
	switch (part->sizes) {
	case SIZES_FIXED:
		return part->size;
	case SIZES_16_256:
		return 16 + (i % 16) * 16;
	case SIZES_DOUBLING:
		/* log2(size / 8) + 1 sizes per vector. */
		return UINT64_C(8) << (i % (uint64_t) (log2((double) part->size / 8) + 1));
	case SIZES_LOG_UNIFORM:
		break;
	}
	return (uint64_t) (16.0 * exp2(16.0 * as_rng_uniform(&st->rng)));
}

/* The objects of one thread in one run, their samples into `accum`.
 * Objects of one fixed size that the failures to come skip are skipped
 * together, which is the same. */
static void run_part(struct stats_stream *st, const struct part *part, struct as_estimate_accum *accum)
{
	uint64_t i = 0, size, offset;

	while (i < part->objects) {
		if (part->sizes == SIZES_FIXED) {
			i += stats_stream_skip(st, part->size, part->objects - i);
			if (i == part->objects)
				break;
		}
		size = object_size(st, part, i++);
		if (stats_stream_allocate(st, size, &offset) && !as_estimate_add(accum, size, offset))
			ck_abort_msg("sample refused: size %llu", (unsigned long long) size);
	}
}

START_TEST(test_coverage)
{
	const struct population *pop = &populations[_i];
	unsigned n = (unsigned) stats_runs(RUNS), with_samples = 0, below = 0, allowed;
	double error = 0, error2 = 0, mean, se, truth = 0;
	struct stats_stream streams[PARTS_MAX];
	size_t parts = 0, p;
	bool exact = true;

	for (; parts < PARTS_MAX && pop->parts[parts].rate; parts++) {
		stats_stream_seed(&streams[parts], pop->parts[parts].rate,
				  0x0b1ec750u + (uint64_t) _i * PARTS_MAX + parts);
		truth += (double) pop->parts[parts].objects;
		exact = exact && pop->parts[parts].rate == 1;
	}
	for (unsigned r = 0; r < n; r++) {
		struct as_estimate_accum accums[PARTS_MAX];
		struct as_estimate_objects est;
		uint64_t samples = 0;

		for (p = 0; p < parts; p++) {
			accums[p] = (struct as_estimate_accum) { .rate = pop->parts[p].rate };
			run_part(&streams[p], &pop->parts[p], &accums[p]);
			samples += accums[p].samples;
		}
		if (as_estimate_objects_compute(accums, parts, CONFIDENCE, &est) != 0)
			ck_abort_msg("as_estimate_objects_compute failed");
		error += est.estimate - truth;
		error2 += (est.estimate - truth) * (est.estimate - truth);
		if (samples == 0)
			continue;
		with_samples++;
		if (!(est.lower <= est.estimate && est.lower >= (double) samples))
			ck_abort_msg("%s: lower end %g, estimate %g with %llu samples", pop->name,
				     est.lower, est.estimate, (unsigned long long) samples);
		if (exact ? est.upper != est.estimate : est.upper != INFINITY)
			ck_abort_msg("%s: upper end %g, estimate %g", pop->name, est.upper, est.estimate);
		below += truth < est.lower;
	}
	mean = error / n;
	se = sqrt((error2 / n - mean * mean) / (n - 1));
	allowed = stats_misses_allowed(with_samples, MISS, MISS_QUANTILE);
	printf("%s: %u runs with samples of %u, truth below the lower end %.4f (at most %.4f), "
	       "mean error %+.3f objects (%+.2f standard errors)\n",
	       pop->name, with_samples, n, (double) below / with_samples,
	       (double) allowed / with_samples, mean, se > 0 ? mean / se : 0.0);
	STATS_VERDICT(se == 0 ? mean == 0 : fabs(mean / se) <= MEAN_Z,
		      "%s: the estimate is biased: mean error %g, standard error %g", pop->name, mean, se);
	STATS_VERDICT(below <= allowed, "%s: the truth below the lower end in %u of %u runs (at most %u)",
		      pop->name, below, with_samples, allowed);
}
END_TEST

/* Objects far larger than the rate are sampled for sure, so they are
 * counted exactly; but objects of one byte could have gone unsampled
 * beside them, so there is still no upper end. */
START_TEST(test_certain)
{
	struct as_estimate_accum a = { .rate = 4096 };
	struct as_estimate_objects est;

	for (int i = 0; i < 7; i++)
		ck_assert(as_estimate_add(&a, UINT64_C(1) << 40, 5));
	ck_assert_int_eq(as_estimate_objects_compute(&a, 1, CONFIDENCE, &est), 0);
	ck_assert(est.estimate == 7 && est.lower == 7 && est.upper == INFINITY);
}
END_TEST

/* At rate 1 every byte is a trial that succeeds: every object of at least
 * one byte is sampled, and the count is exact.  Only then; a group that
 * also holds a rate above 1 has no upper end, even without samples there
 * (they may all have been freed, for the live objects). */
START_TEST(test_rate_one)
{
	struct as_estimate_accum accums[2] = { { .rate = 1 }, { .rate = 4096 } };
	struct as_estimate_objects est;

	ck_assert_int_eq(as_estimate_objects_compute(accums, 1, CONFIDENCE, &est), 0);
	ck_assert(est.estimate == 0 && est.lower == 0 && est.upper == 0);
	for (uint64_t size = 1; size <= 1 << 20; size *= 2)
		ck_assert(as_estimate_add(&accums[0], size, 0));
	ck_assert_int_eq(as_estimate_objects_compute(accums, 1, CONFIDENCE, &est), 0);
	ck_assert(est.estimate == 21 && est.lower == 21 && est.upper == 21);
	ck_assert_int_eq(as_estimate_objects_compute(accums, 2, CONFIDENCE, &est), 0);
	ck_assert(est.estimate == 21 && est.lower == 21 && est.upper == INFINITY);
	ck_assert_int_eq(as_estimate_objects_compute(&accums[1], 1, CONFIDENCE, &est), 0);
	ck_assert(est.estimate == 0 && est.lower == 0 && est.upper == INFINITY);
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_coverage, (int) CASES },
		{ test_certain, 1 },
		{ test_rate_one, 1 },
		{ NULL, 0 },
	};

	return as_check_main("objects-sim", "model", tests);
}
