/* csv.c - the report as CSV (RFC 4180 quoting: as_csv_field; LF line ends), one row per group and window. */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "common/escape.h"
#include "format/writer.h"

/* The size columns, last in every row, empty but in `size` rows. */
#define NO_SIZE_COLUMNS ",,,,,"
/* The live columns (live_samples ... live_incomplete, then peak_live_samples
 * ... peak_confidence) and the temporary ones (temporary_estimate ...
 * lifetime_p90_upper_ns) of a row without them, in reports with some. */
#define NO_LIVE_COLUMNS ",,,,,,,,,,,"
#define NO_TEMPORARY_COLUMNS ",,,,,,,,,,,"

/* A field (as_csv_field), empty when there is none. */
static void put_field(FILE *out, const char *s)
{
	if (s)
		as_csv_field(out, s, strlen(s));
}

/* The host, pid and procname columns of a group's row. */
static void put_process(FILE *out, const struct asr_group *g)
{
	put_field(out, g->host);
	fputc(',', out);
	if (g->has_vpid)
		fprintf(out, "%" PRId64, g->vpid);
	fputc(',', out);
	put_field(out, asr_group_name(g));
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

static void put_estimate(FILE *out, const struct as_estimate *est)
{
	fprintf(out, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64, est->samples,
		asr_bytes_round(est->weighted), asr_bytes_round(est->lower),
		asr_bytes_round(est->upper));
}

/* The columns of a report grouped by function, after the stack ones: a
 * function's self bytes (its row's estimate is its total), empty in the
 * other rows. */
static void put_self_columns(FILE *out, const struct asr_group *g)
{
	if (!g || g->kind != ASR_KIND_FUNCTION) {
		fputs(",,,,", out);
		return;
	}
	put_estimate(out, &g->self);
}

/* The live columns (a window's row: at its end; a point's: at its
 * instant), in reports with live figures only, so that the others keep
 * their columns; empty for a group whose traces cannot say.  Then the
 * bytes held at the process's peak (`peak`, NULL: none), and for a process
 * or the total the peak's instant and confidence (`curve`, NULL: none). */
static void put_live_columns(FILE *out, bool shown, bool known, bool incomplete,
			     const struct as_estimate *live, const struct as_estimate *peak,
			     bool peak_at, int64_t peak_ns, double peak_confidence)
{
	if (!shown)
		return;
	if (!known) {
		fputs(NO_LIVE_COLUMNS, out);
		return;
	}
	put_estimate(out, live);
	fprintf(out, ",%s", boolean(incomplete));
	if (peak)
		put_estimate(out, peak);
	else
		fputs(",,,,", out);
	if (peak_at)
		fprintf(out, ",%" PRId64 ",%.15g", peak_ns, peak_confidence);
	else
		fputs(",,", out);
}

/* The total's curve of live bytes, or NULL. */
static const struct asr_heap_curve *total_curve(const struct asr_model *model)
{
	const GPtrArray *curves = model->heap.curves;

	return curves && curves->len ? g_ptr_array_index(curves, 0) : NULL;
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
		fputs(NO_TEMPORARY_COLUMNS, out);
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
static void put_row(FILE *out, const char *kind, const struct asr_group *g,
		    const struct asr_model *model, const struct asr_window_row *row, bool stacks,
		    bool functions, bool live)
{
	bool total = g == &model->summary.total;
	const struct asr_heap_curve *curve = total && !row ? total_curve(model) : NULL;
	bool peak = !row && (curve || g->peak_known);
	double confidence = model->confidence;
	const struct as_estimate *est = row ? &row->est : &g->est;
	uint64_t threads = g->kind == ASR_KIND_THREAD || g->kind == ASR_KIND_THREAD_TYPE ? 1 : g->threads;

	fprintf(out, "%s,", kind);
	if (!total) {
		put_process(out, g);
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
	if (g->kind == ASR_KIND_FUNCTION) {
		put_field(out, g->function);
		fputs(",,,", out);
	} else if (g->site) {
		put_field(out, g->site->function);
		fputc(',', out);
		put_field(out, g->site->file);
		fputc(',', out);
		if (g->site->file)
			fprintf(out, "%" PRIu64, g->site->line);
		fputc(',', out);
		put_field(out, g->site->binary);
	} else if (g->kind == ASR_KIND_BINARY) {
		fputs(",,,", out);
		put_field(out, g->binary);
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
	if (functions)
		put_self_columns(out, row ? NULL : g);
	put_live_columns(out, live, g->live_known, g->live_incomplete, row ? &row->live : &g->live,
			 !peak ? NULL : curve ? &curve->peak : &g->peak_live,
			 peak && (curve || g->kind == ASR_KIND_PROCESS),
			 curve ? curve->peak_ns : g->peak_ns,
			 curve ? curve->peak_confidence : g->peak_confidence);
	put_temporary_columns(out, live, g->live_known && !row, g);
	fputs(NO_SIZE_COLUMNS "\n", out);
}

/* One scope instance's line: its ends in start_ns and end_ns (end_ns empty
 * while open, and then incomplete), its key last. */
static void put_scope(FILE *out, const struct asr_scope_row *s, double confidence, bool stacks,
		      bool functions, bool live)
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
	if (functions)
		put_self_columns(out, NULL);
	fputs(live ? NO_LIVE_COLUMNS NO_TEMPORARY_COLUMNS NO_SIZE_COLUMNS "\n" : NO_SIZE_COLUMNS "\n",
	      out);
}

/* One size class of process `g` (doc/report-formats.md): the process's
 * key and T, the class's bytes and, in the last columns, its sizes and
 * its objects with both ends. */
static void put_size(FILE *out, const struct asr_group *g, const struct asr_size_row *r,
		     double confidence, bool stacks, bool functions, bool live)
{
	fputs("size,", out);
	put_process(out, g);
	fprintf(out, ",,,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
		",%.15g,,,%s,%s,%s,,,,,,,,", g->threads, r->samples, asr_bytes_round(r->est.weighted),
		asr_bytes_round(r->est.negbin), asr_bytes_round(r->est.lower),
		asr_bytes_round(r->est.upper), confidence, boolean(g->incomplete),
		boolean(as_estimate_imprecise(&r->est)), boolean(r->est.mixed_rates));
	if (stacks)
		put_stack_columns(out, NULL);
	if (functions)
		put_self_columns(out, NULL);
	fputs(live ? NO_LIVE_COLUMNS NO_TEMPORARY_COLUMNS : "", out);
	fprintf(out, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",", r->min, r->max,
		asr_bytes_round(r->objects.estimate), asr_bytes_round(floor(r->objects.lower)));
	if (isfinite(r->objects.upper))
		fprintf(out, "%" PRIu64, asr_bytes_round(ceil(r->objects.upper)));
	fputc('\n', out);
}

/* Each point of a curve (kind `point`, `total-point` for the total's): the
 * bytes allocated up to its instant in the estimate's columns, the
 * instant in end_ns, the bytes live then in the live columns. */
static void put_points(FILE *out, const struct asr_heap_curve *c, uint64_t threads,
		       double confidence, bool stacks, bool functions)
{
	const struct asr_group *g = c->process;
	guint i;

	for (i = 0; i < c->points->len; i++) {
		const struct asr_heap_point_row *r = &g_array_index(c->points, struct asr_heap_point_row, i);

		fputs(g ? "point," : "total-point,", out);
		if (g)
			put_process(out, g);
		else
			fputs(",,", out);
		fprintf(out, ",,,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
			",%.15g,,,%s,%s,%s,,,,,,,%" PRId64 ",", threads, r->allocated.samples,
			asr_bytes_round(r->allocated.weighted), asr_bytes_round(r->allocated.negbin),
			asr_bytes_round(r->allocated.lower), asr_bytes_round(r->allocated.upper),
			confidence, boolean(c->incomplete), boolean(as_estimate_imprecise(&r->allocated)),
			boolean(r->allocated.mixed_rates), r->t_ns);
		if (stacks)
			put_stack_columns(out, NULL);
		if (functions)
			put_self_columns(out, NULL);
		put_live_columns(out, true, true, c->incomplete, &r->live, NULL, false, 0, 0.0);
		fputs(NO_TEMPORARY_COLUMNS NO_SIZE_COLUMNS "\n", out);
	}
}

int asr_write_csv(FILE *out, const struct asr_model *model)
{
	const struct asr_summary *sum = &model->summary;
	bool stacks = model->group_by & ASR_GROUP_BY_STACK;
	bool functions = model->group_by & ASR_GROUP_BY_FUNCTION;
	bool live = sum->live_known;
	enum asr_kind kind;
	guint i;

	/* The stack columns only in reports that group by stack, and the self
	 * columns only in those that group by function, so that the others
	 * keep their columns. */
	fputs("kind,host,pid,procname,tid,type,threads,samples,estimate,negbin_estimate,lower,upper,"
	      "confidence,first_ns,last_ns,incomplete,imprecise,mixed_rates,function,file,line,binary,"
	      "window,start_ns,end_ns,key", out);
	fputs(stacks ? ",stack,truncated,objects,objects_lower,objects_upper" : "", out);
	fputs(functions ? ",self_samples,self_estimate,self_lower,self_upper" : "", out);
	fputs(live ? ",live_samples,live_estimate,live_lower,live_upper,live_incomplete,"
		     "peak_live_samples,peak_live_estimate,peak_live_lower,peak_live_upper,peak_t_ns,"
		     "peak_confidence,temporary_estimate,temporary_lower,temporary_upper,"
		     "temporary_objects,temporary_incomplete,lifetime_p50_ns,lifetime_p50_lower_ns,"
		     "lifetime_p50_upper_ns,lifetime_p90_ns,lifetime_p90_lower_ns,"
		     "lifetime_p90_upper_ns" : "", out);
	fputs(",size_min,size_max,size_objects,size_objects_lower,size_objects_upper\n", out);
	for (kind = 0; kind < ASR_KIND_COUNT; kind++) {
		for (i = 0; i < model->shown[kind]->len; i++)
			put_row(out, asr_kind_name(kind), g_ptr_array_index(model->shown[kind], i),
				model, NULL, stacks, functions, live);
	}
	if (sum->samples > 0)
		put_row(out, "total", &sum->total, model, NULL, stacks, functions, live);
	for (i = 0; model->windows && i < model->windows->len; i++) {
		const struct asr_window_row *row = &g_array_index(model->windows, struct asr_window_row, i);
		bool total = row->group == &sum->total;

		put_row(out, total ? "total" : asr_kind_name(row->group->kind), row->group, model, row,
			stacks, functions, live);
	}
	/* Every instance, in begin order: a CSV is read by a script. */
	for (i = 0; model->scopes && i < model->scopes->rows->len; i++)
		put_scope(out, &g_array_index(model->scopes->rows, struct asr_scope_row, i),
			  model->confidence, stacks, functions, live);
	/* Each process's size classes, smallest first, process by process. */
	for (i = 0; i < model->shown[ASR_KIND_PROCESS]->len; i++) {
		const struct asr_group *g = g_ptr_array_index(model->shown[ASR_KIND_PROCESS], i);
		guint j;

		for (j = 0; g->sizes && j < g->sizes->rows->len; j++)
			put_size(out, g, &g_array_index(g->sizes->rows, struct asr_size_row, j),
				 model->confidence, stacks, functions, live);
	}
	for (i = 0; model->heap.curves && i < model->heap.curves->len; i++) {
		const struct asr_heap_curve *c = g_ptr_array_index(model->heap.curves, i);

		put_points(out, c, c->process ? c->process->threads : sum->total.threads,
			   model->confidence, stacks, functions);
	}
	fflush(out);
	return ferror(out) ? -1 : 0;
}
