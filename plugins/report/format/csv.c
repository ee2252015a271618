/* csv.c - the report as CSV (RFC 4180 quoting: as_csv_field; LF line ends), one row per group and window. */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "common/escape.h"
#include "format/writer.h"

/* A field (as_csv_field), empty when there is none. */
static void put_field(FILE *out, const char *s)
{
	if (s)
		as_csv_field(out, s, strlen(s));
}

static const char *boolean(bool b)
{
	return b ? "true" : "false";
}

/* A stack's frames by their labels, outermost first, joined by ';'. */
static void put_frames(FILE *out, const struct asr_stack *stack)
{
	GString *text = g_string_new(NULL);
	guint i;

	for (i = stack->n; i > 0; i--) {
		if (text->len)
			g_string_append_c(text, ';');
		g_string_append(text, stack->frames[i - 1]->label);
	}
	put_field(out, text->str);
	g_string_free(text, TRUE);
}

/* The columns of a report with stacks, after the key: a stack group's
 * frames, its mark and its object count (the lower end rounded down, the
 * upper end empty unless the count is exact: doc/estimation.md,
 * "Objects"), empty in the other rows. */
static void put_stack_columns(FILE *out, const struct asr_group *g)
{
	if (!g || g->kind != ASR_KIND_STACK || !g->stack) {
		fputs(",,,,,", out);
		return;
	}
	fputc(',', out);
	put_frames(out, g->stack);
	fprintf(out, ",%s,%" PRIu64 ",%" PRIu64 ",", boolean(g->stack->truncated),
		asr_bytes_round(g->objects.estimate), asr_bytes_round(floor(g->objects.lower)));
	if (isfinite(g->objects.upper))
		fprintf(out, "%" PRIu64, asr_bytes_round(ceil(g->objects.upper)));
}

/* The live columns, last (a window's row: at its end), in reports with
 * live figures only, so that the others keep their columns; empty for a
 * group whose traces cannot say. */
static void put_live_columns(FILE *out, bool shown, bool known, bool incomplete,
			     const struct as_estimate *live)
{
	if (!shown)
		return;
	if (!known) {
		fputs(",,,,,", out);
		return;
	}
	fprintf(out, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%s", live->samples,
		asr_bytes_round(live->weighted), asr_bytes_round(live->lower),
		asr_bytes_round(live->upper), boolean(incomplete));
}

/* A lifetime in nanoseconds; empty when the samples bound nothing. */
static void put_ns(FILE *out, double ns)
{
	fputc(',', out);
	if (isfinite(ns))
		fprintf(out, "%" PRId64, (int64_t) ns);
}

/* The temporary and lifetime columns, after the live ones and with them;
 * empty where the trace cannot say, and on a window's row. */
static void put_temporary_columns(FILE *out, bool shown, bool known, const struct asr_group *g)
{
	const struct as_lifetime_quantile *q[2] = { &g->lifetime_p50, &g->lifetime_p90 };

	if (!shown)
		return;
	if (!known) {
		fputs(",,,,,,,,,,,", out);
		return;
	}
	fprintf(out, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%s",
		asr_bytes_round(g->temporary.weighted), asr_bytes_round(g->temporary.lower),
		asr_bytes_round(g->temporary.upper), asr_bytes_round(g->temporary_objects.estimate),
		boolean(g->lifetime_incomplete));
	for (int i = 0; i < 2; i++) {
		if (!g->lifetime_known) {
			fputs(",,,", out);
			continue;
		}
		put_ns(out, q[i]->estimate);
		put_ns(out, q[i]->lower);
		put_ns(out, q[i]->upper);
	}
}

/* One group's line; `row` NULL for the group over the whole report, else
 * its numbers in one window.  `stacks`: the report has the stack
 * columns. */
static void put_row(FILE *out, const char *kind, const struct asr_group *g, bool total,
		    double confidence, const struct asr_window_row *row, bool stacks, bool live)
{
	const struct as_estimate *est = row ? &row->est : &g->est;
	uint64_t threads = g->kind == ASR_KIND_THREAD || g->kind == ASR_KIND_THREAD_TYPE ? 1 : g->threads;

	fprintf(out, "%s,", kind);
	if (!total) {
		put_field(out, g->host);
		fputc(',', out);
		if (g->has_vpid)
			fprintf(out, "%" PRId64, g->vpid);
		fputc(',', out);
		put_field(out, asr_group_name(g));
		fputc(',', out);
		if (g->has_vtid)
			fprintf(out, "%" PRId64, g->vtid);
		fputc(',', out);
		put_field(out, g->type);
	} else {
		fputs(",,,,", out);
	}
	fprintf(out, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.15g,",
		row ? row->threads : threads,
		est->samples, asr_bytes_round(est->weighted), asr_bytes_round(est->negbin),
		asr_bytes_round(est->lower), asr_bytes_round(est->upper), confidence);
	/* A window's rows give the window's ends instead, in the last columns. */
	if (g->has_time && !row)
		fprintf(out, "%" PRId64 ",%" PRId64, g->first_ns, g->last_ns);
	else
		fputc(',', out);
	fprintf(out, ",%s,%s,%s,", boolean(g->incomplete), boolean(as_estimate_imprecise(est)),
		boolean(est->mixed_rates));
	/* The site's and the window's columns come last, so that those before
	 * keep their positions for scripts written before them. */
	if (g->site) {
		put_field(out, g->site->function);
		fputc(',', out);
		put_field(out, g->site->file);
		fputc(',', out);
		if (g->site->file)
			fprintf(out, "%" PRIu64, g->site->line);
		fputc(',', out);
		put_field(out, g->site->binary);
	} else {
		fputs(",,,", out);
	}
	if (row)
		fprintf(out, ",%" PRId64 ",%" PRId64 ",%" PRId64, row->window, row->start_ns, row->end_ns);
	else
		fputs(",,,", out);
	/* The scope rows' key. */
	fputc(',', out);
	if (stacks)
		put_stack_columns(out, row ? NULL : g);
	put_live_columns(out, live, g->live_known, g->live_incomplete, row ? &row->live : &g->live);
	put_temporary_columns(out, live, g->live_known && !row, g);
	fputc('\n', out);
}

/* One scope instance's line: its ends in start_ns and end_ns (end_ns empty
 * while open, and then incomplete), its key last. */
static void put_scope(FILE *out, const struct asr_scope_row *s, double confidence, bool stacks,
		      bool live)
{
	const struct as_estimate *est = &s->est;

	fputs("scope,", out);
	put_field(out, s->host);
	fputc(',', out);
	if (s->has_vpid)
		fprintf(out, "%" PRId64, s->vpid);
	fprintf(out, ",,%" PRId64 ",,1,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
		",%.15g,,,%s,%s,%s,,,,,,", s->vtid, est->samples, asr_bytes_round(est->weighted),
		asr_bytes_round(est->negbin), asr_bytes_round(est->lower), asr_bytes_round(est->upper),
		confidence, boolean(s->open), boolean(as_estimate_imprecise(est)),
		boolean(est->mixed_rates));
	if (s->has_start)
		fprintf(out, "%" PRId64, s->start_ns);
	fputc(',', out);
	if (s->has_end)
		fprintf(out, "%" PRId64, s->end_ns);
	fputc(',', out);
	put_field(out, s->key);
	if (stacks)
		put_stack_columns(out, NULL);
	/* The live, temporary and lifetime columns, empty. */
	fputs(live ? ",,,,,,,,,,,,,,,,\n" : "\n", out);
}

int asr_write_csv(FILE *out, const struct asr_model *model)
{
	const struct asr_summary *sum = &model->summary;
	bool stacks = model->group_by & ASR_GROUP_BY_STACK;
	bool live = sum->live_known;
	enum asr_kind kind;
	guint i;

	/* The stack columns only in reports that group by stack, so that the
	 * others keep their columns. */
	fputs("kind,host,pid,procname,tid,type,threads,samples,estimate,negbin_estimate,lower,upper,"
	      "confidence,first_ns,last_ns,incomplete,imprecise,mixed_rates,function,file,line,binary,"
	      "window,start_ns,end_ns,key", out);
	fputs(stacks ? ",stack,truncated,objects,objects_lower,objects_upper" : "", out);
	fputs(live ? ",live_samples,live_estimate,live_lower,live_upper,live_incomplete"
	      ",temporary_estimate,temporary_lower,temporary_upper,temporary_objects"
	      ",temporary_incomplete,lifetime_p50_ns,lifetime_p50_lower_ns,lifetime_p50_upper_ns"
	      ",lifetime_p90_ns,lifetime_p90_lower_ns,lifetime_p90_upper_ns\n" : "\n", out);
	for (kind = 0; kind < ASR_KIND_COUNT; kind++) {
		for (i = 0; i < model->shown[kind]->len; i++)
			put_row(out, asr_kind_name(kind), g_ptr_array_index(model->shown[kind], i), false,
				model->confidence, NULL, stacks, live);
	}
	if (sum->samples > 0)
		put_row(out, "total", &sum->total, true, model->confidence, NULL, stacks, live);
	for (i = 0; model->windows && i < model->windows->len; i++) {
		const struct asr_window_row *row = &g_array_index(model->windows, struct asr_window_row, i);
		bool total = row->group == &sum->total;

		put_row(out, total ? "total" : asr_kind_name(row->group->kind), row->group, total,
			model->confidence, row, stacks, live);
	}
	/* Every instance, in begin order: a CSV is read by a script. */
	for (i = 0; model->scopes && i < model->scopes->rows->len; i++)
		put_scope(out, &g_array_index(model->scopes->rows, struct asr_scope_row, i),
			  model->confidence, stacks, live);
	fflush(out);
	return ferror(out) ? -1 : 0;
}
