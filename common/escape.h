/*
 * escape.h - one escaping rule per output format, for every string the
 * analysis tools print from a trace (process, thread and type names,
 * functions, paths): what the report and allocsample-compare write in CSV,
 * JSON and their HTML pages.  Each takes `n` bytes, any byte value.
 */
#ifndef ALLOCSAMPLE_COMMON_ESCAPE_H
#define ALLOCSAMPLE_COMMON_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/*
 * A CSV field (RFC 4180): the bytes as they are, or, when they hold a
 * comma, a double quote, a carriage return or a line feed, between double
 * quotes with each double quote doubled.  Every other byte passes.
 */
void as_csv_field(FILE *out, const char *s, size_t n);

/*
 * A JSON string, quotes included: '"' and '\' escaped with a backslash,
 * line feed and tab as \n and \t, every other control character (below
 * 0x20, and DEL) as \u00XX; UTF-8 passes as it is, and a byte that starts
 * no valid UTF-8 character (names from a trace are bytes, not always
 * UTF-8) becomes U+FFFD, written \ufffd, so that the document is always
 * valid JSON.
 */
void as_json_string(FILE *out, const char *s, size_t n);

/*
 * JSON text inside an HTML <script> element: every '<' written \u003c,
 * which means '<' inside a JSON string (and JSON has no '<' outside one),
 * so that nothing in the data can end the element ("</script>") or open a
 * comment ("<!--").  Every other byte passes.
 */
void as_html_script_data(FILE *out, const char *s, size_t n);

#endif
