/* page.c - the frame of the analysis tools' HTML pages, filled in (see page.h). */
#include <stdlib.h>
#include <string.h>

#include "common/escape.h"
#include "common/page.h"

/* common/page.html and common/page.js, compiled in by common/embed.sh. */
extern const char as_page_html[];
extern const char as_page_js[];

/* The frame's places, "@NAME@" in common/page.html. */
enum place { TITLE, HEADING, JSON_HINT, STYLE, DATA, SCRIPT, PLACES };

static const char *const place_names[PLACES] = {
	[TITLE] = "TITLE", [HEADING] = "HEADING", [JSON_HINT] = "JSON_HINT",
	[STYLE] = "STYLE", [DATA] = "DATA", [SCRIPT] = "SCRIPT",
};

/* The place `length` bytes at `name` name, or PLACES for none. */
static enum place place_of(const char *name, size_t length)
{
	enum place p;

	for (p = 0; p < PLACES; p++) {
		if (strlen(place_names[p]) == length && strncmp(name, place_names[p], length) == 0)
			break;
	}
	return p;
}

static void fill(FILE *out, enum place place, const struct as_page *page, const char *json, size_t size)
{
	switch (place) {
	case TITLE:
		fputs(page->title, out);
		break;
	case HEADING:
		fputs(page->heading, out);
		break;
	case JSON_HINT:
		fputs(page->json_hint, out);
		break;
	case STYLE:
		fputs(page->style, out);
		break;
	case DATA:
		as_html_script_data(out, json, size);
		break;
	case SCRIPT:
		fprintf(out, "%s\n%s", as_page_js, page->script);
		break;
	case PLACES:
		break;
	}
}

/* The frame with its places filled; an '@' that starts no place is
 * written as it is. */
static void write_frame(FILE *out, const struct as_page *page, const char *json, size_t size)
{
	const char *text = as_page_html, *at, *end;
	enum place place;

	while ((at = strchr(text, '@')) != NULL) {
		fwrite(text, 1, (size_t) (at - text), out);
		end = strchr(at + 1, '@');
		place = end ? place_of(at + 1, (size_t) (end - at - 1)) : PLACES;
		if (place < PLACES) {
			fill(out, place, page, json, size);
			text = end + 1;
		} else {
			fputc('@', out);
			text = at + 1;
		}
	}
	fputs(text, out);
}

int as_page_write(FILE *out, const struct as_page *page, const void *data)
{
	char *json = NULL;
	size_t size = 0;
	FILE *mem = open_memstream(&json, &size);
	int status;

	if (!mem)
		return -1;
	status = page->json(mem, data);
	if (fclose(mem) != 0)
		status = -1;
	if (status == 0)
		write_frame(out, page, json, size);
	free(json);
	fflush(out);
	return status != 0 || ferror(out) ? -1 : 0;
}
