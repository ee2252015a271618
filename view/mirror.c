/* mirror.c - a view's directory: links to the trace's entries and the files it changes (see mirror.h), and its removal. */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdbool.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "view/mirror.h"
#include "view/view.h"

struct as_view_edit *as_view_edit_new(enum as_view_edit_kind kind, uint64_t length, GBytes *bytes)
{
	struct as_view_edit *edit = g_new0(struct as_view_edit, 1);

	edit->kind = kind;
	edit->length = length;
	edit->bytes = bytes;
	return edit;
}

void as_view_edit_free(gpointer p)
{
	struct as_view_edit *edit = p;

	if (edit->bytes)
		g_bytes_unref(edit->bytes);
	g_free(edit);
}

/* Sets `error` from errno for `what` done to `path`; returns -1. */
static int fail(GError **error, const char *what, const char *path)
{
	int code = errno;

	g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(code), "cannot %s %s: %s", what, path,
		    g_strerror(code));
	return -1;
}

/* Copies `length` bytes of `from` into the new file `to`: in the kernel
 * (copy_file_range: a stream file may hold gigabytes), else through a
 * buffer when the two files' systems do not allow it. */
static int copy_prefix(const char *from, const char *to, uint64_t length, GError **error)
{
	int in = open(from, O_RDONLY | O_CLOEXEC), out = -1, rc = -1;
	char buffer[65536];
	ssize_t n;

	if (in < 0)
		return fail(error, "open", from);
	out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (out < 0) {
		fail(error, "create", to);
		goto end;
	}
	while (length > 0) {
		n = copy_file_range(in, NULL, out, NULL, (size_t) MIN(length, (uint64_t) 1 << 30), 0);
		if (n < 0 && (errno == EXDEV || errno == ENOSYS || errno == EINVAL || errno == EOPNOTSUPP)) {
			n = read(in, buffer, (size_t) MIN(length, sizeof buffer));
			if (n > 0 && write(out, buffer, (size_t) n) != n)
				n = -1;
		}
		if (n < 0) {
			fail(error, "copy into", to);
			goto end;
		}
		if (n == 0) {
			g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot copy %s: it became shorter while read",
				    from);
			goto end;
		}
		length -= (uint64_t) n;
	}
	rc = 0;
end:
	if (out >= 0 && close(out) != 0 && rc == 0)
		rc = fail(error, "write", to);
	close(in);
	return rc;
}

static int apply(const struct as_view_edit *edit, const char *from, const char *to, GError **error)
{
	switch (edit->kind) {
	case AS_VIEW_EDIT_PREFIX:
		return copy_prefix(from, to, edit->length, error);
	case AS_VIEW_EDIT_BYTES:
		return g_file_set_contents(to, g_bytes_get_data(edit->bytes, NULL),
					   (gssize) g_bytes_get_size(edit->bytes), error) ? 0 : -1;
	case AS_VIEW_EDIT_LEAVE_OUT:
		break;
	}
	return 0;
}

/* Mirrors the directory `rel` of `root` (its absolute path) into `dir`
 * (made): `holders` are the directories that hold an edited file. */
static int mirror_dir(const char *root, const char *dir, const char *rel, GHashTable *edits,
		      GHashTable *holders, GError **error)
{
	char *from_dir = g_build_filename(root, rel, NULL);
	GDir *entries = g_dir_open(from_dir, 0, error);
	const char *name;
	int rc = -1;

	if (!entries)
		goto end;
	while ((name = g_dir_read_name(entries))) {
		char *child = *rel ? g_build_filename(rel, name, NULL) : g_strdup(name);
		char *from = g_build_filename(root, child, NULL), *to = g_build_filename(dir, child, NULL);
		const struct as_view_edit *edit = g_hash_table_lookup(edits, child);
		int status;

		if (edit)
			status = apply(edit, from, to, error);
		else if (g_hash_table_contains(holders, child))
			status = g_mkdir(to, 0755) != 0 ? fail(error, "create the directory", to) :
							  mirror_dir(root, dir, child, edits, holders, error);
		else
			status = symlink(from, to) != 0 ? fail(error, "link", to) : 0;
		g_free(child);
		g_free(from);
		g_free(to);
		if (status)
			goto end;
	}
	rc = 0;
end:
	if (entries)
		g_dir_close(entries);
	g_free(from_dir);
	return rc;
}

/* Makes `dir`, or checks that it is an empty directory. */
static int make_dir(const char *dir, GError **error)
{
	GDir *entries;
	bool empty;

	if (g_mkdir(dir, 0755) == 0)
		return 0;
	if (errno != EEXIST)
		return fail(error, "create the directory", dir);
	entries = g_dir_open(dir, 0, error);
	if (!entries)
		return -1;
	empty = g_dir_read_name(entries) == NULL;
	g_dir_close(entries);
	if (!empty) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_EXIST, "%s is not empty: the view goes into an empty directory",
			    dir);
		return -1;
	}
	return 0;
}

int as_view_mirror(const char *root, const char *dir, GHashTable *edits, GError **error)
{
	GHashTable *holders = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	char *absolute = realpath(root, NULL);
	GHashTableIter iter;
	gpointer path;
	int rc = -1;

	if (!absolute) {
		fail(error, "find", root);
		goto end;
	}
	g_hash_table_iter_init(&iter, edits);
	while (g_hash_table_iter_next(&iter, &path, NULL)) {
		char *holder = g_path_get_dirname(path);

		while (strcmp(holder, ".") != 0 && !g_hash_table_contains(holders, holder)) {
			g_hash_table_add(holders, holder);
			holder = g_path_get_dirname(holder);
		}
		g_free(holder);
	}
	if (make_dir(dir, error) == 0)
		rc = mirror_dir(absolute, dir, "", edits, holders, error);
end:
	g_hash_table_destroy(holders);
	free(absolute);
	return rc;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void) st;
	(void) flag;
	(void) ftw;
	return remove(path);
}

int as_view_remove(const char *dir)
{
	/* Depth first, links not followed: a link goes, not what it names. */
	return nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
