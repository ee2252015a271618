/* escape.c - CSV, JSON and HTML escaping, one rule each (see escape.h). */
#include <glib.h>
#include <stdbool.h>

#include "common/escape.h"

/* Whether a CSV field must be quoted: it holds a separator, a quote or a
 * line break. */
static bool csv_needs_quotes(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] == ',' || s[i] == '"' || s[i] == '\r' || s[i] == '\n')
			return true;
	}
	return false;
}

void as_csv_field(FILE *out, const char *s, size_t n)
{
	size_t i;

	if (!csv_needs_quotes(s, n)) {
		fwrite(s, 1, n, out);
		return;
	}
	fputc('"', out);
	for (i = 0; i < n; i++) {
		if (s[i] == '"')
			fputc('"', out);
		fputc(s[i], out);
	}
	fputc('"', out);
}

/* The length of the valid UTF-8 character at `s` (at most `n` bytes), or 0
 * when none starts there. */
static size_t utf8_character(const char *s, size_t n)
{
	size_t length = (size_t) g_utf8_skip[(unsigned char) *s];

	return length <= n && g_utf8_validate_len(s, length, NULL) ? length : 0;
}

/* Whether JSON takes byte `c` as it is: printable ASCII but the quote
 * and the backslash. */
static bool json_plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
}

void as_json_string(FILE *out, const char *s, size_t n)
{
	size_t i = 0, length;

	fputc('"', out);
	while (i < n) {
		unsigned char c = (unsigned char) s[i];
		size_t run;

		/* A run of plain bytes in one write: a report's labels and
		 * paths are mostly that, and megabytes of them. */
		for (run = 0; i + run < n && json_plain((unsigned char) s[i + run]); run++)
			;
		if (run > 0) {
			fwrite(s + i, 1, run, out);
			i += run;
			continue;
		}
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\u%04x", c);
		else if ((length = utf8_character(s + i, n - i)) > 0) {
			fwrite(s + i, 1, length, out);
			i += length;
			continue;
		} else
			fputs("\\ufffd", out);
		i++;
	}
	fputc('"', out);
}

void as_html_script_data(FILE *out, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] == '<')
			fputs("\\u003c", out);
		else
			fputc(s[i], out);
	}
}
