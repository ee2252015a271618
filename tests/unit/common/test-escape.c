/*
 * test-escape.c - the analysis tools' one escaping rule per format
 * (common/escape.h), for every byte from 0 to 255 between two letters:
 * CSV quotes exactly the fields that need it and reads back as it was
 * written; JSON is what the rule says, byte for byte, and json-glib (what
 * allocsample-compare reads reports with) reads it back, a byte that starts
 * no UTF-8 character as U+FFFD; JSON inside the HTML page never holds a
 * '<'.  Then UTF-8 beyond single bytes: valid characters pass, broken ones
 * are replaced.
 */
#include <check.h>
#include <json-glib/json-glib.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/escape.h"
#include "tests/lib/check-run.h"

typedef void (*escape_fn)(FILE *out, const char *s, size_t n);

/* What `escape` writes for the `n` bytes at `s`.  To free. */
static char *escaped(escape_fn escape, const char *s, size_t n, size_t *size)
{
	char *text = NULL;
	FILE *out = open_memstream(&text, size);

	ck_assert_ptr_nonnull(out);
	escape(out, s, n);
	ck_assert_int_eq(fclose(out), 0);
	return text;
}

/* A CSV field read back: unquoted, its doubled quotes single. */
static char *csv_read_back(const char *field, size_t size, size_t *n)
{
	char *value = malloc(size + 1);
	size_t i;

	*n = 0;
	if (size == 0 || field[0] != '"') {
		memcpy(value, field, size);
		*n = size;
		return value;
	}
	for (i = 1; i + 1 < size; i++) {
		value[(*n)++] = field[i];
		if (field[i] == '"')
			i++;
	}
	return value;
}

START_TEST(test_csv_every_byte)
{
	for (int b = 0; b < 256; b++) {
		const char in[3] = { 'a', (char) b, 'z' };
		bool quoted = b == ',' || b == '"' || b == '\r' || b == '\n';
		size_t size, n;
		char *out = escaped(as_csv_field, in, sizeof in, &size);
		char *back = csv_read_back(out, size, &n);

		ck_assert_msg((size > 0 && out[0] == '"') == quoted, "byte 0x%02x: quoted %d", b, quoted);
		ck_assert_msg(size == (quoted ? 5u + (b == '"') : 3u), "byte 0x%02x: %zu bytes", b, size);
		ck_assert_msg(n == sizeof in && memcmp(back, in, n) == 0, "byte 0x%02x: read back differs", b);
		free(back);
		free(out);
	}
}
END_TEST

/* The rule of common/escape.h for one byte between two letters, as text. */
static void json_expected(int b, char *want, size_t size)
{
	if (b == '"' || b == '\\')
		snprintf(want, size, "\"a\\%cz\"", b);
	else if (b == '\n')
		snprintf(want, size, "\"a\\nz\"");
	else if (b == '\t')
		snprintf(want, size, "\"a\\tz\"");
	else if (b < 0x20 || b == 0x7f)
		snprintf(want, size, "\"a\\u%04xz\"", b);
	else if (b < 0x80)
		snprintf(want, size, "\"a%cz\"", b);
	else
		snprintf(want, size, "\"a\\ufffdz\"");
}

/* The string json-glib reads from `text`, or NULL when it refuses it.  To
 * g_free. */
static char *json_read_back(const char *text)
{
	JsonParser *parser = json_parser_new();
	char *value = NULL;

	if (json_parser_load_from_data(parser, text, -1, NULL) &&
	    JSON_NODE_HOLDS_VALUE(json_parser_get_root(parser)))
		value = g_strdup(json_node_get_string(json_parser_get_root(parser)));
	g_object_unref(parser);
	return value;
}

START_TEST(test_json_every_byte)
{
	for (int b = 0; b < 256; b++) {
		const char in[3] = { 'a', (char) b, 'z' };
		char want[32], *back, *out;
		size_t size;

		json_expected(b, want, sizeof want);
		out = escaped(as_json_string, in, sizeof in, &size);
		ck_assert_msg(size == strlen(out) && strcmp(out, want) == 0, "byte 0x%02x: %s, not %s", b, out,
			      want);
		back = json_read_back(out);
		ck_assert_msg(back != NULL, "byte 0x%02x: json-glib refuses %s", b, out);
		/* json-glib's strings end at a NUL: "a\u0000z" reads "a". */
		if (b == 0)
			ck_assert_str_eq(back, "a");
		else if (b < 0x80)
			ck_assert_msg(strlen(back) == 3 && memcmp(back, in, 3) == 0, "byte 0x%02x: read back differs", b);
		else
			ck_assert_str_eq(back, "a\xef\xbf\xbdz");
		g_free(back);
		free(out);
	}
}
END_TEST

START_TEST(test_html_every_byte)
{
	for (int b = 0; b < 256; b++) {
		const char in[3] = { 'a', (char) b, 'z' };
		size_t size, json_size, page_size;
		char *out = escaped(as_html_script_data, in, sizeof in, &size);
		char *json = escaped(as_json_string, in, sizeof in, &json_size);
		char *page = escaped(as_html_script_data, json, json_size, &page_size);

		if (b == '<')
			ck_assert_str_eq(out, "a\\u003cz");
		else
			ck_assert_msg(size == 3 && memcmp(out, in, 3) == 0, "byte 0x%02x: changed", b);
		ck_assert_msg(memchr(page, '<', page_size) == NULL, "byte 0x%02x: a '<' in the page", b);
		free(page);
		free(json);
		free(out);
	}
}
END_TEST

/* A name as a trace may hold it: "</script>" ends no element once escaped. */
START_TEST(test_html_script_end)
{
	static const char name[] = "</script><script>alert(1)</script>";
	size_t json_size, size;
	char *json = escaped(as_json_string, name, strlen(name), &json_size);
	char *page = escaped(as_html_script_data, json, json_size, &size);
	char *back;

	ck_assert_ptr_null(strstr(page, "</"));
	back = json_read_back(page);
	ck_assert_str_eq(back, name);
	g_free(back);
	free(page);
	free(json);
}
END_TEST

START_TEST(test_json_utf8)
{
	static const struct {
		const char *in, *want;
	} cases[] = {
		{ "caf\xc3\xa9", "\"caf\xc3\xa9\"" },                 /* 2 bytes */
		{ "\xe2\x82\xac 5", "\"\xe2\x82\xac 5\"" },           /* 3 bytes */
		{ "\xf0\x9f\x98\x80", "\"\xf0\x9f\x98\x80\"" },       /* 4 bytes */
		{ "\xc0\xaf", "\"\\ufffd\\ufffd\"" },                 /* overlong '/' */
		{ "\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"" },      /* a surrogate */
		{ "x\xe2\x82", "\"x\\ufffd\\ufffd\"" },               /* cut short */
		{ "\xe9t\xe9", "\"\\ufffdt\\ufffd\"" },               /* Latin-1 */
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t size;
		char *out = escaped(as_json_string, cases[i].in, strlen(cases[i].in), &size);
		char *back = json_read_back(out);

		ck_assert_str_eq(out, cases[i].want);
		ck_assert_msg(back != NULL, "json-glib refuses %s", out);
		g_free(back);
		free(out);
	}
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_csv_every_byte, 1 },
		{ test_json_every_byte, 1 },
		{ test_html_every_byte, 1 },
		{ test_html_script_end, 1 },
		{ test_json_utf8, 1 },
		{ NULL, 0 },
	};

	return as_check_main("escape", "escape", tests);
}
