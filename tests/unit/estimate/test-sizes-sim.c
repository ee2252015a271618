/*
 * test-sizes-sim.c - a process's size classes (doc/estimation.md, "Sizes")
 * against the exact sampling model, simulated: each class's bytes
 * interval (as_estimate_compute with the process's T), its objects' lower
 * end (as_estimate_objects_compute) and upper end
 * (as_estimate_size_class_objects).
 *
 * Each run allocates a mix of sizes spread over several classes from one
 * or two threads' streams of Bernoulli trials (doc/design.md section 1),
 * each thread at its own rate and its stream going on from one run to the
 * next (so the runs cut it, as a trace does), and estimates each class
 * from its samples as the report does.  A process exists only with
 * samples: runs without any are left out.  Every class that holds objects
 * in a run is checked, listed by the report or not (a class with no
 * sample gets 0 and its "below" end).
 *
 * False-failure rates.  Each end of an interval at C = 0.95 promises to
 * miss on its side in at most (1 - C)/2 = 0.025 of the runs.  If it keeps
 * that promise, its misses among n runs are no more, in distribution,
 * than a Binomial(n, 0.025) count; a check fails when its count passes
 * that distribution's 1 - 10^-5 quantile (MISS_QUANTILE: 319 of 10^4
 * runs, a miss rate of 0.0319), so P < 1e-5 per check.  Four checks (bytes
 * below and above, objects below and above) per class and case, about 130
 * in all: a correct build fails with probability below 1.3e-3, and the
 * seeds are fixed, so a given build passes or fails the same way every
 * time.
 *
 * What it catches.  An objects upper end 10% smaller than
 * floor(upper_B / 2^k) misses above in 3.3 to 3.7% of the runs of a
 * class whose objects all have the class's smallest size (1 KiB, 4 KiB,
 * 8 KiB), beyond the quantile in the three cases that hold such classes
 * with tens of samples.  Without the "below" end of a rate with no sample
 * in a class (as_estimate_compute() given only the rates with samples in
 * the class), the bytes miss above in 3.6% of the runs of the 64 B class
 * of the case with two rates.
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
/* The quantile of the miss count a check may reach: P(X > k) <= 1e-5. */
#define MISS_QUANTILE 1e-5
/* Runs per case (stats_runs). */
#define RUNS 10000
/* The threads of a case, each with its own rate. */
#define PARTS_MAX 2

enum mix {
	MIX_16_256,        /* 16, 32, ... 256 bytes in turn */
	MIX_LOG_UNIFORM,   /* log-uniform in [16 B, 1 MiB) */
	MIX_POWERS,        /* 2^lo, ... 2^hi in turn: each its class's smallest size */
	MIX_TOPS,          /* 2^(lo+1) - 1, ... 2^(hi+1) - 1: each its class's largest */
	MIX_UNIFORM_1000,  /* uniform in 1 ... 1000 bytes */
};

/* One thread's allocations in a run. */
struct part {
	uint64_t rate;     /* 0: no such thread */
	enum mix mix;
	unsigned lo, hi;   /* MIX_POWERS, MIX_TOPS: the classes */
	uint64_t objects;  /* per run */
};

struct population {
	const char *name;
	struct part parts[PARTS_MAX];
};

/*
 * Classes with a few samples to hundreds; classes whose objects all have
 * the class's smallest size (where the upper end of the objects is
 * sharpest: bytes / 2^k is the count itself) or its largest (where it is
 * loosest); classes of objects far smaller than the rate, rarely sampled
 * (1 to 3 bytes, at the low end of the uniform mix) and far larger,
 * sampled almost surely; two threads of one process at one rate (T = 2)
 * and at two rates; and rate 1, where every count is exact.
 */
static const struct population populations[] = {
	{ "16 to 256 B, about 3 samples", { { 4096, MIX_16_256, 0, 0, 90 } } },
	{ "16 to 256 B, about 70 samples", { { 4096, MIX_16_256, 0, 0, 2000 } } },
	{ "16 B to 1 MiB log-uniform, about 200 samples", { { 4096, MIX_LOG_UNIFORM, 0, 0, 300 } } },
	{ "8 B to 64 KiB, each 2^k, about 60 samples", { { 4096, MIX_POWERS, 3, 16, 280 } } },
	{ "15 B to 128 KiB - 1, each 2^(k+1) - 1, about 90 samples",
	  { { 4096, MIX_TOPS, 3, 16, 280 } } },
	{ "1 to 1000 B uniform, about 600 samples", { { 4096, MIX_UNIFORM_1000, 0, 0, 5000 } } },
	{ "two threads: 16 to 256 B and 8 B to 64 KiB", {
	  { 4096, MIX_16_256, 0, 0, 2000 }, { 4096, MIX_POWERS, 3, 16, 280 } } },
	{ "two rates: 16 to 256 B at 4096 and 8 B to 64 KiB at 65536", {
	  { 4096, MIX_16_256, 0, 0, 2000 }, { 65536, MIX_POWERS, 3, 16, 2800 } } },
	{ "rate 1: 1 to 1000 B", { { 1, MIX_UNIFORM_1000, 0, 0, 200 } } },
};

#define CASES (sizeof populations / sizeof populations[0])

static uint64_t object_size(struct stats_stream *st, const struct part *part, uint64_t i)
{
	switch (part->mix) {
	case MIX_16_256:
		return 16 + (i % 16) * 16;
	case MIX_POWERS:
		return UINT64_C(1) << (part->lo + i % (part->hi - part->lo + 1));
	case MIX_TOPS:
		return (UINT64_C(2) << (part->lo + i % (part->hi - part->lo + 1))) - 1;
	case MIX_UNIFORM_1000:
		return 1 + (uint64_t) (1000.0 * as_rng_uniform(&st->rng));
	case MIX_LOG_UNIFORM:
		break;
	}
	return (uint64_t) (16.0 * exp2(16.0 * as_rng_uniform(&st->rng)));
}

/* What one run holds per class: the truth, and each thread's samples. */
struct run_classes {
	double objects[AS_SIZE_CLASSES];
	double bytes[AS_SIZE_CLASSES];
	struct as_estimate_accum accums[AS_SIZE_CLASSES][PARTS_MAX];
};

/* One thread's objects in one run: `size` trials each, sampled at the
 * first success (doc/design.md section 1), into its class's accumulator. */
static uint64_t run_part(struct stats_stream *st, const struct part *part, size_t p,
			 struct run_classes *rc)
{
	uint64_t i, samples = 0;

	for (i = 0; i < part->objects; i++) {
		uint64_t size = object_size(st, part, i), offset;
		unsigned k = as_size_class(size);

		rc->objects[k]++;
		rc->bytes[k] += (double) size;
		if (!stats_stream_allocate(st, size, &offset))
			continue;
		if (!as_estimate_add(&rc->accums[k][p], size, offset))
			ck_abort_msg("sample refused: size %llu", (unsigned long long) size);
		samples++;
	}
	return samples;
}

/* Misses of one class over the runs where it holds objects. */
struct class_misses {
	unsigned runs;
	unsigned bytes_below, bytes_above, objects_below, objects_above;
};

/* Estimates class k of a run from the accumulators of the threads with
 * samples (`with`, T of them), as the report does, and counts its
 * misses. */
static void check_class(const struct population *pop, const struct run_classes *rc, unsigned k,
			const size_t *with, uint64_t threads, struct class_misses *m)
{
	struct as_estimate_accum accums[PARTS_MAX];
	struct as_estimate bytes;
	struct as_estimate_objects objects, counted;
	uint64_t t;

	for (t = 0; t < threads; t++)
		accums[t] = rc->accums[k][with[t]];
	if (as_estimate_compute(accums, threads, threads, NULL, &bytes) != 0 ||
	    as_estimate_objects_compute(accums, threads, CONFIDENCE, &counted) != 0 ||
	    as_estimate_size_class_objects(k, &bytes, &counted, &objects) != 0)
		ck_abort_msg("%s: class %u refused", pop->name, k);
	if (!(objects.lower <= objects.upper))
		ck_abort_msg("%s: class %u: objects lower end %g above the upper %g", pop->name, k,
			     objects.lower, objects.upper);
	m->runs++;
	m->bytes_below += rc->bytes[k] < bytes.lower;
	m->bytes_above += rc->bytes[k] > bytes.upper;
	m->objects_below += rc->objects[k] < objects.lower;
	m->objects_above += rc->objects[k] > objects.upper;
}

static double share(unsigned count, unsigned n)
{
	return n ? (double) count / n : 0.0;
}

START_TEST(test_coverage)
{
	const struct population *pop = &populations[_i];
	struct class_misses misses[AS_SIZE_CLASSES] = { { 0 } };
	struct class_misses worst = { 0 };
	struct stats_stream streams[PARTS_MAX];
	unsigned n = (unsigned) stats_runs(RUNS), with_samples = 0, k;
	struct run_classes *rc = malloc(sizeof *rc);
	size_t parts = 0, p;

	for (; parts < PARTS_MAX && pop->parts[parts].rate; parts++)
		stats_stream_seed(&streams[parts], pop->parts[parts].rate,
				  0x5123c1a5u + (uint64_t) _i * PARTS_MAX + parts);
	for (unsigned r = 0; r < n; r++) {
		size_t with[PARTS_MAX];
		uint64_t threads = 0;

		for (k = 0; k < AS_SIZE_CLASSES; k++) {
			rc->objects[k] = rc->bytes[k] = 0;
			for (p = 0; p < parts; p++)
				rc->accums[k][p] = (struct as_estimate_accum) { .rate = pop->parts[p].rate };
		}
		for (p = 0; p < parts; p++) {
			if (run_part(&streams[p], &pop->parts[p], p, rc) > 0)
				with[threads++] = p;
		}
		if (threads == 0)
			continue;
		with_samples++;
		for (k = 0; k < AS_SIZE_CLASSES; k++) {
			if (rc->objects[k] > 0)
				check_class(pop, rc, k, with, threads, &misses[k]);
		}
	}
	free(rc);
	for (k = 0; k < AS_SIZE_CLASSES; k++) {
		const struct class_misses *m = &misses[k];
		unsigned allowed = stats_misses_allowed(m->runs, MISS, MISS_QUANTILE);

		if (m->runs == 0)
			continue;
		STATS_VERDICT(m->bytes_below <= allowed && m->bytes_above <= allowed &&
			      m->objects_below <= allowed && m->objects_above <= allowed,
			      "%s: class %u (%u runs, at most %u misses a side): bytes below %u, above %u; objects below %u, above %u",
			      pop->name, k, m->runs, allowed, m->bytes_below, m->bytes_above,
			      m->objects_below, m->objects_above);
		/* The worst class of each kind of miss, as shares of its runs
		 * (runs counted in units of 1/n). */
		if (share(m->bytes_below, m->runs) > share(worst.bytes_below, n))
			worst.bytes_below = (unsigned) lround(share(m->bytes_below, m->runs) * n);
		if (share(m->bytes_above, m->runs) > share(worst.bytes_above, n))
			worst.bytes_above = (unsigned) lround(share(m->bytes_above, m->runs) * n);
		if (share(m->objects_below, m->runs) > share(worst.objects_below, n))
			worst.objects_below = (unsigned) lround(share(m->objects_below, m->runs) * n);
		if (share(m->objects_above, m->runs) > share(worst.objects_above, n))
			worst.objects_above = (unsigned) lround(share(m->objects_above, m->runs) * n);
	}
	printf("%s: %u runs with samples of %u; worst class: bytes below %.4f, above %.4f; "
	       "objects below %.4f, above %.4f (at most %.4f)\n",
	       pop->name, with_samples, n, share(worst.bytes_below, n), share(worst.bytes_above, n),
	       share(worst.objects_below, n), share(worst.objects_above, n),
	       share(stats_misses_allowed(n, MISS, MISS_QUANTILE), n));
}
END_TEST

/* The bound itself: objects of a class's smallest size are counted by
 * its bytes; the count's own ends win where they are tighter. */
START_TEST(test_bound)
{
	struct as_estimate bytes = { .weighted = 4000, .lower = 3000, .upper = 6500 };
	struct as_estimate_objects counted = { .estimate = 62.5, .lower = 40, .upper = INFINITY };
	struct as_estimate_objects out;

	ck_assert_int_eq(as_estimate_size_class_objects(6, &bytes, &counted, &out), 0);
	ck_assert(out.estimate == 62.5 && out.lower == 40 && out.upper == 101);
	counted.lower = 120;
	ck_assert_int_eq(as_estimate_size_class_objects(6, &bytes, &counted, &out), 0);
	ck_assert(out.upper == 120);
	counted = (struct as_estimate_objects) { 70, 70, 70 };
	ck_assert_int_eq(as_estimate_size_class_objects(6, &bytes, &counted, &out), 0);
	ck_assert(out.upper == 70);
	ck_assert_int_eq(as_estimate_size_class_objects(AS_SIZE_CLASSES, &bytes, &counted, &out), -1);
	ck_assert_uint_eq(as_size_class(1), 0);
	ck_assert_uint_eq(as_size_class(1023), 9);
	ck_assert_uint_eq(as_size_class(1024), 10);
	ck_assert_uint_eq(as_size_class(UINT64_MAX), 63);
	ck_assert_uint_eq(as_size_class_max(9), 1023);
	ck_assert(as_size_class_max(63) == UINT64_MAX);
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_coverage, (int) CASES },
		{ test_bound, 1 },
		{ NULL, 0 },
	};

	return as_check_main("sizes-sim", "model", tests);
}
