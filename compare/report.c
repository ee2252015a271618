/*
 * report.c - a JSON report of sink.allocsample.report (doc/report-formats.md,
 * "JSON") read into a struct asc_run: each group's key, threads, marks and
 * per-rate accumulators, the hosts, the losses, the cut and the missing
 * contexts.
 *
 * Version 2 added the per-group accumulators that a comparison needs (the
 * estimates and intervals alone cannot be compared exactly); a version-1
 * report is refused with the way to regenerate it.  Later versions only add
 * keys (doc/report-formats.md) and are read as version 2: a stack group's
 * `label`, which it is matched by, is made from its frames, as the report
 * makes it, in a report from before that key.
 */
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/labels.h"
#include "common/runtime.h"
#include "compare/compare.h"

/* A string member, or NULL when absent, null or not a string. */
static const char *get_string(JsonObject *o, const char *name)
{
	JsonNode *n = json_object_get_member(o, name);

	if (!n || !JSON_NODE_HOLDS_VALUE(n) || json_node_get_value_type(n) != G_TYPE_STRING)
		return NULL;
	return json_node_get_string(n);
}

static char *dup_string(JsonObject *o, const char *name)
{
	const char *s = get_string(o, name);

	return s ? g_strdup(s) : NULL;
}

/* An integer member, or `fallback` when absent, null or not an integer. */
static int64_t get_int(JsonObject *o, const char *name, int64_t fallback)
{
	JsonNode *n = json_object_get_member(o, name);

	if (!n || !JSON_NODE_HOLDS_VALUE(n) || json_node_get_value_type(n) != G_TYPE_INT64)
		return fallback;
	return json_node_get_int(n);
}

static bool get_bool(JsonObject *o, const char *name)
{
	JsonNode *n = json_object_get_member(o, name);

	return n && JSON_NODE_HOLDS_VALUE(n) && json_node_get_value_type(n) == G_TYPE_BOOLEAN &&
	       json_node_get_boolean(n);
}

static JsonArray *get_array(JsonObject *o, const char *name)
{
	JsonNode *n = json_object_get_member(o, name);

	return n && JSON_NODE_HOLDS_ARRAY(n) ? json_node_get_array(n) : NULL;
}

/* A number (integer or not), or NaN. */
static double get_number(JsonObject *o, const char *name)
{
	JsonNode *n = json_object_get_member(o, name);

	if (!n || !JSON_NODE_HOLDS_VALUE(n))
		return NAN;
	if (json_node_get_value_type(n) == G_TYPE_INT64)
		return (double) json_node_get_int(n);
	if (json_node_get_value_type(n) == G_TYPE_DOUBLE)
		return json_node_get_double(n);
	return NAN;
}

/* A stack group's frames, innermost first, each named as the report names
 * it (as_code_label: its function, else BINARY+0xOFFSET, else
 * "[unknown]"); `key->frames` NULL and 0 frames without any. */
static void read_frames(JsonObject *g, struct asc_key *key)
{
	JsonArray *frames = get_array(g, "stack");
	guint i, n = frames ? json_array_get_length(frames) : 0;

	key->truncated = get_bool(g, "truncated");
	key->frames = n ? g_new0(struct asc_frame, n) : NULL;
	key->n_frames = n;
	for (i = 0; i < n; i++) {
		JsonNode *node = json_array_get_element(frames, i);
		JsonObject *f = JSON_NODE_HOLDS_OBJECT(node) ? json_node_get_object(node) : NULL;
		const char *binary = f ? get_string(f, "binary") : NULL;
		const char *offset = f ? get_string(f, "offset") : NULL;
		char *where = offset ? g_strconcat("+", offset, NULL) : NULL;

		key->frames[i].label = as_code_label(f ? get_string(f, "function") : NULL, binary, where);
		key->frames[i].runtime = (binary && as_runtime_object(binary)) ||
					 as_runtime_function(f ? get_string(f, "function") : NULL);
		g_free(where);
	}
}

/* The label a stack group is matched by: the report's, or in a report
 * from before it carried one, the same label made from the frames. */
static char *stack_label(JsonObject *g, const struct asc_key *key)
{
	const char **labels;
	char *label = dup_string(g, "label");
	size_t i;

	if (label)
		return label;
	labels = g_new0(const char *, key->n_frames + 1);
	for (i = 0; i < key->n_frames; i++)
		labels[i] = key->frames[i].label;
	label = as_stack_label(labels, key->n_frames, key->truncated);
	g_free(labels);
	return label;
}

/* The key of a group of `kind` from its JSON object. */
static void read_key(JsonObject *g, enum as_kind kind, struct asc_key *key)
{
	memset(key, 0, sizeof(*key));
	key->kind = kind;
	key->line = -1;
	if (kind == AS_KIND_TOTAL)
		return;
	key->host = dup_string(g, "host");
	/* "process" is the process's name (version 2); "procname" a thread's. */
	key->process = dup_string(g, "process");
	if (!key->process)
		key->process = dup_string(g, "procname");
	if (kind == AS_KIND_THREAD || kind == AS_KIND_THREAD_TYPE)
		key->thread = dup_string(g, "procname");
	if (kind == AS_KIND_TYPE || kind == AS_KIND_THREAD_TYPE)
		key->type = dup_string(g, "type");
	if (kind == AS_KIND_SITE) {
		key->function = dup_string(g, "function");
		key->file = dup_string(g, "file");
		key->binary = dup_string(g, "binary");
		key->address = dup_string(g, "address");
		key->line = get_int(g, "line", -1);
	}
	if (kind == AS_KIND_FUNCTION)
		key->function = dup_string(g, "function");
	if (kind == AS_KIND_STACK) {
		read_frames(g, key);
		key->stack = stack_label(g, key);
	}
}

/* One group object into *out; false with *why set when it lacks what a
 * comparison needs. */
static bool read_group(JsonObject *g, enum as_kind kind, struct asc_group *out, const char **why)
{
	JsonArray *accums = get_array(g, "accumulators");
	guint i, n;

	memset(out, 0, sizeof(*out));
	read_key(g, kind, &out->key);
	out->threads = (uint64_t) get_int(g, "threads", 1);
	if (out->threads == 0)
		out->threads = 1;
	out->incomplete = get_bool(g, "incomplete");
	out->tracer = get_bool(g, "tracer");
	out->merged = 1;
	n = accums ? json_array_get_length(accums) : 0;
	if (n == 0) {
		*why = "a group without its \"accumulators\"";
		return false;
	}
	out->accums = calloc(n, sizeof(*out->accums));
	if (!out->accums) {
		*why = "out of memory";
		return false;
	}
	for (i = 0; i < n; i++) {
		JsonNode *node = json_array_get_element(accums, i);
		JsonObject *a = JSON_NODE_HOLDS_OBJECT(node) ? json_node_get_object(node) : NULL;
		int64_t rate = a ? get_int(a, "rate", 0) : 0, samples = a ? get_int(a, "samples", -1) : -1;
		double u = a ? get_number(a, "unsampled") : NAN, w = a ? get_number(a, "weighted") : NAN;

		if (rate < 1 || samples < 0 || !(u >= 0) || !(w >= 0)) {
			*why = "an accumulator without a valid rate, samples, unsampled or weighted";
			return false;
		}
		out->accums[i].rate = (uint64_t) rate;
		out->accums[i].samples = (uint64_t) samples;
		/* "unsampled" is an exact integer: read it as one when it is. */
		out->accums[i].u = get_int(a, "unsampled", -1) >= 0 ? (long double) get_int(a, "unsampled", 0)
								     : (long double) u;
		out->accums[i].weighted = w;
	}
	out->n_accums = n;
	return true;
}

void asc_key_free(struct asc_key *key)
{
	size_t i;

	g_free(key->host);
	g_free(key->process);
	g_free(key->thread);
	g_free(key->type);
	g_free(key->function);
	g_free(key->file);
	g_free(key->binary);
	g_free(key->address);
	g_free(key->stack);
	for (i = 0; i < key->n_frames; i++)
		g_free(key->frames[i].label);
	g_free(key->frames);
	memset(key, 0, sizeof(*key));
}

void asc_run_free(struct asc_run *run)
{
	size_t i;

	for (i = 0; i < run->n_groups; i++) {
		asc_key_free(&run->groups[i].key);
		free(run->groups[i].accums);
	}
	free(run->groups);
	g_strfreev(run->hosts);
	g_free(run->cut);
	run->groups = NULL;
	run->hosts = NULL;
	run->cut = NULL;
	run->n_groups = 0;
}

static int refuse(const struct asc_run *run, const char *role, const char *format, ...)
	__attribute__((format(printf, 3, 4)));

/* One line on standard error naming the side. */
static int refuse(const struct asc_run *run, const char *role, const char *format, ...)
{
	va_list args;

	fprintf(stderr, ASC_ME ": %s %s: ", role, run->path);
	va_start(args, format);
	vfprintf(stderr, format, args);
	va_end(args);
	fputc('\n', stderr);
	return -1;
}

/* The losses: discarded events and packets summed over the streams, -1
 * when a stream's count is unknown. */
static void read_losses(JsonObject *root, struct asc_run *run)
{
	JsonArray *losses = get_array(root, "losses");
	guint i, n = losses ? json_array_get_length(losses) : 0;

	for (i = 0; i < n; i++) {
		JsonNode *node = json_array_get_element(losses, i);
		JsonObject *l = JSON_NODE_HOLDS_OBJECT(node) ? json_node_get_object(node) : NULL;

		if (!l)
			continue;
		run->n_losses++;
		if (run->discarded_events >= 0)
			run->discarded_events = get_bool(l, "discarded_events_unknown")
							? -1
							: run->discarded_events + get_int(l, "discarded_events", 0);
		if (run->discarded_packets >= 0)
			run->discarded_packets = get_bool(l, "discarded_packets_unknown")
							 ? -1
							 : run->discarded_packets + get_int(l, "discarded_packets", 0);
	}
}

int asc_report_read(const char *file, const char *role, struct asc_run *run)
{
	JsonParser *parser = json_parser_new();
	GHashTable *hosts = g_hash_table_new(g_str_hash, g_str_equal);
	JsonArray *groups, *list;
	JsonObject *root, *total;
	GError *error = NULL;
	const char *format, *why = NULL;
	guint i, n;
	int rc = -1;

	if (!json_parser_load_from_file(parser, file, &error)) {
		if (error->domain == G_FILE_ERROR)
			refuse(run, role, "%s", error->message);
		else
			refuse(run, role, "not a JSON report of sink.allocsample.report (%s)", error->message);
		g_error_free(error);
		goto end;
	}
	if (!json_parser_get_root(parser) || !JSON_NODE_HOLDS_OBJECT(json_parser_get_root(parser))) {
		refuse(run, role, "%s", "not a JSON report of sink.allocsample.report (not a JSON object)");
		goto end;
	}
	root = json_node_get_object(json_parser_get_root(parser));
	format = get_string(root, "format");
	if (!format || strcmp(format, "allocsample-report") != 0) {
		refuse(run, role, "not a JSON report of sink.allocsample.report (\"format\" is %s)",
		       format ? format : "missing");
		goto end;
	}
	run->version = get_int(root, "version", 0);
	if (run->version < 2) {
		refuse(run, role,
		       "a JSON report of version %lld, without the per-group sums a comparison needs: "
		       "regenerate it from its trace with this version's sink.allocsample.report "
		       "(format=\"json\"), or give the trace directory",
		       (long long) run->version);
		goto end;
	}

	run->kinds = 1u << AS_KIND_PROCESS;
	list = get_array(root, "group_by");
	for (i = 0, n = list ? json_array_get_length(list) : 0; i < n; i++) {
		const char *name = json_array_get_string_element(list, i);
		int k = name ? as_kind_parse(name) : -1;

		if (k >= 0)
			run->kinds |= 1u << k;
	}
	list = get_array(root, "rates");
	for (i = 0, n = list ? json_array_get_length(list) : 0; i < n; i++) {
		int64_t rate = json_array_get_int_element(list, i);

		if (rate > 0 && (uint64_t) rate > run->max_rate)
			run->max_rate = (uint64_t) rate;
	}
	run->incomplete = get_bool(root, "incomplete");
	run->cut = dup_string(root, "cut");
	list = get_array(root, "missing_contexts");
	for (i = 0, n = list ? json_array_get_length(list) : 0; i < n; i++) {
		const char *name = json_array_get_string_element(list, i);

		if (name && strcmp(name, "vtid") == 0)
			run->missing_vtid = true;
		if (name && strcmp(name, "vpid") == 0)
			run->missing_vpid = true;
	}
	read_losses(root, run);

	groups = get_array(root, "groups");
	total = json_object_get_member(root, "total") &&
			JSON_NODE_HOLDS_OBJECT(json_object_get_member(root, "total"))
		? json_object_get_object_member(root, "total")
		: NULL;
	if (!groups) {
		refuse(run, role, "%s", "not a JSON report of sink.allocsample.report (no \"groups\")");
		goto end;
	}
	n = json_array_get_length(groups);
	run->groups = calloc((size_t) n + 1, sizeof(*run->groups));
	if (!run->groups) {
		refuse(run, role, "%s", "out of memory");
		goto end;
	}
	for (i = 0; i <= n; i++) {
		JsonObject *g;
		const char *kind_name;
		int kind;

		if (i < n) {
			JsonNode *node = json_array_get_element(groups, i);

			g = JSON_NODE_HOLDS_OBJECT(node) ? json_node_get_object(node) : NULL;
		} else {
			g = total;
		}
		if (!g)
			continue;
		kind_name = get_string(g, "kind");
		kind = kind_name ? as_kind_parse(kind_name) : -1;
		/* Kinds a later version may add are not compared. */
		if (kind < 0 || (i < n) == (kind == AS_KIND_TOTAL))
			continue;
		if (!read_group(g, (enum as_kind) kind, &run->groups[run->n_groups], &why)) {
			run->n_groups++;
			refuse(run, role, "a damaged report: %s", why);
			goto end;
		}
		if (run->groups[run->n_groups].key.host)
			g_hash_table_add(hosts, run->groups[run->n_groups].key.host);
		run->n_groups++;
	}
	run->hosts = (char **) g_hash_table_get_keys_as_array(hosts, NULL);
	run->n_hosts = g_hash_table_size(hosts);
	/* The array borrows the groups' strings: copy them. */
	for (i = 0; i < run->n_hosts; i++)
		run->hosts[i] = g_strdup(run->hosts[i]);
	rc = 0;
end:
	if (rc != 0)
		asc_run_free(run);
	g_hash_table_destroy(hosts);
	g_object_unref(parser);
	return rc;
}
