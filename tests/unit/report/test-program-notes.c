/*
 * test-program-notes.c - the notes on CPython's pymalloc and Node.js's V8
 * heap (model/program_notes.c): which executables' names are CPython's
 * and Node.js's, and the one line a runtime naming its processes, with
 * the pronouns and verbs that agree with how many there are; none for
 * other programs.
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

START_TEST(test_node_names)
{
	ck_assert(asr_is_node("node"));
	ck_assert(asr_is_node("nodejs"));
	ck_assert(!asr_is_node("node-gyp"));
	ck_assert(!asr_is_node("nodemon"));
	ck_assert(!asr_is_node("deno"));
	ck_assert(!asr_is_node(""));
	ck_assert(!asr_is_node(NULL));
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

/* The notes of the processes called `names` are `expected`,
 * NULL-terminated: none when `expected` is. */
static void check_notes(const char *const *names, const char *const *expected)
{
	GPtrArray *notes = notes_of(names);
	guint i = 0;

	for (; expected && expected[i]; i++) {
		ck_assert_uint_gt(notes->len, i);
		ck_assert_str_eq(g_ptr_array_index(notes, i), expected[i]);
	}
	ck_assert_uint_eq(notes->len, i);
	g_ptr_array_free(notes, TRUE);
}

static void check_note(const char *const *names, const char *expected)
{
	const char *const one[] = { expected, NULL };

	check_notes(names, expected ? one : NULL);
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

START_TEST(test_node_note)
{
	const char *one[] = { "sh", "node", NULL };
	const char *two[] = { "nodejs", "node", NULL };

	check_note(one, "node (pid 101) is Node.js: V8 keeps its JavaScript objects in a heap of its own, mapped rather than malloc'd, so the figures leave them out and show its native memory (buffers, V8's and Node.js's C++, add-ons); node --heap-prof samples the JavaScript heap.");
	check_note(two, "nodejs (pid 100), node (pid 101) are Node.js: V8 keeps their JavaScript objects in heaps of their own, mapped rather than malloc'd, so the figures leave them out and show their native memory (buffers, V8's and Node.js's C++, add-ons); node --heap-prof samples the JavaScript heap.");
}
END_TEST

/* A trace of both runtimes has a note on each, CPython's first. */
START_TEST(test_both_notes)
{
	const char *names[] = { "node", "python3", NULL };
	const char *expected[] = {
		"python3 (pid 101) is CPython: pymalloc serves its objects of up to 512 bytes from arenas of its own, which malloc never sees, so the figures leave them out; run it with PYTHONMALLOC=malloc to see them (unless it ran so already).",
		"node (pid 100) is Node.js: V8 keeps its JavaScript objects in a heap of its own, mapped rather than malloc'd, so the figures leave them out and show its native memory (buffers, V8's and Node.js's C++, add-ons); node --heap-prof samples the JavaScript heap.",
		NULL,
	};

	check_notes(names, expected);
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_cpython_names, 1 },
		{ test_pymalloc_note, 1 },
		{ test_node_names, 1 },
		{ test_node_note, 1 },
		{ test_both_notes, 1 },
		{ NULL, 0 },
	};

	return as_check_main("program notes", "runtimes", tests);
}
