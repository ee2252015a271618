/* width.c - the terminal's width, and text cut to a width (see width.h). */
#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "common/width.h"

#define MIN_WIDTH 40

/* The mark of a cut. */
static const char mark[] = "…";
#define MARK_SIZE (sizeof(mark) - 1)

size_t as_line_width(FILE *out, size_t fallback)
{
	const char *columns = getenv("COLUMNS");
	struct winsize ws;
	long n;

	if (columns && (n = strtol(columns, NULL, 10)) > 0)
		return (size_t) MAX(n, MIN_WIDTH);
	if (isatty(fileno(out)) && ioctl(fileno(out), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return MAX((size_t) ws.ws_col, MIN_WIDTH);
	return MAX(fallback, MIN_WIDTH);
}

/* The first `n` characters of `text`, as a pointer past their end. */
static const char *after(const char *text, size_t n)
{
	return g_utf8_offset_to_pointer(text, (glong) n);
}

char *as_cut_end(const char *text, size_t width)
{
	if ((size_t) g_utf8_strlen(text, -1) <= width)
		return g_strdup(text);
	return g_strdup_printf("%.*s%s", (int) (after(text, width - 1) - text), text, mark);
}

char *as_cut_middle(const char *text, size_t width)
{
	size_t length = (size_t) g_utf8_strlen(text, -1), head, tail;
	const char *head_end, *tail_start;

	if (length <= width)
		return g_strdup(text);
	head = width / 2;
	tail = width - 1 - head;
	head_end = after(text, head);
	tail_start = after(text, length - tail);
	/* One mark, not two side by side. */
	if ((size_t) (head_end - text) >= MARK_SIZE && strncmp(head_end - MARK_SIZE, mark, MARK_SIZE) == 0)
		head_end -= MARK_SIZE;
	if (strncmp(tail_start, mark, MARK_SIZE) == 0)
		tail_start += MARK_SIZE;
	return g_strdup_printf("%.*s%s%s", (int) (head_end - text), text, mark, tail_start);
}

void as_put_line(FILE *out, const char *line, size_t width)
{
	char *cut = as_cut_end(line, width);

	fprintf(out, "%s\n", cut);
	g_free(cut);
}
