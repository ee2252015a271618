/* test-sampler.c - the sampling model (doc/design.md section 1) on explicitly
 * seeded samplers. */
#include <check.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "sampler/rng.h"
#include "sampler/sampler.h"
#include "sampler/thread_seed.h"
#include "tests/lib/stats.h"
#include "tests/lib/check-run.h"

#define DEFAULT_RATE 102400
#define MIB (1024 * 1024)

/*
 * The state is one struct, and its size is pinned so that growing it is a
 * deliberate act (it is thread-local in every traced thread).  The fast path
 * addresses the counter with no offset.  Catches: a member added or
 * reordered in passing.
 */
START_TEST(test_struct_layout)
{
	ck_assert_uint_eq(sizeof(struct as_sampler), 72);
	ck_assert_uint_eq(offsetof(struct as_sampler, bytes_until_sample), 0);
}
END_TEST

/*
 * N bytes in 1-byte objects: every byte is one trial, so the number of
 * samples is Binomial(N, p), mean N p, and every offset is 0.
 * Catches: `r <= n` instead of `r < n` (offset 1 in a 1-byte object);
 * offset + 1 or - 1 (offset 1 or 2^64 - 1); a uniform variate that is not
 * uniform on [0, 1) (three times too many samples with 52 bits scaled by
 * 2^-53).  A draw one too large is invisible here at the default rate (one
 * byte later in 102400): the small-rate test catches it.
 */
START_TEST(test_one_byte_objects)
{
	struct as_sampler s = { 0 };
	struct stats_offsets offsets;
	uint64_t bytes = stats_runs(UINT64_C(1) << 28), samples = 0, offset;

	as_sampler_seed(&s, DEFAULT_RATE, 1);
	stats_offsets_init(&offsets, DEFAULT_RATE, 1);
	for (uint64_t i = 0; i < bytes; i++) {
		if (stats_allocate(&s, 1, &offset)) {
			samples++;
			stats_offsets_add(&offsets, offset);
		}
	}
	/* Exact binomial test at alpha = 1e-6 (stats.h). */
	stats_assert_binomial("samples in 1-byte objects", samples, bytes, 1.0 / DEFAULT_RATE);
	/* Offsets all 0 (the mean test of a one-point distribution is exact). */
	stats_offsets_check("offsets in 1-byte objects", &offsets);
}
END_TEST

/*
 * Streams of objects of one size at the default rate: the fraction sampled
 * is 1 - q^n and the offsets follow the geometric distribution truncated at
 * n.  The object counts give each size tens of thousands of samples (at
 * n = 100, about 98000).
 * Catches: trials continuing after a success, the object's remaining bytes
 * taken from the next draw (the counter goes negative and the fraction
 * falls to nearly 0); `r <= n`, offset + 1 or - 1 (offsets n or 2^64 - 1);
 * draws of the wrong distribution (the fraction and the chi-square).
 */
static const struct {
	uint64_t size;
	uint64_t objects;
} fixed_streams[] = {
	{ 100, 100000000 },
	{ 4096, 50000000 },
	{ 102400, 4000000 },
	{ MIB, 2000000 },
};

START_TEST(test_fixed_size_stream)
{
	uint64_t size = fixed_streams[_i].size;
	uint64_t objects = stats_runs(fixed_streams[_i].objects);
	struct as_sampler s = { 0 };
	struct stats_offsets offsets;
	uint64_t sampled = 0, offset;
	char what[64];

	as_sampler_seed(&s, DEFAULT_RATE, 100 + (uint64_t) _i);
	stats_offsets_init(&offsets, DEFAULT_RATE, size);
	for (uint64_t i = 0; i < objects; i++) {
		if (stats_allocate(&s, size, &offset)) {
			sampled++;
			stats_offsets_add(&offsets, offset);
		}
	}
	snprintf(what, sizeof(what), "%llu-byte objects", (unsigned long long) size);
	/* Exact binomial test of the fraction at alpha = 1e-6; the offsets by
	 * chi-square at 1 - 1e-6 and a z = 5 mean test (stats.h). */
	stats_assert_binomial(what, sampled, objects, stats_sampled_probability(DEFAULT_RATE, size));
	stats_offsets_check(what, &offsets);
}
END_TEST

/*
 * A mixed stream (sizes in random order, malloc(0) among them): each size
 * keeps its own fraction 1 - q^n whatever came before it, and malloc(0)
 * never reaches the slow path.
 * Catches: trials continuing after a success (a 1 MiB object's remaining
 * bytes taken from the next draw leave a negative counter, which even
 * malloc(0) then sends to the slow path); `r <= n` (a counter of exactly 0
 * sends malloc(0) to the slow path); offset + 1 or - 1 (in the 1-byte
 * objects); a fast path that tests `> 0`.
 */
static const uint64_t mixed_sizes[] = { 0, 1, 16, 100, 700, 4096, 32768, 102400, MIB };
#define MIXED_CLASSES (sizeof(mixed_sizes) / sizeof(mixed_sizes[0]))

START_TEST(test_mixed_stream)
{
	uint64_t objects = stats_runs(UINT64_C(20000000));
	struct as_sampler s = { 0 };
	struct as_rng order;
	struct stats_offsets offsets[MIXED_CLASSES];
	uint64_t count[MIXED_CLASSES] = { 0 }, sampled[MIXED_CLASSES] = { 0 }, offset;

	as_sampler_seed(&s, DEFAULT_RATE, 2);
	as_rng_seed(&order, 3);
	for (size_t c = 0; c < MIXED_CLASSES; c++)
		stats_offsets_init(&offsets[c], DEFAULT_RATE, mixed_sizes[c] ? mixed_sizes[c] : 1);
	for (uint64_t i = 0; i < objects; i++) {
		size_t c = (size_t) (as_rng_next(&order) % MIXED_CLASSES);

		count[c]++;
		if (mixed_sizes[c] == 0) {
			STATS_REQUIRE(as_sampler_fast(&s, 0));
			continue;
		}
		if (stats_allocate(&s, mixed_sizes[c], &offset)) {
			sampled[c]++;
			stats_offsets_add(&offsets[c], offset);
		}
	}
	for (size_t c = 1; c < MIXED_CLASSES; c++) {
		char what[64];

		snprintf(what, sizeof(what), "mixed stream, %llu-byte objects",
			 (unsigned long long) mixed_sizes[c]);
		/* Exact binomial test at alpha = 1e-6 (stats.h). */
		stats_assert_binomial(what, sampled[c], count[c],
				      stats_sampled_probability(DEFAULT_RATE, mixed_sizes[c]));
		ck_assert_msg(offsets[c].out_of_range == 0, "%s: offset %llu >= size", what,
			      (unsigned long long) offsets[c].bad_offset);
		/* The small sizes have too few samples for a chi-square; from
		 * 700 bytes on, chi-square at 1 - 1e-6 and a z = 5 mean test. */
		if (mixed_sizes[c] >= 700)
			stats_offsets_check(what, &offsets[c]);
	}
}
END_TEST

/*
 * At small rates a million samples come cheaply and one byte is a large
 * part of the distribution: the fraction sampled moves by p q^n per byte
 * of shift, and the mean offset is pinned to a few hundredths.
 * Catches: a draw one too large (ceil for floor: every fraction too low by
 * thousands of standard deviations, and the mean offset of 200-byte
 * objects one too high); `r <= n` (fractions too high); offset + 1 or - 1
 * (offsets n or 2^64 - 1); trials continuing after a success.
 */
static const struct {
	uint64_t rate;
	uint64_t size;
} small_rates[] = {
	{ 2, 1 }, { 2, 7 }, { 16, 1 }, { 16, 2 }, { 16, 5 },
	{ 16, 16 }, { 16, 40 }, { 16, 200 }, { 1000, 3000 },
};

START_TEST(test_small_rate_offsets)
{
	uint64_t rate = small_rates[_i].rate, size = small_rates[_i].size;
	uint64_t objects = stats_runs(UINT64_C(2000000)), sampled = 0, offset;
	struct as_sampler s = { 0 };
	struct stats_offsets offsets;
	char what[64];

	as_sampler_seed(&s, rate, 200 + (uint64_t) _i);
	stats_offsets_init(&offsets, rate, size);
	for (uint64_t i = 0; i < objects; i++) {
		if (stats_allocate(&s, size, &offset)) {
			sampled++;
			stats_offsets_add(&offsets, offset);
		}
	}
	snprintf(what, sizeof(what), "rate %llu, %llu-byte objects",
		 (unsigned long long) rate, (unsigned long long) size);
	/* Exact binomial test at alpha = 1e-6; chi-square at 1 - 1e-6 and a
	 * z = 5 mean test of the offsets (stats.h). */
	stats_assert_binomial(what, sampled, objects, stats_sampled_probability(rate, size));
	stats_offsets_check(what, &offsets);
}
END_TEST

/*
 * The same seed gives the same stream, sample for sample; another seed gives
 * another stream.  Catches: state that leaks in from outside the sampler
 * (a global generator, the clock, an uninitialised member); a sampler that
 * stops sampling (trials continuing after a success: the two streams then
 * agree on nearly every object).
 */
START_TEST(test_same_seed_same_stream)
{
	struct as_sampler a = { 0 }, b = { 0 }, c = { 0 };
	struct as_rng order;
	uint64_t samples = 0, differences = 0;

	as_sampler_seed(&a, 4096, 77);
	as_sampler_seed(&b, 4096, 77);
	as_sampler_seed(&c, 4096, 78);
	as_rng_seed(&order, 4);
	for (int i = 0; i < 1000000; i++) {
		size_t size = (size_t) (as_rng_next(&order) % 2000);
		uint64_t offset_a = UINT64_MAX, offset_b = UINT64_MAX, offset_c = UINT64_MAX;
		bool sampled_a = stats_allocate(&a, size, &offset_a);
		bool sampled_b = stats_allocate(&b, size, &offset_b);
		bool sampled_c = stats_allocate(&c, size, &offset_c);

		STATS_REQUIRE(sampled_a == sampled_b);
		STATS_REQUIRE(offset_a == offset_b);
		STATS_REQUIRE(a.bytes_until_sample == b.bytes_until_sample);
		samples += sampled_a;
		differences += sampled_a != sampled_c || offset_a != offset_c;
	}
	ck_assert_uint_gt(samples, 0);
	/* About 2 * 0.2 of a million objects differ between two independent
	 * streams; none would if the seed were ignored. */
	ck_assert_uint_gt(differences, 1000);
}
END_TEST

/*
 * Rate 1 (p = 1): every non-empty object is sampled at offset 0, and the
 * counter is left at 0 for the next one; malloc(0) at a counter of exactly
 * 0 stays on the fast path.
 * Catches: a draw that is not 0 at p = 1 (log(1 - 1) = -inf); offset + 1
 * or - 1; `r <= n` and a fast path that tests `> 0` (malloc(0) at 0);
 * trials continuing after a success (a negative counter).
 */
START_TEST(test_rate_one)
{
	struct as_sampler s = { 0 };
	struct as_rng order;

	as_sampler_seed(&s, 1, 5);
	as_rng_seed(&order, 6);
	for (int i = 0; i < 100000; i++) {
		size_t size = i < 4096 ? (size_t) i + 1 : (size_t) (as_rng_next(&order) % (4 * MIB)) + 1;
		uint64_t offset = UINT64_MAX;

		STATS_REQUIRE(!as_sampler_fast(&s, size));
		STATS_REQUIRE(as_sampler_slow(&s, size, &offset));
		STATS_REQUIRE(offset == 0);
		STATS_REQUIRE(s.bytes_until_sample == 0);
		STATS_REQUIRE(as_sampler_fast(&s, 0));
		STATS_REQUIRE(s.bytes_until_sample == 0);
	}
}
END_TEST

/*
 * malloc(0) makes no trial: it never reaches the slow path, never changes
 * the counter, and does not seed a never-seeded sampler.
 * Catches: a fast path that sends size 0 to the slow path at a zero
 * counter (a never-seeded thread), whether written `> 0` or as `r <= n`.
 */
START_TEST(test_size_zero)
{
	struct as_sampler fresh = { 0 }, s = { 0 };
	uint64_t offset;

	ck_assert(as_sampler_fast(&fresh, 0));
	ck_assert_uint_eq(fresh.bytes_until_sample, 0);
	ck_assert(!fresh.seeded);

	as_sampler_seed(&s, 64, 8);
	for (int i = 0; i < 100000; i++) {
		uint64_t before = s.bytes_until_sample;

		STATS_REQUIRE(as_sampler_fast(&s, 0));
		STATS_REQUIRE(s.bytes_until_sample == before);
		stats_allocate(&s, 10, &offset);
	}
}
END_TEST

/*
 * A request above INT64_MAX (libc refuses it, but it is what the program
 * asked for) is longer than any counter: it leaves the fast path, the
 * slow path finds its success at the counter's offset, and the counter
 * after it is a fresh draw (below 37 * rate), not one credited with
 * 2^64 - size trials.
 * Catches: a fast path that tests the sign of the wrapped subtraction
 * instead of its borrow (at size 2^63 + 2^62 it credits 2^62 trials: the
 * thread never samples again).
 */
START_TEST(test_huge_request)
{
	static const size_t sizes[] = {
		(size_t) INT64_MAX + 1, ((size_t) 1 << 63) + ((size_t) 1 << 62),
		SIZE_MAX - 4095, SIZE_MAX,
	};

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		struct as_sampler s = { 0 };
		uint64_t offset = UINT64_MAX;
		uint64_t before;

		as_sampler_seed(&s, 4096, 10 + i);
		before = s.bytes_until_sample;
		ck_assert_msg(!as_sampler_fast(&s, sizes[i]), "size %zu stayed on the fast path", sizes[i]);
		ck_assert(as_sampler_slow(&s, sizes[i], &offset));
		ck_assert_uint_eq(offset, before);
		ck_assert_uint_lt(s.bytes_until_sample, 37 * 4096);
	}
}
END_TEST

/*
 * While held, allocations stay on the fast path, never sample, and consume
 * no trial: after the outermost release the counter is exactly what it was
 * before the first hold, and the stream goes on as if nothing had been
 * allocated.  Holds nest.  A request larger than what is left of the held
 * counter (2^64 - 1 minus the bytes held so far), the one thing that leaves
 * the fast path while held, is not sampled either.
 * Catches: a release that restores the counter at every level (allocations
 * between an inner and the outer release reach the slow path); a hold that
 * saves the counter at every level, or a release that restores nothing
 * (the counter after the release is a held-time one).
 */
START_TEST(test_hold_release)
{
	struct as_sampler s = { 0 }, twin = { 0 };
	uint64_t offset = UINT64_MAX, offset_twin = UINT64_MAX;
	uint64_t before;

	as_sampler_seed(&s, 4096, 9);
	as_sampler_seed(&twin, 4096, 9);
	before = s.bytes_until_sample;

	as_sampler_hold(&s);
	for (int i = 0; i < 1000; i++)
		STATS_REQUIRE(as_sampler_fast(&s, MIB));
	as_sampler_hold(&s);
	for (int i = 0; i < 1000; i++)
		STATS_REQUIRE(as_sampler_fast(&s, MIB));
	ck_assert(!as_sampler_fast(&s, SIZE_MAX));
	ck_assert(!as_sampler_slow(&s, SIZE_MAX, &offset));
	as_sampler_release(&s);
	for (int i = 0; i < 1000; i++)
		STATS_REQUIRE(as_sampler_fast(&s, MIB));
	as_sampler_release(&s);

	ck_assert_uint_eq(offset, UINT64_MAX);
	ck_assert_uint_eq(s.bytes_until_sample, before);
	for (int i = 0; i < 100000; i++) {
		bool sampled = stats_allocate(&s, 1000, &offset);

		STATS_REQUIRE(sampled == stats_allocate(&twin, 1000, &offset_twin));
		STATS_REQUIRE(offset == offset_twin);
	}
}
END_TEST

/*
 * A hold on a never-seeded sampler: its allocations neither seed it nor
 * leave it anything but "never drawn" after the release.
 * Catches: a release that does not restore the counter (the thread's
 * first real allocation would then skip the seeding slow path).
 */
START_TEST(test_hold_never_seeded)
{
	struct as_sampler s = { 0 };

	as_sampler_hold(&s);
	for (int i = 0; i < 1000; i++)
		STATS_REQUIRE(as_sampler_fast(&s, MIB));
	as_sampler_release(&s);
	ck_assert_uint_eq(s.bytes_until_sample, 0);
	ck_assert(!s.seeded);
	ck_assert(!as_sampler_fast(&s, 1));
}
END_TEST

int main(void)
{
	const struct as_check_test layout[] = {
		{ test_struct_layout, 1 },
		{ NULL, 0 },
	};
	const struct as_check_test statistics[] = {
		{ test_one_byte_objects, 1 },
		{ test_fixed_size_stream, (int) (sizeof(fixed_streams) / sizeof(fixed_streams[0])) },
		{ test_mixed_stream, 1 },
		{ test_small_rate_offsets, (int) (sizeof(small_rates) / sizeof(small_rates[0])) },
		{ NULL, 0 },
	};
	const struct as_check_test exact[] = {
		{ test_same_seed_same_stream, 1 },
		{ test_rate_one, 1 },
		{ test_size_zero, 1 },
		{ test_huge_request, 1 },
		{ test_hold_release, 1 },
		{ test_hold_never_seeded, 1 },
		{ NULL, 0 },
	};
	Suite *suite = suite_create("sampler");

	as_check_case(suite, "layout", NULL, layout);
	/* Each test runs in a process of its own, where sampling has
	 * started, as in a traced program once liballocsample is loaded. */
	as_check_case(suite, "statistics", as_thread_seed_start, statistics);
	as_check_case(suite, "exact", as_thread_seed_start, exact);
	return as_check_run(suite);
}
