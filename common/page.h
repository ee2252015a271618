/*
 * page.h - the analysis tools' HTML pages: one self-contained file each
 * (no network, no external file), a frame that both share (common/page.html:
 * the document, its base style, the heading, the warning shown without
 * JavaScript) holding the page's JSON and its script, which draws the
 * JSON into SVG.  The script runs after common/page.js, the part of the
 * scripts both pages share, and adds <div id="rendered"> when it has drawn
 * everything (page.done()).
 *
 * The report's page (plugins/report/format/html.c) and allocsample-compare's
 * (compare/html.c) give their title, style, script and JSON.
 */
#ifndef ALLOCSAMPLE_COMMON_PAGE_H
#define ALLOCSAMPLE_COMMON_PAGE_H

#include <stdio.h>

/* Writes the page's JSON document to `out` from `data`; returns 0, or -1
 * on a write error. */
typedef int (*as_page_json_fn)(FILE *out, const void *data);

/* What one page adds to the frame.  The texts are plain text without
 * markup characters; `style` is CSS, `script` JavaScript. */
struct as_page {
	const char *title;      /* the window's title */
	const char *heading;    /* the page's heading */
	const char *json_hint;  /* how to get the same figures as JSON: "format=json" */
	const char *style;      /* its CSS rules, after the frame's */
	const char *script;     /* its script */
	as_page_json_fn json;   /* its data */
};

/*
 * Writes `page` with the JSON of `data` embedded, every '<' written
 * \u003c (as_html_script_data), so that no name from a trace can end the
 * script element.  Returns 0, or -1 if writing the JSON or the page failed
 * (errno set).
 */
int as_page_write(FILE *out, const struct as_page *page, const void *data);

#endif
