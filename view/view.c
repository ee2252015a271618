/* view.c - which files of a trace directory end inside a packet, and the view that cuts them (see view.h). */
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "view/index.h"
#include "view/layout.h"
#include "view/metadata.h"
#include "view/mirror.h"
#include "view/stream.h"
#include "view/view.h"

/* What the trace directory holds that the view changes. */
struct changes {
	const char *root;
	GHashTable *edits;  /* relative path -> struct as_view_edit * */
	GPtrArray *cuts;    /* struct as_view_cut * */
};

static void cut_free(gpointer p)
{
	struct as_view_cut *cut = p;

	g_free(cut->path);
	g_free(cut);
}

static void add_cut(struct changes *ch, const char *path, bool declaration, uint64_t read, uint64_t size)
{
	struct as_view_cut *cut = g_new0(struct as_view_cut, 1);

	cut->path = g_strdup(path);
	cut->declaration = declaration;
	cut->read = read;
	cut->size = size;
	g_ptr_array_add(ch->cuts, cut);
}

/* Whether `path` is a regular file (through links, as babeltrace2 takes
 * it), its size in *size. */
static bool regular_file(const char *path, uint64_t *size)
{
	GStatBuf st;

	if (g_stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return false;
	*size = (uint64_t) st.st_size;
	return true;
}

/* The file `rel` of the trace directory mapped, or NULL with `error` set. */
static GMappedFile *map(const struct changes *ch, const char *rel, GError **error)
{
	char *path = g_build_filename(ch->root, rel, NULL);
	GMappedFile *file = g_mapped_file_new(path, FALSE, error);

	g_free(path);
	return file;
}

static const uint8_t *bytes_of(GMappedFile *file)
{
	return (const uint8_t *) g_mapped_file_get_contents(file);
}

/* The metadata file `rel` of a trace: cut when it must be, and the
 * packet layout it declares into *layout.  Returns 0 or -1. */
static int look_at_metadata(struct changes *ch, const char *rel, struct as_view_layout *layout,
			    GError **error)
{
	GMappedFile *file = map(ch, rel, error);
	struct as_view_metadata md;
	uint64_t read;
	size_t size;
	int rc = -1;

	if (!file)
		return -1;
	size = g_mapped_file_get_length(file);
	if (size == 0) {
		/* lttng writes the metadata when the session stops, after the
		 * streams' packets: doc/reliability.md, "A full disk". */
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
			    "%s is empty, so its trace cannot be read: lttng writes it when the session stops, and the device was full by then, or the session is still recording",
			    rel);
		g_mapped_file_unref(file);
		return -1;
	}
	as_view_metadata_read(bytes_of(file), size, &md);
	if (!md.packetized) {
		*layout = as_view_layout_read((const char *) bytes_of(file), size);
		rc = 0;
		goto end;
	}
	*layout = as_view_layout_read(md.text->str, md.whole);
	if (as_view_metadata_cut(&md)) {
		if (md.whole == 0) {
			g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
				    "%s ends before its first whole declaration: its trace cannot be read", rel);
			goto end;
		}
		g_hash_table_insert(ch->edits, g_strdup(rel),
				    as_view_edit_new(AS_VIEW_EDIT_BYTES, 0,
						     as_view_metadata_view(bytes_of(file), &md, &read)));
		add_cut(ch, rel, !md.ends_in_packet, read, size);
	}
	rc = 0;
end:
	as_view_metadata_fini(&md);
	g_mapped_file_unref(file);
	return rc;
}

/* The data stream file `rel` (`size` bytes, not empty) of the trace
 * directory `trace`, cut when it ends inside a packet, its index with it.
 * Returns 0 or -1. */
static int look_at_stream(struct changes *ch, const char *trace, const char *rel, uint64_t size,
			  const struct as_view_layout *layout, GError **error)
{
	char *base = g_path_get_basename(rel), *index_name = g_strconcat(base, ".idx", NULL);
	char *index_rel = *trace ? g_build_filename(trace, "index", index_name, NULL) :
				   g_build_filename("index", index_name, NULL);
	char *index_path = g_build_filename(ch->root, index_rel, NULL);
	GMappedFile *file = map(ch, rel, error), *index_file = NULL;
	struct as_view_index index;
	bool has_index = false;
	struct as_view_stream stream;
	uint64_t index_size;
	int rc = -1;

	if (!file)
		goto end;
	if (regular_file(index_path, &index_size)) {
		index_file = map(ch, index_rel, error);
		if (!index_file)
			goto end;
		has_index = as_view_index_read(bytes_of(index_file), g_mapped_file_get_length(index_file),
					       &index) == 0;
	}
	as_view_stream_scan(bytes_of(file), size, has_index ? &index : NULL, layout, &stream);
	if (stream.ends_in_packet) {
		g_hash_table_insert(ch->edits, g_strdup(rel),
				    as_view_edit_new(AS_VIEW_EDIT_PREFIX, stream.whole, NULL));
		if (index_file)
			g_hash_table_insert(ch->edits, g_strdup(index_rel),
					    stream.indexed < 0 ?
						    as_view_edit_new(AS_VIEW_EDIT_LEAVE_OUT, 0, NULL) :
						    as_view_edit_new(AS_VIEW_EDIT_PREFIX,
								     as_view_index_prefix(&index, (size_t) stream.indexed),
								     NULL));
		add_cut(ch, rel, false, stream.whole, size);
	}
	rc = 0;
end:
	if (index_file)
		g_mapped_file_unref(index_file);
	if (file)
		g_mapped_file_unref(file);
	g_free(index_path);
	g_free(index_rel);
	g_free(index_name);
	g_free(base);
	return rc;
}

/* The CTF trace in the directory `trace` (relative; "" for the root):
 * its metadata, then every data stream file, which babeltrace2 takes to
 * be every regular, non-empty file beside the metadata whose name does
 * not start with '.'.  Returns 0 or -1. */
static int look_at_trace(struct changes *ch, const char *trace, GError **error)
{
	char *dir = g_build_filename(ch->root, trace, NULL);
	char *metadata = *trace ? g_build_filename(trace, "metadata", NULL) : g_strdup("metadata");
	struct as_view_layout layout;
	GDir *entries = NULL;
	const char *name;
	int rc = -1;

	if (look_at_metadata(ch, metadata, &layout, error))
		goto end;
	entries = g_dir_open(dir, 0, error);
	if (!entries)
		goto end;
	while ((name = g_dir_read_name(entries))) {
		char *rel = *trace ? g_build_filename(trace, name, NULL) : g_strdup(name);
		char *path = g_build_filename(ch->root, rel, NULL);
		uint64_t size;
		int status = 0;

		if (strcmp(name, "metadata") != 0 && name[0] != '.' && regular_file(path, &size) && size > 0)
			status = look_at_stream(ch, trace, rel, size, &layout, error);
		g_free(path);
		g_free(rel);
		if (status)
			goto end;
	}
	rc = 0;
end:
	if (entries)
		g_dir_close(entries);
	g_free(metadata);
	g_free(dir);
	return rc;
}

/* Every trace in the directory `rel` and below it.  Links to directories
 * are not followed: the view links them as they are. */
static int look_under(struct changes *ch, const char *rel, GError **error)
{
	char *dir = g_build_filename(ch->root, rel, NULL), *metadata = g_build_filename(dir, "metadata", NULL);
	GDir *entries = g_dir_open(dir, 0, error);
	const char *name;
	uint64_t size;
	int rc = -1;

	if (!entries)
		goto end;
	if (regular_file(metadata, &size) && look_at_trace(ch, rel, error))
		goto end;
	while ((name = g_dir_read_name(entries))) {
		char *child = *rel ? g_build_filename(rel, name, NULL) : g_strdup(name);
		char *path = g_build_filename(ch->root, child, NULL);
		GStatBuf st;
		int status = 0;

		if (g_lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
			status = look_under(ch, child, error);
		g_free(path);
		g_free(child);
		if (status)
			goto end;
	}
	rc = 0;
end:
	if (entries)
		g_dir_close(entries);
	g_free(metadata);
	g_free(dir);
	return rc;
}

static gint by_path(gconstpointer a, gconstpointer b)
{
	return strcmp((*(struct as_view_cut *const *) a)->path, (*(struct as_view_cut *const *) b)->path);
}

int as_view_build(const char *trace, const char *dir, GPtrArray **cuts, GError **error)
{
	struct changes ch = {
		trace,
		g_hash_table_new_full(g_str_hash, g_str_equal, g_free, as_view_edit_free),
		g_ptr_array_new_with_free_func(cut_free),
	};
	int rc = -1;

	if (look_under(&ch, "", error) || as_view_mirror(trace, dir, ch.edits, error))
		goto end;
	g_ptr_array_sort(ch.cuts, by_path);
	*cuts = g_steal_pointer(&ch.cuts);
	rc = 0;
end:
	if (ch.cuts)
		g_ptr_array_free(ch.cuts, TRUE);
	g_hash_table_destroy(ch.edits);
	return rc;
}

char *as_view_cut_sentence(const struct as_view_cut *cut)
{
	return g_strdup_printf("%s ends inside a %s: %" G_GUINT64_FORMAT " of its %" G_GUINT64_FORMAT " bytes read",
			       cut->path, cut->declaration ? "declaration" : "packet", cut->read, cut->size);
}

char *as_view_statement(const GPtrArray *cuts)
{
	GString *s = g_string_new(NULL);
	guint i;

	for (i = 0; i < cuts->len; i++) {
		char *sentence = as_view_cut_sentence(g_ptr_array_index(cuts, i));

		g_string_append_printf(s, "%s%s", i ? ", " : "", sentence);
		g_free(sentence);
	}
	return g_string_free(s, FALSE);
}
