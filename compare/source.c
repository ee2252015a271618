/* source.c - one side of the comparison: a JSON report file, or a trace directory reported into a temporary file. */
#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compare/compare.h"

int asc_source_read(const char *path, const char *role, unsigned kinds, struct asc_run *run)
{
	GError *error = NULL;
	char *tmp = NULL;
	struct stat st;
	int fd, rc;

	memset(run, 0, sizeof(*run));
	run->path = path;
	if (stat(path, &st) != 0) {
		fprintf(stderr, ASC_ME ": %s %s: %s\n", role, path, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return asc_report_read(path, role, run);

	run->from_trace = true;
	fd = g_file_open_tmp("allocsample-compare-XXXXXX.json", &tmp, &error);
	if (fd < 0) {
		fprintf(stderr, ASC_ME ": cannot create a temporary file for the report of %s: %s\n", path,
			error->message);
		g_error_free(error);
		return -1;
	}
	close(fd);
	rc = asc_trace_report(path, role, kinds, tmp);
	if (rc == 0)
		rc = asc_report_read(tmp, role, run);
	g_unlink(tmp);
	g_free(tmp);
	return rc;
}
