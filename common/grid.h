/*
 * grid.h - the analysis tools' text tables: columns as wide as their
 * widest cell, aligned left or right, two spaces apart, each line indented
 * by two spaces; one column may be cut so that lines fit a width.
 */
#ifndef ALLOCSAMPLE_COMMON_GRID_H
#define ALLOCSAMPLE_COMMON_GRID_H

#include <stddef.h>
#include <stdio.h>

#include <glib.h>

struct as_grid {
	GPtrArray *rows;      /* GPtrArray of char * (owned) */
	const char *align;    /* one 'l' or 'r' per column */
};

void as_grid_init(struct as_grid *grid, const char *align);
void as_grid_fini(struct as_grid *grid);

/* A new row at the end of the grid, to fill with g_ptr_array_add() of
 * strings to g_free, one per column. */
GPtrArray *as_grid_row(struct as_grid *grid);

/* How a cell is cut to a width: a new string (as_cut_middle). */
typedef char *(*as_grid_cut_fn)(const char *text, size_t width);

/* Cuts the cells of `column` with `cut` so that the printed lines are at
 * most `width` characters wide, but never to fewer than `min` characters:
 * the other columns keep their width. */
void as_grid_fit(struct as_grid *grid, size_t column, size_t width, size_t min, as_grid_cut_fn cut);

/* Prints the grid; the last cell of a row is never padded. */
void as_grid_print(FILE *out, const struct as_grid *grid);

#endif
