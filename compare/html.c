/*
 * html.c - the comparison as one self-contained HTML page: per group the
 * two intervals side by side and the ratio with its whiskers.
 *
 * The analysis tools' page (common/page.h), as the report's: the
 * comparison's JSON (json.c) in it, drawn into SVG by its script,
 * compare-page.js, in the style of compare-page.css (both compiled in by
 * common/embed.sh).
 */
#include "common/page.h"
#include "compare/compare.h"

extern const char asc_compare_page_css[];
extern const char asc_compare_page_js[];

static int write_json(FILE *out, const void *cmp)
{
	return asc_write_json(out, cmp);
}

int asc_write_html(FILE *out, const struct asc_comparison *cmp)
{
	const struct as_page page = {
		.title = "allocsample comparison",
		.heading = "allocsample comparison: bytes allocated in NEW against BASELINE",
		.json_hint = "--format json",
		.style = asc_compare_page_css,
		.script = asc_compare_page_js,
		.json = write_json,
	};

	return as_page_write(out, &page, cmp);
}
