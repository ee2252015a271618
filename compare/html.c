/*
 * html.c - the comparison as one self-contained HTML page: per group the
 * two intervals side by side and the ratio with its whiskers.
 *
 * As the report's page (plugins/report/format/html.c): the page
 * (compare-page.html, its script compare-page.js, compiled in by the
 * report's embed.sh) embeds the comparison's JSON (json.c), every '<'
 * written \u003c, and draws it into SVG with its inline script; no network,
 * no external file.  The script adds <div id="rendered"> when done.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"

extern const char asr_compare_page_html[];
extern const char asr_compare_page_js[];

#define DATA_LINE "@REPORT_DATA@\n"
#define SCRIPT_LINE "@REPORT_SCRIPT@\n"

int asc_write_html(FILE *out, const struct asc_comparison *cmp)
{
	const char *data = strstr(asr_compare_page_html, DATA_LINE);
	const char *script = data ? strstr(data, SCRIPT_LINE) : NULL;
	char *json = NULL;
	size_t size = 0, i;
	FILE *mem;
	int status;

	if (!script) {
		errno = EINVAL;
		return -1;
	}
	mem = open_memstream(&json, &size);
	if (!mem)
		return -1;
	status = asc_write_json(mem, cmp);
	if (fclose(mem) != 0)
		status = -1;
	if (status == 0) {
		fwrite(asr_compare_page_html, 1, (size_t) (data - asr_compare_page_html), out);
		for (i = 0; i < size; i++) {
			if (json[i] == '<')
				fputs("\\u003c", out);
			else
				fputc(json[i], out);
		}
		data += strlen(DATA_LINE);
		fwrite(data, 1, (size_t) (script - data), out);
		fputs(asr_compare_page_js, out);
		fputs(script + strlen(SCRIPT_LINE), out);
	}
	free(json);
	fflush(out);
	return status != 0 || ferror(out) ? -1 : 0;
}
