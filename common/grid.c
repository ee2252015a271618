/* grid.c - aligned text tables (see grid.h). */
#include <string.h>

#include "common/grid.h"

/* The indentation of every line, and the space between columns. */
#define INDENT 2
#define GAP 2

void as_grid_init(struct as_grid *grid, const char *align)
{
	grid->rows = g_ptr_array_new_with_free_func((GDestroyNotify) g_ptr_array_unref);
	grid->align = align;
}

void as_grid_fini(struct as_grid *grid)
{
	g_ptr_array_free(grid->rows, TRUE);
}

GPtrArray *as_grid_row(struct as_grid *grid)
{
	GPtrArray *row = g_ptr_array_new_with_free_func(g_free);

	g_ptr_array_add(grid->rows, row);
	return row;
}

/* The width of each column: its widest cell.  To g_free. */
static size_t *column_widths(const struct as_grid *grid, size_t ncols)
{
	size_t *width = g_new0(size_t, ncols), c;
	guint r;

	for (r = 0; r < grid->rows->len; r++) {
		GPtrArray *row = g_ptr_array_index(grid->rows, r);

		for (c = 0; c < row->len && c < ncols; c++)
			width[c] = MAX(width[c], (size_t) g_utf8_strlen(g_ptr_array_index(row, c), -1));
	}
	return width;
}

void as_grid_fit(struct as_grid *grid, size_t column, size_t width, size_t min, as_grid_cut_fn cut)
{
	size_t ncols = strlen(grid->align), *widths = column_widths(grid, ncols);
	size_t others = INDENT + GAP * (ncols - 1), room, c;
	guint r;

	for (c = 0; c < ncols; c++)
		others += c == column ? 0 : widths[c];
	room = MAX(width > others ? width - others : 0, min);
	for (r = 0; r < grid->rows->len; r++) {
		GPtrArray *row = g_ptr_array_index(grid->rows, r);
		char *cell;

		if (column >= row->len)
			continue;
		cell = g_ptr_array_index(row, column);
		row->pdata[column] = cut(cell, room);
		g_free(cell);
	}
	g_free(widths);
}

void as_grid_print(FILE *out, const struct as_grid *grid)
{
	size_t ncols = strlen(grid->align), *width = column_widths(grid, ncols), c;
	guint r;

	for (r = 0; r < grid->rows->len; r++) {
		GPtrArray *row = g_ptr_array_index(grid->rows, r);
		GString *line = g_string_new(NULL);

		g_string_append_printf(line, "%*s", INDENT, "");
		for (c = 0; c < row->len && c < ncols; c++) {
			const char *s = g_ptr_array_index(row, c);
			size_t pad = width[c] - (size_t) g_utf8_strlen(s, -1);

			if (c > 0)
				g_string_append_printf(line, "%*s", GAP, "");
			if (grid->align[c] == 'r')
				g_string_append_printf(line, "%*s%s", (int) pad, "", s);
			else if (c + 1 < row->len)
				g_string_append_printf(line, "%s%*s", s, (int) pad, "");
			else
				g_string_append(line, s);
		}
		while (line->len > 0 && line->str[line->len - 1] == ' ')
			g_string_truncate(line, line->len - 1);
		fprintf(out, "%s\n", line->str);
		g_string_free(line, TRUE);
	}
	g_free(width);
}
