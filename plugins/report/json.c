/* json.c - the report as one JSON object, exact integers (doc/report-formats.md). */
#include <inttypes.h>

#include "timeline.h"
#include "writer.h"

/* A JSON string, or null.  Bytes above 0x7f pass through: names from the
 * trace are UTF-8 in practice. */
static void put_string(FILE *out, const char *s)
{
	if (!s) {
		fputs("null", out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char) *s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

static const char *boolean(bool b)
{
	return b ? "true" : "false";
}

/* One group's object; `row` NULL for the group over the whole report,
 * else its numbers in one window. */
static void put_group(FILE *out, const char *kind, const struct asr_group *g, bool total,
		      const struct asr_window_row *row)
{
	const struct as_estimate *est = row ? &row->est : &g->est;
	uint64_t threads = g->kind == ASR_KIND_THREAD || g->kind == ASR_KIND_THREAD_TYPE ? 1 : g->threads;

	fprintf(out, "{\"kind\": \"%s\", \"host\": ", kind);
	put_string(out, total ? NULL : g->host);
	fputs(", \"pid\": ", out);
	if (!total && g->has_vpid)
		fprintf(out, "%" PRId64, g->vpid);
	else
		fputs("null", out);
	fputs(", \"procname\": ", out);
	put_string(out, total ? NULL : g->procname);
	fputs(", \"tid\": ", out);
	if (!total && g->has_vtid)
		fprintf(out, "%" PRId64, g->vtid);
	else
		fputs("null", out);
	fputs(", \"type\": ", out);
	put_string(out, total ? NULL : g->type);
	fprintf(out, ", \"threads\": %" PRIu64 ", \"samples\": %" PRIu64
		", \"estimate\": %" PRIu64 ", \"negbin_estimate\": %" PRIu64
		", \"lower\": %" PRIu64 ", \"upper\": %" PRIu64,
		row ? row->threads : threads,
		est->samples, asr_bytes_round(est->weighted), asr_bytes_round(est->negbin),
		asr_bytes_round(est->lower), asr_bytes_round(est->upper));
	/* A window's rows give the window's ends instead. */
	if (g->has_time && !row)
		fprintf(out, ", \"first_ns\": %" PRId64 ", \"last_ns\": %" PRId64,
			g->first_ns, g->last_ns);
	else
		fputs(", \"first_ns\": null, \"last_ns\": null", out);
	fprintf(out, ", \"incomplete\": %s, \"imprecise\": %s, \"mixed_rates\": %s",
		boolean(g->incomplete), boolean(est->samples < ASR_FEW_SAMPLES),
		boolean(est->mixed_rates));
	fputs(", \"function\": ", out);
	put_string(out, g->site ? g->site->function : NULL);
	fputs(", \"file\": ", out);
	put_string(out, g->site ? g->site->file : NULL);
	if (g->site && g->site->file)
		fprintf(out, ", \"line\": %" PRIu64, g->site->line);
	else
		fputs(", \"line\": null", out);
	fputs(", \"binary\": ", out);
	put_string(out, g->site ? g->site->binary : NULL);
	if (row)
		fprintf(out, ", \"window\": %" PRId64 ", \"start_ns\": %" PRId64
			", \"end_ns\": %" PRId64, row->window, row->start_ns, row->end_ns);
	else
		fputs(", \"window\": null, \"start_ns\": null, \"end_ns\": null", out);
	fputc('}', out);
}

struct window_writer {
	FILE *out;
	const struct asr_summary *summary;
	const char *sep;
};

static int put_window_row(void *data, const struct asr_window_row *row)
{
	struct window_writer *w = data;
	bool total = row->group == &w->summary->total;

	fprintf(w->out, "%s\n    ", w->sep);
	put_group(w->out, total ? "total" : asr_kind_name(row->group->kind), row->group, total, row);
	w->sep = ",";
	return 0;
}

static void put_key(FILE *out, const struct asr_scope_key *key)
{
	char *text = asr_scope_key_text(key);

	if (key->kind == ASR_SCOPE_KEY_STRING || !text)
		put_string(out, text);
	else
		fputs(text, out);
	g_free(text);
}

static void put_time(FILE *out, const char *name, bool has, int64_t ns)
{
	if (has)
		fprintf(out, ", \"%s\": %" PRId64, name, ns);
	else
		fprintf(out, ", \"%s\": null", name);
}

/* One instance's object.  Returns -1 if the estimator refused. */
static int put_scope(FILE *out, const struct asr_report_view *view, const struct asr_scope *s)
{
	struct as_estimate est;

	if (asr_scope_estimate(view->scopes, s, view->params, &est))
		return -1;
	fputs("{\"kind\": \"scope\", \"host\": ", out);
	put_string(out, s->host);
	fputs(", \"pid\": ", out);
	if (s->has_vpid)
		fprintf(out, "%" PRId64, s->vpid);
	else
		fputs("null", out);
	fprintf(out, ", \"tid\": %" PRId64 ", \"key\": ", s->vtid);
	put_key(out, &s->key);
	put_time(out, "start_ns", s->has_start, s->start_ns);
	put_time(out, "end_ns", s->has_end, s->end_ns);
	put_time(out, "duration_ns", s->has_start && s->has_end, s->end_ns - s->start_ns);
	fprintf(out, ", \"open\": %s, \"threads\": 1, \"samples\": %" PRIu64
		", \"estimate\": %" PRIu64 ", \"negbin_estimate\": %" PRIu64
		", \"lower\": %" PRIu64 ", \"upper\": %" PRIu64
		", \"imprecise\": %s, \"mixed_rates\": %s}",
		boolean(s->open), est.samples, asr_bytes_round(est.weighted),
		asr_bytes_round(est.negbin), asr_bytes_round(est.lower), asr_bytes_round(est.upper),
		boolean(est.samples < ASR_FEW_SAMPLES), boolean(est.mixed_rates));
	return 0;
}

/* The `scopes` object: counts, the distribution, the largest instances.
 * Returns -1 if the estimator refused. */
static int put_scopes(FILE *out, const struct asr_report_view *view)
{
	const struct asr_scopes *scopes = view->scopes;
	struct asr_scope_stats stats;
	GPtrArray *rows;
	const char *sep = "";
	guint i;
	int status = 0;

	if (!scopes) {
		fputs("null", out);
		return 0;
	}
	if (asr_scopes_stats(scopes, view->params, &stats))
		return -1;
	fputs("{\"begin\": ", out);
	put_string(out, scopes->begin);
	fputs(", \"end\": ", out);
	put_string(out, scopes->end);
	fputs(", \"key\": ", out);
	put_string(out, scopes->key);
	fprintf(out, ",\n    \"instances\": %u, \"closed\": %" PRIu64 ", \"open\": %" PRIu64
		", \"unmatched_begins\": %" PRIu64 ", \"unmatched_ends\": %" PRIu64
		", \"samples_inside\": %" PRIu64 ", \"samples_outside\": %" PRIu64 ",\n    \"mean\": ",
		scopes->instances->len, stats.closed, scopes->open, scopes->unmatched_begins,
		scopes->unmatched_ends, scopes->samples_inside, scopes->samples_outside);
	if (stats.closed > 0)
		fprintf(out, "{\"samples\": %" PRIu64 ", \"estimate\": %" PRIu64
			", \"negbin_estimate\": %" PRIu64 ", \"lower\": %" PRIu64
			", \"upper\": %" PRIu64 "}, \"p50\": %" PRIu64 ", \"p90\": %" PRIu64
			", \"p99\": %" PRIu64,
			stats.mean.samples, asr_bytes_round(stats.mean.weighted),
			asr_bytes_round(stats.mean.negbin), asr_bytes_round(stats.mean.lower),
			asr_bytes_round(stats.mean.upper), asr_bytes_round(stats.p50),
			asr_bytes_round(stats.p90), asr_bytes_round(stats.p99));
	else
		fputs("null, \"p50\": null, \"p90\": null, \"p99\": null", out);
	rows = asr_scopes_rows(scopes, ASR_SCOPE_JSON_ROWS);
	fprintf(out, ",\n    \"rows_omitted\": %u, \"rows\": [", scopes->instances->len - rows->len);
	for (i = 0; status == 0 && i < rows->len; i++) {
		fprintf(out, "%s\n      ", sep);
		status = put_scope(out, view, g_ptr_array_index(rows, i));
		sep = ",";
	}
	fprintf(out, "%s]}", *sep ? "\n    " : "");
	g_ptr_array_unref(rows);
	return status;
}

static void put_losses(FILE *out, const struct asr_table *table)
{
	const char *sep = "";
	guint i, j;

	fputs("  \"losses\": [", out);
	for (i = 0; i < table->trace_list->len; i++) {
		const struct asr_trace *t = g_ptr_array_index(table->trace_list, i);

		for (j = 0; j < t->losses->len; j++) {
			const struct asr_stream_loss *l =
				&g_array_index(t->losses, struct asr_stream_loss, j);

			fprintf(out, "%s\n    {\"trace\": ", sep);
			put_string(out, t->name);
			fputs(", \"host\": ", out);
			put_string(out, t->host);
			fprintf(out, ", \"stream_id\": %" PRIu64 ", \"discarded_events\": %" PRIu64
				", \"discarded_events_unknown\": %s, \"discarded_packets\": %" PRIu64
				", \"discarded_packets_unknown\": %s}",
				l->stream_id, l->events, boolean(l->events_unknown), l->packets,
				boolean(l->packets_unknown));
			sep = ",";
		}
	}
	fprintf(out, "%s],\n", *sep ? "\n  " : "");
}

int asr_write_json(FILE *out, const struct asr_report_view *view)
{
	const struct asr_summary *sum = view->summary;
	const struct asr_params *params = view->params;
	const char *sep = "";
	struct window_writer windows = { out, sum, "" };
	enum asr_kind kind;
	unsigned bit;
	size_t i;
	guint j;

	fprintf(out, "{\n  \"format\": \"allocsample-report\",\n  \"version\": 1,\n"
		"  \"confidence\": %.15g,\n  \"boundary_compensation\": %s,\n  \"group_by\": [",
		params->confidence, boolean(params->boundary_compensation));
	for (bit = 1; bit <= ASR_GROUP_BY_SITE; bit <<= 1) {
		if (params->group_by & bit) {
			fprintf(out, "%s\"%s\"", sep, asr_group_by_name(bit));
			sep = ", ";
		}
	}
	fputs("],\n  \"window_ns\": ", out);
	if (params->window_ns)
		fprintf(out, "%" PRId64, params->window_ns);
	else
		fputs("null", out);
	fputs(",\n  \"rates\": [", out);
	for (i = 0; i < sum->total.rates.n; i++)
		fprintf(out, "%s%" PRIu64, i ? ", " : "", sum->total.rates.accums[i].rate);
	fprintf(out, "],\n  \"samples\": %" PRIu64 ",\n  \"skipped_samples\": %" PRIu64
		",\n  \"incomplete\": %s,\n  \"missing_contexts\": [%s%s%s],\n  \"hints\": [%s%s%s],\n",
		sum->samples, sum->skipped, boolean(sum->incomplete),
		sum->vpid_missing ? "\"vpid\"" : "", sum->vpid_missing && sum->vtid_missing ? ", " : "",
		sum->vtid_missing ? "\"vtid\"" : "",
		sum->vpid_missing ? "\"" ASR_VPID_HINT "\"" : "",
		sum->vpid_missing && sum->vtid_missing ? ", " : "",
		sum->vtid_missing ? "\"" ASR_VTID_HINT "\"" : "");
	put_losses(out, view->table);
	fputs("  \"groups\": [", out);
	sep = "";
	for (kind = 0; kind < ASR_KIND_COUNT; kind++) {
		for (j = 0; j < sum->groups[kind]->len; j++) {
			const struct asr_group *g = g_ptr_array_index(sum->groups[kind], j);

			if (!asr_group_shown(g, params))
				continue;
			fprintf(out, "%s\n    ", sep);
			put_group(out, asr_kind_name(kind), g, false, NULL);
			sep = ",";
		}
	}
	fprintf(out, "%s],\n  \"windows\": [", *sep ? "\n  " : "");
	windows.sep = "";
	if (view->windows && asr_timeline_each(view, put_window_row, &windows))
		return -1;
	fprintf(out, "%s],\n  \"scopes\": ", *windows.sep ? "\n  " : "");
	if (put_scopes(out, view))
		return -1;
	fputs(",\n  \"total\": ", out);
	if (sum->samples > 0)
		put_group(out, "total", &sum->total, true, NULL);
	else
		fputs("null", out);
	fputs("\n}\n", out);
	fflush(out);
	return ferror(out) ? -1 : 0;
}
