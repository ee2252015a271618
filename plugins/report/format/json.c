/* json.c - the report as one JSON object, exact integers (doc/report-formats.md). */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "common/escape.h"
#include "common/labels.h"
#include "common/units.h"
#include "format/writer.h"
#include "model/live_notes.h"
#include "model/program_notes.h"
#include "symbols/locate.h"

/* A JSON string (as_json_string), or null. */
static void put_string(FILE *out, const char *s)
{
	if (s)
		as_json_string(out, s, strlen(s));
	else
		fputs("null", out);
}

/* An integer, or null when there is none. */
static void put_integer(FILE *out, bool has, int64_t value)
{
	if (has)
		fprintf(out, "%" PRId64, value);
	else
		fputs("null", out);
}

static const char *boolean(bool b)
{
	return b ? "true" : "false";
}

/* The group's sums, one per rate: what a comparison of two reports needs
 * to add groups up and estimate them again (allocsample-compare). */
static void put_accumulators(FILE *out, const struct asr_rates *rates)
{
	size_t i;

	fputc('[', out);
	for (i = 0; i < rates->n; i++)
		fprintf(out, "%s{\"rate\": %" PRIu64 ", \"samples\": %" PRIu64
			", \"unsampled\": %.0Lf, \"weighted\": %.0Lf}", i ? ", " : "",
			rates->accums[i].rate, rates->accums[i].samples, rates->accums[i].u,
			rates->accums[i].weighted);
	fputc(']', out);
}

/* An object count, its lower end rounded down so that the printed bound
 * still holds what the computed one holds; its upper end only where the
 * count is exact, null elsewhere: no sample bounds it (doc/estimation.md,
 * "Objects"). */
static void put_objects(FILE *out, const struct asr_objects *objects)
{
	fprintf(out, ", \"objects\": %" PRIu64 ", \"objects_lower\": %" PRIu64
		", \"objects_upper\": ", asr_bytes_round(objects->estimate),
		asr_bytes_round(floor(objects->lower)));
	put_integer(out, isfinite(objects->upper), (int64_t) asr_bytes_round(ceil(objects->upper)));
}

static void put_hex(FILE *out, uint64_t value)
{
	fprintf(out, "\"0x%" PRIx64 "\"", value);
}

/* A stack group's frames, innermost first, and its marks (doc/design.md
 * section 4). */
static void put_stack(FILE *out, const struct asr_stack *stack)
{
	guint i;

	fputs(", \"stack\": [", out);
	for (i = 0; i < stack->n; i++) {
		const struct asr_frame *f = stack->frames[i];

		fputs(i ? ", {\"function\": " : "{\"function\": ", out);
		put_string(out, f->function);
		fputs(", \"file\": ", out);
		put_string(out, f->file);
		if (f->file && f->line)
			fprintf(out, ", \"line\": %" PRIu64, f->line);
		else
			fputs(", \"line\": null", out);
		fputs(", \"binary\": ", out);
		put_string(out, f->mapping ? f->mapping->path : NULL);
		fputs(", \"build_id\": ", out);
		put_string(out, f->mapping ? f->mapping->build_id : NULL);
		fputs(", \"address\": ", out);
		put_hex(out, f->address);
		fputs(", \"offset\": ", out);
		if (f->mapping)
			put_hex(out, f->offset);
		else
			fputs("null", out);
		fprintf(out, ", \"inlined\": %s}", boolean(f->inlined));
	}
	fprintf(out, "], \"truncated\": %s", boolean(stack->truncated));
}

/* The live figures of an estimate, or nulls when the trace cannot say. */
static void put_live(FILE *out, bool known, bool incomplete, const struct as_estimate *live)
{
	if (!known) {
		fputs(", \"live_samples\": null, \"live_estimate\": null, \"live_lower\": null"
		      ", \"live_upper\": null, \"live_incomplete\": null", out);
		return;
	}
	fprintf(out, ", \"live_samples\": %" PRIu64 ", \"live_estimate\": %" PRIu64
		", \"live_lower\": %" PRIu64 ", \"live_upper\": %" PRIu64
		", \"live_incomplete\": %s", live->samples, asr_bytes_round(live->weighted),
		asr_bytes_round(live->lower), asr_bytes_round(live->upper), boolean(incomplete));
}

static void put_estimate(FILE *out, const char *name, const struct as_estimate *est)
{
	fprintf(out, ", \"%s_estimate\": %" PRIu64 ", \"%s_lower\": %" PRIu64
		", \"%s_upper\": %" PRIu64, name, asr_bytes_round(est->weighted), name,
		asr_bytes_round(est->lower), name, asr_bytes_round(est->upper));
}

/* The bytes a group held at its process's peak; for a process (and the
 * total, `curve`) the peak's instant and confidence too.  Nulls when the
 * trace cannot say (no frees tracked) and in a window's rows. */
static void put_peak(FILE *out, const struct asr_group *g, const struct asr_heap_curve *curve,
		     bool known)
{
	const struct as_estimate *peak = curve ? &curve->peak : &g->peak_live;

	if (!known) {
		fputs(", \"peak_live_samples\": null, \"peak_live_estimate\": null"
		      ", \"peak_live_lower\": null, \"peak_live_upper\": null", out);
		if (g->kind == ASR_KIND_PROCESS || curve)
			fputs(", \"peak_t_ns\": null, \"peak_estimate\": null, \"peak_lower\": null"
			      ", \"peak_upper\": null, \"peak_confidence\": null", out);
		return;
	}
	fprintf(out, ", \"peak_live_samples\": %" PRIu64 ", \"peak_live_estimate\": %" PRIu64
		", \"peak_live_lower\": %" PRIu64 ", \"peak_live_upper\": %" PRIu64,
		peak->samples, asr_bytes_round(peak->weighted), asr_bytes_round(peak->lower),
		asr_bytes_round(peak->upper));
	if (g->kind != ASR_KIND_PROCESS && !curve)
		return;
	fprintf(out, ", \"peak_t_ns\": %" PRId64, curve ? curve->peak_ns : g->peak_ns);
	put_estimate(out, "peak", peak);
	fprintf(out, ", \"peak_confidence\": %.15g",
		curve ? curve->peak_confidence : g->peak_confidence);
}

/* A lifetime in nanoseconds, null when the samples bound nothing. */
static void put_ns(FILE *out, double ns)
{
	put_integer(out, isfinite(ns), isfinite(ns) ? (int64_t) ns : 0);
}

/* A group's survival curve (model/survival.c), null when none was
 * computed for it: the share of its bytes that lived at least t_ns. */
static void put_survival(FILE *out, const struct asr_group *g)
{
	fputs(", \"survival\": ", out);
	if (!g->survival) {
		fputs("null", out);
		return;
	}
	for (size_t i = 0; i < g->survival_n; i++) {
		const struct as_survival_point *p = &g->survival[i];

		fprintf(out, "%s{\"t_ns\": %" PRId64 ", \"surviving\": %.6g, \"lower\": %.6g"
			", \"upper\": %.6g}", i ? ", " : "[", (int64_t) p->t_ns, p->surviving, p->lower,
			p->upper);
	}
	fputs(g->survival_n ? "]" : "[]", out);
}

/* A group's temporary figures and lifetimes (doc/report-formats.md,
 * "Temporary allocations and lifetimes"): nulls when the trace cannot say,
 * and on a window's row, which has none. */
static void put_temporary(FILE *out, const struct asr_group *g, bool known)
{
	const struct as_lifetime_quantile *q50 = &g->lifetime_p50, *q90 = &g->lifetime_p90;

	if (!known) {
		fputs(", \"temporary_estimate\": null, \"temporary_lower\": null"
		      ", \"temporary_upper\": null, \"temporary_objects\": null"
		      ", \"temporary_objects_lower\": null, \"temporary_objects_upper\": null"
		      ", \"temporary_incomplete\": null, \"lifetime\": null", out);
		return;
	}
	fprintf(out, ", \"temporary_estimate\": %" PRIu64 ", \"temporary_lower\": %" PRIu64
		", \"temporary_upper\": %" PRIu64, asr_bytes_round(g->temporary.weighted),
		asr_bytes_round(g->temporary.lower), asr_bytes_round(g->temporary.upper));
	fprintf(out, ", \"temporary_objects\": %" PRIu64 ", \"temporary_objects_lower\": %" PRIu64
		", \"temporary_objects_upper\": ", asr_bytes_round(g->temporary_objects.estimate),
		asr_bytes_round(floor(g->temporary_objects.lower)));
	put_integer(out, isfinite(g->temporary_objects.upper),
		    (int64_t) asr_bytes_round(ceil(g->temporary_objects.upper)));
	fprintf(out, ", \"temporary_incomplete\": %s, \"lifetime\": ",
		boolean(g->lifetime_incomplete));
	if (!g->lifetime_known) {
		fputs("null", out);
		return;
	}
	fputs("{\"p50_ns\": ", out);
	put_ns(out, q50->estimate);
	fputs(", \"p50_lower_ns\": ", out);
	put_ns(out, q50->lower);
	fputs(", \"p50_upper_ns\": ", out);
	put_ns(out, q50->upper);
	fputs(", \"p90_ns\": ", out);
	put_ns(out, q90->estimate);
	fputs(", \"p90_lower_ns\": ", out);
	put_ns(out, q90->lower);
	fputs(", \"p90_upper_ns\": ", out);
	put_ns(out, q90->upper);
	put_survival(out, g);
	fprintf(out, ", \"incomplete\": %s}", boolean(g->lifetime_incomplete));
}

/* A stack's label (as_stack_label): its frames' labels, outermost first. */
static char *stack_label(const struct asr_stack *stack)
{
	const char **frames = g_new(const char *, stack->n + 1);
	char *label;
	guint i;

	for (i = 0; i < stack->n; i++)
		frames[i] = stack->frames[i]->label;
	label = as_stack_label(frames, stack->n, stack->truncated);
	g_free(frames);
	return label;
}

/*
 * What a group is in its process, stable from run to run (no pid, tid or
 * address of the run): the process's, thread's or type's name, "THREAD:
 * TYPE", a site's label (function and file:line) or a stack's (its frames);
 * NULL when a name it needs is unknown.  allocsample-compare matches
 * stacks by it.  To g_free.
 */
static char *group_label(const struct asr_group *g, bool total)
{
	if (total)
		return g_strdup(as_kind_name(AS_KIND_TOTAL));
	switch (g->kind) {
	case ASR_KIND_PROCESS:
		return g_strdup(g->process);
	case ASR_KIND_THREAD:
		return g_strdup(g->procname);
	case ASR_KIND_TYPE:
		return g_strdup(g->type);
	case ASR_KIND_THREAD_TYPE:
		return g->procname && g->type ? g_strdup_printf("%s: %s", g->procname, g->type) : NULL;
	case ASR_KIND_SITE:
		return g->site ? as_site_label(g->site->function, g->site->binary, g->site->where,
					       g->site->file, g->site->line) : NULL;
	case ASR_KIND_STACK:
		return g->stack ? stack_label(g->stack) : NULL;
	case ASR_KIND_FUNCTION:
		return g_strdup(g->function);
	case ASR_KIND_BINARY:
		return g_strdup(g->binary ? as_base_name(g->binary) : AS_LABEL_UNKNOWN);
	case ASR_KIND_COUNT:
		break;
	}
	return NULL;
}

/* A process's size classes, smallest first (doc/report-formats.md): each
 * named as the text names it, the bytes with their interval and the
 * objects with both ends, rounded as put_objects() rounds them. */
static void put_sizes(FILE *out, const struct asr_size_histogram *h)
{
	guint i;

	fputs(", \"sizes\": [", out);
	for (i = 0; i < h->rows->len; i++) {
		const struct asr_size_row *r = &g_array_index(h->rows, struct asr_size_row, i);
		char *label = as_size_class_label(r->min, r->max);

		fprintf(out, "%s{\"min\": %" PRIu64 ", \"max\": %" PRIu64 ", \"label\": ",
			i ? ", " : "", r->min, r->max);
		put_string(out, label);
		g_free(label);
		fprintf(out, ", \"samples\": %" PRIu64 ", \"objects\": %" PRIu64
			", \"objects_lower\": %" PRIu64 ", \"objects_upper\": ", r->samples,
			asr_bytes_round(r->objects.estimate), asr_bytes_round(floor(r->objects.lower)));
		put_integer(out, isfinite(r->objects.upper),
			    (int64_t) asr_bytes_round(ceil(r->objects.upper)));
		fprintf(out, ", \"estimate\": %" PRIu64 ", \"lower\": %" PRIu64
			", \"upper\": %" PRIu64 "}", asr_bytes_round(r->est.weighted),
			asr_bytes_round(r->est.lower), asr_bytes_round(r->est.upper));
	}
	fputc(']', out);
}

/* What the programs traced hide from the shim (model/program_notes.h). */
static void put_program_notes(FILE *out, const struct asr_summary *sum)
{
	GPtrArray *notes = asr_program_notes(sum);
	guint i;

	fputs("  \"notes\": [", out);
	for (i = 0; i < notes->len; i++) {
		fputs(i ? ", " : "", out);
		put_string(out, g_ptr_array_index(notes, i));
	}
	fputs("],\n", out);
	g_ptr_array_free(notes, TRUE);
}

/* One group's object; `row` NULL for the group over the whole report,
 * else its numbers in one window. */
static void put_group(FILE *out, const char *kind, const struct asr_group *g, bool total,
		      const struct asr_window_row *row, const struct asr_heap_curve *total_curve)
{
	const struct as_estimate *est = row ? &row->est : &g->est;
	uint64_t threads = g->kind == ASR_KIND_THREAD || g->kind == ASR_KIND_THREAD_TYPE ? 1 : g->threads;
	char *label = group_label(g, total);

	fprintf(out, "{\"kind\": \"%s\", \"label\": ", kind);
	put_string(out, label);
	g_free(label);
	fputs(", \"host\": ", out);
	put_string(out, total ? NULL : g->host);
	fputs(", \"pid\": ", out);
	put_integer(out, !total && g->has_vpid, g->vpid);
	fputs(", \"procname\": ", out);
	put_string(out, total ? NULL : asr_group_name(g));
	fputs(", \"process\": ", out);
	put_string(out, total ? NULL : g->process);
	fputs(", \"tid\": ", out);
	put_integer(out, !total && g->has_vtid, g->vtid);
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
		boolean(g->incomplete), boolean(as_estimate_imprecise(est)),
		boolean(est->mixed_rates));
	/* A window's row: the live figures at its end. */
	put_live(out, g->live_known, g->live_incomplete, row ? &row->live : &g->live);
	put_peak(out, g, total ? total_curve : NULL,
		 !row && (total ? total_curve != NULL : g->peak_known));
	put_temporary(out, g, g->live_known && !row);
	fputs(", \"function\": ", out);
	put_string(out, g->site ? g->site->function : g->function);
	fputs(", \"file\": ", out);
	put_string(out, g->site ? g->site->file : NULL);
	if (g->site && g->site->file)
		fprintf(out, ", \"line\": %" PRIu64, g->site->line);
	else
		fputs(", \"line\": null", out);
	fputs(", \"binary\": ", out);
	put_string(out, g->site ? g->site->binary : g->binary);
	fputs(", \"address\": ", out);
	put_string(out, g->site ? g->site->where : NULL);
	if (row)
		fprintf(out, ", \"window\": %" PRId64 ", \"start_ns\": %" PRId64
			", \"end_ns\": %" PRId64, row->window, row->start_ns, row->end_ns);
	else
		fputs(", \"window\": null, \"start_ns\": null, \"end_ns\": null", out);
	fprintf(out, ", \"tracer\": %s, \"accumulators\": ", boolean(g->tracer));
	/* A window's row is estimated from the window's samples alone, whose
	 * sums the model does not keep. */
	if (row)
		fputs("null", out);
	else
		put_accumulators(out, &g->rates);
	/* What only stack groups have, so that the reports of traces without
	 * stacks stay as they were. */
	if (g->kind == ASR_KIND_STACK && g->stack && !row) {
		put_stack(out, g->stack);
		put_objects(out, &g->objects);
	}
	if (g->kind == ASR_KIND_PROCESS && g->sizes && !total && !row)
		put_sizes(out, g->sizes);
	/* A function's group is its total; its self bytes beside them. */
	if (g->kind == ASR_KIND_FUNCTION && !row) {
		fprintf(out, ", \"self_samples\": %" PRIu64, g->self.samples);
		put_estimate(out, "self", &g->self);
		fprintf(out, ", \"self_imprecise\": %s", boolean(as_estimate_imprecise(&g->self)));
	}
	fputc('}', out);
}

/* A call-tree node's bytes held (`name`: "live" at the end, "peak_live"
 * at its process's peak): samples, estimate and interval, or nulls when
 * the trace cannot say. */
static void put_node_held(FILE *out, const char *name, bool known, const struct as_estimate *est)
{
	if (!known) {
		fprintf(out, ", \"%s_samples\": null, \"%s_estimate\": null, \"%s_lower\": null"
			", \"%s_upper\": null", name, name, name, name);
		return;
	}
	fprintf(out, ", \"%s_samples\": %" PRIu64, name, est->samples);
	put_estimate(out, name, est);
}

/* A node of the call tree and its subtree, one node per line, indented by
 * its depth (at most 32 levels of indentation). */
static void put_node(FILE *out, const struct asr_call_node *n, const struct asr_group *process,
		     unsigned depth)
{
	const struct asr_frame *f = n->frame;
	guint i;

	fputs("{\"label\": ", out);
	put_string(out, n->label);
	if (process) {
		fputs(", \"host\": ", out);
		put_string(out, process->host);
		fputs(", \"pid\": ", out);
		put_integer(out, process->has_vpid, process->vpid);
	}
	fputs(", \"function\": ", out);
	put_string(out, f ? f->function : NULL);
	fputs(", \"file\": ", out);
	put_string(out, f && !n->lines_differ ? f->file : NULL);
	if (f && f->file && f->line && !n->lines_differ)
		fprintf(out, ", \"line\": %" PRIu64, f->line);
	else
		fputs(", \"line\": null", out);
	fputs(", \"binary\": ", out);
	put_string(out, f && f->mapping ? f->mapping->path : NULL);
	fprintf(out, ", \"threads\": %" PRIu64 ", \"samples\": %" PRIu64 ", \"estimate\": %" PRIu64
		", \"lower\": %" PRIu64 ", \"upper\": %" PRIu64 ", \"imprecise\": %s",
		n->threads, n->est.samples, asr_bytes_round(n->est.weighted),
		asr_bytes_round(n->est.lower), asr_bytes_round(n->est.upper),
		boolean(as_estimate_imprecise(&n->est)));
	if (n->temporary_known)
		fprintf(out, ", \"temporary_estimate\": %" PRIu64 ", \"temporary_lower\": %" PRIu64
			", \"temporary_upper\": %" PRIu64, asr_bytes_round(n->temporary.weighted),
			asr_bytes_round(n->temporary.lower), asr_bytes_round(n->temporary.upper));
	else
		fputs(", \"temporary_estimate\": null, \"temporary_lower\": null"
		      ", \"temporary_upper\": null", out);
	put_node_held(out, "live", n->live_known, &n->live);
	put_node_held(out, "peak_live", n->peak_known, &n->peak_live);
	fputs(", \"children\": [", out);
	for (i = 0; i < n->children->len; i++) {
		fprintf(out, "%s\n%*s", i ? "," : "", 4 + 2 * (int) MIN(depth + 1, 32), "");
		put_node(out, g_ptr_array_index(n->children, i), NULL, depth + 1);
	}
	fputs("]}", out);
}

/* Why the frames of `l`, a binary of problems.unnamed, have no name, in a
 * word: what its file at the recorded path is. */
static const char *unnamed_reason(const struct asr_located *l)
{
	switch (l->file) {
	case ASR_FILE_UNREADABLE:
		return "unreadable";
	case ASR_FILE_OTHER_BUILD:
		return "changed";
	default:
		return "stripped";
	}
}

/* Why some frames have no name: counts, and each cause once; and which
 * binaries were named from a file found by build id. */
static void put_symbols(FILE *out, const struct asr_stack_problems *problems)
{
	guint i;

	fprintf(out, ",\n  \"symbols\": {\"addresses\": %" PRIu64 ", \"unknown_addresses\": %" PRIu64
		", \"traces_without_statedump\": [", problems->addresses, problems->unknown_addresses);
	for (i = 0; i < problems->traces_without_maps->len; i++) {
		fputs(i ? ", " : "", out);
		put_string(out, g_array_index(problems->traces_without_maps, struct asr_trace_id, i).name);
	}
	fputs("], \"changed_binaries\": [", out);
	for (i = 0; i < problems->changed->len; i++) {
		const struct asr_located *l = g_ptr_array_index(problems->changed, i);

		fputs(i ? ", {\"path\": " : "{\"path\": ", out);
		put_string(out, l->path);
		fputs(", \"recorded_build_id\": ", out);
		put_string(out, l->build_id);
		fputs(", \"build_id\": ", out);
		put_string(out, l->file_build_id);
		fputc('}', out);
	}
	fputs("], \"unreadable_binaries\": [", out);
	for (i = 0; i < problems->unreadable->len; i++) {
		fputs(i ? ", " : "", out);
		put_string(out, ((const struct asr_located *) g_ptr_array_index(problems->unreadable, i))->path);
	}
	fputs("], \"named_by_build_id\": [", out);
	for (i = 0; i < problems->by_build_id->len; i++) {
		const struct asr_located *l = g_ptr_array_index(problems->by_build_id, i);

		fputs(i ? ", {\"path\": " : "{\"path\": ", out);
		put_string(out, l->path);
		fputs(", \"build_id\": ", out);
		put_string(out, l->build_id);
		fputs(", \"file\": ", out);
		put_string(out, l->found);
		fprintf(out, ", \"debuginfod\": %s}", l->from_debuginfod ? "true" : "false");
	}
	fputs("], \"unnamed_binaries\": [", out);
	for (i = 0; i < problems->unnamed->len; i++) {
		const struct asr_located *l = g_ptr_array_index(problems->unnamed, i);

		fputs(i ? ", {\"path\": " : "{\"path\": ", out);
		put_string(out, l->path);
		fputs(", \"build_id\": ", out);
		put_string(out, l->build_id);
		fputs(", \"reason\": ", out);
		put_string(out, unnamed_reason(l));
		fputs(", \"search\": ", out);
		put_string(out, l->search);
		fputc('}', out);
	}
	fputs("]}", out);
}

/* The call tree: a root per process, in the order of the process groups. */
static void put_call_tree(FILE *out, const struct asr_model *model)
{
	const GPtrArray *processes = model->summary.groups[ASR_KIND_PROCESS];
	guint i;

	fputs(",\n  \"call_tree\": [", out);
	for (i = 0; i < model->call_tree->len; i++) {
		fprintf(out, "%s\n    ", i ? "," : "");
		put_node(out, g_ptr_array_index(model->call_tree, i),
			 i < processes->len ? g_ptr_array_index(processes, i) : NULL, 0);
	}
	fputs(model->call_tree->len ? "\n  ]" : "]", out);
}

/* A scope instance's key: a string, an integer, or null. */
static void put_key(FILE *out, const struct asr_scope_row *s)
{
	if (s->key_is_string || !s->key)
		put_string(out, s->key);
	else
		fputs(s->key, out);
}

static void put_time(FILE *out, const char *name, bool has, int64_t ns)
{
	if (has)
		fprintf(out, ", \"%s\": %" PRId64, name, ns);
	else
		fprintf(out, ", \"%s\": null", name);
}

/* One instance's object. */
static void put_scope(FILE *out, const struct asr_scope_row *s)
{
	const struct as_estimate *est = &s->est;

	fputs("{\"kind\": \"scope\", \"host\": ", out);
	put_string(out, s->host);
	fputs(", \"pid\": ", out);
	put_integer(out, s->has_vpid, s->vpid);
	fprintf(out, ", \"tid\": %" PRId64 ", \"key\": ", s->vtid);
	put_key(out, s);
	put_time(out, "start_ns", s->has_start, s->start_ns);
	put_time(out, "end_ns", s->has_end, s->end_ns);
	put_time(out, "duration_ns", s->has_start && s->has_end, s->end_ns - s->start_ns);
	fprintf(out, ", \"open\": %s, \"threads\": 1, \"samples\": %" PRIu64
		", \"estimate\": %" PRIu64 ", \"negbin_estimate\": %" PRIu64
		", \"lower\": %" PRIu64 ", \"upper\": %" PRIu64
		", \"imprecise\": %s, \"mixed_rates\": %s}",
		boolean(s->open), est->samples, asr_bytes_round(est->weighted),
		asr_bytes_round(est->negbin), asr_bytes_round(est->lower), asr_bytes_round(est->upper),
		boolean(as_estimate_imprecise(est)), boolean(est->mixed_rates));
}

/* The `scopes` object: counts, the distribution, the largest instances. */
static void put_scopes(FILE *out, const struct asr_scope_model *scopes)
{
	const char *sep = "";
	guint i;

	if (!scopes) {
		fputs("null", out);
		return;
	}
	fputs("{\"begin\": ", out);
	put_string(out, scopes->begin);
	fputs(", \"end\": ", out);
	put_string(out, scopes->end);
	fputs(", \"key\": ", out);
	put_string(out, scopes->key);
	fprintf(out, ",\n    \"instances\": %u, \"closed\": %" PRIu64 ", \"open\": %" PRIu64
		", \"unmatched_begins\": %" PRIu64 ", \"unmatched_ends\": %" PRIu64
		", \"samples_inside\": %" PRIu64 ", \"samples_outside\": %" PRIu64 ",\n    \"mean\": ",
		scopes->instances, scopes->closed, scopes->open, scopes->unmatched_begins,
		scopes->unmatched_ends, scopes->samples_inside, scopes->samples_outside);
	if (scopes->closed > 0)
		fprintf(out, "{\"samples\": %" PRIu64 ", \"estimate\": %" PRIu64
			", \"negbin_estimate\": %" PRIu64 ", \"lower\": %" PRIu64
			", \"upper\": %" PRIu64 "}, \"p50\": %" PRIu64 ", \"p90\": %" PRIu64
			", \"p99\": %" PRIu64,
			scopes->mean.samples, asr_bytes_round(scopes->mean.weighted),
			asr_bytes_round(scopes->mean.negbin), asr_bytes_round(scopes->mean.lower),
			asr_bytes_round(scopes->mean.upper), asr_bytes_round(scopes->p50),
			asr_bytes_round(scopes->p90), asr_bytes_round(scopes->p99));
	else
		fputs("null, \"p50\": null, \"p90\": null, \"p99\": null", out);
	fprintf(out, ",\n    \"rows_omitted\": %u, \"rows\": [", scopes->instances - scopes->rows->len);
	for (i = 0; i < scopes->rows->len; i++) {
		fprintf(out, "%s\n      ", sep);
		put_scope(out, &g_array_index(scopes->rows, struct asr_scope_row, i));
		sep = ",";
	}
	fprintf(out, "%s]}", *sep ? "\n    " : "");
}

/* What the report says of its live figures: why there are none, what
 * they leave out, the peak among window ends. */
static void put_live_notes(FILE *out, const struct asr_model *model)
{
	const struct asr_summary *sum = &model->summary;
	const struct asr_live_notes *n = &sum->live_notes;
	const struct asr_window_row *peak = model->live_peak;
	GPtrArray *caveats = asr_live_caveats(sum);
	guint i;

	fprintf(out, "  \"sort\": \"%s\",\n  \"live\": {\"known\": %s, ",
		asr_sort_name(model->sort), boolean(sum->live_known));
	/* With `at` (only, so that other reports keep their fields), every
	 * live figure is the bytes live then. */
	if (model->has_at)
		fprintf(out, "\"at_ns\": %" PRId64 ", \"at_t_ns\": %" PRId64 ", ", model->at_ns,
			model->at_t_ns);
	fputs("\"unknown_reason\": ", out);
	put_string(out, asr_live_unknown_reason(sum));
	fprintf(out, ", \"unrecorded_samples\": %" PRIu64 ", \"unmatched_frees\": %" PRIu64
		", \"untracked_samples\": %" PRIu64 ", \"lost_frees\": %" PRIu64
		", \"attaches\": %" PRIu64 ", \"detaches\": %" PRIu64 ", \"notes\": [",
		n->unrecorded, n->unmatched_frees, n->untracked, n->lost_frees, n->attaches,
		n->detaches);
	for (i = 0; i < caveats->len; i++) {
		fputs(i ? ", " : "", out);
		put_string(out, g_ptr_array_index(caveats, i));
	}
	fputs("], \"peak\": ", out);
	if (peak)
		fprintf(out, "{\"window\": %" PRId64 ", \"start_ns\": %" PRId64 ", \"end_ns\": %" PRId64
			", \"live_samples\": %" PRIu64 ", \"live_estimate\": %" PRIu64
			", \"live_lower\": %" PRIu64 ", \"live_upper\": %" PRIu64 "}",
			peak->window, peak->start_ns, peak->end_ns, peak->live.samples,
			asr_bytes_round(peak->live.weighted), asr_bytes_round(peak->live.lower),
			asr_bytes_round(peak->live.upper));
	else
		fputs("null", out);
	fputs("},\n", out);
	g_ptr_array_free(caveats, TRUE);
}

static void put_losses(FILE *out, const GArray *losses)
{
	guint i;

	fputs("  \"losses\": [", out);
	for (i = 0; i < losses->len; i++) {
		const struct asr_loss *l = &g_array_index(losses, struct asr_loss, i);

		fprintf(out, "%s\n    {\"trace\": ", i ? "," : "");
		put_string(out, l->trace.name);
		fputs(", \"host\": ", out);
		put_string(out, l->trace.host);
		fprintf(out, ", \"stream_id\": %" PRIu64 ", \"discarded_events\": %" PRIu64
			", \"discarded_events_unknown\": %s, \"discarded_packets\": %" PRIu64
			", \"discarded_packets_unknown\": %s}",
			l->stream_id, l->events, boolean(l->events_unknown), l->packets,
			boolean(l->packets_unknown));
	}
	fprintf(out, "%s],\n", losses->len ? "\n  " : "");
}

/* The total's curve of live bytes, or NULL. */
static const struct asr_heap_curve *total_curve(const struct asr_model *model)
{
	const GPtrArray *curves = model->heap.curves;

	return curves && curves->len ? g_ptr_array_index(curves, 0) : NULL;
}

/* Each curve of live bytes: the total's, then each process's. */
static void put_timeline(FILE *out, const struct asr_model *model)
{
	const GPtrArray *curves = model->heap.curves;
	guint i, j;

	for (i = 0; curves && i < curves->len; i++) {
		const struct asr_heap_curve *c = g_ptr_array_index(curves, i);
		const struct asr_group *p = c->process;

		fprintf(out, "%s\n    {\"kind\": \"%s\", \"host\": ", i ? "," : "",
			p ? "process" : "total");
		put_string(out, p ? p->host : NULL);
		fputs(", \"pid\": ", out);
		put_integer(out, p && p->has_vpid, p ? p->vpid : 0);
		fputs(", \"procname\": ", out);
		put_string(out, p ? asr_group_name(p) : NULL);
		fprintf(out, ", \"incomplete\": %s, \"peak_t_ns\": %" PRId64, boolean(c->incomplete),
			c->peak_ns);
		put_estimate(out, "peak", &c->peak);
		fprintf(out, ", \"peak_confidence\": %.15g, \"candidates\": %u, \"points\": [",
			c->peak_confidence, c->candidates);
		for (j = 0; j < c->points->len; j++) {
			const struct asr_heap_point_row *r =
				&g_array_index(c->points, struct asr_heap_point_row, j);

			fprintf(out, "%s\n      {\"t_ns\": %" PRId64 ", \"live_samples\": %" PRIu64,
				j ? "," : "", r->t_ns, r->live.samples);
			put_estimate(out, "live", &r->live);
			fprintf(out, ", \"band_lower\": %" PRIu64 ", \"band_upper\": %" PRIu64,
				asr_bytes_round(r->band.lower), asr_bytes_round(r->band.upper));
			put_estimate(out, "allocated", &r->allocated);
			fputc('}', out);
		}
		fputs(c->points->len ? "\n    ]}" : "]}", out);
	}
	if (curves && curves->len)
		fputs("\n  ", out);
}

int asr_write_json(FILE *out, const struct asr_model *model)
{
	const struct asr_summary *sum = &model->summary;
	const char *sep = "";
	enum asr_kind kind;
	unsigned bit;
	guint i;

	fputs("{\n  \"format\": \"allocsample-report\",\n  \"version\": 2,\n", out);
	/* allocsample-profile's only: the report of a trace keeps its keys. */
	if (model->profiles)
		fprintf(out, "  \"profile_files\": %u,\n", model->profiles);
	fprintf(out, "  \"confidence\": %.15g,\n  \"boundary_compensation\": %s,\n  \"group_by\": [",
		model->confidence, boolean(model->boundary_compensation));
	for (bit = 1; bit <= ASR_GROUP_BY_BINARY; bit <<= 1) {
		if (model->group_by & bit) {
			fprintf(out, "%s\"%s\"", sep, asr_group_by_name(bit));
			sep = ", ";
		}
	}
	fputs("],\n  \"window_ns\": ", out);
	put_integer(out, model->window_ns != 0, model->window_ns);
	fprintf(out, ",\n  \"temporary_ns\": %" PRId64, model->temporary_ns);
	fprintf(out, ",\n  \"lifetime_floor_ns\": %.0f", ASR_LIFETIME_FLOOR_NS);
	fputs(",\n  \"rates\": [", out);
	for (i = 0; i < model->rates->len; i++)
		fprintf(out, "%s%" PRIu64, i ? ", " : "", g_array_index(model->rates, uint64_t, i));
	fprintf(out, "],\n  \"samples\": %" PRIu64 ",\n  \"skipped_samples\": %" PRIu64
		",\n  \"incomplete\": %s,\n  \"missing_contexts\": [%s%s%s],\n  \"hints\": [%s%s%s],\n",
		sum->samples, sum->skipped, boolean(sum->incomplete),
		sum->vpid_missing ? "\"vpid\"" : "", sum->vpid_missing && sum->vtid_missing ? ", " : "",
		sum->vtid_missing ? "\"vtid\"" : "",
		sum->vpid_missing ? "\"" ASR_VPID_HINT "\"" : "",
		sum->vpid_missing && sum->vtid_missing ? ", " : "",
		sum->vtid_missing ? "\"" ASR_VTID_HINT "\"" : "");
	put_losses(out, model->losses);
	fputs("  \"cut\": ", out);
	put_string(out, model->cut);
	fputs(",\n", out);
	/* Only for a snapshot, so that the report of a whole trace keeps
	 * its fields. */
	if (model->snapshot.late) {
		fputs("  \"snapshot\": {\"reason\": ", out);
		put_string(out, model->snapshot.reason);
		fprintf(out, ", \"t_ns\": %" PRId64 ", \"window_ns\": [%" PRId64 ", %" PRId64 "]"
			", \"no_checkpoint_processes\": %" PRIu64 ", \"events_before_window\": %" PRIu64 "},\n",
			model->snapshot.end_ns, model->snapshot.start_ns, model->snapshot.end_ns,
			model->snapshot.no_checkpoint, model->snapshot.before);
	}
	put_live_notes(out, model);
	put_program_notes(out, sum);
	fputs("  \"groups\": [", out);
	sep = "";
	for (kind = 0; kind < ASR_KIND_COUNT; kind++) {
		for (i = 0; i < model->shown[kind]->len; i++) {
			fprintf(out, "%s\n    ", sep);
			put_group(out, asr_kind_name(kind), g_ptr_array_index(model->shown[kind], i), false,
				  NULL, NULL);
			sep = ",";
		}
	}
	fprintf(out, "%s],\n  \"windows\": [", *sep ? "\n  " : "");
	sep = "";
	for (i = 0; model->windows && i < model->windows->len; i++) {
		const struct asr_window_row *row = &g_array_index(model->windows, struct asr_window_row, i);
		bool total = row->group == &sum->total;

		fprintf(out, "%s\n    ", sep);
		put_group(out, total ? "total" : asr_kind_name(row->group->kind), row->group, total, row,
			  NULL);
		sep = ",";
	}
	fprintf(out, "%s],\n  \"timeline\": [", *sep ? "\n  " : "");
	put_timeline(out, model);
	fputs("],\n  \"scopes\": ", out);
	put_scopes(out, model->scopes);
	if (model->call_tree) {
		put_call_tree(out, model);
		if (model->stack_problems)
			put_symbols(out, model->stack_problems);
	}
	fputs(",\n  \"total\": ", out);
	if (!asr_summary_empty(sum))
		put_group(out, "total", &sum->total, true, NULL, total_curve(model));
	else
		fputs("null", out);
	fputs("\n}\n", out);
	fflush(out);
	return ferror(out) ? -1 : 0;
}
