/*
 * check-run.h - how every Check test's main() builds its suite from tables
 * of tests and ends: its suite run, the process's status its verdict.
 */
#ifndef ALLOCSAMPLE_TESTS_CHECK_RUN_H
#define ALLOCSAMPLE_TESTS_CHECK_RUN_H

#include <check.h>
#include <stdlib.h>

/* A test of a case, run `loops` times with _i from 0 (Check's loop
 * tests; 1 for a test that runs once). */
struct as_check_test {
	const TTest *test;
	int loops;
};

/*
 * How long a test may run before Check ends it: a guard against a
 * deadlock, never a bound on speed (Check's default, 4 s, is one a loaded
 * machine exceeds).  An hour: the slowest simulation takes half a minute,
 * ten times that with ALLOCSAMPLE_TEST_THOROUGH=1.
 */
#define AS_CHECK_DEADLOCK_GUARD 3600.0

/*
 * Adds to `suite` a case `name` of `tests`, a table ended by { NULL, 0 },
 * `setup` run before each test in its own process (NULL: nothing).
 */
static inline void as_check_case(Suite *suite, const char *name, SFun setup,
				 const struct as_check_test *tests)
{
	TCase *tc = tcase_create(name);

	tcase_set_timeout(tc, AS_CHECK_DEADLOCK_GUARD);
	if (setup)
		tcase_add_checked_fixture(tc, setup, NULL);
	for (; tests->test; tests++)
		tcase_add_loop_test(tc, tests->test, 0, tests->loops);
	suite_add_tcase(suite, tc);
}

static inline int as_check_run(Suite *suite)
{
	SRunner *runner = srunner_create(suite);
	int failed;

	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* The main() of a suite `suite_name` of one case: as_check_case(), then
 * the suite run. */
static inline int as_check_main(const char *suite_name, const char *case_name,
				const struct as_check_test *tests)
{
	Suite *suite = suite_create(suite_name);

	as_check_case(suite, case_name, NULL, tests);
	return as_check_run(suite);
}

#endif
