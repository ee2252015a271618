/* aggregate.c - routes what the readers read to the tables that keep it (see aggregate.h). */
#include "aggregate/aggregate.h"

void asr_aggregate_init(struct asr_aggregate *agg, const struct asr_params *params)
{
	asr_traces_init(&agg->traces);
	asr_table_init(&agg->table, &agg->traces);
	agg->windowed = params->window_ns != 0;
	agg->scoped = params->scope_begin != NULL;
	asr_windows_init(&agg->windows, params->window_ns);
	asr_scopes_init(&agg->scopes, &agg->traces);
}

void asr_aggregate_fini(struct asr_aggregate *agg)
{
	asr_scopes_fini(&agg->scopes);
	asr_windows_fini(&agg->windows);
	asr_table_fini(&agg->table);
	asr_traces_fini(&agg->traces);
}

void asr_aggregate_time(struct asr_aggregate *agg, int64_t ns)
{
	if (agg->windowed)
		asr_windows_see(&agg->windows, ns);
}

void asr_aggregate_sample(struct asr_aggregate *agg, const struct asr_sample *sample)
{
	const struct asr_cell *cell = asr_table_add(&agg->table, sample);

	if (!cell)
		return;
	if (agg->windowed)
		asr_windows_add(&agg->windows, cell, sample);
	if (agg->scoped)
		asr_scopes_sample(&agg->scopes, sample);
}

void asr_aggregate_scope_event(struct asr_aggregate *agg, const struct asr_scope_event *event)
{
	asr_scopes_event(&agg->scopes, event);
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
