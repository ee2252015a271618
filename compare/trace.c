/*
 * trace.c - a trace directory reported as JSON by babeltrace2 and
 * sink.allocsample.report, into a file, for report.c to read.
 *
 * The plugin is found as allocsample-record finds it (parts.c).
 * `babeltrace2` is looked up in PATH.  Call sites need debug-info with full
 * paths (doc/report-formats.md, "Call sites"), so `site` adds
 * --debug-info --debug-info-full-path.  A trace whose files end inside a
 * packet (a copy cut short, a full disk), which babeltrace2 2.0 cannot
 * read, is read through its view (view/view.h), made in a temporary
 * directory, and the report told what the view left out (`cut`), as
 * allocsample-record does.
 */
#include <glib.h>
#include <string.h>
#include <sys/wait.h>

#include "compare/compare.h"
#include "view/view.h"

/* One entry of babeltrace2's error report ("ERROR:" or "CAUSED BY" and
 * its indented lines), its lines joined. */
struct entry {
	GString *text;
	bool library;   /* libbabeltrace2's own */
	bool internal;  /* libbabeltrace2's or babeltrace2's command's */
};

/* Keeps the entry just read, the innermost so far of its kind: an
 * internal one cut before its list of fields ("cc-addr=0x..."), and
 * without a final period. */
static void keep_entry(struct entry *e, char **cause, char **library_cause)
{
	char **slot = e->library ? library_cause : cause;
	GRegex *fields = g_regex_new(e->internal ? ":? [a-z][a-z-]*=.*$|\\.$" : "\\.$", 0, 0, NULL);
	char *text = g_regex_replace_literal(fields, e->text->str, -1, 0, "", 0, NULL);

	if (text && *text) {
		g_free(*slot);
		*slot = text;
	} else {
		g_free(text);
	}
	g_regex_unref(fields);
	g_string_truncate(e->text, 0);
}

/* The error babeltrace2 ends on, in words: the text of the innermost
 * entry of its error report that a component or babeltrace2's command
 * gave.  libbabeltrace2's own entries describe its objects by address
 * ("query-exec-addr=0x..., cc-addr=0x..."), which tells a user nothing: one
 * of them is taken only when nothing else says why; theirs and the
 * command's are cut before their lists of fields.  Without an error
 * report, babeltrace2's last line.  (allocsample-record's report_cause
 * reads the same way.) */
static char *babeltrace_error(const char *text)
{
	struct entry e = { g_string_new(NULL), false, false };
	char *cause = NULL, *library_cause = NULL, *last = NULL;
	bool in_entry = false;
	gchar **lines;
	size_t i;

	if (strstr(text, "No trace was found based on input")) {
		g_string_free(e.text, TRUE);
		return g_strdup("no trace found in it (is it a trace directory?)");
	}
	lines = g_strsplit(text, "\n", -1);
	for (i = 0; lines[i]; i++) {
		const char *line = lines[i];

		if (g_str_has_prefix(line, "ERROR:") || g_str_has_prefix(line, "CAUSED BY ")) {
			keep_entry(&e, &cause, &library_cause);
			e.library = strstr(line, "[libbabeltrace2]") != NULL;
			e.internal = e.library || strstr(line, "[Babeltrace CLI]") != NULL;
			in_entry = true;
		} else if (in_entry && line[0] == ' ') {
			line += strspn(line, " ");
			if (*line)
				g_string_append_printf(e.text, "%s%s", e.text->len ? " " : "", line);
		} else {
			in_entry = false;
			if (line[strspn(line, " ")])
				last = lines[i];
		}
	}
	keep_entry(&e, &cause, &library_cause);
	if (!cause)
		cause = g_steal_pointer(&library_cause);
	if (!cause)
		cause = g_strdup(last ? last + strspn(last, " ") : "no message");
	g_free(library_cause);
	g_string_free(e.text, TRUE);
	g_strfreev(lines);
	return cause;
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

/* A word of a shell's command line: as it is when no character of it is
 * special, else quoted. */
static char *shell_word(const char *word)
{
	return strspn(word, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=,+@%-") ==
				       strlen(word) && *word ? g_strdup(word) : g_shell_quote(word);
}

/* ARGV as a command line for a shell, its last argument (the parameters)
 * without the path of the JSON file, so that the report goes to the
 * standard output.  For a view, `input` (argv's) stands for the view that
 * `trace`'s maker makes beside it first (TRACE.view): this one is gone. */
static char *command_line(const GPtrArray *argv, const char *trace, const char *view)
{
	GString *line = g_string_new(NULL);
	guint i;

	if (view) {
		/* The maker as allocsample-record runs it. */
		char *maker = asc_trace_view_path();
		char *beside = g_strconcat(trace, ".view", NULL);
		char *words[] = { shell_word(maker), shell_word(trace), shell_word(beside) };

		g_string_append_printf(line, "%s %s %s >/dev/null && ", words[0], words[1], words[2]);
		g_free(words[0]);
		g_free(words[1]);
		g_free(words[2]);
		g_free(beside);
		g_free(maker);
	}
	for (i = 0; i + 1 < argv->len; i++) {
		char *word = g_ptr_array_index(argv, i), *quoted, *owned = NULL;

		if (i + 2 == argv->len && strstr(word, ",path="))
			word = owned = g_strndup(word, (gsize) (strstr(word, ",path=") - word));
		else if (view && strcmp(word, view) == 0)
			word = owned = g_strconcat(trace, ".view", NULL);
		quoted = shell_word(word);
		g_string_append_printf(line, "%s%s", i ? " " : "", quoted);
		g_free(quoted);
		g_free(owned);
	}
	return g_string_free(line, FALSE);
}

/*
 * babeltrace2 reporting `input`, the trace `trace` or its view `view`
 * (NULL: none) whose statement is `cut`, as JSON into `json_path`.
 * Returns 0, or prints one line and returns -1.
 */
static int report(const char *input, const char *trace, const char *view, const char *cut,
		  const char *role, unsigned kinds, const char *json_path)
{
	char *plugin_path = asc_plugin_path();
	GString *params = g_string_new("format=\"json\",group-by=[");
	GPtrArray *argv = g_ptr_array_new_with_free_func(g_free);
	char *err_text = NULL;
	GError *error = NULL;
	int wait_status = 0, k, rc = -1;
	bool first = true;

	for (k = 0; k < AS_KIND_COUNT; k++) {
		if (k == AS_KIND_PROCESS || k == AS_KIND_TOTAL || !(kinds & 1u << k))
			continue;
		g_string_append_printf(params, "%s\"%s\"", first ? "" : ",", as_kind_name(k));
		first = false;
	}
	g_string_append(params, "]");
	if (cut) {
		g_string_append(params, ",cut=");
		append_string_param(params, cut);
	}
	/* Last: command_line() leaves it out. */
	g_string_append(params, ",path=");
	append_string_param(params, json_path);

	g_ptr_array_add(argv, g_strdup("babeltrace2"));
	g_ptr_array_add(argv, g_strconcat("--plugin-path=", plugin_path, NULL));
	g_free(plugin_path);
	g_ptr_array_add(argv, g_strdup("convert"));
	/* babeltrace2 2.0 takes its first argument for a command when it names
	 * one (a trace directory named `run`, `help`, `query`...), so the
	 * command is explicit; its `convert` has no `--`, so a path that
	 * starts with '-' is made to start with "./" instead. */
	g_ptr_array_add(argv, input[0] == '-' ? g_strconcat("./", input, NULL) : g_strdup(input));
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
		char *again = command_line(argv, trace, view);

		fprintf(stderr, ASC_ME ": %s %s: babeltrace2 could not report on this trace: %s; to see "
			"its own messages: %s\n", role, trace, why, again);
		g_free(again);
		g_free(why);
	} else {
		rc = 0;
	}
	g_free(err_text);
	g_ptr_array_free(argv, TRUE);
	return rc;
}

int asc_trace_report(const char *trace, const char *role, unsigned kinds, const char *json_path)
{
	char *dir, *view = NULL, *cut = NULL;
	GPtrArray *cuts = NULL;
	GError *error = NULL;
	int rc = -1;

	/* The view first, in a directory of its own: babeltrace2 must not read
	 * a trace that the view cannot be made of (a metadata file cut inside
	 * a packet would hang it). */
	dir = g_dir_make_tmp("allocsample-compare-view-XXXXXX", &error);
	if (!dir) {
		fprintf(stderr, ASC_ME ": %s %s: cannot create a temporary directory for its view: %s\n", role,
			trace, error->message);
		g_error_free(error);
		return -1;
	}
	view = g_build_filename(dir, "trace", NULL);
	if (as_view_build(trace, view, &cuts, &error)) {
		fprintf(stderr, ASC_ME ": %s %s: %s\n", role, trace, error->message);
		g_error_free(error);
		goto end;
	}
	if (cuts->len > 0) {
		cut = as_view_statement(cuts);
		rc = report(view, trace, view, cut, role, kinds, json_path);
	} else {
		rc = report(trace, trace, NULL, NULL, role, kinds, json_path);
	}
end:
	if (cuts)
		g_ptr_array_free(cuts, TRUE);
	as_view_remove(dir);
	g_free(cut);
	g_free(view);
	g_free(dir);
	return rc;
}
