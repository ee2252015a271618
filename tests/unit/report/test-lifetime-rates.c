/*
 * test-lifetime-rates.c - a group's sparse lifetime buckets
 * (lifetime_rates.c): what is added comes back, expanded, in the bucket
 * of its lifetime and its rate, freed apart from censored, the rates in
 * ascending order; merging adds; entries past what the index of the
 * first rate holds are still found, never made twice.
 */
#include <check.h>

#include <glib.h>

#include "lifetime_rates.h"
#include "tests/lib/check-run.h"

static struct asr_weighed sample(uint64_t rate, uint64_t size)
{
	return (struct asr_weighed) { .rate = rate, .size = size, .offset = 0, .pi = 0.5 };
}

/* The samples of `rate` in bucket b of the expansion, freed or censored. */
static uint64_t at(const struct as_lifetimes *rates, size_t n, uint64_t rate, unsigned b,
		   bool censored)
{
	for (size_t i = 0; i < n; i++) {
		if (rates[i].rate == rate)
			return censored ? rates[i].censored[b].samples : rates[i].freed[b].samples;
	}
	return 0;
}

START_TEST(test_add_expand)
{
	struct asr_lifetime_rates l = { 0 };
	struct asr_weighed big = sample(65536, 100), small = sample(4096, 10);
	struct as_lifetimes *rates;
	size_t n;

	asr_lifetime_rates_add(&l, &big, 1000, false);   /* bucket 10: [512, 1024) */
	asr_lifetime_rates_add(&l, &big, 1023, false);
	asr_lifetime_rates_add(&l, &big, 1024, true);    /* bucket 11, censored */
	asr_lifetime_rates_add(&l, &small, 0, false);    /* bucket 0 */
	asr_lifetime_rates_add(&l, &small, 1000, false);
	ck_assert_uint_eq(l.n, 4);
	ck_assert_uint_eq(asr_lifetime_rates_samples(&l), 5);
	rates = asr_lifetime_rates_expand(&l, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(rates[0].rate, 4096);
	ck_assert_uint_eq(rates[1].rate, 65536);
	ck_assert_uint_eq(at(rates, n, 65536, 10, false), 2);
	ck_assert_uint_eq(at(rates, n, 65536, 11, true), 1);
	ck_assert_uint_eq(at(rates, n, 65536, 11, false), 0);
	ck_assert_uint_eq(at(rates, n, 4096, 0, false), 1);
	ck_assert_uint_eq(at(rates, n, 4096, 10, false), 1);
	ck_assert_double_eq(rates[1].freed[10].weighted, 400.0);  /* 2 x 100 / 0.5 */
	ck_assert_double_eq(rates[1].freed[10].u, 200.0);
	g_free(rates);
	asr_lifetime_rates_fini(&l);
}
END_TEST

START_TEST(test_merge)
{
	struct asr_lifetime_rates a = { 0 }, b = { 0 };
	struct asr_weighed s = sample(4096, 10);
	struct as_lifetimes *rates;
	size_t n;

	asr_lifetime_rates_add(&a, &s, 5, false);
	asr_lifetime_rates_add(&b, &s, 5, false);
	asr_lifetime_rates_add(&b, &s, 5, true);
	asr_lifetime_rates_merge(&a, &b);
	ck_assert_uint_eq(a.n, 2);
	rates = asr_lifetime_rates_expand(&a, &n);
	ck_assert_uint_eq(at(rates, n, 4096, 3, false), 2);
	ck_assert_uint_eq(at(rates, n, 4096, 3, true), 1);
	g_free(rates);
	asr_lifetime_rates_fini(&a);
	asr_lifetime_rates_fini(&b);
}
END_TEST

/* Four rates fill 4 x 64 x 2 entries, past the 255 the first rate's index
 * can name: a free of the first rate after that is found by the search. */
START_TEST(test_many_entries)
{
	static const uint64_t rate_of[] = { 1 << 20, 4096, 65536, 1024 };
	struct asr_lifetime_rates l = { 0 };
	struct as_lifetimes *rates;
	size_t n;

	for (unsigned r = 0; r < 4; r++) {
		struct asr_weighed s = sample(rate_of[r], 10);

		for (unsigned b = 0; b < AS_LIFETIME_BUCKETS; b++) {
			asr_lifetime_rates_add(&l, &s, b ? UINT64_C(1) << (b - 1) : 0, true);
			if (r > 0)
				asr_lifetime_rates_add(&l, &s, b ? UINT64_C(1) << (b - 1) : 0, false);
		}
	}
	/* The first rate's freed entries come last, past the index. */
	for (unsigned b = 0; b < AS_LIFETIME_BUCKETS; b++) {
		struct asr_weighed s = sample(rate_of[0], 10);

		for (unsigned k = 0; k < 3; k++)
			asr_lifetime_rates_add(&l, &s, b ? UINT64_C(1) << (b - 1) : 0, false);
	}
	ck_assert_uint_eq(l.n, 4 * AS_LIFETIME_BUCKETS * 2);
	ck_assert_uint_eq(asr_lifetime_rates_samples(&l), (4 + 3 + 3) * AS_LIFETIME_BUCKETS);
	rates = asr_lifetime_rates_expand(&l, &n);
	ck_assert_uint_eq(n, 4);
	for (size_t i = 1; i < n; i++)
		ck_assert_uint_lt(rates[i - 1].rate, rates[i].rate);
	for (unsigned b = 0; b < AS_LIFETIME_BUCKETS; b++) {
		ck_assert_uint_eq(at(rates, n, 1 << 20, b, false), 3);
		ck_assert_uint_eq(at(rates, n, 1 << 20, b, true), 1);
		ck_assert_uint_eq(at(rates, n, 1024, b, false), 1);
	}
	g_free(rates);
	asr_lifetime_rates_fini(&l);
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_add_expand, 1 },
		{ test_merge, 1 },
		{ test_many_entries, 1 },
		{ NULL, 0 },
	};

	return as_check_main("lifetime-rates", "buckets", tests);
}
