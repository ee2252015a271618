/* check-run.h - how every Check test's main() ends: its suite run, the process's status its verdict. */
#ifndef ALLOCSAMPLE_TESTS_CHECK_RUN_H
#define ALLOCSAMPLE_TESTS_CHECK_RUN_H

#include <check.h>
#include <stdlib.h>

static inline int as_check_run(Suite *suite)
{
	SRunner *runner = srunner_create(suite);
	int failed;

	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#endif
