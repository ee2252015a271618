/* layout.c - whether the metadata declares LTTng's packet layout (see layout.h). */
#include <glib.h>

#include "view/layout.h"

/*
 * What the metadata must declare besides the trace's block (below), each
 * pattern matched against the text with every run of blanks made one
 * space.  The stream classes' packet contexts are checked apart: all of
 * them must be `struct packet_context`.
 */
static const char *const declarations[] = {
	"typealias integer \\{ size = 8; align = 8; signed = false; \\} := uint8_t;",
	"typealias integer \\{ size = 32; align = (8|32); signed = false; \\} := uint32_t;",
	"typealias integer \\{ size = 64; align = (8|64); signed = false; \\} := uint64_t;",
	"typealias integer \\{ size = 64; align = (8|64); signed = false; map = clock\\.[A-Za-z0-9_]+\\.value; \\} := uint64_clock_monotonic_t;",
	"struct packet_context \\{ uint64_clock_monotonic_t timestamp_begin; uint64_clock_monotonic_t timestamp_end; uint64_t content_size; uint64_t packet_size;",
};

/* The trace's block, as lttng writes it, with its byte order: an integer
 * field of an event may have a byte order of its own. */
static const char trace_block[] =
	"trace \\{ major = [0-9]+; minor = [0-9]+; uuid = \"[-0-9a-f]+\"; byte_order = (le|be); "
	"packet\\.header := struct \\{ uint32_t magic; uint8_t uuid\\[16\\]; uint32_t stream_id; "
	"uint64_t stream_instance_id; \\}; \\};";

/* `text` with every run of blanks one space. */
static char *squeeze(const char *text, size_t len)
{
	GString *out = g_string_sized_new(len);
	bool blank = false;
	size_t i;

	for (i = 0; i < len; i++) {
		if (g_ascii_isspace(text[i])) {
			blank = true;
			continue;
		}
		if (blank && out->len > 0)
			g_string_append_c(out, ' ');
		blank = false;
		g_string_append_c(out, text[i]);
	}
	return g_string_free(out, FALSE);
}

/* How many times `pattern` matches `text`; the first match's first
 * group into *group (to g_free) when `group` is not NULL. */
static unsigned matches(const char *text, const char *pattern, char **group)
{
	GRegex *regex = g_regex_new(pattern, G_REGEX_OPTIMIZE | G_REGEX_RAW, 0, NULL);
	GMatchInfo *info = NULL;
	unsigned n = 0;

	g_regex_match(regex, text, 0, &info);
	for (; g_match_info_matches(info); g_match_info_next(info, NULL)) {
		if (n == 0 && group)
			*group = g_match_info_fetch(info, 1);
		n++;
	}
	g_match_info_free(info);
	g_regex_unref(regex);
	return n;
}

struct as_view_layout as_view_layout_read(const char *text, size_t len)
{
	struct as_view_layout layout = { false, false };
	char *squeezed = squeeze(text, len), *byte_order = NULL;
	unsigned contexts;
	size_t i;

	for (i = 0; i < G_N_ELEMENTS(declarations); i++) {
		if (!matches(squeezed, declarations[i], NULL))
			goto end;
	}
	contexts = matches(squeezed, "packet\\.context :=", NULL);
	if (contexts == 0 ||
	    matches(squeezed, "packet\\.context := struct packet_context;", NULL) != contexts ||
	    matches(squeezed, trace_block, &byte_order) != 1)
		goto end;
	layout.known = true;
	layout.big_endian = g_str_equal(byte_order, "be");
end:
	g_free(byte_order);
	g_free(squeezed);
	return layout;
}
