/*
 * test-metadata.c - a metadata file cut so that what is left parses, on
 * texts and files made by hand: where the last whole declaration of a
 * text ends (view/tsdl.c), and a packetized file's text, read as far as
 * it goes, and its view (view/metadata.c).
 */
#include <check.h>
#include <glib.h>

#include "tests/lib/check-run.h"
#include "tests/unit/view/lib.h"
#include "view/tsdl.h"

/* as_view_tsdl_whole on `text`, whose first `whole` bytes are whole
 * declarations, the rest blank or not. */
static void check_whole(const char *text, size_t whole, bool blank)
{
	bool rest_blank = !blank;

	ck_assert_msg(as_view_tsdl_whole(text, strlen(text), &rest_blank) == whole, "%s", text);
	ck_assert_msg(rest_blank == blank, "%s", text);
}

START_TEST(test_tsdl_declarations)
{
	check_whole("", 0, true);
	check_whole("/* CTF 1.8 */\n", 0, true);
	check_whole("typealias integer { size = 8; } := uint8_t;\n", 43, true);
	check_whole("trace { major = 1; };\nenv { a = 1;", 21, false);
	check_whole("env { a = 1; };\n// the end\n", 15, true);
	check_whole("env { a = 1; }; /* the end */", 15, true);
	check_whole("env { a = 1; }; /* the e", 15, false);
	check_whole("env { a = 1; }; /", 15, false);
	/* ';', braces and quotes in strings, characters and comments. */
	check_whole("env { s = \"a;}\\\";\"; };x", 22, false);
	check_whole("env { c = ';'; d = '\\''; };", 27, true);
	check_whole("env { /* }; */ a = 1; // };\n };", 31, true);
	check_whole("env { s = \"cut in a str", 0, false);
	check_whole("a = 1 / 2;", 10, true);
}
END_TEST

static const char text[] = TEST_METADATA("le");

/* The file of `text` in packets of 1024 bytes, cut after `size` bytes, read. */
static GByteArray *cut_file(size_t size, bool big, struct as_view_metadata *md)
{
	GByteArray *file = test_packetize(text, 1024, big);

	g_byte_array_set_size(file, (guint) MIN(size, file->len));
	as_view_metadata_read(file->data, file->len, md);
	return file;
}

/* The view of `md`, read back: not cut, its text the first md->whole
 * bytes of `text`, and *read where they end in `file`. */
static void check_view(const GByteArray *file, const struct as_view_metadata *md, uint64_t expected_read)
{
	struct as_view_metadata again;
	uint64_t read = 0;
	GBytes *view = as_view_metadata_view(file->data, md, &read);
	gsize size;
	const uint8_t *data = g_bytes_get_data(view, &size);

	ck_assert_uint_eq(read, expected_read);
	as_view_metadata_read(data, size, &again);
	ck_assert(again.packetized);
	ck_assert(!as_view_metadata_cut(&again));
	ck_assert_uint_eq(again.text->len, md->whole);
	ck_assert_int_eq(memcmp(again.text->str, text, md->whole), 0);
	as_view_metadata_fini(&again);
	g_bytes_unref(view);
}

START_TEST(test_metadata_whole)
{
	struct as_view_metadata md;
	GByteArray *file = cut_file(SIZE_MAX, false, &md);

	ck_assert(md.packetized);
	ck_assert(!md.big_endian);
	ck_assert_uint_gt(md.packets->len, 1);
	ck_assert_str_eq(md.text->str, text);
	ck_assert(!as_view_metadata_cut(&md));
	as_view_metadata_fini(&md);
	/* Without the padding of its last packet: babeltrace2 reads it all. */
	g_byte_array_set_size(file, file->len - 10);
	as_view_metadata_read(file->data, file->len, &md);
	ck_assert(!as_view_metadata_cut(&md));
	as_view_metadata_fini(&md);
	g_byte_array_free(file, TRUE);
}
END_TEST

START_TEST(test_metadata_cut_inside_a_packet)
{
	struct as_view_metadata md;
	GByteArray *file = cut_file(1024 + 500, true, &md);
	size_t in_packet;

	ck_assert(md.big_endian);
	ck_assert(md.ends_in_packet);
	ck_assert(as_view_metadata_cut(&md));
	ck_assert_uint_eq(md.text->len, (1024 - 37) + (500 - 37));
	ck_assert_uint_lt(md.whole, md.text->len);
	ck_assert_uint_eq(text[md.whole - 1], ';');
	/* The last whole declaration ends in the second packet, whose text
	 * then stops there. */
	ck_assert_uint_gt(md.whole, 1024 - 37);
	in_packet = md.whole - (1024 - 37);
	check_view(file, &md, 1024 + 37 + in_packet);
	as_view_metadata_fini(&md);
	/* Inside the second packet's header: the first packet's text ends
	 * inside a declaration, cut too. */
	g_byte_array_free(file, TRUE);
	file = cut_file(1024 + 20, false, &md);
	ck_assert(md.ends_in_packet);
	ck_assert_uint_eq(md.packets->len, 1);
	ck_assert_uint_lt(md.whole, 1024 - 37);
	check_view(file, &md, 37 + md.whole);
	as_view_metadata_fini(&md);
	g_byte_array_free(file, TRUE);
}
END_TEST

/* A file of whole packets whose text ends inside a declaration. */
START_TEST(test_metadata_cut_inside_a_declaration)
{
	struct as_view_metadata md;
	GByteArray *file = cut_file(1024, false, &md);

	ck_assert(!md.ends_in_packet);
	ck_assert(md.ends_in_text);
	ck_assert(as_view_metadata_cut(&md));
	check_view(file, &md, 37 + md.whole);
	as_view_metadata_fini(&md);
	g_byte_array_free(file, TRUE);
}
END_TEST

/* A declaration that ends where a packet's text does: that packet kept
 * as it is, padding and all, and nothing of the next. */
START_TEST(test_metadata_cut_after_a_whole_packet)
{
	/* 76 blanks and a declaration: the 91 bytes of text a packet of 128
	 * holds. */
	GString *two = g_string_new(NULL);
	struct as_view_metadata md;
	GByteArray *file;
	GBytes *view;
	uint64_t read;

	g_string_append_printf(two, "%76s%s", "", "env { a = 1; };");
	ck_assert_uint_eq(two->len, 128 - 37);
	g_string_append(two, "\nenv { b = 2; };\n");
	file = test_packetize(two->str, 128, false);
	g_byte_array_set_size(file, 128 + 50);
	as_view_metadata_read(file->data, file->len, &md);
	ck_assert(md.ends_in_packet);
	ck_assert_uint_eq(md.whole, 128 - 37);
	view = as_view_metadata_view(file->data, &md, &read);
	ck_assert_uint_eq(read, 128);
	ck_assert_uint_eq(g_bytes_get_size(view), 128);
	ck_assert_int_eq(memcmp(g_bytes_get_data(view, NULL), file->data, 128), 0);
	g_bytes_unref(view);
	g_string_free(two, TRUE);
	as_view_metadata_fini(&md);
	g_byte_array_free(file, TRUE);
}
END_TEST

START_TEST(test_metadata_damaged_or_text)
{
	struct as_view_metadata md;
	GByteArray *file = test_packetize(text, 1024, false);

	file->data[1024] ^= 1;
	as_view_metadata_read(file->data, file->len - 100, &md);
	ck_assert(md.damaged);
	ck_assert(!as_view_metadata_cut(&md));
	as_view_metadata_fini(&md);
	as_view_metadata_read((const uint8_t *) text, 300, &md);
	ck_assert(!md.packetized);
	ck_assert(!as_view_metadata_cut(&md));
	as_view_metadata_fini(&md);
	as_view_metadata_read(file->data, 3, &md);
	ck_assert(!md.packetized);
	as_view_metadata_fini(&md);
	g_byte_array_free(file, TRUE);
}
END_TEST

START_TEST(test_metadata_nothing_whole)
{
	struct as_view_metadata md;
	GByteArray *file = cut_file(20, false, &md);

	ck_assert(md.packetized);
	ck_assert(md.ends_in_packet);
	ck_assert_uint_eq(md.whole, 0);
	as_view_metadata_fini(&md);
	g_byte_array_free(file, TRUE);
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_tsdl_declarations, 1 },
		{ test_metadata_whole, 1 },
		{ test_metadata_cut_inside_a_packet, 1 },
		{ test_metadata_cut_inside_a_declaration, 1 },
		{ test_metadata_cut_after_a_whole_packet, 1 },
		{ test_metadata_damaged_or_text, 1 },
		{ test_metadata_nothing_whole, 1 },
		{ NULL, 0 },
	};

	return as_check_main("metadata", "metadata", tests);
}
