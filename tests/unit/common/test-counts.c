/* test-counts.c - one grammar for a count and its noun (common/counts.c). */
#include <stdint.h>
#include <stdlib.h>

#include <check.h>
#include <glib.h>

#include "common/counts.h"
#include "tests/lib/check-run.h"

START_TEST(test_plural_agrees_with_the_count)
{
	ck_assert_str_eq(as_plural(1, "sample", "samples"), "sample");
	ck_assert_str_eq(as_plural(0, "sample", "samples"), "samples");
	ck_assert_str_eq(as_plural(2, "sample", "samples"), "samples");
	ck_assert_str_eq(as_plural(11, "sample", "samples"), "samples");
	ck_assert_str_eq(as_plural(21, "sample", "samples"), "samples");
	ck_assert_str_eq(as_plural(UINT64_MAX, "sample", "samples"), "samples");
}
END_TEST

START_TEST(test_plural_of_verbs_and_irregular_nouns)
{
	ck_assert_str_eq(as_plural(1, "was", "were"), "was");
	ck_assert_str_eq(as_plural(7, "was", "were"), "were");
	ck_assert_str_eq(as_plural(1, "process", "processes"), "process");
	ck_assert_str_eq(as_plural(3, "address", "addresses"), "addresses");
}
END_TEST

START_TEST(test_count_prints_the_number_and_its_noun)
{
	static const struct {
		uint64_t n;
		const char *text;
	} cases[] = {
		{ 0, "0 samples" },
		{ 1, "1 sample" },
		{ 2, "2 samples" },
		{ 18446744073709551615u, "18446744073709551615 samples" },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *text = as_count(cases[i].n, "sample", "samples");

		ck_assert_str_eq(text, cases[i].text);
		g_free(text);
	}
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_plural_agrees_with_the_count, 1 },
		{ test_plural_of_verbs_and_irregular_nouns, 1 },
		{ test_count_prints_the_number_and_its_noun, 1 },
		{ NULL, 0 },
	};

	return as_check_main("counts", "counts", tests);
}
