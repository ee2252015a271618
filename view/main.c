/*
 * main.c - allocsample-trace-view TRACE DIR: the view of the trace
 * directory TRACE in DIR (absent, or an empty directory), for babeltrace2
 * to read when a file of TRACE ends inside a packet (view.h).
 *
 * Prints one line per file the view cuts ("PATH ends inside a packet:
 * READ of its SIZE bytes read"), none when nothing is cut, and exits 0;
 * DIR then holds the view either way.  On an error, one line on the
 * standard error and status 1; on a usage error, status 2.  Installed in
 * the package's libexec directory, for allocsample-record; a user may run
 * it too (doc/reliability.md).
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "view/view.h"

#define ME "allocsample-trace-view"

int main(int argc, char **argv)
{
	GError *error = NULL;
	GPtrArray *cuts = NULL;
	guint i;
	int status = 1;

	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		printf("Usage: " ME " TRACE DIR\n\n"
		       "Makes DIR (absent, or an empty directory) a view of the trace directory TRACE\n"
		       "that babeltrace2 can read when a file of TRACE ends inside a packet: each\n"
		       "such stream file cut at its last whole packet, such a metadata file at its\n"
		       "last whole declaration, every other file linked.  Prints one line per file\n"
		       "cut.\n");
		return 0;
	}
	if (argc != 3) {
		fprintf(stderr, ME ": usage: " ME " TRACE DIR\n");
		return 2;
	}
	if (as_view_build(argv[1], argv[2], &cuts, &error)) {
		fprintf(stderr, ME ": %s\n", error->message);
		g_error_free(error);
		return 1;
	}
	for (i = 0; i < cuts->len; i++) {
		char *sentence = as_view_cut_sentence(g_ptr_array_index(cuts, i));

		printf("%s\n", sentence);
		g_free(sentence);
	}
	g_ptr_array_free(cuts, TRUE);
	if (fflush(stdout) == 0 && !ferror(stdout))
		status = 0;
	else
		fprintf(stderr, ME ": cannot write to the standard output\n");
	return status;
}
