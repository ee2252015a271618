/*
 * width.h - lines that fit the reader's terminal: its width (the COLUMNS
 * variable, else the terminal's, else what the output needs) and text cut
 * to a width, the cut marked with "…".  Widths count characters (UTF-8), as the
 * tables' columns do.
 */
#ifndef ALLOCSAMPLE_COMMON_WIDTH_H
#define ALLOCSAMPLE_COMMON_WIDTH_H

#include <stddef.h>
#include <stdio.h>

/* The width lines written to `out` are cut to: COLUMNS when it holds a
 * positive number, else the width of the terminal `out` is, else
 * `fallback` (a file or a pipe has no width); at least 40. */
size_t as_line_width(FILE *out, size_t fallback);

/* `text` cut to `width` characters (at least 1): its end replaced by "…"
 * when it is longer.  To g_free. */
char *as_cut_end(const char *text, size_t width);

/* `text` cut to `width` characters (at least 1): its middle replaced by
 * "…" when it is longer, so that its start and its end both stay (a "…"
 * of `text` next to the cut goes with it).  To g_free. */
char *as_cut_middle(const char *text, size_t width);

/* Prints `line` cut to `width` characters and a line feed. */
void as_put_line(FILE *out, const char *line, size_t width);

#endif
