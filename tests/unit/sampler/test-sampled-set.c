/* test-sampled-set.c - the set of tracked sampled blocks: membership, exact addresses, neighbouring pages, leaves, the address range, threads sharing words. */
#include <check.h>
#include <pthread.h>
#include <stdint.h>

#include "sampler/sampled_set.h"
#include "tests/lib/check-run.h"

/* Page-aligned addresses that no allocation here hands out: the set only
 * stores numbers.  Each test uses a range of its own (the set is global). */
static const void *page(uint64_t base, uint64_t i)
{
	return (const void *) (uintptr_t) ((base + i) << 12);
}

START_TEST(insert_remove_lookup)
{
	const uint64_t base = UINT64_C(1) << 24;

	for (uint64_t i = 0; i < 1000; i++)
		ck_assert_int_eq(as_sampled_set_insert(page(base, i)), AS_SAMPLED_INSERTED);
	for (uint64_t i = 0; i < 1000; i++)
		ck_assert(as_sampled_set_contains(page(base, i)));
	ck_assert(!as_sampled_set_contains(page(base, 1000)));
	ck_assert(!as_sampled_set_remove(page(base, 1000)));
	/* Inserting an address already there keeps one entry. */
	ck_assert_int_eq(as_sampled_set_insert(page(base, 7)), AS_SAMPLED_INSERTED);
	ck_assert(as_sampled_set_remove(page(base, 7)));
	ck_assert(!as_sampled_set_contains(page(base, 7)));
	ck_assert(!as_sampled_set_remove(page(base, 7)));
	for (uint64_t i = 0; i < 1000; i++)
		if (i != 7)
			ck_assert(as_sampled_set_remove(page(base, i)));
	for (uint64_t i = 0; i < 1000; i++)
		ck_assert(!as_sampled_set_contains(page(base, i)));
}
END_TEST

/* Pages that share a word of the bitmap, and the two pages on either side
 * of a boundary between leaves, are independent. */
START_TEST(neighbours_and_leaves)
{
	const uint64_t word = (UINT64_C(3) << AS_SAMPLED_SET_LEAF_BITS) + 640;
	const uint64_t boundary = UINT64_C(5) << AS_SAMPLED_SET_LEAF_BITS;

	for (uint64_t i = 0; i < 64; i += 2)
		ck_assert_int_eq(as_sampled_set_insert(page(word, i)), AS_SAMPLED_INSERTED);
	for (uint64_t i = 0; i < 64; i++)
		ck_assert(as_sampled_set_contains(page(word, i)) == (i % 2 == 0));
	ck_assert(!as_sampled_set_remove(page(word, 1)));
	ck_assert(as_sampled_set_remove(page(word, 2)));
	for (uint64_t i = 0; i < 64; i++)
		ck_assert(as_sampled_set_contains(page(word, i)) == (i % 2 == 0 && i != 2));
	for (uint64_t i = 0; i < 64; i += 2)
		as_sampled_set_remove(page(word, i));

	/* A leaf no insertion reached: a miss, nothing mapped. */
	ck_assert(!as_sampled_set_contains(page(boundary, 0)));
	ck_assert(!as_sampled_set_remove(page(boundary, 0)));
	ck_assert_int_eq(as_sampled_set_insert(page(boundary - 1, 0)), AS_SAMPLED_INSERTED);
	ck_assert_int_eq(as_sampled_set_insert(page(boundary, 0)), AS_SAMPLED_INSERTED);
	ck_assert(as_sampled_set_remove(page(boundary - 1, 0)));
	ck_assert(as_sampled_set_contains(page(boundary, 0)));
	ck_assert(as_sampled_set_remove(page(boundary, 0)));
	ck_assert(!as_sampled_set_contains(page(boundary, 0)));
}
END_TEST

/* The set holds addresses, not pages: an address inside a tracked block's
 * page (an unsampled block sharing it) is never found, and removing it
 * leaves the tracked block in the set. */
START_TEST(exact_addresses)
{
	const uint64_t base = UINT64_C(7) << AS_SAMPLED_SET_LEAF_BITS;
	const char *tracked = page(base, 3);

	ck_assert_int_eq(as_sampled_set_insert(tracked), AS_SAMPLED_INSERTED);
	for (uint64_t offset = 1; offset < AS_SAMPLED_SET_ALIGN; offset += 15) {
		ck_assert(!as_sampled_set_contains(tracked + offset));
		ck_assert(!as_sampled_set_remove(tracked + offset));
	}
	ck_assert(!as_sampled_set_contains(tracked - 16));
	ck_assert(!as_sampled_set_remove(tracked - 16));
	ck_assert(as_sampled_set_contains(tracked));
	ck_assert(as_sampled_set_remove(tracked));
}
END_TEST

/* The highest pages the set holds, and the first it cannot: refused and
 * counted, never found, and never confused with a page in range. */
START_TEST(address_range)
{
	const uint64_t pages = UINT64_C(1) << (AS_SAMPLED_SET_ADDRESS_BITS - AS_SAMPLED_SET_PAGE_BITS);
	uint64_t dropped = as_sampled_set_dropped();

	ck_assert_int_eq(as_sampled_set_insert(page(pages - 1, 0)), AS_SAMPLED_INSERTED);
	ck_assert(as_sampled_set_contains(page(pages - 1, 0)));
	ck_assert_int_eq(as_sampled_set_insert(page(pages, 0)), AS_SAMPLED_OUT_OF_RANGE);
	ck_assert_int_eq(as_sampled_set_insert(page(pages, pages - 1)), AS_SAMPLED_OUT_OF_RANGE);
	ck_assert_uint_eq(as_sampled_set_dropped(), dropped + 2);
	ck_assert(!as_sampled_set_contains(page(pages, 0)));
	ck_assert(!as_sampled_set_remove(page(pages, pages - 1)));
	ck_assert(!as_sampled_set_contains(page(0, 0)));
	ck_assert(as_sampled_set_remove(page(pages - 1, 0)));
}
END_TEST

#define THREADS 4
#define PER_THREAD 20000
#define ROUNDS 20

/* Each thread inserts and removes its own pages, interleaved with the
 * other threads' so that every word of the bitmap is shared by all of
 * them, checking after each step that its own are all there or all gone. */
static void *churn(void *arg)
{
	uint64_t base = UINT64_C(1) << 34, self = (uint64_t) (uintptr_t) arg;
	uintptr_t errors = 0;

	for (int round = 0; round < ROUNDS; round++) {
		for (uint64_t i = 0; i < PER_THREAD / 10; i++)
			errors += as_sampled_set_insert(page(base, i * THREADS + self)) != AS_SAMPLED_INSERTED;
		for (uint64_t i = 0; i < PER_THREAD / 10; i++)
			errors += !as_sampled_set_contains(page(base, i * THREADS + self));
		for (uint64_t i = 0; i < PER_THREAD / 10; i++)
			errors += !as_sampled_set_remove(page(base, i * THREADS + self));
		for (uint64_t i = 0; i < PER_THREAD / 10; i++)
			errors += as_sampled_set_contains(page(base, i * THREADS + self));
	}
	return (void *) errors;
}

START_TEST(threads_sharing_words)
{
	pthread_t threads[THREADS];

	for (uintptr_t t = 0; t < THREADS; t++)
		ck_assert_int_eq(pthread_create(&threads[t], NULL, churn, (void *) t), 0);
	for (int t = 0; t < THREADS; t++) {
		void *errors;

		ck_assert_int_eq(pthread_join(threads[t], &errors), 0);
		ck_assert_msg(errors == NULL, "thread %d: %zu lost or phantom entries", t,
			      (size_t) (uintptr_t) errors);
	}
}
END_TEST

#define RACERS 4

static const void *raced;

/* Each racer tries to remove the same address: a double free seen from
 * several threads at once. */
static void *remove_raced(void *arg)
{
	(void) arg;
	return (void *) (uintptr_t) as_sampled_set_remove(raced);
}

/* Of several threads removing one address at once, exactly one takes it. */
START_TEST(racing_removals)
{
	const uint64_t base = UINT64_C(1) << 33;

	for (uint64_t i = 0; i < 200; i++) {
		pthread_t threads[RACERS];
		uintptr_t taken = 0;

		raced = page(base, i);
		ck_assert_int_eq(as_sampled_set_insert(raced), AS_SAMPLED_INSERTED);
		for (int t = 0; t < RACERS; t++)
			ck_assert_int_eq(pthread_create(&threads[t], NULL, remove_raced, NULL), 0);
		for (int t = 0; t < RACERS; t++) {
			void *took;

			ck_assert_int_eq(pthread_join(threads[t], &took), 0);
			taken += (uintptr_t) took;
		}
		ck_assert_uint_eq(taken, 1);
	}
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ insert_remove_lookup, 1 },
		{ neighbours_and_leaves, 1 },
		{ exact_addresses, 1 },
		{ address_range, 1 },
		{ threads_sharing_words, 1 },
		{ racing_removals, 1 },
		{ NULL, 0 },
	};

	return as_check_main("sampled_set", "core", tests);
}
