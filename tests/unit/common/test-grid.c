/*
 * test-grid.c - the analysis tools' text tables (common/grid.h) and lines
 * cut to a width (common/width.h): cuts count characters, not bytes, and
 * mark themselves with "…", once; a table's fitted column brings every
 * line within the width but never below its floor; the width comes from
 * COLUMNS, else from the caller when the output is no terminal.
 */
#include <check.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/grid.h"
#include "common/width.h"
#include "tests/lib/check-run.h"

/* Each cut: its function, the text, the width, what it gives. */
static const struct {
	char *(*cut)(const char *text, size_t width);
	const char *text;
	size_t width;
	const char *expected;
} cuts[] = {
	{ as_cut_end, "abcdef", 6, "abcdef" },
	{ as_cut_end, "abcdef", 4, "abc…" },
	{ as_cut_middle, "abcdefgh", 5, "ab…gh" },
	{ as_cut_middle, "abcdefgh", 6, "abc…gh" },
	/* Characters, not bytes: five of two bytes each. */
	{ as_cut_middle, "ééééé", 3, "é…é" },
	{ as_cut_middle, "ééééé", 5, "ééééé" },
	/* A mark of the text next to the cut goes with it: one mark. */
	{ as_cut_middle, "abc…defghij", 9, "abc…ghij" },
	{ as_cut_middle, "abcdefg…hij", 9, "abcd…hij" },
};

START_TEST(test_cut)
{
	for (size_t i = 0; i < sizeof(cuts) / sizeof(cuts[0]); i++) {
		char *s = cuts[i].cut(cuts[i].text, cuts[i].width);

		ck_assert_str_eq(s, cuts[i].expected);
		g_free(s);
	}
}
END_TEST

/* The grid printed, as text.  To free. */
static char *printed(const struct as_grid *grid)
{
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);

	ck_assert_ptr_nonnull(out);
	as_grid_print(out, grid);
	ck_assert_int_eq(fclose(out), 0);
	return text;
}

/* The widest line of `text`, in characters. */
static size_t widest_line(const char *text)
{
	char **lines = g_strsplit(text, "\n", -1);
	size_t widest = 0, i;

	for (i = 0; lines[i]; i++)
		widest = MAX(widest, (size_t) g_utf8_strlen(lines[i], -1));
	g_strfreev(lines);
	return widest;
}

static void fill(struct as_grid *grid, const char *label)
{
	GPtrArray *row = as_grid_row(grid);

	g_ptr_array_add(row, g_strdup("KIND"));
	g_ptr_array_add(row, g_strdup("GROUP"));
	g_ptr_array_add(row, g_strdup("ESTIMATE"));
	row = as_grid_row(grid);
	g_ptr_array_add(row, g_strdup("stack"));
	g_ptr_array_add(row, g_strdup(label));
	g_ptr_array_add(row, g_strdup("1.25 MiB"));
}

START_TEST(test_grid_fit)
{
	static const char label[] = "workload: std::vector<long>::_M_realloc_insert < … < build_index";
	struct as_grid grid;
	char *text;

	as_grid_init(&grid, "llr");
	fill(&grid, label);
	text = printed(&grid);
	ck_assert_uint_eq(widest_line(text), 2 + 5 + 2 + (size_t) g_utf8_strlen(label, -1) + 2 + 8);
	free(text);
	as_grid_fit(&grid, 1, 60, 20, as_cut_middle);
	text = printed(&grid);
	ck_assert_uint_eq(widest_line(text), 60);
	/* The start and the end stay: a stack's caller is at its end. */
	ck_assert_ptr_nonnull(strstr(text, "  stack  workload: std::vec"));
	ck_assert_ptr_nonnull(strstr(text, "< build_index  1.25 MiB\n"));
	free(text);
	as_grid_fini(&grid);

	/* Never below the floor, even when the line is then wider. */
	as_grid_init(&grid, "llr");
	fill(&grid, label);
	as_grid_fit(&grid, 1, 40, 30, as_cut_middle);
	text = printed(&grid);
	ck_assert_uint_eq(widest_line(text), 2 + 5 + 2 + 30 + 2 + 8);
	free(text);
	as_grid_fini(&grid);
}
END_TEST

START_TEST(test_line_width)
{
	FILE *out = fopen("/dev/null", "w");

	ck_assert_ptr_nonnull(out);
	setenv("COLUMNS", "123", 1);
	ck_assert_uint_eq(as_line_width(out, 100), 123);
	setenv("COLUMNS", "12", 1);
	ck_assert_uint_eq(as_line_width(out, 100), 40);
	unsetenv("COLUMNS");
	ck_assert_uint_eq(as_line_width(out, 100), 100);
	ck_assert_uint_eq(as_line_width(out, 160), 160);
	fclose(out);
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_cut, 1 },
		{ test_grid_fit, 1 },
		{ test_line_width, 1 },
		{ NULL, 0 },
	};

	return as_check_main("grid", "grid", tests);
}
