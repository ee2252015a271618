/*
 * trace.c - a trace directory reported as JSON by babeltrace2 and
 * sink.allocsample.report, into a file, for report.c to read.
 *
 * The plugin is found as allocsample-record finds it: ALLOCSAMPLE_PLUGIN_PATH,
 * else the directory it was installed to (configure's bt2plugindir).
 * `babeltrace2` is looked up in PATH.  Call sites need debug-info with full
 * paths (doc/report-formats.md, "Call sites"), so `site` adds
 * --debug-info --debug-info-full-path.
 */
#include <glib.h>
#include <string.h>
#include <sys/wait.h>

#include "compare/compare.h"

/* The error babeltrace2 ends on: the text under its last "CAUSED BY" (the
 * component that failed), else under "ERROR:", else its last line. */
static char *babeltrace_error(const char *text)
{
	const char *cause = NULL, *p;
	GString *msg = g_string_new(NULL);
	gchar **lines;
	size_t i;

	if (strstr(text, "No trace was found based on input")) {
		g_string_free(msg, TRUE);
		return g_strdup("no trace found in it (is it a trace directory?)");
	}
	for (p = text; (p = strstr(p, "\nCAUSED BY ")) != NULL; p++)
		cause = p + 1;
	if (!cause && (p = strstr(text, "ERROR:")) != NULL)
		cause = p;
	lines = g_strsplit(cause ? cause : text, "\n", -1);
	for (i = cause ? 1 : 0; lines[i]; i++) {
		const char *line = lines[i];

		if (cause && line[0] != ' ')
			break;
		line += strspn(line, " ");
		if (!*line)
			continue;
		if (!cause)
			g_string_assign(msg, line);
		else
			g_string_append_printf(msg, "%s%s", msg->len ? " " : "", line);
	}
	g_strfreev(lines);
	if (!msg->len)
		g_string_assign(msg, "no message");
	return g_string_free(msg, FALSE);
}

/* A string parameter for babeltrace2's --params: quoted, with '"' and '\'
 * escaped. */
static void append_string_param(GString *params, const char *value)
{
	g_string_append_c(params, '"');
	for (; *value; value++) {
		if (*value == '"' || *value == '\\')
			g_string_append_c(params, '\\');
		g_string_append_c(params, *value);
	}
	g_string_append_c(params, '"');
}

int asc_trace_report(const char *trace, const char *role, unsigned kinds, const char *json_path)
{
	const char *plugin_path = g_getenv("ALLOCSAMPLE_PLUGIN_PATH");
	GString *params = g_string_new("format=\"json\",group-by=[");
	GPtrArray *argv = g_ptr_array_new_with_free_func(g_free);
	char *err_text = NULL, *input;
	GError *error = NULL;
	int wait_status = 0, k, rc = -1;
	bool first = true;

	if (!plugin_path || !*plugin_path)
		plugin_path = BT2PLUGINDIR;
	for (k = 0; k < AS_KIND_COUNT; k++) {
		if (k == AS_KIND_PROCESS || k == AS_KIND_TOTAL || !(kinds & 1u << k))
			continue;
		g_string_append_printf(params, "%s\"%s\"", first ? "" : ",", as_kind_name(k));
		first = false;
	}
	g_string_append(params, "],path=");
	append_string_param(params, json_path);
	/* babeltrace2 2.0 takes its first argument for a command when it names
	 * one (a trace directory named `run`, `help`, `query`...), so the
	 * command is explicit; its `convert` has no `--`, so a path that
	 * starts with '-' is made to start with "./" instead. */
	input = trace[0] == '-' ? g_strconcat("./", trace, NULL) : g_strdup(trace);

	g_ptr_array_add(argv, g_strdup("babeltrace2"));
	g_ptr_array_add(argv, g_strconcat("--plugin-path=", plugin_path, NULL));
	g_ptr_array_add(argv, g_strdup("convert"));
	g_ptr_array_add(argv, input);
	if (kinds & 1u << AS_KIND_SITE) {
		g_ptr_array_add(argv, g_strdup("--debug-info"));
		g_ptr_array_add(argv, g_strdup("--debug-info-full-path"));
	}
	g_ptr_array_add(argv, g_strdup("-c"));
	g_ptr_array_add(argv, g_strdup("sink.allocsample.report"));
	g_ptr_array_add(argv, g_strdup("--params"));
	g_ptr_array_add(argv, g_string_free(params, FALSE));
	g_ptr_array_add(argv, NULL);

	if (!g_spawn_sync(NULL, (gchar **) argv->pdata, NULL,
			  G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &err_text,
			  &wait_status, &error)) {
		fprintf(stderr, ASC_ME ": %s %s: cannot run babeltrace2: %s\n", role, trace, error->message);
		g_error_free(error);
	} else if (!WIFEXITED(wait_status) || WEXITSTATUS(wait_status) != 0) {
		char *why = babeltrace_error(err_text ? err_text : "");

		fprintf(stderr, ASC_ME ": %s %s: babeltrace2 could not report on this trace: %s\n", role,
			trace, why);
		g_free(why);
	} else {
		rc = 0;
	}
	g_free(err_text);
	g_ptr_array_free(argv, TRUE);
	return rc;
}
