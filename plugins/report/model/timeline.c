/* timeline.c - each window's groups, built from its samples alone (see timeline.h). */
#include <string.h>

#include "aggregate/aggregate.h"
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
 * (doc/estimation.md, "Time windows").  Every rate of the whole group
 * counts, with samples in the window or not: a group without samples in
 * the window has estimate 0, "below F^-1((1+C)/2; T)" at each.
 */
static int row_estimate(const struct asr_group *whole, const struct asr_group *in_window,
			uint64_t threads, const struct as_estimate_options *options,
			struct asr_window_row *row)
{
	static const struct asr_rates none;
	struct as_estimate all;
	bool one_thread = whole->kind == ASR_KIND_THREAD || whole->kind == ASR_KIND_THREAD_TYPE;
	int status;

	row->group = whole;
	if (!in_window) {
		row->threads = 0;
		return asr_rates_estimate(&none, &whole->rates, threads, options, &row->est);
	}
	row->threads = one_thread ? 1 : in_window->threads;
	row->est = in_window->est;
	/* The window's rates are among the whole group's: as many, the same. */
	if (in_window->rates.n < whole->rates.n &&
	    asr_rates_estimate(&in_window->rates, &whole->rates, row->threads, options, &row->est))
		return -1;
	if (row->threads == threads)
		return 0;
	status = asr_rates_estimate(&in_window->rates, &whole->rates, threads, options, &all);
	row->est.upper = all.upper;
	return status;
}

/* The live figures of group `whole` at a window's end from its group in
 * the summary of the live samples then, `live` (NULL: none live), with
 * the T of the whole group. */
static int row_live(const struct asr_group *whole, const struct asr_group *live, uint64_t threads,
		    const struct as_estimate_options *options, struct asr_window_row *row)
{
	static const struct asr_rates none;

	if (!whole->live_known)
		return 0;
	return asr_rates_estimate(live ? &live->rates : &none, &whole->rates, threads, options,
				  &row->live);
}

/* Appends the rows of one window, from its summary `window` and that of
 * the samples live at its end, `live` (NULL: the report has no live
 * figures). */
static int window_rows(GArray *rows, const struct asr_summary *whole,
		       GPtrArray *const shown[ASR_KIND_COUNT], const struct asr_summary *window,
		       const struct asr_summary *live, struct asr_window_row *row,
		       const struct as_estimate_options *options)
{
	static const enum asr_kind kinds[] = { ASR_KIND_THREAD, ASR_KIND_TYPE };
	size_t k;
	guint i;

	if (asr_summary_empty(whole))
		return 0;
	memset(&row->live, 0, sizeof row->live);
	if (row_estimate(&whole->total, window->samples > 0 ? &window->total : NULL,
			 whole->total.threads, options, row) ||
	    (live && row_live(&whole->total, live->samples > 0 ? &live->total : NULL,
			      whole->total.threads, options, row)))
		return -1;
	g_array_append_val(rows, *row);
	for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		for (i = 0; i < shown[kinds[k]]->len; i++) {
			const struct asr_group *g = g_ptr_array_index(shown[kinds[k]], i);
			uint64_t threads = kinds[k] == ASR_KIND_THREAD ? 1 : g->threads;

			if (row_estimate(g, asr_summary_find(window, g), threads, options, row) ||
			    (live && row_live(g, asr_summary_find(live, g), threads, options, row)))
				return -1;
			g_array_append_val(rows, *row);
		}
	}
	return 0;
}

/* The live samples of every cell at the end of the window being built:
 * the window-end copies (aggregate/window.h) applied in order, each over
 * the state the previous ones left. */
struct live_state {
	GHashTable *current;    /* const struct asr_cell * -> const struct asr_rates * */
	guint next_end;         /* the first copy not applied yet */
};

/* Fills `in` with the cells live at the end of window `index`: the copies
 * up to it, or the table's cells (`last`: the end of the trace), their live
 * samples in `cells` (room for every table cell). */
static void live_cells(struct asr_summary_input *in, struct live_state *state,
		       const struct asr_windows *w, GHashTable *table_cells, int64_t index, bool last,
		       struct asr_cell *cells)
{
	GHashTableIter it;
	gpointer key, value;
	guint n = 0;

	for (; state->next_end < w->live_ends->len; state->next_end++) {
		const struct asr_live_end *end = g_ptr_array_index(w->live_ends, state->next_end);

		if (end->index > index)
			break;
		for (guint i = 0; i < end->cells->len; i++) {
			const struct asr_live_copy *copy =
				&g_array_index(end->cells, struct asr_live_copy, i);

			g_hash_table_insert(state->current, (gpointer) copy->cell, (gpointer) &copy->live);
		}
	}
	g_hash_table_iter_init(&it, last ? table_cells : state->current);
	while (g_hash_table_iter_next(&it, &key, &value)) {
		const struct asr_cell *c = key;
		const struct asr_rates *live = last ? &c->live : value;

		if (asr_rates_samples(live) == 0)
			continue;
		cells[n] = *c;
		cells[n].rates = *live;
		g_hash_table_add(in->cells, &cells[n]);
		in->samples += asr_rates_samples(live);
		n++;
	}
}

const struct asr_window_row *asr_timeline_live_peak(const GArray *rows,
						    const struct asr_summary *whole)
{
	const struct asr_window_row *peak = NULL;
	guint i;

	if (!rows || !whole->live_known)
		return NULL;
	for (i = 0; i < rows->len; i++) {
		const struct asr_window_row *row = &g_array_index(rows, struct asr_window_row, i);

		if (row->group == &whole->total && (!peak || row->live.weighted > peak->live.weighted))
			peak = row;
	}
	return peak;
}

int asr_timeline_build(GArray *rows, const struct asr_summary *whole,
		       GPtrArray *const shown[ASR_KIND_COUNT], const struct asr_windows *w,
		       GHashTable *table_cells, const GPtrArray *traces,
		       const struct as_estimate_options *options)
{
	struct asr_cell *live_room = whole->live_known ?
		g_new(struct asr_cell, g_hash_table_size(table_cells) + 1) : NULL;
	GPtrArray *slots = g_ptr_array_sized_new(g_hash_table_size(w->slots));
	int64_t first = asr_windows_first_index(w), count = asr_windows_count(w), k;
	struct asr_cell *cells = g_new(struct asr_cell, g_hash_table_size(w->slots) + 1);
	struct asr_window_row row;
	struct live_state live_state = { g_hash_table_new(g_direct_hash, g_direct_equal), 0 };
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
		struct asr_summary_input live_in = {
			.cells = g_hash_table_new(g_direct_hash, g_direct_equal),
			.traces = traces,
		};
		struct asr_summary window, live;

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
		if (live_room)
			live_cells(&live_in, &live_state, w, table_cells, first + k, k == count - 1,
				   live_room);
		if (asr_summary_build(&window, &in, options) ||
		    (live_room && asr_summary_build(&live, &live_in, options)))
			status = -1;
		else
			status = window_rows(rows, whole, shown, &window, live_room ? &live : NULL, &row,
					     options);
		asr_summary_fini(&window);
		if (live_room)
			asr_summary_fini(&live);
		g_hash_table_destroy(in.cells);
		g_hash_table_destroy(live_in.cells);
	}
	g_hash_table_destroy(live_state.current);
	g_free(live_room);
	g_free(cells);
	g_ptr_array_free(slots, TRUE);
	return status;
}
