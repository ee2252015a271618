/* timeline.c - each window's groups, built from its samples alone (see timeline.h). */
#include <string.h>

#include "model/model.h"
#include "model/timeline.h"

static gint compare_slots(gconstpointer pa, gconstpointer pb)
{
	const struct asr_window_slot *a = *(const struct asr_window_slot *const *) pa;
	const struct asr_window_slot *b = *(const struct asr_window_slot *const *) pb;

	return a->index < b->index ? -1 : a->index > b->index;
}

/*
 * The row of group `whole` (`threads` = its T over the whole report) from
 * its group in the window, `in_window`, or NULL when it has no sample
 * there.  The window's summary estimated `in_window` with the threads that
 * sampled in the window: right for the lower end, since each of them may
 * have started its first gap before the window.  The upper end adds one
 * gap for every thread of the group, since any of them may have allocated
 * after its last sample in the window, or in a window where it has none
 * (doc/estimation.md, "Time windows").  A group without samples in the
 * window: estimate 0, "below F^-1((1+C)/2; T)".
 */
static int row_estimate(const struct asr_group *whole, const struct asr_group *in_window,
			uint64_t threads, const struct as_estimate_options *options,
			struct asr_window_row *row)
{
	struct as_estimate all;
	struct as_estimate_accum *empty;
	bool one_thread = whole->kind == ASR_KIND_THREAD || whole->kind == ASR_KIND_THREAD_TYPE;
	size_t i;
	int status;

	row->group = whole;
	if (in_window) {
		row->threads = one_thread ? 1 : in_window->threads;
		row->est = in_window->est;
		if (row->threads == threads)
			return 0;
		status = as_estimate_compute(in_window->rates.accums, in_window->rates.n, threads,
					     options, &all);
		row->est.upper = all.upper;
		return status;
	}
	row->threads = 0;
	empty = g_new0(struct as_estimate_accum, whole->rates.n);
	for (i = 0; i < whole->rates.n; i++)
		empty[i].rate = whole->rates.accums[i].rate;
	status = as_estimate_compute(empty, whole->rates.n, threads, options, &row->est);
	g_free(empty);
	return status;
}

/* Appends the rows of one window, from its summary `window`. */
static int window_rows(GArray *rows, const struct asr_summary *whole,
		       const struct asr_summary *window, struct asr_window_row *row,
		       unsigned group_by, const struct as_estimate_options *options)
{
	static const enum asr_kind kinds[] = { ASR_KIND_THREAD, ASR_KIND_TYPE };
	size_t k;
	guint i;

	if (whole->samples == 0)
		return 0;
	if (row_estimate(&whole->total, window->samples > 0 ? &window->total : NULL,
			 whole->total.threads, options, row))
		return -1;
	g_array_append_val(rows, *row);
	for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		if (!asr_kind_shown(kinds[k], group_by))
			continue;
		for (i = 0; i < whole->groups[kinds[k]]->len; i++) {
			const struct asr_group *g = g_ptr_array_index(whole->groups[kinds[k]], i);

			if (!asr_group_shown(g, group_by))
				continue;
			if (row_estimate(g, asr_summary_find(window, g),
					 kinds[k] == ASR_KIND_THREAD ? 1 : g->threads, options, row))
				return -1;
			g_array_append_val(rows, *row);
		}
	}
	return 0;
}

int asr_timeline_build(GArray *rows, const struct asr_summary *whole,
		       const struct asr_windows *w, const GPtrArray *traces,
		       unsigned group_by, const struct as_estimate_options *options)
{
	GPtrArray *slots = g_ptr_array_sized_new(g_hash_table_size(w->slots));
	int64_t first = asr_windows_first_index(w), count = asr_windows_count(w), k;
	struct asr_cell *cells = g_new(struct asr_cell, g_hash_table_size(w->slots) + 1);
	struct asr_window_row row;
	GHashTableIter it;
	gpointer p;
	guint next = 0;
	int status = 0;

	g_hash_table_iter_init(&it, w->slots);
	while (g_hash_table_iter_next(&it, &p, NULL))
		g_ptr_array_add(slots, p);
	g_ptr_array_sort(slots, compare_slots);

	for (k = 0; k < count && status == 0; k++) {
		struct asr_summary_input in = {
			.cells = g_hash_table_new(g_direct_hash, g_direct_equal),
			.traces = traces,
		};
		struct asr_summary window;

		/* The window's cells: the table's, with the window's samples. */
		for (; next < slots->len; next++) {
			const struct asr_window_slot *s = g_ptr_array_index(slots, next);
			struct asr_cell *c = &cells[next];

			if (s->index != first + k)
				break;
			*c = *s->cell;
			c->rates = s->rates;
			c->has_time = false;
			g_hash_table_add(in.cells, c);
			in.samples += asr_rates_samples(&s->rates);
		}
		row.window = k;
		row.start_ns = w->origin + (first + k) * w->length;
		row.end_ns = row.start_ns + w->length;
		if (asr_summary_build(&window, &in, options))
			status = -1;
		else
			status = window_rows(rows, whole, &window, &row, group_by, options);
		asr_summary_fini(&window);
		g_hash_table_destroy(in.cells);
	}
	g_free(cells);
	g_ptr_array_free(slots, TRUE);
	return status;
}
