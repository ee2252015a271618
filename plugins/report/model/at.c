/* at.c - the cells' live samples at the instant of the `at` parameter (see at.h). */

#include "aggregate/aggregate.h"
#include "model/at.h"

/* A duration in seconds for the refusal, to the microsecond. */
static double seconds(int64_t ns)
{
	return (double) (ns / 1000) / 1e6;
}

GHashTable *asr_at_cells(const struct asr_aggregate *agg, const struct asr_params *params,
			 int64_t *t_ns, bt_self_component *self)
{
	const struct asr_heap *heap = &agg->heap;
	GHashTable *cells;
	guint i, j;

	if (!agg->live_known) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
			"Parameter `at`: this trace cannot say what was live at an instant: no sample was tracked to its free (record it with this version's allocsample-record, which enables allocsample:SampledFree).");
		return NULL;
	}
	if (!heap->at_reached) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
			"Parameter `at` is %.6g s: past the end of the trace, which spans %.6g s from its first sample or free.",
			seconds(params->at_ns),
			seconds(heap->total.has_time ? heap->total.last_ns - heap->origin : 0));
		return NULL;
	}
	*t_ns = heap->origin + params->at_ns;
	cells = g_hash_table_new(g_direct_hash, g_direct_equal);
	for (i = 0; i < heap->processes->len; i++) {
		const struct asr_heap_series *series = g_ptr_array_index(heap->processes, i);

		for (j = 0; series->at && j < series->at->cells->len; j++) {
			const struct asr_heap_cell_live *copy =
				&g_array_index(series->at->cells, struct asr_heap_cell_live, j);

			g_hash_table_insert(cells, (gpointer) copy->cell, (gpointer) &copy->live);
		}
	}
	return cells;
}
