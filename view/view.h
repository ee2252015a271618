/*
 * view.h - a trace directory whose files end inside a packet, seen up to
 * their last whole packets.
 *
 * babeltrace2 2.0's source.ctf.fs indexes every data stream file when it
 * starts, and fails on one that ends inside a packet (a copy cut short, a
 * full disk), so nothing of the trace is read; on a metadata file that
 * ends inside a packet it never returns.  The view of such a trace is a
 * directory that mirrors it: every file a symbolic link to the trace's,
 * but each data stream file that ends inside a packet copied up to its
 * last whole packet (its index, when the index's first entries are those
 * packets, cut after them, else left out, so that babeltrace2 finds them
 * itself), and a metadata file that ends inside a packet, or inside a
 * declaration, rewritten up to its last whole declaration.  babeltrace2
 * reads the view as it would have read the trace had it been cut there.
 * doc/reliability.md, "A trace cut short", says where that leaves a user.
 */
#ifndef ALLOCSAMPLE_VIEW_VIEW_H
#define ALLOCSAMPLE_VIEW_VIEW_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

/* A file of the trace that the view cuts. */
struct as_view_cut {
	char *path;        /* relative to the trace directory given */
	bool declaration;  /* a metadata file whose packets are whole, but
			    * whose text ends inside a declaration */
	uint64_t read;     /* the bytes of the file the view reads */
	uint64_t size;     /* the bytes of the file */
};

/*
 * Builds in `dir` (which must not exist, or be empty) the view of the
 * trace directory `trace`, every CTF trace under it (each directory
 * holding a file `metadata`).  Returns 0 with *cuts an array of struct
 * as_view_cut *, in the order of their paths (empty when nothing is cut:
 * the view is then the trace itself, each of its entries a link), or -1
 * with `error` set (a file that cannot be read, a directory or a file of
 * the view that cannot be made, a metadata file that is empty or ends
 * inside a packet before its first whole declaration, which leaves
 * nothing to read of its trace), *cuts unset and `dir` possibly half
 * made.
 */
int as_view_build(const char *trace, const char *dir, GPtrArray **cuts, GError **error);

/*
 * What was cut, as a report says it (doc/report-formats.md, "A trace cut
 * short"): "PATH ends inside a packet: READ of its SIZE bytes read" ("a
 * declaration" for a metadata file cut there), the files joined by ", ".
 * To g_free.
 */
char *as_view_statement(const GPtrArray *cuts);

/* One file's part of it. */
char *as_view_cut_sentence(const struct as_view_cut *cut);

/* Removes the view `dir` made by as_view_build, its links and files, and
 * never what they link to.  Returns 0, or -1 with errno set. */
int as_view_remove(const char *dir);

#endif
