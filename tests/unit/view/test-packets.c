/*
 * test-packets.c - a data stream file's whole packets, on files made by
 * hand: LTTng's index read as babeltrace2 reads it (view/index.c), the
 * packet layout known from the metadata text lttng writes and no other
 * (view/layout.c), and where a stream file's last whole packet ends, from
 * its index, its packets' headers, or both (view/stream.c).
 */
#include <check.h>
#include <glib.h>

#include "tests/lib/check-run.h"
#include "tests/unit/view/lib.h"
#include "view/stream.h"

static const struct as_view_layout lttng_layout = { true, false };

START_TEST(test_index_read_and_entries)
{
	GByteArray *file = test_index_new();
	struct as_view_index index;
	uint64_t offset, size;

	test_index_entry(file, 0, 4096);
	test_index_entry(file, 4096, 8192);
	ck_assert_int_eq(as_view_index_read(file->data, file->len, &index), 0);
	ck_assert_uint_eq(index.entries, 2);
	ck_assert(as_view_index_entry(&index, 1, &offset, &size));
	ck_assert_uint_eq(offset, 4096);
	ck_assert_uint_eq(size, 8192);
	ck_assert_uint_eq(as_view_index_prefix(&index, 1), 16 + 72);
	/* A copy cut inside the second entry holds one. */
	ck_assert_int_eq(as_view_index_read(file->data, file->len - 5, &index), 0);
	ck_assert_uint_eq(index.entries, 1);
	g_byte_array_free(file, TRUE);
}
END_TEST

START_TEST(test_index_refused)
{
	GByteArray *file = test_index_new();
	struct as_view_index index = { NULL, 7, 7 };
	uint64_t offset, size;

	test_index_entry(file, 0, 4096);
	ck_assert_int_eq(as_view_index_read(file->data, 15, &index), -1);
	file->data[0] ^= 1;
	ck_assert_int_eq(as_view_index_read(file->data, file->len, &index), -1);
	file->data[0] ^= 1;
	as_view_put_uint(file->data + 4, 4, true, 2);
	ck_assert_int_eq(as_view_index_read(file->data, file->len, &index), -1);
	as_view_put_uint(file->data + 4, 4, true, 1);
	as_view_put_uint(file->data + 12, 4, true, 48);
	ck_assert_int_eq(as_view_index_read(file->data, file->len, &index), -1);
	ck_assert_uint_eq(index.entry_size, 7);
	/* An entry whose size is no whole number of bytes, or none. */
	as_view_put_uint(file->data + 12, 4, true, 72);
	ck_assert_int_eq(as_view_index_read(file->data, file->len, &index), 0);
	as_view_put_uint(file->data + 16 + 8, 8, true, 4096 * 8 + 3);
	ck_assert(!as_view_index_entry(&index, 0, &offset, &size));
	as_view_put_uint(file->data + 16 + 8, 8, true, 0);
	ck_assert(!as_view_index_entry(&index, 0, &offset, &size));
	g_byte_array_free(file, TRUE);
}
END_TEST

START_TEST(test_layout_of_lttng)
{
	static const char le[] = TEST_METADATA("le"), be[] = TEST_METADATA("be");
	struct as_view_layout layout = as_view_layout_read(le, sizeof le - 1);

	ck_assert(layout.known);
	ck_assert(!layout.big_endian);
	layout = as_view_layout_read(be, sizeof be - 1);
	ck_assert(layout.known);
	ck_assert(layout.big_endian);
}
END_TEST

/* TEST_METADATA("le") with `from` replaced by `to`, its layout. */
static struct as_view_layout layout_with(const char *from, const char *to)
{
	GString *text = g_string_new(TEST_METADATA("le"));
	struct as_view_layout layout;

	ck_assert_uint_eq(g_string_replace(text, from, to, 1), 1);
	layout = as_view_layout_read(text->str, text->len);
	g_string_free(text, TRUE);
	return layout;
}

START_TEST(test_layout_unknown)
{
	ck_assert(layout_with("\t\tuint32_t stream_id;\n", "\t\tuint16_t stream_id;\n").known == false);
	ck_assert(layout_with("uint64_t content_size;\n\tuint64_t packet_size;",
			      "uint64_t packet_size;\n\tuint64_t content_size;").known == false);
	ck_assert(layout_with("size = 64; align = 8; signed = false; } := uint64_t;",
			      "size = 64; align = 16; signed = false; } := uint64_t;").known == false);
	ck_assert(layout_with("packet.context := struct packet_context;",
			      "packet.context := struct { uint64_t packet_size; };").known == false);
	ck_assert(layout_with("byte_order = le;", "byte_order = native;").known == false);
	/* Blanks and natural alignments change nothing. */
	ck_assert(layout_with("\t\tuint32_t magic;\n", "  uint32_t   magic;\n").known);
	ck_assert(layout_with("size = 64; align = 8; signed = false; } := uint64_t;",
			      "size = 64; align = 64; signed = false; } := uint64_t;").known);
	ck_assert(as_view_layout_read("", 0).known == false);
}
END_TEST

/* Scans `file` with `index` (NULL: none) and the layout of lttng. */
static struct as_view_stream scan(const GByteArray *file, const GByteArray *index_file)
{
	struct as_view_stream stream;
	struct as_view_index index;

	if (index_file)
		ck_assert_int_eq(as_view_index_read(index_file->data, index_file->len, &index), 0);
	as_view_stream_scan(file->data, file->len, index_file ? &index : NULL, &lttng_layout, &stream);
	return stream;
}

START_TEST(test_stream_whole)
{
	GByteArray *file = g_byte_array_new(), *index = test_index_new();
	struct as_view_stream stream;

	test_data_packet(file, 4096, 4000, false);
	test_data_packet(file, 8192, 8192, false);
	test_index_entry(index, 0, 4096);
	test_index_entry(index, 4096, 8192);
	stream = scan(file, NULL);
	ck_assert(!stream.ends_in_packet);
	ck_assert_uint_eq(stream.whole, file->len);
	stream = scan(file, index);
	ck_assert(!stream.ends_in_packet);
	ck_assert_uint_eq(stream.whole, file->len);
	ck_assert_int_eq(stream.indexed, 2);
	g_byte_array_free(file, TRUE);
	g_byte_array_free(index, TRUE);
}
END_TEST

START_TEST(test_stream_cut_inside_a_packet)
{
	GByteArray *file = g_byte_array_new(), *index = test_index_new();
	struct as_view_stream stream;

	test_data_packet(file, 4096, 4000, false);
	test_data_packet(file, 8192, 8192, false);
	test_data_packet(file, 4096, 100, false);
	test_index_entry(index, 0, 4096);
	test_index_entry(index, 4096, 8192);
	test_index_entry(index, 12288, 4096);
	g_byte_array_set_size(file, 12288 + 1000);
	/* From the headers alone: no index to keep. */
	stream = scan(file, NULL);
	ck_assert(stream.ends_in_packet);
	ck_assert_uint_eq(stream.whole, 12288);
	ck_assert_int_eq(stream.indexed, -1);
	/* From the index: its first two entries are the packets kept. */
	stream = scan(file, index);
	ck_assert(stream.ends_in_packet);
	ck_assert_uint_eq(stream.whole, 12288);
	ck_assert_int_eq(stream.indexed, 2);
	/* Inside the second packet's header. */
	g_byte_array_set_size(file, 4096 + 63);
	stream = scan(file, NULL);
	ck_assert(stream.ends_in_packet);
	ck_assert_uint_eq(stream.whole, 4096);
	stream = scan(file, index);
	ck_assert(stream.ends_in_packet);
	ck_assert_uint_eq(stream.whole, 4096);
	ck_assert_int_eq(stream.indexed, 1);
	/* Inside the first. */
	g_byte_array_set_size(file, 10);
	stream = scan(file, index);
	ck_assert(stream.ends_in_packet);
	ck_assert_uint_eq(stream.whole, 0);
	ck_assert_int_eq(stream.indexed, 0);
	g_byte_array_free(file, TRUE);
	g_byte_array_free(index, TRUE);
}
END_TEST

/* What a full disk left (doc/reliability.md): an index whose entries go
 * on past the stream file's end, the second one at offset 0 again. */
START_TEST(test_stream_index_that_disagrees)
{
	GByteArray *file = g_byte_array_new(), *index = test_index_new(), *short_index = test_index_new();
	struct as_view_stream stream;

	test_data_packet(file, 4096, 4000, false);
	test_data_packet(file, 4096, 4000, false);
	test_data_packet(file, 4096, 4000, false);
	g_byte_array_set_size(file, 3 * 4096 - 1000);
	test_index_entry(index, 0, 4096);
	test_index_entry(index, 0, 4096);
	test_index_entry(index, 8192, 4096);
	/* The headers after the first entry: a packet past the index, so the
	 * index goes. */
	stream = scan(file, index);
	ck_assert(stream.ends_in_packet);
	ck_assert_uint_eq(stream.whole, 8192);
	ck_assert_int_eq(stream.indexed, -1);
	/* An index with fewer entries than the file has packets. */
	test_index_entry(short_index, 0, 4096);
	stream = scan(file, short_index);
	ck_assert_uint_eq(stream.whole, 8192);
	ck_assert_int_eq(stream.indexed, -1);
	g_byte_array_free(file, TRUE);
	g_byte_array_free(index, TRUE);
	g_byte_array_free(short_index, TRUE);
}
END_TEST

START_TEST(test_stream_damaged_is_not_cut)
{
	GByteArray *file = g_byte_array_new();
	struct as_view_stream stream;

	test_data_packet(file, 4096, 4000, false);
	test_data_packet(file, 4096, 4000, false);
	g_byte_array_set_size(file, 8000);
	file->data[4096] ^= 0xff;
	stream = scan(file, NULL);
	ck_assert(!stream.ends_in_packet);
	ck_assert_uint_eq(stream.whole, 8000);
	g_byte_array_free(file, TRUE);
}
END_TEST

START_TEST(test_stream_big_endian)
{
	static const struct as_view_layout big = { true, true };
	GByteArray *file = g_byte_array_new();
	struct as_view_stream stream;

	test_data_packet(file, 4096, 4000, true);
	test_data_packet(file, 4096, 4000, true);
	g_byte_array_set_size(file, 8000);
	as_view_stream_scan(file->data, file->len, NULL, &big, &stream);
	ck_assert(stream.ends_in_packet);
	ck_assert_uint_eq(stream.whole, 4096);
	g_byte_array_free(file, TRUE);
}
END_TEST

/* Without the layout, the packets past the index are not found: the file
 * is taken as it is. */
START_TEST(test_stream_unknown_layout)
{
	static const struct as_view_layout unknown = { false, false };
	GByteArray *file = g_byte_array_new(), *index_file = test_index_new();
	struct as_view_stream stream;
	struct as_view_index index;

	test_data_packet(file, 4096, 4000, false);
	test_data_packet(file, 4096, 4000, false);
	g_byte_array_set_size(file, 5000);
	as_view_stream_scan(file->data, file->len, NULL, &unknown, &stream);
	ck_assert(!stream.ends_in_packet);
	ck_assert_uint_eq(stream.whole, 5000);
	test_index_entry(index_file, 0, 4096);
	ck_assert_int_eq(as_view_index_read(index_file->data, index_file->len, &index), 0);
	as_view_stream_scan(file->data, file->len, &index, &unknown, &stream);
	ck_assert(!stream.ends_in_packet);
	ck_assert_uint_eq(stream.whole, 5000);
	/* An index that lists the packet the file ends inside. */
	test_index_entry(index_file, 4096, 4096);
	ck_assert_int_eq(as_view_index_read(index_file->data, index_file->len, &index), 0);
	as_view_stream_scan(file->data, file->len, &index, &unknown, &stream);
	ck_assert(stream.ends_in_packet);
	ck_assert_uint_eq(stream.whole, 4096);
	ck_assert_int_eq(stream.indexed, 1);
	g_byte_array_free(file, TRUE);
	g_byte_array_free(index_file, TRUE);
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_index_read_and_entries, 1 },
		{ test_index_refused, 1 },
		{ test_layout_of_lttng, 1 },
		{ test_layout_unknown, 1 },
		{ test_stream_whole, 1 },
		{ test_stream_cut_inside_a_packet, 1 },
		{ test_stream_index_that_disagrees, 1 },
		{ test_stream_damaged_is_not_cut, 1 },
		{ test_stream_big_endian, 1 },
		{ test_stream_unknown_layout, 1 },
		{ NULL, 0 },
	};

	return as_check_main("packets", "packets", tests);
}
