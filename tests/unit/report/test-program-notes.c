/*
 * test-program-notes.c - the note on CPython's pymalloc
 * (model/program_notes.c): which executables' names are CPython's, and
 * the one line naming those processes, with the noun, pronouns and verbs
 * that agree with how many there are; none for other programs.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "model/program_notes.h"
#include "tests/lib/check-run.h"

START_TEST(test_cpython_names)
{
	ck_assert(asr_is_cpython("python"));
	ck_assert(asr_is_cpython("python3"));
	ck_assert(asr_is_cpython("python3.11"));
	ck_assert(asr_is_cpython("python2.7"));
	ck_assert(!asr_is_cpython("python3-config"));
	ck_assert(!asr_is_cpython("pythonista"));
	ck_assert(!asr_is_cpython("ipython3"));
	ck_assert(!asr_is_cpython("perl"));
	ck_assert(!asr_is_cpython(""));
	ck_assert(!asr_is_cpython(NULL));
}
END_TEST

/* The notes of a summary whose processes are called `names` (pids from
 * 100 on), NULL-terminated. */
static GPtrArray *notes_of(const char *const *names)
{
	struct asr_summary summary = { .samples = 1 };
	GPtrArray *processes = g_ptr_array_new_with_free_func(g_free);
	GPtrArray *notes;
	int64_t pid = 100;

	for (; *names; names++) {
		struct asr_group *g = g_new0(struct asr_group, 1);

		*g = (struct asr_group) { .kind = ASR_KIND_PROCESS, .process = *names, .vpid = pid++,
					  .has_vpid = true };
		g_ptr_array_add(processes, g);
	}
	summary.groups[ASR_KIND_PROCESS] = processes;
	notes = asr_program_notes(&summary);
	g_ptr_array_free(processes, TRUE);
	return notes;
}

static void check_note(const char *const *names, const char *expected)
{
	GPtrArray *notes = notes_of(names);

	if (!expected) {
		ck_assert_uint_eq(notes->len, 0);
	} else {
		ck_assert_uint_eq(notes->len, 1);
		ck_assert_str_eq(g_ptr_array_index(notes, 0), expected);
	}
	g_ptr_array_free(notes, TRUE);
}

START_TEST(test_pymalloc_note)
{
	const char *none[] = { "sh", "redis-server", NULL };
	const char *one[] = { "sh", "python3", NULL };
	const char *two[] = { "python3.11", "sort", "python3", NULL };
	const char *five[] = { "python3", "python3", "python3", "python3", "python3", NULL };

	check_note(none, NULL);
	check_note(one, "python3 (pid 101) is CPython: pymalloc serves its objects of up to 512 bytes from arenas of its own, which malloc never sees, so the figures leave them out; run it with PYTHONMALLOC=malloc to see them (unless it ran so already).");
	check_note(two, "python3.11 (pid 100), python3 (pid 102) are CPython: pymalloc serves their objects of up to 512 bytes from arenas of its own, which malloc never sees, so the figures leave them out; run them with PYTHONMALLOC=malloc to see them (unless they ran so already).");
	check_note(five, "python3 (pid 100), python3 (pid 101), python3 (pid 102) and 2 more are CPython: pymalloc serves their objects of up to 512 bytes from arenas of its own, which malloc never sees, so the figures leave them out; run them with PYTHONMALLOC=malloc to see them (unless they ran so already).");
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_cpython_names, 1 },
		{ test_pymalloc_note, 1 },
		{ NULL, 0 },
	};

	return as_check_main("program notes", "pymalloc", tests);
}
