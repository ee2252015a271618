/*
 * test-live-notes.c - the sentences the report says once about its live
 * figures (model/live_notes.c): each count with the noun and the verb that
 * agree with it, for one and for several.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "model/live_notes.h"
#include "tests/lib/check-run.h"

/* A summary with live figures whose notes hold `count` of each. */
static struct asr_summary summary_with(uint64_t count)
{
	return (struct asr_summary) {
		.samples = 100,
		.live_known = true,
		.live_notes = {
			.unrecorded = count,
			.unmatched_frees = count,
			.untracked = count,
			.lost_frees = count,
			.tracking = true,
		},
	};
}

/* Whether one of `caveats` starts with `start`. */
static bool says(const GPtrArray *caveats, const char *start)
{
	guint i;

	for (i = 0; i < caveats->len; i++) {
		if (strncmp(g_ptr_array_index(caveats, i), start, strlen(start)) == 0)
			return true;
	}
	return false;
}

START_TEST(test_one_of_each)
{
	struct asr_summary summary = summary_with(1);
	GPtrArray *caveats = asr_live_caveats(&summary);

	ck_assert_uint_eq(caveats->len, 4);
	ck_assert(says(caveats, "1 sample was drawn before the trace recorded it ("));
	ck_assert(says(caveats, "1 free of sampled blocks not in the trace"));
	ck_assert(says(caveats, "1 sample not tracked to its free ("));
	ck_assert(says(caveats, "1 sampled address allocated again while still live: the free was lost, the earlier block taken as freed;"));
	g_ptr_array_free(caveats, TRUE);
}
END_TEST

START_TEST(test_several_of_each)
{
	struct asr_summary summary = summary_with(7);
	GPtrArray *caveats = asr_live_caveats(&summary);

	ck_assert_uint_eq(caveats->len, 4);
	ck_assert(says(caveats, "7 samples were drawn before the trace recorded them ("));
	ck_assert(says(caveats, "7 frees of sampled blocks not in the trace"));
	ck_assert(says(caveats, "7 samples not tracked to their free ("));
	ck_assert(says(caveats, "7 sampled addresses allocated again while still live: the frees were lost, the earlier blocks taken as freed;"));
	g_ptr_array_free(caveats, TRUE);
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_one_of_each, 1 },
		{ test_several_of_each, 1 },
		{ NULL, 0 },
	};

	return as_check_main("live notes", "counts", 0, tests);
}
