/*
 * html.c - the report as one self-contained HTML page: bars with interval
 * whiskers per thread and per type, the total's timeline, and with
 * group-by stack a flame graph of the call tree.
 *
 * The page (page.html, its script page.js, both compiled in by embed.sh)
 * embeds the JSON report (json.c) and draws it with its own inline script
 * into SVG: no network, no external file, and the figures are those of the
 * JSON, exactly.  Every '<' of the JSON is written \u003c, valid in a JSON
 * string, so that no name from the trace can close the script element.
 * The script adds <div id="rendered"> when it has drawn everything:
 * tests/report/html.sh and flamegraph.sh look for it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "format/writer.h"

extern const char asr_page_html[];
extern const char asr_page_js[];

/* page.html holds these lines where the JSON and the script go. */
#define DATA_LINE "@REPORT_DATA@\n"
#define SCRIPT_LINE "@REPORT_SCRIPT@\n"

/* Writes the JSON with every '<' escaped. */
static void put_data(FILE *out, const char *json, size_t size)
{
	size_t i;

	for (i = 0; i < size; i++) {
		if (json[i] == '<')
			fputs("\\u003c", out);
		else
			fputc(json[i], out);
	}
}

int asr_write_html(FILE *out, const struct asr_model *model)
{
	const char *data = strstr(asr_page_html, DATA_LINE);
	const char *script = data ? strstr(data, SCRIPT_LINE) : NULL;
	char *json = NULL;
	size_t size = 0;
	FILE *mem;
	int status;

	/* Only a page.html that lost a marker line, a build defect, has none. */
	if (!script) {
		errno = EINVAL;
		return -1;
	}
	mem = open_memstream(&json, &size);
	if (!mem)
		return -1;
	status = asr_write_json(mem, model);
	if (fclose(mem) != 0)
		status = -1;
	if (status == 0) {
		fwrite(asr_page_html, 1, (size_t) (data - asr_page_html), out);
		put_data(out, json, size);
		data += strlen(DATA_LINE);
		fwrite(data, 1, (size_t) (script - data), out);
		fputs(asr_page_js, out);
		fputs(script + strlen(SCRIPT_LINE), out);
	}
	free(json);
	fflush(out);
	return status != 0 || ferror(out) ? -1 : 0;
}
