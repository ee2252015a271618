/*
 * test-view.c - the view of a trace directory made by hand (view/view.c,
 * view/mirror.c): links to every file it leaves, each file it cuts copied
 * up to its last whole packet, an index cut with its stream or left out,
 * the metadata rewritten; what it says of each; and what it refuses.
 */
#include <check.h>
#include <ftw.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "tests/lib/check-run.h"
#include "tests/unit/view/lib.h"
#include "view/view.h"

/* The trace's directory under the directory given, as LTTng lays it out. */
#define TRACE "ust/uid/0/64-bit"

static char *scratch;

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void) st;
	(void) flag;
	(void) ftw;
	return remove(path);
}

/* A new scratch directory, the last one removed: each test ends with
 * remove_scratch(). */
static void remove_scratch(void)
{
	if (!scratch)
		return;
	ck_assert_int_eq(nftw(scratch, remove_entry, 16, FTW_DEPTH | FTW_PHYS), 0);
	g_free(scratch);
	scratch = NULL;
}

static void make_scratch(void)
{
	remove_scratch();
	scratch = g_dir_make_tmp("test-view-XXXXXX", NULL);
	ck_assert_ptr_nonnull(scratch);
}

/* Writes `len` bytes at `data` into the file `rel` of the scratch
 * directory, making its directory. */
static void put(const char *rel, const void *data, size_t len)
{
	char *path = g_build_filename(scratch, rel, NULL), *dir = g_path_get_dirname(path);

	ck_assert_int_eq(g_mkdir_with_parents(dir, 0755), 0);
	ck_assert(g_file_set_contents(path, data, (gssize) len, NULL));
	g_free(dir);
	g_free(path);
}

/* A trace in trace/TRACE: its metadata, in packets of 1024 bytes, cut
 * after `metadata_size` bytes; buffers_0, three packets of 4096 bytes
 * cut after `cut` bytes, with its index when `with_index`; buffers_1,
 * one whole packet with its index; and beside the trace a file of
 * lttng's and an empty directory. */
static void make_trace(size_t metadata_size, size_t cut, bool with_index)
{
	GByteArray *metadata = test_packetize(TEST_METADATA("le"), 1024, false);
	GByteArray *stream = g_byte_array_new(), *other = g_byte_array_new();
	GByteArray *index = test_index_new(), *other_index = test_index_new();
	size_t i;

	put("trace/" TRACE "/metadata", metadata->data, MIN(metadata_size, metadata->len));
	for (i = 0; i < 3; i++) {
		test_data_packet(stream, 4096, 4000, false);
		test_index_entry(index, i * 4096, 4096);
	}
	put("trace/" TRACE "/buffers_0", stream->data, MIN(cut, stream->len));
	if (with_index)
		put("trace/" TRACE "/index/buffers_0.idx", index->data, index->len);
	test_data_packet(other, 4096, 100, false);
	test_index_entry(other_index, 0, 4096);
	put("trace/" TRACE "/buffers_1", other->data, other->len);
	put("trace/" TRACE "/index/buffers_1.idx", other_index->data, other_index->len);
	put("trace/babeltrace2.log", "", 0);
	put("trace/" TRACE "/.hidden", "x", 1);
	g_byte_array_free(metadata, TRUE);
	g_byte_array_free(stream, TRUE);
	g_byte_array_free(other, TRUE);
	g_byte_array_free(index, TRUE);
	g_byte_array_free(other_index, TRUE);
}

/* The view of scratch/trace into scratch/view: its cuts, or NULL with
 * *error set. */
static GPtrArray *build(GError **error)
{
	char *trace = g_build_filename(scratch, "trace", NULL), *dir = g_build_filename(scratch, "view", NULL);
	GPtrArray *cuts = NULL;

	if (as_view_build(trace, dir, &cuts, error))
		cuts = NULL;
	g_free(trace);
	g_free(dir);
	return cuts;
}

/* Whether `rel` of the view is a symbolic link to the same path in the
 * trace. */
static bool linked(const char *rel)
{
	char *path = g_build_filename(scratch, "view", rel, NULL);
	char *target = g_file_read_link(path, NULL), *expected = g_build_filename(scratch, "trace", rel, NULL);
	char *real = realpath(expected, NULL);
	bool yes = target && real && g_str_equal(target, real);

	g_free(path);
	g_free(target);
	g_free(expected);
	free(real);
	return yes;
}

/* The size of the regular file (not a link) `rel` of the view; -1 when
 * there is none. */
static long long copied(const char *rel)
{
	char *path = g_build_filename(scratch, "view", rel, NULL);
	GStatBuf st;
	long long size = g_lstat(path, &st) == 0 && S_ISREG(st.st_mode) ? (long long) st.st_size : -1;

	g_free(path);
	return size;
}

static bool absent(const char *rel)
{
	char *path = g_build_filename(scratch, "view", rel, NULL);
	GStatBuf st;
	bool yes = g_lstat(path, &st) != 0;

	g_free(path);
	return yes;
}

START_TEST(test_whole_trace_is_linked)
{
	GError *error = NULL;
	GPtrArray *cuts;

	make_scratch();
	make_trace(SIZE_MAX, SIZE_MAX, true);
	cuts = build(&error);
	ck_assert_ptr_nonnull(cuts);
	ck_assert_uint_eq(cuts->len, 0);
	ck_assert(linked("ust"));
	ck_assert(linked("babeltrace2.log"));
	g_ptr_array_free(cuts, TRUE);
	remove_scratch();
}
END_TEST

START_TEST(test_stream_cut_with_its_index)
{
	GError *error = NULL;
	GPtrArray *cuts;
	const struct as_view_cut *cut;
	char *statement;

	make_scratch();
	make_trace(SIZE_MAX, 2 * 4096 + 100, true);
	cuts = build(&error);
	ck_assert_ptr_nonnull(cuts);
	ck_assert_uint_eq(cuts->len, 1);
	cut = g_ptr_array_index(cuts, 0);
	ck_assert_str_eq(cut->path, TRACE "/buffers_0");
	ck_assert(!cut->declaration);
	ck_assert_uint_eq(cut->read, 8192);
	ck_assert_uint_eq(cut->size, 8292);
	statement = as_view_statement(cuts);
	ck_assert_str_eq(statement, TRACE "/buffers_0 ends inside a packet: 8192 of its 8292 bytes read");
	g_free(statement);
	ck_assert_int_eq(copied(TRACE "/buffers_0"), 8192);
	ck_assert_int_eq(copied(TRACE "/index/buffers_0.idx"), 16 + 2 * 72);
	ck_assert(linked(TRACE "/metadata"));
	ck_assert(linked(TRACE "/buffers_1"));
	ck_assert(linked(TRACE "/index/buffers_1.idx"));
	ck_assert(linked(TRACE "/.hidden"));
	ck_assert(linked("babeltrace2.log"));
	g_ptr_array_free(cuts, TRUE);
	remove_scratch();
}
END_TEST

START_TEST(test_stream_and_metadata_cut)
{
	GError *error = NULL;
	GPtrArray *cuts;
	const struct as_view_cut *cut;
	char *statement, *expected;

	make_scratch();
	/* The metadata cut inside its event's declaration, after the
	 * stream's, whose packet layout the stream's packets are read by. */
	make_trace(1024 + 450, 4096 + 10, false);
	cuts = build(&error);
	ck_assert_ptr_nonnull(cuts);
	ck_assert_uint_eq(cuts->len, 2);
	cut = g_ptr_array_index(cuts, 1);
	ck_assert_str_eq(cut->path, TRACE "/metadata");
	ck_assert(!cut->declaration);
	ck_assert_uint_eq(cut->size, 1024 + 450);
	ck_assert_int_eq(copied(TRACE "/buffers_0"), 4096);
	ck_assert(absent(TRACE "/index/buffers_0.idx"));
	ck_assert_int_eq(copied(TRACE "/metadata"), (long long) cut->read);
	expected = g_strdup_printf(TRACE "/buffers_0 ends inside a packet: 4096 of its 4106 bytes read, "
				   TRACE "/metadata ends inside a packet: %" G_GUINT64_FORMAT " of its 1474 bytes read",
				   cut->read);
	statement = as_view_statement(cuts);
	ck_assert_str_eq(statement, expected);
	g_free(statement);
	g_free(expected);
	g_ptr_array_free(cuts, TRUE);
	remove_scratch();
}
END_TEST

/* An index that babeltrace2 would refuse is left out with its stream. */
START_TEST(test_index_refused_is_left_out)
{
	GError *error = NULL;
	GPtrArray *cuts;
	char *path;

	make_scratch();
	make_trace(SIZE_MAX, 4096 + 10, true);
	path = g_build_filename(scratch, "trace", TRACE "/index/buffers_0.idx", NULL);
	ck_assert(g_file_set_contents(path, "garbage", -1, NULL));
	g_free(path);
	cuts = build(&error);
	ck_assert_ptr_nonnull(cuts);
	ck_assert_uint_eq(cuts->len, 1);
	ck_assert(absent(TRACE "/index/buffers_0.idx"));
	g_ptr_array_free(cuts, TRUE);
	remove_scratch();
}
END_TEST

/* A stream without an index, whose packets the metadata does not say how
 * to find: left as it is. */
START_TEST(test_unknown_layout_is_left)
{
	GError *error = NULL;
	GPtrArray *cuts;
	char *path;

	make_scratch();
	make_trace(SIZE_MAX, 4096 + 10, false);
	path = g_build_filename(scratch, "trace", TRACE "/metadata", NULL);
	ck_assert(g_file_set_contents(path, "/* CTF 1.8 */\ntrace { major = 1; };\n", -1, NULL));
	g_free(path);
	cuts = build(&error);
	ck_assert_ptr_nonnull(cuts);
	ck_assert_uint_eq(cuts->len, 0);
	ck_assert(linked("ust"));
	g_ptr_array_free(cuts, TRUE);
	remove_scratch();
}
END_TEST

START_TEST(test_refusals)
{
	GError *error = NULL;

	make_scratch();
	make_trace(20, SIZE_MAX, true);
	ck_assert_ptr_null(build(&error));
	ck_assert_str_eq(error->message,
			 TRACE "/metadata ends before its first whole declaration: its trace cannot be read");
	g_clear_error(&error);
	make_scratch();
	make_trace(0, SIZE_MAX, true);
	ck_assert_ptr_null(build(&error));
	ck_assert_ptr_nonnull(strstr(error->message, TRACE "/metadata is empty, so its trace cannot be read"));
	g_clear_error(&error);
	make_scratch();
	make_trace(SIZE_MAX, SIZE_MAX, true);
	put("view/something", "x", 1);
	ck_assert_ptr_null(build(&error));
	ck_assert_ptr_nonnull(strstr(error->message, "is not empty"));
	g_clear_error(&error);
	remove_scratch();
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_whole_trace_is_linked, 1 },
		{ test_stream_cut_with_its_index, 1 },
		{ test_stream_and_metadata_cut, 1 },
		{ test_index_refused_is_left_out, 1 },
		{ test_unknown_layout_is_left, 1 },
		{ test_refusals, 1 },
		{ NULL, 0 },
	};

	return as_check_main("view", "view", tests);
}
