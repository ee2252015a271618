/* heap.c - the curves of live bytes and their peaks, estimated (see heap.h). */
#include <string.h>

#include "aggregate/heap.h"
#include "aggregate/table.h"
#include "model/heap.h"

/*
 * The peak of `series` and the confidence that makes its interval hold
 * although it was chosen among K instants: Bonferroni, every point's
 * interval holding at 1 - (1 - C) / K (doc/estimation.md, "The peak").
 */
struct peak_choice {
	struct asr_heap_peak at;
	double confidence;
};

static struct peak_choice choose(const struct asr_heap *heap, const struct asr_heap_series *series,
				 double confidence)
{
	struct peak_choice choice = { asr_heap_peak(heap, series), 0.0 };

	choice.confidence = asr_heap_peak_confidence(confidence, choice.at.candidates);
	return choice;
}

static void add_peak_cells(GHashTable *cells, const struct asr_heap_series *series,
			   const struct peak_choice *choice)
{
	guint i;

	for (i = 0; i < series->cells->len; i++) {
		const struct asr_cell *c = g_ptr_array_index(series->cells, i);
		struct asr_peak_cell *p = g_new0(struct asr_peak_cell, 1);

		p->ns = choice->at.ns;
		p->confidence = choice->confidence;
		if (!choice->at.best)
			p->live = c->live;
		g_hash_table_insert(cells, (gpointer) c, p);
	}
	if (!choice->at.best)
		return;
	for (i = 0; i < choice->at.best->snapshot->cells->len; i++) {
		const struct asr_heap_cell_live *copy =
			&g_array_index(choice->at.best->snapshot->cells, struct asr_heap_cell_live, i);
		struct asr_peak_cell *p = g_hash_table_lookup(cells, copy->cell);

		p->live = copy->live;
	}
}

static bool tracks_frees(const struct asr_heap_series *series)
{
	return series->has_time && series->trace->frees_known;
}

void asr_heap_view_peaks(struct asr_heap_view *view, const struct asr_heap *heap,
			 double confidence)
{
	guint i;

	memset(view, 0, sizeof *view);
	view->peak_cells = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
	view->curves = g_ptr_array_new();
	for (i = 0; i < heap->processes->len; i++) {
		const struct asr_heap_series *series = g_ptr_array_index(heap->processes, i);
		struct peak_choice choice;

		if (!tracks_frees(series))
			continue;
		choice = choose(heap, series, confidence);
		add_peak_cells(view->peak_cells, series, &choice);
	}
}

static void curve_free(gpointer p)
{
	struct asr_heap_curve *curve = p;

	if (curve->points)
		g_array_free(curve->points, TRUE);
	g_free(curve);
}

/* The live bytes of `rates` at the report's confidence (`options`) and at
 * the band's (`band`), and the bytes `allocated`, into `row`.  Returns 0,
 * or -1 if the estimator refused the options. */
static int estimate_point(struct asr_heap_point_row *row, const struct asr_rates *live,
			  const struct asr_rates *allocated, const struct asr_rates *process_rates,
			  uint64_t threads, const struct as_estimate_options *options,
			  const struct as_estimate_options *band)
{
	return asr_rates_estimate(live, process_rates, threads, options, &row->live) ||
	       asr_rates_estimate(live, process_rates, threads, band, &row->band) ||
	       asr_rates_estimate(allocated, process_rates, threads, options, &row->allocated) ? -1 : 0;
}

/* The curve of `series`, whose process has T `threads`; `peak` gives the
 * process group's peak, or NULL: estimated from the series (the total).
 * Each point's band is at the peak's confidence, 1 - (1 - C) / K: by
 * Bonferroni, the K bands hold the whole curve at once with probability
 * at least C, however the points' samples go together (doc/estimation.md,
 * "The heap over time").  The points are estimated only when `points`:
 * three intervals a point, 78 million instructions for the two curves of
 * bench/mixed-threads' million samples, which text, showing the peak
 * alone, would pay for nothing.  `same`, when not NULL, is a curve of the
 * same samples at the same instants and T (same_series()): its points
 * are this one's, to the last bit, and are copied. */
static struct asr_heap_curve *curve_of(const struct asr_heap *heap,
				       const struct asr_heap_series *series, uint64_t threads,
				       const struct asr_group *process,
				       const struct as_estimate_options *options, bool points,
				       const struct asr_heap_curve *same)
{
	struct asr_heap_curve *curve = g_new0(struct asr_heap_curve, 1);
	struct peak_choice choice = choose(heap, series, options->confidence);
	struct as_estimate_options at_peak = *options;
	const struct asr_rates *peak_rates = &series->live;
	guint i, n = choice.at.points;
	struct asr_heap_point_row row;

	curve->process = process;
	curve->points = points ? g_array_sized_new(FALSE, FALSE, sizeof row, n + 1) : NULL;
	curve->candidates = choice.at.candidates;
	curve->peak_confidence = choice.confidence;
	curve->peak_ns = choice.at.ns;
	at_peak.confidence = choice.confidence;
	if (same && !(same->points && same->points->len == n + 1 &&
		      same->candidates == curve->candidates))
		same = NULL;
	for (i = 0; i < n; i++) {
		const struct asr_heap_point *p = &g_array_index(series->points, struct asr_heap_point, i);

		if (choice.at.best && p->k == choice.at.best->k)
			peak_rates = &p->live;
		if (!points || same)
			continue;
		row.t_ns = asr_heap_instant(heap, p->k);
		if (estimate_point(&row, &p->live, &p->allocated, &series->allocated, threads, options,
				   &at_peak))
			goto refused;
		g_array_append_val(curve->points, row);
	}
	curve->end_ns = series->last_ns;
	if (points && same) {
		g_array_append_vals(curve->points, same->points->data, same->points->len);
	} else if (points) {
		row.t_ns = series->last_ns;
		if (estimate_point(&row, &series->live, &series->allocated, &series->allocated,
				   threads, options, &at_peak))
			goto refused;
		g_array_append_val(curve->points, row);
	}
	if (process && process->peak_known) {
		curve->peak = process->peak_live;
		return curve;
	}
	if (asr_rates_estimate(peak_rates, &series->allocated, threads, &at_peak, &curve->peak))
		goto refused;
	return curve;

refused:
	curve_free(curve);
	return NULL;
}

/*
 * Whether two series hold the same samples at the same instants: the
 * total's and its process's when the traces hold one process (the usual
 * report of one program), whose curves' points would then be estimated
 * twice from the same sums.
 */
static bool same_series(const struct asr_heap_series *a, const struct asr_heap_series *b)
{
	guint i;

	if (a->points->len != b->points->len || a->first_ns != b->first_ns ||
	    a->last_ns != b->last_ns || !asr_rates_equal(&a->live, &b->live) ||
	    !asr_rates_equal(&a->allocated, &b->allocated))
		return false;
	for (i = 0; i < a->points->len; i++) {
		const struct asr_heap_point *p = &g_array_index(a->points, struct asr_heap_point, i);
		const struct asr_heap_point *q = &g_array_index(b->points, struct asr_heap_point, i);

		if (p->k != q->k || !asr_rates_equal(&p->live, &q->live) ||
		    !asr_rates_equal(&p->allocated, &q->allocated))
			return false;
	}
	return true;
}

/* The process group of `series` in `summary`, or NULL. */
static const struct asr_group *process_of(const struct asr_summary *summary,
					  const struct asr_heap_series *series)
{
	const struct asr_cell *first = series->cells->len ? g_ptr_array_index(series->cells, 0) : NULL;
	struct asr_group key = {
		.kind = ASR_KIND_PROCESS,
		.host = series->trace->host,
		.procname = first ? first->procname : NULL,
		.vpid = series->vpid,
		.has_vpid = series->has_vpid,
		.anon_trace = series->has_vpid ? 0 : series->trace->id,
	};

	return asr_summary_find(summary, &key);
}

int asr_heap_view_curves(struct asr_heap_view *view, const struct asr_heap *heap,
			 const struct asr_summary *summary,
			 const struct as_estimate_options *options, bool points)
{
	GHashTable *series_of = g_hash_table_new(g_direct_hash, g_direct_equal);
	const GPtrArray *processes = summary->groups[ASR_KIND_PROCESS];
	struct asr_heap_curve *curve, *total;
	int status = -1;
	guint i;

	g_ptr_array_set_free_func(view->curves, curve_free);
	for (i = 0; i < heap->processes->len; i++) {
		const struct asr_heap_series *series = g_ptr_array_index(heap->processes, i);
		const struct asr_group *g = process_of(summary, series);

		/* A curve where the live figures are known: some sample was
		 * tracked to its free. */
		if (tracks_frees(series) && g && g->live_known)
			g_hash_table_insert(series_of, (gpointer) g, (gpointer) series);
	}
	if (g_hash_table_size(series_of) == 0 || !heap->total.has_time) {
		status = 0;
		goto end;
	}
	total = curve_of(heap, &heap->total, summary->total.threads, NULL, options, points, NULL);
	if (!total)
		goto end;
	total->incomplete = summary->total.live_incomplete;
	g_ptr_array_add(view->curves, total);
	for (i = 0; i < processes->len; i++) {
		const struct asr_group *g = g_ptr_array_index(processes, i);
		const struct asr_heap_series *series = g_hash_table_lookup(series_of, g);

		if (!series)
			continue;
		curve = curve_of(heap, series, g->threads, g, options, points,
				 g->threads == summary->total.threads &&
					 same_series(&heap->total, series) ? total : NULL);
		if (!curve)
			goto end;
		curve->incomplete = g->live_incomplete;
		g_ptr_array_add(view->curves, curve);
	}
	status = 0;
end:
	g_hash_table_destroy(series_of);
	return status;
}

void asr_heap_view_fini(struct asr_heap_view *view)
{
	if (view->peak_cells)
		g_hash_table_destroy(view->peak_cells);
	if (view->curves)
		g_ptr_array_free(view->curves, TRUE);
	memset(view, 0, sizeof *view);
}
