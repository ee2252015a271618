/* mirror.h - a directory of links to another's entries, but for the files a view changes. */
#ifndef ALLOCSAMPLE_VIEW_MIRROR_H
#define ALLOCSAMPLE_VIEW_MIRROR_H

#include <glib.h>
#include <stdint.h>

enum as_view_edit_kind {
	AS_VIEW_EDIT_PREFIX,    /* the file's first `length` bytes, copied */
	AS_VIEW_EDIT_BYTES,     /* `bytes` in place of the file */
	AS_VIEW_EDIT_LEAVE_OUT, /* no such file in the view */
};

struct as_view_edit {
	enum as_view_edit_kind kind;
	uint64_t length;
	GBytes *bytes;  /* owned */
};

/* A new edit (for a GHashTable's value), and its free function. */
struct as_view_edit *as_view_edit_new(enum as_view_edit_kind kind, uint64_t length, GBytes *bytes);
void as_view_edit_free(gpointer edit);

/*
 * Makes `dir` (absent, or an empty directory) mirror the directory
 * `root`: each entry a symbolic link to the absolute path of `root`'s,
 * but for the files that `edits` (a path relative to `root` -> struct
 * as_view_edit *) names, and the directories that hold them, made and
 * mirrored in turn.  Returns 0, or -1 with `error` set, `dir` possibly
 * half made.
 */
int as_view_mirror(const char *root, const char *dir, GHashTable *edits, GError **error);

#endif
