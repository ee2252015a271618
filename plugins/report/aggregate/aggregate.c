/* aggregate.c - routes what the readers read to the tables that keep it (see aggregate.h). */
#include <string.h>

#include "aggregate/aggregate.h"

void asr_aggregate_init(struct asr_aggregate *agg, const struct asr_params *params)
{
	asr_traces_init(&agg->traces);
	asr_table_init(&agg->table, &agg->traces);
	agg->windowed = params->window_ns != 0;
	agg->scoped = params->scope_begin != NULL;
	asr_windows_init(&agg->windows, params->window_ns);
	asr_scopes_init(&agg->scopes, &agg->traces);
	asr_maps_init(&agg->maps);
	asr_raw_stacks_init(&agg->stacks);
	asr_live_init(&agg->live);
	asr_heap_init(&agg->heap, params->timeline_points - 1);
	if (params->has_at)
		asr_heap_keep_at(&agg->heap, params->at_ns);
	asr_sizes_init(&agg->sizes);
	asr_checkpoints_init(&agg->checkpoints);
	agg->live.temporary_ns = params->temporary_ns;
	agg->live_known = false;
}

void asr_aggregate_fini(struct asr_aggregate *agg)
{
	asr_checkpoints_fini(&agg->checkpoints);
	asr_heap_fini(&agg->heap);
	asr_sizes_fini(&agg->sizes);
	asr_live_fini(&agg->live);
	asr_raw_stacks_fini(&agg->stacks);
	asr_maps_fini(&agg->maps);
	asr_scopes_fini(&agg->scopes);
	asr_windows_fini(&agg->windows);
	asr_table_fini(&agg->table);
	asr_traces_fini(&agg->traces);
}

void asr_aggregate_time(struct asr_aggregate *agg, int64_t ns)
{
	if (!agg->windowed)
		return;
	if (agg->live_known)
		asr_windows_live_end(&agg->windows, agg->live.changed, ns);
	asr_windows_see(&agg->windows, ns);
}

void asr_aggregate_sample(struct asr_aggregate *agg, const struct asr_sample *sample)
{
	struct asr_raw_stack *stack = NULL;
	struct asr_trace *trace = asr_traces_get(&agg->traces, sample->trace);
	struct asr_weighed weighed;
	struct asr_cell *cell;

	if (sample->has_stack) {
		trace->has_stacks = trace->has_stacks || sample->stack_len > 0;
		stack = asr_raw_stacks_intern(&agg->stacks,
			asr_maps_process(&agg->maps, trace, sample->has_vpid, sample->vpid),
			sample->stack, sample->stack_len, sample->stack_truncated);
	}
	cell = asr_table_add(&agg->table, sample, stack, &weighed);

	if (!cell)
		return;
	if (!cell->heap)
		cell->heap = asr_heap_series_of(&agg->heap, cell);
	if (sample->has_time)
		asr_heap_advance(&agg->heap, cell->heap, sample->ns);
	asr_heap_allocated(cell->heap, &weighed);
	trace->free_tracking = trace->free_tracking || sample->has_free_tracked;
	trace->frees_known = trace->frees_known || sample->frees_known;
	agg->live_known = agg->live_known || sample->frees_known;
	asr_live_sample(&agg->live, trace, cell, sample, &weighed);
	asr_sizes_add(&agg->sizes, cell, &weighed);
	if (agg->windowed)
		asr_windows_add(&agg->windows, cell, sample, &weighed);
	if (agg->scoped)
		asr_scopes_sample(&agg->scopes, sample, &weighed);
}

void asr_aggregate_free_event(struct asr_aggregate *agg, enum asr_free_kind kind,
			      const struct asr_free_event *event)
{
	struct asr_trace *trace = asr_traces_get(&agg->traces, event->trace);
	struct asr_cell *cell;

	switch (kind) {
	case ASR_FREE_UNRECORDED:
		trace->unrecorded += event->count;
		return;
	case ASR_FREE_ATTACHED:
		trace->attaches++;
		if (event->procname && event->has_vpid)
			asr_traces_name_attached(&agg->traces, event->trace, event->vpid, event->procname);
		return;
	case ASR_FREE_DETACHED:
		trace->detaches++;
		return;
	default:
		break;
	}
	/* The curve's instants before the free see its block live. */
	if (event->has_time)
		asr_heap_advance(&agg->heap, NULL, event->ns);
	cell = asr_live_free(&agg->live, trace, event);
	if (cell && event->has_time)
		asr_heap_extend(cell->heap, event->ns);
}

bool asr_aggregate_prefetch_pays(const struct asr_aggregate *agg)
{
	return asr_live_outgrows_cache(&agg->live);
}

void asr_aggregate_prefetch_sample(struct asr_aggregate *agg, const struct asr_sample *sample)
{
	if (sample->frees_known && sample->free_tracked)
		asr_live_prefetch(&agg->live, asr_traces_get(&agg->traces, sample->trace),
				  sample->has_vpid ? sample->vpid : 0, sample->ptr);
}

void asr_aggregate_prefetch_free(struct asr_aggregate *agg, enum asr_free_kind kind,
				 const struct asr_free_event *event)
{
	if (kind == ASR_FREE_SAMPLED)
		asr_live_prefetch(&agg->live, asr_traces_get(&agg->traces, event->trace),
				  event->has_vpid ? event->vpid : 0, event->ptr);
}

void asr_aggregate_scope_event(struct asr_aggregate *agg, const struct asr_scope_event *event)
{
	asr_scopes_event(&agg->scopes, event);
}

void asr_aggregate_mapping(struct asr_aggregate *agg, const struct asr_mapping_event *event)
{
	asr_maps_add(&agg->maps, asr_traces_get(&agg->traces, event->trace), event);
}

void asr_aggregate_process_name(struct asr_aggregate *agg, const struct asr_process_name *name)
{
	asr_traces_name_process(&agg->traces, name->trace, name->vpid, name->name);
}

void asr_aggregate_loss(struct asr_aggregate *agg, const bt_stream *stream, bool packets,
			const uint64_t *count)
{
	asr_traces_add_loss(&agg->traces, stream, packets, count);
}

void asr_aggregate_late_stream(struct asr_aggregate *agg, int64_t begin_ns)
{
	if (!agg->traces.snapshot.late)
		asr_heap_gate(&agg->heap);
	asr_traces_late_stream(&agg->traces, begin_ns);
}

/* Block `b` of a complete pass of process (trace, vpid), ended at `ns`, as
 * a live sample unless its address is live already (sampled in the
 * window).  Its thread is named as the trace names it elsewhere
 * (`thread_names`, asr_table_thread_names). */
static void seed(struct asr_aggregate *agg, struct asr_trace *trace, bool has_vpid, int64_t vpid,
		 GHashTable *thread_names, const struct asr_checkpoint_block *b, bool has_time,
		 int64_t ns)
{
	int64_t tid = b->tid;
	struct asr_raw_stack *stack = NULL;
	struct asr_weighed weighed;
	struct asr_cell *cell;
	struct asr_sample sample = {
		.trace = trace->trace,
		.type = b->type,
		.type_len = strlen(b->type),
		.stack = b->stack,
		.stack_len = b->stack_len,
		.stack_truncated = b->stack_truncated,
		.has_stack = b->has_stack,
		.size = b->size,
		.offset = b->offset,
		.rate = b->rate,
		.ptr = b->ptr,
		.has_free_tracked = true,
		.free_tracked = true,
		.frees_known = true,
		.vpid = has_vpid ? vpid : 0,
		.has_vpid = has_vpid,
		.vtid = b->tid,
		.has_vtid = true,
		/* No time: its birth, before the window, is unknown. */
		.has_time = false,
	};

	if (asr_live_has(&agg->live, trace, has_vpid, vpid, b->ptr))
		return;
	sample.procname = g_hash_table_lookup(thread_names, &tid);
	if (b->has_stack) {
		trace->has_stacks = trace->has_stacks || b->stack_len > 0;
		stack = asr_raw_stacks_intern(&agg->stacks,
			asr_maps_process(&agg->maps, trace, has_vpid, vpid),
			b->stack, b->stack_len, b->stack_truncated);
	}
	cell = asr_table_seed(&agg->table, &sample, stack, &weighed);
	if (!cell)
		return;
	if (!cell->heap)
		cell->heap = asr_heap_series_of(&agg->heap, cell);
	if (has_time)
		asr_heap_advance(&agg->heap, cell->heap, ns);
	asr_heap_rate(cell->heap, b->rate);
	trace->free_tracking = true;
	trace->frees_known = true;
	agg->live_known = true;
	asr_live_seed(&agg->live, trace, cell, &sample, &weighed);
}

/* The end of pass `event->pass`: a complete one's blocks seeded, and its
 * process's curve known from then on. */
static void end_pass(struct asr_aggregate *agg, struct asr_process_passes *passes,
		     const struct asr_checkpoint_event *event)
{
	struct asr_trace *trace = asr_traces_get(&agg->traces, event->trace);
	GPtrArray *blocks = asr_passes_end(passes, event->pass, event->blocks);
	GHashTable *thread_names;

	if (!blocks)
		return;
	/* Looked up once per pass: a walk of the cells. */
	thread_names = asr_table_thread_names(&agg->table, trace, event->has_vpid, event->vpid);
	for (guint i = 0; i < blocks->len; i++)
		seed(agg, trace, event->has_vpid, event->vpid, thread_names,
		     g_ptr_array_index(blocks, i), event->has_time, event->ns);
	g_hash_table_destroy(thread_names);
	g_ptr_array_unref(blocks);
	if (event->has_time)
		asr_heap_known_process(&agg->heap, trace, event->has_vpid, event->vpid, event->ns);
}

void asr_aggregate_checkpoint(struct asr_aggregate *agg, enum asr_checkpoint_kind kind,
			      const struct asr_checkpoint_event *event)
{
	struct asr_process_passes *passes = asr_checkpoints_process(&agg->checkpoints, event->trace,
								    event->has_vpid, event->vpid);
	struct asr_checkpoint_block block;

	switch (kind) {
	case ASR_CHECKPOINT_BEGIN:
		asr_passes_begin(passes, event->pass);
		break;
	case ASR_CHECKPOINT_BLOCK:
		block = (struct asr_checkpoint_block) {
			.ptr = event->ptr, .size = event->size, .offset = event->offset,
			.rate = event->rate, .tid = event->tid, .type = (char *) event->type,
			.stack = (uint64_t *) event->stack, .stack_len = event->stack_len,
			.stack_truncated = event->stack_truncated, .has_stack = event->has_stack,
		};
		asr_passes_block(passes, event->pass, &block);
		break;
	case ASR_CHECKPOINT_END:
		end_pass(agg, passes, event);
		break;
	default:
		break;
	}
}

bool asr_aggregate_checkpoint_free(struct asr_aggregate *agg, const struct asr_free_event *event)
{
	struct asr_process_passes *passes = (struct asr_process_passes *) asr_checkpoints_find(
		&agg->checkpoints, event->trace, event->has_vpid, event->vpid);

	return passes && asr_passes_free(passes, event->ptr);
}

bool asr_aggregate_is_live(struct asr_aggregate *agg, const struct asr_free_event *event)
{
	return asr_live_has(&agg->live, asr_traces_get(&agg->traces, event->trace), event->has_vpid,
			    event->vpid, event->ptr);
}
