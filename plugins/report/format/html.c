/*
 * html.c - the report as one self-contained HTML page: bars with interval
 * whiskers per thread and per type, the heap over time with its peak, the
 * size classes, the total by window, and with group-by stack a flame
 * graph of the call tree whose widths switch between bytes allocated,
 * live at the end and live at the peak.
 *
 * The analysis tools' page (common/page.h) with the JSON report (json.c)
 * in it, drawn into SVG by its script, page.js, in the style of page.css
 * (both compiled in by common/embed.sh): no network, no external file, and
 * the figures are those of the JSON, exactly.  tests/report/html.sh,
 * flamegraph.sh and heap-html.sh look for the <div id="rendered"> the
 * script adds last.
 */
#include "common/page.h"
#include "format/writer.h"

extern const char asr_page_css[];
extern const char asr_page_js[];

static int write_json(FILE *out, const void *model)
{
	return asr_write_json(out, model);
}

int asr_write_html(FILE *out, const struct asr_model *model)
{
	const struct as_page page = {
		.title = "allocsample report",
		.heading = "allocsample report: bytes allocated",
		.json_hint = "format=json",
		.style = asr_page_css,
		.script = asr_page_js,
		.json = write_json,
	};

	return as_page_write(out, &page, model);
}
