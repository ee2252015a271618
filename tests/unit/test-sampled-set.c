/* test-sampled-set.c - the set of tracked sampled blocks: membership, a full window, tombstones reused, threads inserting and removing at once. */
#include <check.h>
#include <pthread.h>
#include <stdint.h>

#include "sampled_set.h"

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

/* The set's hash (sampled_set.c), to find addresses that share one home
 * slot and so fill its window. */
static uint64_t home_of(uint64_t key)
{
	return ((key >> 12) * UINT64_C(0x9e3779b97f4a7c15)) >> (64 - 17);
}

START_TEST(full_window_and_tombstones)
{
	const uint64_t base = UINT64_C(1) << 30;
	uint64_t keys[AS_SAMPLED_SET_WINDOW + 1];
	uint64_t target = home_of(base << 12), dropped = as_sampled_set_dropped();
	unsigned n = 0;

	for (uint64_t i = 0; n < AS_SAMPLED_SET_WINDOW + 1; i++)
		if (home_of((base + i) << 12) == target)
			keys[n++] = (base + i) << 12;
	for (unsigned i = 0; i < AS_SAMPLED_SET_WINDOW; i++)
		ck_assert_int_eq(as_sampled_set_insert((const void *) (uintptr_t) keys[i]), AS_SAMPLED_INSERTED);
	/* The window holds 64: the 65th is refused and counted. */
	ck_assert_int_eq(as_sampled_set_insert((const void *) (uintptr_t) keys[AS_SAMPLED_SET_WINDOW]),
			 AS_SAMPLED_FULL);
	ck_assert_uint_eq(as_sampled_set_dropped(), dropped + 1);
	ck_assert(!as_sampled_set_contains((const void *) (uintptr_t) keys[AS_SAMPLED_SET_WINDOW]));
	/* A removal leaves a tombstone that the next insertion takes, and
	 * the entries past it are still found. */
	ck_assert(as_sampled_set_remove((const void *) (uintptr_t) keys[3]));
	ck_assert_int_eq(as_sampled_set_insert((const void *) (uintptr_t) keys[AS_SAMPLED_SET_WINDOW]),
			 AS_SAMPLED_INSERTED);
	for (unsigned i = 0; i <= AS_SAMPLED_SET_WINDOW; i++)
		ck_assert(as_sampled_set_contains((const void *) (uintptr_t) keys[i]) == (i != 3));
	for (unsigned i = 0; i <= AS_SAMPLED_SET_WINDOW; i++)
		if (i != 3)
			ck_assert(as_sampled_set_remove((const void *) (uintptr_t) keys[i]));
}
END_TEST

#define THREADS 4
#define PER_THREAD 20000
#define ROUNDS 20

/* Each thread inserts and removes its own pointers, over and over, checking
 * after each step that its own are all there or all gone. */
static void *churn(void *arg)
{
	uint64_t base = (UINT64_C(1) << 36) + (uint64_t) (uintptr_t) arg * PER_THREAD;
	uintptr_t errors = 0;

	for (int round = 0; round < ROUNDS; round++) {
		for (uint64_t i = 0; i < PER_THREAD / 10; i++)
			errors += as_sampled_set_insert(page(base, i)) != AS_SAMPLED_INSERTED;
		for (uint64_t i = 0; i < PER_THREAD / 10; i++)
			errors += !as_sampled_set_contains(page(base, i));
		for (uint64_t i = 0; i < PER_THREAD / 10; i++)
			errors += !as_sampled_set_remove(page(base, i));
		for (uint64_t i = 0; i < PER_THREAD / 10; i++)
			errors += as_sampled_set_contains(page(base, i));
	}
	return (void *) errors;
}

START_TEST(threads_disjoint)
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

int main(void)
{
	Suite *suite = suite_create("sampled_set");
	TCase *tc = tcase_create("core");
	SRunner *runner;
	int failed;

	tcase_add_test(tc, insert_remove_lookup);
	tcase_add_test(tc, full_window_and_tombstones);
	tcase_add_test(tc, threads_disjoint);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(suite, tc);
	runner = srunner_create(suite);
	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed ? 1 : 0;
}
