/* test-compare-sim.c - comparing two runs, against the exact sampling model simulated. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "estimate/compare.h"
#include "sampler/rng.h"
#include "tests/lib/stats.h"
#include "tests/lib/check-run.h"

/*
 * Every rate is checked against the binomial distribution of its count:
 * with n pairs and a nominal rate a, the count of events (false calls,
 * misses of an interval end) must not exceed the 1 - 1e-4 quantile of
 * Binomial(n, a), i.e. P(X >= count) > CHECK_ALPHA (stats_binomial_tail).
 * The seeds are fixed: this says how unlucky they would have to be.
 */
#define CHECK_ALPHA 1e-4
#define C 0.95
/* Pairs of runs per check (stats_runs). */
#define PAIRS 10000
#define MAX_THREADS 4

/* A group: its allocation stream and the sampler's rate on each side. */
struct group_spec {
	const char *name;
	enum stats_mix mix;
	unsigned threads;
	uint64_t rate_base, rate_new;
	uint64_t rate_new2;     /* nonzero: NEW's odd threads sample at this rate (mixed) */
	double mean_bytes;      /* per thread, BASELINE's window, about */
	double increase;        /* NEW's window is this times BASELINE's */
};

/* One run of a group: its accumulators (one per rate) and its true bytes. */
struct side_run {
	struct as_estimate_accum accums[2];
	size_t n;
	uint64_t truth;
};

/*
 * Runs one side of pair `pair` of a group: each thread a fresh stream, the
 * same allocations on both sides (their sizes from a generator seeded from
 * the group and the pair), an independent sampler seed per side.  The
 * window of every thread starts at a random byte of its first 4 R (from
 * the allocations' generator) and lasts mean_bytes, times `increase` for
 * NEW.
 */
static void run_side(const struct group_spec *g, uint64_t group_seed, unsigned pair, bool is_new,
		     struct side_run *out)
{
	uint64_t rate = is_new ? g->rate_new : g->rate_base;

	*out = (struct side_run) { .n = is_new && g->rate_new2 ? 2 : 1 };
	out->accums[0].rate = rate;
	out->accums[1].rate = g->rate_new2;
	for (unsigned k = 0; k < g->threads; k++) {
		uint64_t alloc_seed = as_rng_mix(group_seed ^ as_rng_mix(((uint64_t) pair << 8) | k));
		uint64_t thread_rate = is_new && g->rate_new2 && (k & 1) ? g->rate_new2 : rate;
		uint64_t start, length;
		struct stats_stream st;
		struct as_rng sizes;

		as_rng_seed(&sizes, alloc_seed);
		stats_stream_seed(&st, thread_rate,
				  as_rng_mix(alloc_seed + (is_new ? 0x9e3779b97f4a7c15u : 1)));
		start = as_rng_next(&sizes) % (4 * rate);
		length = (uint64_t) (g->mean_bytes * (0.75 + 0.5 * as_rng_uniform(&sizes)));
		if (is_new)
			length = (uint64_t) ((double) length * g->increase);
		out->truth += stats_stream_window(&st, g->mix, &sizes, start, start + length,
						  &out->accums[thread_rate == rate ? 0 : 1]);
	}
}

/* Fails when `count` events out of `n` are too many for a rate `rate`. */
static void check_at_most(const char *what, unsigned count, unsigned n, double rate)
{
	double tail = count == 0 ? 1.0 : stats_binomial_tail(count, n, rate, true);

	printf("%s: %u of %u (%.4f, nominal at most %.4f)\n", what, count, n, (double) count / n, rate);
	STATS_VERDICT(tail > CHECK_ALPHA, "%s: %u of %u, P(X >= %u) = %.3g for rate %.4f", what, count,
		      n, count, tail, rate);
}

/* What one group's pairs gave. */
struct tally {
	unsigned pairs, significant, increase, below, above, zero_base, zero_new;
	uint64_t samples_base, samples_new;
};

static void compare_pair(const struct group_spec *g, uint64_t seed, unsigned pair,
			 struct as_compare_result *res, struct tally *t)
{
	struct side_run b, n;
	struct as_compare_side base, new_;
	struct as_estimate_options options = { C, true };
	double truth;

	run_side(g, seed, pair, false, &b);
	run_side(g, seed, pair, true, &n);
	base = (struct as_compare_side) { b.accums, b.n, g->threads };
	new_ = (struct as_compare_side) { n.accums, n.n, g->threads };
	if (as_compare_compute(&base, &new_, &options, res) != 0)
		ck_abort_msg("%s: as_compare_compute failed", g->name);
	truth = (double) n.truth / (double) b.truth;
	t->pairs++;
	t->significant += res->p_value < 1 - C;
	t->increase += res->p_value < 1 - C && res->p_increase < res->p_decrease;
	t->below += truth < res->ratio_lower;
	t->above += truth > res->ratio_upper;
	t->zero_base += res->base.samples == 0;
	t->zero_new += res->new_.samples == 0;
	t->samples_base += res->base.samples;
	t->samples_new += res->new_.samples;
	/* The test and the interval are one: p < 1 - C when 1 is outside. */
	if ((res->p_value < 1 - C) != (res->ratio_lower > 1 || res->ratio_upper < 1))
		ck_abort_msg("%s: p %.6g but interval [%.9g, %.9g]", g->name, res->p_value,
			     res->ratio_lower, res->ratio_upper);
}

static void tally_print(const struct group_spec *g, const struct tally *t)
{
	printf("%s: %u pairs, samples per side %.1f / %.1f, no samples %u / %u, significant %u, "
	       "truth below %u above %u\n", g->name, t->pairs, (double) t->samples_base / t->pairs,
	       (double) t->samples_new / t->pairs, t->zero_base, t->zero_new, t->significant,
	       t->below, t->above);
}

/* Groups of one family, all unchanged: the allocation streams of BASELINE
 * and NEW are the same. */
static const struct group_spec null_groups[] = {
	{ "1 B, few samples", STATS_MIX_1_BYTE, 1, 4096, 4096, 0, 4096 * 12.0, 1.0 },
	{ "64 B, 4 threads", STATS_MIX_64_BYTES, 4, 4096, 4096, 0, 4096 * 40.0, 1.0 },
	{ "16 B .. 1 MiB", STATS_MIX_16B_1MIB, 1, 65536, 65536, 0, 64e6, 1.0 },
	{ "1 B, rates 4096 / 16384", STATS_MIX_1_BYTE, 1, 4096, 16384, 0, 4096 * 200.0, 1.0 },
	{ "1 B, NEW mixes 4096 and 1024", STATS_MIX_1_BYTE, 2, 4096, 4096, 1024, 4096 * 100.0, 1.0 },
	{ "64 B, often no sample", STATS_MIX_64_BYTES, 1, 16384, 16384, 0, 16384 * 1.0, 1.0 },
};
#define NULL_GROUPS (sizeof(null_groups) / sizeof(null_groups[0]))

/*
 * 10,000 pairs of runs of the same allocation streams, six groups each:
 * per group, the calls at level C (before correction) and each end's
 * misses of the true ratio 1; per pair, any call after Holm's and after
 * Benjamini-Hochberg's correction (all hypotheses true: the FDR is the
 * family-wise rate).
 */
START_TEST(test_null)
{
	struct tally t[NULL_GROUPS] = { { 0 } };
	unsigned n = (unsigned) stats_runs(PAIRS), holm_any = 0, bh_any = 0;
	char what[160];

	for (unsigned i = 0; i < n; i++) {
		double p[NULL_GROUPS];
		bool sig[NULL_GROUPS], any = false;

		for (size_t g = 0; g < NULL_GROUPS; g++) {
			struct as_compare_result res;

			compare_pair(&null_groups[g], 0x5eed0000u + g, i, &res, &t[g]);
			p[g] = res.p_value;
		}
		as_compare_holm(p, NULL_GROUPS, 1 - C, sig);
		for (size_t g = 0; g < NULL_GROUPS; g++)
			any |= sig[g];
		holm_any += any;
		any = false;
		as_compare_benjamini_hochberg(p, NULL_GROUPS, 1 - C, sig);
		for (size_t g = 0; g < NULL_GROUPS; g++)
			any |= sig[g];
		bh_any += any;
	}
	for (size_t g = 0; g < NULL_GROUPS; g++) {
		tally_print(&null_groups[g], &t[g]);
		snprintf(what, sizeof(what), "%s: significant at %.2f", null_groups[g].name, C);
		check_at_most(what, t[g].significant, t[g].pairs, 1 - C);
		snprintf(what, sizeof(what), "%s: true ratio below the interval", null_groups[g].name);
		check_at_most(what, t[g].below, t[g].pairs, (1 - C) / 2);
		snprintf(what, sizeof(what), "%s: true ratio above the interval", null_groups[g].name);
		check_at_most(what, t[g].above, t[g].pairs, (1 - C) / 2);
	}
	STATS_VERDICT(t[NULL_GROUPS - 1].zero_base > n / 10 && t[NULL_GROUPS - 1].zero_new > n / 10,
		      "the group without samples is not tested");
	check_at_most("family of 6, any call after Holm", holm_any, n, 1 - C);
	check_at_most("family of 6, any call after Benjamini-Hochberg", bh_any, n, 1 - C);
}
END_TEST

/* Groups of the power test: the first grows by 20%, with at least 1000
 * samples per side; the others are unchanged. */
static const struct group_spec power_groups[] = {
	{ "1 B, +20%", STATS_MIX_1_BYTE, 1, 4096, 4096, 0, 4096 * 1500.0, 1.2 },
	{ "64 B, unchanged", STATS_MIX_64_BYTES, 1, 4096, 4096, 0, 4096 * 200.0, 1.0 },
	{ "16 B .. 1 MiB, unchanged", STATS_MIX_16B_1MIB, 1, 65536, 65536, 0, 16e6, 1.0 },
	{ "1 B, unchanged, rates 4096 / 16384", STATS_MIX_1_BYTE, 1, 4096, 16384, 0, 4096 * 400.0, 1.0 },
};
#define POWER_GROUPS (sizeof(power_groups) / sizeof(power_groups[0]))

/*
 * 10,000 pairs where one group allocates 20% more: found (significant
 * increase at C, before correction) in at least 95% of the pairs, and
 * reported; after Holm over the family, reported.  Its interval covers the
 * true ratio: each end misses at most (1 - C)/2 within binomial error.
 */
START_TEST(test_power)
{
	struct tally t[POWER_GROUPS] = { { 0 } };
	unsigned n = (unsigned) stats_runs(PAIRS), holm_found = 0, holm_false = 0, min_samples = UINT32_MAX;

	for (unsigned i = 0; i < n; i++) {
		double p[POWER_GROUPS];
		bool sig[POWER_GROUPS], increase = false, false_call = false;

		for (size_t g = 0; g < POWER_GROUPS; g++) {
			struct as_compare_result res;

			compare_pair(&power_groups[g], 0x90e70000u + g, i, &res, &t[g]);
			p[g] = res.p_value;
			if (g == 0) {
				increase = res.p_increase < res.p_decrease;
				if (res.base.samples < min_samples)
					min_samples = (unsigned) res.base.samples;
			}
		}
		as_compare_holm(p, POWER_GROUPS, 1 - C, sig);
		holm_found += sig[0] && increase;
		for (size_t g = 1; g < POWER_GROUPS; g++)
			false_call |= sig[g];
		holm_false += false_call;
	}
	for (size_t g = 0; g < POWER_GROUPS; g++)
		tally_print(&power_groups[g], &t[g]);
	printf("+20%%: found in %u of %u pairs (%.4f) before correction, %u (%.4f) after Holm; "
	       "fewest BASELINE samples %u\n", t[0].increase, n, (double) t[0].increase / n,
	       holm_found, (double) holm_found / n, min_samples);
	STATS_VERDICT(min_samples >= 1000, "the +20%% group has %u samples", min_samples);
	STATS_VERDICT(t[0].increase >= 0.95 * n, "+20%%: found in %u of %u pairs", t[0].increase, n);
	check_at_most("+20%: true ratio below the interval", t[0].below, n, (1 - C) / 2);
	check_at_most("+20%: true ratio above the interval", t[0].above, n, (1 - C) / 2);
	check_at_most("unchanged groups, any call after Holm", holm_false, n, 1 - C);
	for (size_t g = 1; g < POWER_GROUPS; g++)
		check_at_most(power_groups[g].name, t[g].significant, n, 1 - C);
}
END_TEST

/* Coverage at a true ratio far from 1, few samples, different rates: the
 * interval, not only the test at 1, must hold. */
static const struct group_spec ratio_groups[] = {
	{ "64 B, x0.5, rates 16384 / 4096", STATS_MIX_64_BYTES, 1, 16384, 4096, 0, 16384 * 20.0, 0.5 },
	{ "16 B .. 1 MiB, x3, 2 threads", STATS_MIX_16B_1MIB, 2, 65536, 65536, 0, 8e6, 3.0 },
};

START_TEST(test_ratio_coverage)
{
	const struct group_spec *g = &ratio_groups[_i];
	struct tally t = { 0 };
	unsigned n = (unsigned) stats_runs(PAIRS);
	char what[160];

	for (unsigned i = 0; i < n; i++) {
		struct as_compare_result res;

		compare_pair(g, 0xc0de0000u + (uint64_t) _i, i, &res, &t);
	}
	tally_print(g, &t);
	snprintf(what, sizeof(what), "%s: true ratio below the interval", g->name);
	check_at_most(what, t.below, n, (1 - C) / 2);
	snprintf(what, sizeof(what), "%s: true ratio above the interval", g->name);
	check_at_most(what, t.above, n, (1 - C) / 2);
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_null, 1 },
		{ test_power, 1 },
		{ test_ratio_coverage, (int) (sizeof(ratio_groups) / sizeof(ratio_groups[0])) },
		{ NULL, 0 },
	};

	return as_check_main("compare-sim", "model", tests);
}
