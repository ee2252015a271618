/*
 * test-live-notes.c - the sentences the report says once about its live
 * figures (model/live_notes.c): each count with the noun and the verb that
 * agree with it, for one and for several; a snapshot's processes with no
 * complete checkpoint.
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

/* For one of each and for several: the count, and how each of the four
 * notes starts, its noun and its verb agreeing with the count. */
static const struct {
	uint64_t count;
	const char *starts[4];
} notes[] = {
	{ 1, {
		"1 sample was drawn before the trace recorded it (",
		"1 free of sampled blocks not in the trace",
		"1 sample not tracked to its free (",
		"1 sampled address allocated again while still live: the free was lost, the earlier block taken as freed;",
	} },
	{ 7, {
		"7 samples were drawn before the trace recorded them (",
		"7 frees of sampled blocks not in the trace",
		"7 samples not tracked to their free (",
		"7 sampled addresses allocated again while still live: the frees were lost, the earlier blocks taken as freed;",
	} },
};

START_TEST(test_notes_agree_with_counts)
{
	struct asr_summary summary = summary_with(notes[_i].count);
	GPtrArray *caveats = asr_live_caveats(&summary);

	ck_assert_uint_eq(caveats->len, 4);
	for (size_t k = 0; k < 4; k++)
		ck_assert_msg(says(caveats, notes[_i].starts[k]), "no note starts \"%s\"",
			      notes[_i].starts[k]);
	g_ptr_array_free(caveats, TRUE);
}
END_TEST

/* A snapshot's processes with no complete checkpoint, for one and for
 * several: the reason the incompleteness is said with. */
START_TEST(test_no_checkpoint)
{
	struct asr_summary summary = summary_with(0);
	GPtrArray *caveats;

	summary.live_notes.no_checkpoint = _i ? 3 : 1;
	caveats = asr_live_caveats(&summary);
	ck_assert_uint_eq(caveats->len, 1);
	ck_assert(says(caveats, _i ? "3 processes had no complete checkpoint in the window: the blocks they allocated before it are unknown, so their live figures are marked incomplete." :
				     "1 process had no complete checkpoint in the window: the blocks it allocated before it are unknown, so its live figures are marked incomplete."));
	g_ptr_array_free(caveats, TRUE);
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_notes_agree_with_counts, (int) (sizeof(notes) / sizeof(notes[0])) },
		{ test_no_checkpoint, 2 },
		{ NULL, 0 },
	};

	return as_check_main("live notes", "counts", tests);
}
