/*
 * test-lifetimes-sim.c - the temporary bytes and the quantiles of the
 * lifetimes of a group's bytes (estimate/lifetimes.h) against the exact
 * sampling model, simulated.
 *
 * Each case is one program: a fixed population of blocks (drawn once from
 * a fixed seed), each with its thread, size, allocation time and lifetime;
 * the trace ends at a fixed time, and a block not freed by then is live at
 * the end (censored: its age then is all the trace says).  Each run samples
 * the same population anew with the threads' streams of Bernoulli trials
 * (doc/design.md section 1) and computes what the report computes for the
 * group (doc/estimation.md, "Temporary allocations" and "Lifetimes"):
 *
 *  - temporary bytes (freed within D of their allocation): the estimate
 *    over the samples freed within D, the lower end from them, the upper
 *    end with the samples live at the end younger than D added;
 *  - the 50th and 90th percentiles of the lifetimes of the bytes, by
 *    as_lifetime_quantile over the samples' buckets, censored included;
 *  - the survival curve at four edges, by as_lifetime_survival_at (its
 *    own runs and seeds: test_survival), its intervals also no wider than
 *    their sample counts allow (check_width).
 *
 * The truths: the bytes of the blocks whose lifetime is at most D (freed
 * after the end or not), and x_p, the smallest lifetime such that the
 * blocks that lived at most that long hold the share p of the bytes
 * (blocks never freed live forever).
 *
 * False-failure rates.  Each end of an interval at C = 0.95 promises to
 * miss in at most (1 - C)/2 = 0.025 of the runs.  If it keeps that
 * promise, its misses among n runs are no more, in distribution, than a
 * Binomial(n, 0.025) count; an end fails when its count passes that
 * distribution's 1 - 10^-5 quantile (MISS_QUANTILE: 319 of 10^4 runs), so
 * P < 1e-5 per end.  The temporary estimate's mean error, against the
 * bytes freed within D inside the trace (what its samples stand for), lies
 * within MEAN_Z standard errors: P = 6.3e-5 per case.  With 6 cases of 6
 * ends and one mean each, a correct method fails with probability below
 * 8e-4, and the seeds are fixed, so a build passes or fails the same way
 * every time.
 *
 * What it catches (doc/estimation.md, "Temporary allocations" and
 * "Lifetimes", give the counts): temporary intervals narrowed by 10% (four
 * populations), censored samples dropped (three), and the quantiles'
 * tests made at level 1 - C instead of (1 - C)/2 (the population whose
 * median sits on a bucket's edge).  A quantile interval narrowed by 10%
 * goes unseen: its ends are bucket edges, a factor of 2 apart.  For the
 * survival curve: censored samples dropped (all six populations fail);
 * its interval narrowed by 10% fails only where the truth is 1 (every
 * rate of miss stays below the allowed 0.041 elsewhere: the check sees
 * an end that misses at 0.025 turned into one that misses at about 0.04,
 * not less).
 */
#include <check.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "estimate/lifetimes.h"
#include "sampler/rng.h"
#include "tests/lib/check-run.h"
#include "tests/lib/stats.h"

#define CONFIDENCE 0.95
#define MISS ((1.0 - CONFIDENCE) / 2.0)
/* The quantile of the miss count an end may reach: P(X > k) <= 1e-5. */
#define MISS_QUANTILE 1e-5
#define MEAN_Z 4.0
/* Runs per case (stats_runs). */
#define RUNS 10000
#define SURVIVAL_RUNS 2000
#define PARTS_MAX 2
#define US INT64_C(1000)
#define MS INT64_C(1000000)
/* "Temporary": freed within this of the allocation. */
#define TEMPORARY (1 * MS)
#define NEVER INT64_MAX

enum sizes {
	SIZES_FIXED,        /* every block `size` bytes */
	SIZES_LOG_UNIFORM,  /* log-uniform in [16 B, 1 MiB) */
};

enum lives {
	LIVES_LOG_UNIFORM,  /* log-uniform in [1 us, 100 ms), a share never freed */
	LIVES_BY_SIZE,      /* the larger the block the longer it lives */
	LIVES_TWO,          /* freed at once (1 us) or kept for good, half of each */
};

/* One thread's blocks. */
struct part {
	uint64_t rate;
	enum sizes sizes;
	uint64_t size;
	uint64_t blocks;
};

struct population {
	const char *name;
	enum lives lives;
	double never;            /* LIVES_LOG_UNIFORM: the share never freed */
	int64_t end;             /* the trace's end; allocations from 0 to 100 ms */
	struct part parts[PARTS_MAX];
};

/*
 * About 300 samples of one size with 5% never freed and a few
 * censored at the end; the same with many blocks still live at the end
 * (allocations until the end, lifetimes longer than what is left); sizes
 * spanning 16 B to 1 MiB with lifetimes growing with size; two threads at
 * two rates; about 10 samples; and blocks freed at once or never, whose
 * median sits at the edge between them.
 */
static const struct population populations[] = {
	{ "64 B, 5% never freed, about 300 samples", LIVES_LOG_UNIFORM, 0.05, 200 * MS,
	  { { 4096, SIZES_FIXED, 64, 20000 } } },
	{ "64 B, many live at the end, about 300 samples", LIVES_LOG_UNIFORM, 0.05, 100 * MS,
	  { { 4096, SIZES_FIXED, 64, 20000 } } },
	{ "16 B to 1 MiB log-uniform, lifetimes by size, about 200 samples", LIVES_BY_SIZE, 0, 150 * MS,
	  { { 65536, SIZES_LOG_UNIFORM, 0, 200 } } },
	{ "64 B at rate 4096 and 256 B at 16384, about 150 samples each", LIVES_LOG_UNIFORM, 0.05,
	  200 * MS, { { 4096, SIZES_FIXED, 64, 10000 }, { 16384, SIZES_FIXED, 256, 10000 } } },
	{ "64 B, about 10 samples", LIVES_LOG_UNIFORM, 0.2, 200 * MS,
	  { { 4096, SIZES_FIXED, 64, 650 } } },
	{ "64 B freed at once or never, half each, about 300 samples", LIVES_TWO, 0, 200 * MS,
	  { { 4096, SIZES_FIXED, 64, 20000 } } },
};

#define CASES (sizeof populations / sizeof populations[0])

/* One block of the population. */
struct block {
	uint64_t size;
	int64_t born;
	int64_t life;            /* NEVER: never freed */
};

static double log_uniform(struct as_rng *rng, double lo, double hi)
{
	return lo * exp(log(hi / lo) * as_rng_uniform(rng));
}

/* The blocks of one thread, allocated evenly over the first 100 ms. */
static struct block *populate(const struct population *pop, const struct part *part,
			      struct as_rng *rng)
{
	struct block *blocks = calloc(part->blocks, sizeof *blocks);

	ck_assert_ptr_nonnull(blocks);
	for (uint64_t i = 0; i < part->blocks; i++) {
		struct block *b = &blocks[i];

		b->size = part->sizes == SIZES_FIXED ? part->size :
			(uint64_t) log_uniform(rng, 16, 1 << 20);
		b->born = (int64_t) ((double) i / (double) part->blocks * (double) (100 * MS));
		switch (pop->lives) {
		case LIVES_LOG_UNIFORM:
			b->life = as_rng_uniform(rng) < pop->never ? NEVER :
				(int64_t) log_uniform(rng, (double) US, (double) (100 * MS));
			break;
		case LIVES_BY_SIZE:
			/* 16 B live about 10 us, 1 MiB about 100 ms, times 0.5 to 2. */
			b->life = (int64_t) ((double) (10 * US) * pow((double) b->size / 16, 0.83) *
					     log_uniform(rng, 0.5, 2));
			break;
		case LIVES_TWO:
			b->life = i % 2 ? NEVER : US;
			break;
		}
	}
	return blocks;
}

struct truth {
	double temporary;        /* bytes with a lifetime at most TEMPORARY */
	double p50, p90;         /* x_p of the bytes' lifetimes, ns */
};

static int by_life(const void *pa, const void *pb)
{
	const struct block *a = pa, *b = pb;

	return (a->life > b->life) - (a->life < b->life);
}

/* x_p over every block of every part: the smallest lifetime whose blocks
 * and the shorter-lived ones hold the share p of the bytes. */
static double quantile(struct block *all, size_t n, double total, double p)
{
	double bytes = 0;

	for (size_t i = 0; i < n; i++) {
		bytes += (double) all[i].size;
		if (bytes >= p * total)
			return all[i].life == NEVER ? INFINITY : (double) all[i].life;
	}
	return INFINITY;
}

static struct truth truth_of(struct block **blocks, const struct population *pop, size_t parts)
{
	struct truth t = { 0 };
	size_t n = 0, k = 0;
	struct block *all;
	double total = 0;

	for (size_t p = 0; p < parts; p++)
		n += pop->parts[p].blocks;
	all = calloc(n, sizeof *all);
	ck_assert_ptr_nonnull(all);
	for (size_t p = 0; p < parts; p++) {
		for (uint64_t i = 0; i < pop->parts[p].blocks; i++) {
			all[k++] = blocks[p][i];
			total += (double) blocks[p][i].size;
			if (blocks[p][i].life <= TEMPORARY)
				t.temporary += (double) blocks[p][i].size;
		}
	}
	qsort(all, n, sizeof *all, by_life);
	t.p50 = quantile(all, n, total, 0.5);
	t.p90 = quantile(all, n, total, 0.9);
	free(all);
	return t;
}

/* What one thread's samples leave in a group: the report's accumulators. */
struct group_part {
	struct as_estimate_accum temporary;  /* freed within TEMPORARY */
	struct as_estimate_accum pending;    /* live at the end, younger than it */
	struct as_lifetimes lifetimes;
};

/* Whether block `b` is freed by the trace's `end`, and its age then. */
static bool freed_by(const struct block *b, int64_t end, int64_t *age)
{
	bool freed = b->life != NEVER && b->born + b->life <= end;

	*age = freed ? b->life : end - b->born;
	return freed;
}

/* The true bytes freed within TEMPORARY inside the trace, over the parts'
 * blocks: what the samples of temporary bytes stand for. */
static double known_temporary(struct block **blocks, const struct population *pop, size_t parts)
{
	double known = 0;
	int64_t age;

	for (size_t p = 0; p < parts; p++) {
		for (uint64_t i = 0; i < pop->parts[p].blocks; i++) {
			if (freed_by(&blocks[p][i], pop->end, &age) && age <= TEMPORARY)
				known += (double) blocks[p][i].size;
		}
	}
	return known;
}

/* One run of one thread over its blocks: each block `size` trials,
 * sampled at the first success; a sample's lifetime goes where the
 * report puts it.  Blocks of one fixed size that the failures to come
 * pass over are skipped at once, which is the same. */
static void run_part(struct stats_stream *st, const struct part *part, const struct block *blocks,
		     int64_t end, struct group_part *g)
{
	uint64_t i = 0;

	while (i < part->blocks) {
		const struct block *b;
		uint64_t offset;
		int64_t age;
		bool freed;
		double pi;

		if (part->sizes == SIZES_FIXED) {
			i += stats_stream_skip(st, part->size, part->blocks - i);
			if (i == part->blocks)
				break;
		}
		b = &blocks[i++];
		if (!stats_stream_allocate(st, b->size, &offset))
			continue;
		freed = freed_by(b, end, &age);
		pi = as_estimate_probability(&g->temporary, b->size);
		if (age <= TEMPORARY)
			as_estimate_add_sampled(freed ? &g->temporary : &g->pending, b->size, offset, pi);
		as_lifetime_add(freed ? &g->lifetimes.freed[as_lifetime_bucket_of((uint64_t) age)] :
				&g->lifetimes.censored[as_lifetime_bucket_of((uint64_t) age)],
				b->size, offset, pi);
	}
}

/* Misses of one end: the truth below the lower end, or above the upper. */
struct misses {
	unsigned below, above;
};

static void count(struct misses *m, double truth, double lower, double upper)
{
	m->below += truth < lower;
	m->above += truth > upper;
}

static void check_misses(const char *pop, const char *what, const struct misses *m, unsigned n)
{
	unsigned allowed = stats_misses_allowed(n, MISS, MISS_QUANTILE);

	printf("%s: %s below its interval in %.4f, above in %.4f of %u runs (at most %.4f each)\n",
	       pop, what, (double) m->below / n, (double) m->above / n, n, (double) allowed / n);
	STATS_VERDICT(m->below <= allowed && m->above <= allowed,
		      "%s: %s outside its interval: %u runs under, %u over, of %u (at most %u)", pop,
		      what, m->below, m->above, n, allowed);
}

/* Case `i`'s population, drawn from its fixed seed, and its threads'
 * streams, seeded from `seed`: returns the number of threads. */
static size_t setup(int i, uint64_t seed, struct block *blocks[PARTS_MAX],
		    struct stats_stream streams[PARTS_MAX])
{
	const struct population *pop = &populations[i];
	struct as_rng population_rng;
	size_t parts = 0;

	as_rng_seed(&population_rng, 0x11fe7135u + (uint64_t) i);
	for (; parts < PARTS_MAX && pop->parts[parts].rate; parts++) {
		blocks[parts] = populate(pop, &pop->parts[parts], &population_rng);
		stats_stream_seed(&streams[parts], pop->parts[parts].rate,
				  seed + (uint64_t) i * PARTS_MAX + parts);
	}
	return parts;
}

START_TEST(test_coverage)
{
	const struct population *pop = &populations[_i];
	struct block *blocks[PARTS_MAX] = { 0 };
	struct stats_stream streams[PARTS_MAX];
	struct misses temporary = { 0 }, p50 = { 0 }, p90 = { 0 };
	unsigned n = (unsigned) stats_runs(RUNS), counted = 0;
	double error = 0, error2 = 0, mean, se, known;
	struct truth truth;
	size_t parts;

	parts = setup(_i, 0x7e3b0a11u, blocks, streams);
	truth = truth_of(blocks, pop, parts);
	known = known_temporary(blocks, pop, parts);
	printf("%s: %.0f temporary bytes, p50 %.0f ns, p90 %.0f ns\n", pop->name, truth.temporary,
	       truth.p50, truth.p90);
	for (unsigned r = 0; r < n; r++) {
		struct group_part g[PARTS_MAX];
		struct as_estimate_accum temp[PARTS_MAX], upper[PARTS_MAX];
		struct as_lifetimes lifetimes[PARTS_MAX];
		struct as_lifetime_quantile q50, q90;
		struct as_estimate low, high;
		uint64_t samples = 0;

		for (size_t p = 0; p < parts; p++) {
			uint64_t rate = pop->parts[p].rate;

			g[p] = (struct group_part) {
				.temporary = { .rate = rate },
				.pending = { .rate = rate },
				.lifetimes = { .rate = rate },
			};
			run_part(&streams[p], &pop->parts[p], blocks[p], pop->end, &g[p]);
			temp[p] = g[p].temporary;
			upper[p] = g[p].temporary;
			as_estimate_merge(&upper[p], &g[p].pending);
			lifetimes[p] = g[p].lifetimes;
			for (unsigned b = 0; b < AS_LIFETIME_BUCKETS; b++)
				samples += g[p].lifetimes.freed[b].samples +
					   g[p].lifetimes.censored[b].samples;
		}
		STATS_REQUIRE(as_estimate_compute(temp, parts, parts, NULL, &low) == 0);
		STATS_REQUIRE(as_estimate_compute(upper, parts, parts, NULL, &high) == 0);
		count(&temporary, truth.temporary, low.lower, high.upper);
		error += low.weighted - known;
		error2 += (low.weighted - known) * (low.weighted - known);
		if (samples == 0)
			continue; /* no group: nothing to estimate */
		counted++;
		STATS_REQUIRE(as_lifetime_quantile(lifetimes, parts, parts, NULL, 0.5, &q50) == 0);
		STATS_REQUIRE(as_lifetime_quantile(lifetimes, parts, parts, NULL, 0.9, &q90) == 0);
		STATS_REQUIRE(q50.lower <= q50.estimate && q50.estimate <= q50.upper);
		STATS_REQUIRE(q90.lower <= q90.estimate && q90.estimate <= q90.upper);
		count(&p50, truth.p50, q50.lower, q50.upper);
		count(&p90, truth.p90, q90.lower, q90.upper);
	}
	mean = error / n;
	se = sqrt((error2 / n - mean * mean) / (n - 1));
	printf("%s: temporary estimate's mean error %+.1f bytes (%+.2f standard errors)\n", pop->name,
	       mean, se > 0 ? mean / se : 0.0);
	STATS_VERDICT(se == 0 ? mean == 0 : fabs(mean / se) <= MEAN_Z,
		      "%s: the temporary estimate is biased: mean error %g, standard error %g",
		      pop->name, mean, se);
	check_misses(pop->name, "temporary bytes", &temporary, n);
	check_misses(pop->name, "p50", &p50, counted);
	check_misses(pop->name, "p90", &p90, counted);
	for (size_t p = 0; p < parts; p++)
		free(blocks[p]);
}
END_TEST

/* The edges where the survival curve is checked, 2^k ns: 16 us, 1 ms,
 * 8 ms and 67 ms, across the populations' lifetimes (at the last two many
 * blocks are live at the end of the second population). */
static const unsigned survival_edges[] = { 14, 20, 23, 26 };
#define EDGES (sizeof survival_edges / sizeof survival_edges[0])

/* S(x) over every block: the share of the bytes whose blocks lived at
 * least x (never freed: forever). */
static double surviving(struct block **blocks, const struct population *pop, size_t parts,
			double x)
{
	double total = 0, alive = 0;

	for (size_t p = 0; p < parts; p++) {
		for (uint64_t i = 0; i < pop->parts[p].blocks; i++) {
			total += (double) blocks[p][i].size;
			if (blocks[p][i].life == NEVER || (double) blocks[p][i].life >= x)
				alive += (double) blocks[p][i].size;
		}
	}
	return alive / total;
}

/*
 * An interval that always holds the truth may still say nothing: a search
 * that gives up leaves [0, 1].  A 95% interval of a share from s samples
 * is about 2 * 1.96 sqrt(S (1 - S) / s) <= 2 / sqrt(s) wide; boundary
 * compensation and censoring widen it, so its mean width must stay below
 * twice that, 4 / sqrt(s), and below 0.85 however few the samples (the
 * widest seen: 0.17 at 300 samples, 0.69 at 10).  Deterministic: the runs'
 * seeds are fixed.
 */
static void check_width(const char *pop, const char *what, double mean_width, double samples)
{
	double bound = fmin(0.85, 4.0 / sqrt(samples));

	printf("%s: %s mean width %.3f (at most %.3f, %.0f samples a run)\n", pop, what,
	       mean_width, bound, samples);
	STATS_VERDICT(mean_width <= bound, "%s: %s: mean width %.3f, above %.3f", pop, what,
		      mean_width, bound);
}

/*
 * Each end of the survival curve's interval at each edge misses the true
 * S at most as often as it promises, (1 - C)/2, by the same binomial
 * bound as the quantiles (SURVIVAL_RUNS runs: at most 82 misses of 2000,
 * 0.041, the Binomial(2000, 0.025) quantile 1 - 10^-5; 6 cases of 4
 * edges of 2 ends then fail falsely with probability below 5e-4).  Two root searches per edge make
 * a run costly, hence fewer runs.
 */
START_TEST(test_survival)
{
	const struct population *pop = &populations[_i];
	struct block *blocks[PARTS_MAX] = { 0 };
	struct stats_stream streams[PARTS_MAX];
	struct misses misses[EDGES] = { { 0 } };
	double truth[EDGES], width[EDGES] = { 0 }, all_samples = 0;
	unsigned n = (unsigned) stats_runs(SURVIVAL_RUNS), counted = 0;
	size_t parts = setup(_i, 0x5e1f1a7eu, blocks, streams);

	for (size_t e = 0; e < EDGES; e++)
		truth[e] = surviving(blocks, pop, parts, ldexp(1.0, (int) survival_edges[e]));
	for (unsigned r = 0; r < n; r++) {
		struct as_lifetimes lifetimes[PARTS_MAX];
		uint64_t samples = 0;

		for (size_t p = 0; p < parts; p++) {
			struct group_part g = {
				.temporary = { .rate = pop->parts[p].rate },
				.pending = { .rate = pop->parts[p].rate },
				.lifetimes = { .rate = pop->parts[p].rate },
			};

			run_part(&streams[p], &pop->parts[p], blocks[p], pop->end, &g);
			lifetimes[p] = g.lifetimes;
			for (unsigned b = 0; b < AS_LIFETIME_BUCKETS; b++)
				samples += g.lifetimes.freed[b].samples + g.lifetimes.censored[b].samples;
		}
		if (samples == 0)
			continue; /* no group: nothing to estimate */
		counted++;
		all_samples += (double) samples;
		for (size_t e = 0; e < EDGES; e++) {
			struct as_survival_point pt;

			STATS_REQUIRE(as_lifetime_survival_at(lifetimes, parts, parts, NULL,
							      survival_edges[e], &pt) == 0);
			STATS_REQUIRE(pt.lower <= pt.surviving && pt.surviving <= pt.upper);
			count(&misses[e], truth[e], pt.lower, pt.upper);
			width[e] += pt.upper - pt.lower;
		}
	}
	for (size_t e = 0; e < EDGES; e++) {
		char what[64];

		snprintf(what, sizeof what, "S(2^%u ns) = %.3f", survival_edges[e], truth[e]);
		check_misses(pop->name, what, &misses[e], counted);
		check_width(pop->name, what, width[e] / counted, all_samples / counted);
	}
	for (size_t p = 0; p < parts; p++)
		free(blocks[p]);
}
END_TEST

/* At rate 1 every block is sampled and every pivot is exact: the
 * interval is the quantile's bucket, and nothing censored widens it. */
START_TEST(test_rate_one)
{
	struct as_lifetimes l = { .rate = 1 };
	struct as_lifetime_quantile q;

	for (uint64_t i = 0; i < 10; i++)
		as_lifetime_add(&l.freed[as_lifetime_bucket_of(1000 * (i + 1))], 100, 0, 1.0);
	ck_assert_int_eq(as_lifetime_quantile(&l, 1, 1, NULL, 0.5, &q), 0);
	/* The 5th of 10 equal blocks, 5000 ns, lies in [4096, 8192). */
	ck_assert(q.lower == 4096 && q.upper == 8191 && q.estimate >= 4096 && q.estimate <= 8191);
	/* Half of the bytes still live at 100 ns of age: the 90th percentile
	 * has no upper end, and counted as freed then they leave it above
	 * 4 us (at most 14 of 20 blocks lived less). */
	for (uint64_t i = 0; i < 10; i++)
		as_lifetime_add(&l.censored[as_lifetime_bucket_of(100)], 100, 0, 1.0);
	ck_assert_int_eq(as_lifetime_quantile(&l, 1, 1, NULL, 0.9, &q), 0);
	ck_assert(q.upper == INFINITY && q.lower == 4096);
}
END_TEST

START_TEST(test_buckets)
{
	ck_assert_uint_eq(as_lifetime_bucket_of(0), 0);
	ck_assert_uint_eq(as_lifetime_bucket_of(1), 1);
	ck_assert_uint_eq(as_lifetime_bucket_of(2), 2);
	ck_assert_uint_eq(as_lifetime_bucket_of(3), 2);
	ck_assert_uint_eq(as_lifetime_bucket_of(4), 3);
	ck_assert_uint_eq(as_lifetime_bucket_of(UINT64_C(1) << 62), 63);
	ck_assert_uint_eq(as_lifetime_bucket_of(UINT64_MAX), 63);
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_coverage, (int) CASES },
		{ test_survival, (int) CASES },
		{ test_rate_one, 1 },
		{ test_buckets, 1 },
		{ NULL, 0 },
	};

	return as_check_main("lifetimes-sim", "model", tests);
}
