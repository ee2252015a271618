/*
 * parts.c - where the parts allocsample-compare runs are: the babeltrace2
 * plugin and the view maker, installed beside the package or, for the
 * command run from its build tree, that tree's (as allocsample-record
 * finds its own).  ALLOCSAMPLE_PLUGIN_PATH and ALLOCSAMPLE_TRACE_VIEW
 * override either.
 */
#include <glib.h>
#include <stdbool.h>

#include "compare/compare.h"

/* Whether this executable is the build tree's allocsample-compare: a
 * build tree's command would otherwise report with the installed plugin,
 * of another version, or with none. */
static bool from_build_tree(void)
{
	static int answer = -1;

	if (answer < 0) {
		char *exe = g_file_read_link("/proc/self/exe", NULL);
		char *built = g_build_filename(ABS_TOP_BUILDDIR, "compare", "allocsample-compare", NULL);

		answer = exe && g_strcmp0(exe, built) == 0;
		g_free(built);
		g_free(exe);
	}
	return answer;
}

/* `variable`'s value when set and not empty, else `built` from the build
 * tree or `installed`; to be freed. */
static char *part(const char *variable, const char *built, const char *installed)
{
	const char *set = g_getenv(variable);

	if (set && *set)
		return g_strdup(set);
	if (from_build_tree())
		return g_build_filename(ABS_TOP_BUILDDIR, built, NULL);
	return g_strdup(installed);
}

char *asc_plugin_path(void)
{
	return part("ALLOCSAMPLE_PLUGIN_PATH", "plugins/report/.libs", BT2PLUGINDIR);
}

char *asc_trace_view_path(void)
{
	return part("ALLOCSAMPLE_TRACE_VIEW", "view/allocsample-trace-view",
		    PKGLIBEXECDIR "/allocsample-trace-view");
}
