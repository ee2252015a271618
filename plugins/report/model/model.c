/* model.c - the one step from aggregated tables to the finished report (see model.h). */
#include <inttypes.h>
#include <string.h>

#include "aggregate/aggregate.h"
#include "model/at.h"
#include "model/call_tree.h"
#include "model/lifetime_parts.h"
#include "model/model.h"
#include "model/resolve.h"
#include "model/scopes.h"

static GArray *losses_of(const GPtrArray *traces)
{
	GArray *out = g_array_new(FALSE, FALSE, sizeof(struct asr_loss));
	guint i, j;

	for (i = 0; i < traces->len; i++) {
		const struct asr_trace *t = g_ptr_array_index(traces, i);

		for (j = 0; j < t->losses->len; j++) {
			const struct asr_stream_loss *l = &g_array_index(t->losses, struct asr_stream_loss, j);
			struct asr_loss loss = {
				.trace = { t->name, t->host },
				.stream_id = l->stream_id,
				.events = l->events,
				.packets = l->packets,
				.events_unknown = l->events_unknown,
				.packets_unknown = l->packets_unknown,
				.lost_events = l->lost_events,
				.lost_packets = l->lost_packets,
			};

			g_array_append_val(out, loss);
		}
	}
	return out;
}

/* The window of a late-beginning report, and how many of its processes
 * had no complete checkpoint in it. */
static void snapshot_of(struct asr_snapshot_view *view, const struct asr_aggregate *agg,
			const struct asr_params *params)
{
	const struct asr_snapshot_window *w = &agg->traces.snapshot;

	view->late = true;
	view->before = w->before;
	view->reason = asr_snapshot_reason_name(params->snapshot_reason);
	view->start_ns = w->start_ns;
	view->end_ns = w->has_end && w->end_ns > w->start_ns ? w->end_ns : w->start_ns;
	for (guint i = 0; i < agg->heap.processes->len; i++) {
		const struct asr_heap_series *s = g_ptr_array_index(agg->heap.processes, i);
		const struct asr_process_passes *p = asr_checkpoints_find(&agg->checkpoints,
			s->trace->trace, s->has_vpid, s->vpid);

		view->no_checkpoint += !p || p->complete == 0;
	}
}

int asr_model_build(struct asr_model *model, const struct asr_aggregate *agg,
		    struct asr_symbols *symbols, const struct asr_params *params,
		    const struct asr_model_options *options, bt_self_component *self)
{
	const struct as_estimate_options estimate_options = {
		.confidence = params->confidence,
		.boundary_compensation = params->boundary_compensation,
	};
	struct asr_summary_input in = {
		.cells = agg->table.cells,
		.traces = agg->traces.list,
		.samples = agg->table.samples,
		.skipped = agg->table.skipped,
		.live = agg->live_known,
		.sort = params->sort,
		.stacks = options->group_by & ASR_GROUP_BY_STACK,
		.functions = options->group_by & ASR_GROUP_BY_FUNCTION,
		.stack_cells = options->stack_cells,
		.figures = options->figures,
	};
	int status;

	memset(model, 0, sizeof *model);
	model->confidence = params->confidence;
	model->boundary_compensation = params->boundary_compensation;
	model->group_by = options->group_by;
	model->window_ns = params->window_ns;
	model->temporary_ns = params->temporary_ns;
	model->sort = params->sort;
	model->sizes_shown = params->sizes;
	model->has_at = params->has_at;
	model->at_ns = params->at_ns;
	model->losses = losses_of(agg->traces.list);
	model->cut = g_strdup(agg->traces.cut);
	if (agg->traces.snapshot.late) {
		snapshot_of(&model->snapshot, agg, params);
		in.checkpoints = &agg->checkpoints;
	}
	/* Refused only now, so that the suggestion covers the whole trace. */
	if (agg->windowed && agg->windows.too_many) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
			"Parameter `window`: windows of %" PRId64 " ns cannot cover the trace's %" PRId64 " ns in at most %d windows: give a window of at least %" PRId64 " ns.",
			params->window_ns, agg->windows.last - agg->windows.first, ASR_MAX_WINDOWS,
			asr_windows_length_needed(&agg->windows));
		return -1;
	}
	/* Each distinct raw stack resolved once, when a grouping asks. */
	if (asr_raw_stacks_count(&agg->stacks) > 0 &&
	    options->group_by & (ASR_GROUP_BY_STACK | ASR_GROUP_BY_SITE | ASR_GROUP_BY_FUNCTION)) {
		model->resolution = g_new0(struct asr_resolution, 1);
		asr_resolution_build(model->resolution, agg, symbols,
				     options->group_by & ASR_GROUP_BY_SITE);
		model->stack_problems = &model->resolution->problems;
		in.resolution = model->resolution;
	}
	if (params->has_at) {
		in.at_cells = asr_at_cells(agg, params, &model->at_t_ns, self);
		if (!in.at_cells)
			return -1;
	}
	if (agg->live_known) {
		asr_heap_view_peaks(&model->heap, &agg->heap, params->confidence);
		in.peak_cells = model->heap.peak_cells;
		in.lifetime_parts = asr_lifetime_parts_of_cells(agg, params->temporary_ns);
	}
	status = asr_summary_build(&model->summary, &in, &estimate_options);
	model->summary.live_notes.no_checkpoint = model->snapshot.no_checkpoint;
	model->summary.live_notes.snapshot = model->snapshot.late;
	if (in.lifetime_parts)
		g_hash_table_destroy(in.lifetime_parts);
	if (in.at_cells)
		g_hash_table_destroy(in.at_cells);
	if (status)
		goto refused;
	if (agg->live_known &&
	    asr_heap_view_curves(&model->heap, &agg->heap, &model->summary, &estimate_options,
				 options->curve_points))
		goto refused;
	model->sizes = asr_size_histograms_build(&model->summary, &agg->sizes, &estimate_options);
	if (!model->sizes)
		goto refused;
	asr_model_select(model, options);
	if (options->survival && asr_model_survival(model, &estimate_options))
		goto refused;
	if (in.stacks && options->call_tree) {
		model->call_tree = asr_call_tree_build(&model->summary, &estimate_options);
		if (!model->call_tree)
			goto refused;
	}
	model->rates = asr_rates_list(&model->summary.total.rates);
	if (agg->windowed) {
		model->windows = g_array_new(FALSE, FALSE, sizeof(struct asr_window_row));
		if (asr_timeline_build(model->windows, &model->summary, model->shown, &agg->windows,
				       agg->table.cells, agg->traces.list, &estimate_options))
			goto refused;
		model->live_peak = asr_timeline_live_peak(model->windows, &model->summary);
	}
	if (agg->scoped) {
		model->scopes = g_new0(struct asr_scope_model, 1);
		if (asr_scope_model_build(model->scopes, &agg->scopes, params, options->scope_rows,
					  &estimate_options))
			goto refused;
	}
	return 0;

refused:
	BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
		"The estimator refused confidence %g.", params->confidence);
	return -1;
}

void asr_model_fini(struct asr_model *model)
{
	enum asr_kind kind;

	for (kind = 0; kind < ASR_KIND_COUNT; kind++) {
		if (model->shown[kind])
			g_ptr_array_free(model->shown[kind], TRUE);
	}
	if (model->stack_cells)
		g_ptr_array_free(model->stack_cells, TRUE);
	if (model->rates)
		g_array_free(model->rates, TRUE);
	if (model->losses)
		g_array_free(model->losses, TRUE);
	g_free(model->cut);
	if (model->windows)
		g_array_free(model->windows, TRUE);
	if (model->scopes) {
		asr_scope_model_fini(model->scopes);
		g_free(model->scopes);
	}
	asr_call_tree_free(model->call_tree);
	asr_heap_view_fini(&model->heap);
	if (model->sizes)
		g_ptr_array_free(model->sizes, TRUE);
	asr_summary_fini(&model->summary);
	if (model->resolution) {
		asr_resolution_fini(model->resolution);
		g_free(model->resolution);
	}
	memset(model, 0, sizeof *model);
}
