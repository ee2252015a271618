/* messages.c - each message to its reader, and what it holds to the aggregate (see messages.h). */
#include "messages.h"
#include "read/fields.h"

void asr_readers_init(struct asr_readers *readers, const struct asr_params *params)
{
	asr_sample_reader_init(&readers->samples, params->group_by);
	asr_free_reader_init(&readers->frees);
	asr_scope_reader_init(&readers->scope_events, params);
	asr_process_name_reader_init(&readers->process_names);
	asr_mapping_reader_init(&readers->mappings);
	readers->read_mappings = readers->samples.read_stacks;
}

void asr_readers_fini(struct asr_readers *readers)
{
	asr_mapping_reader_fini(&readers->mappings);
	asr_process_name_reader_fini(&readers->process_names);
	asr_scope_reader_fini(&readers->scope_events);
	asr_free_reader_fini(&readers->frees);
	asr_sample_reader_fini(&readers->samples);
}

/* Reads an event and adds what it holds; returns false with a cause
 * appended when the trace cannot be analysed. */
static bool handle_event(struct asr_readers *readers, struct asr_aggregate *agg,
			 struct asr_worker *worker, bt_self_component *self, const bt_message *msg)
{
	struct asr_scope_event scope_event;
	struct asr_process_name name;
	struct asr_mapping_event mapping;
	struct asr_free_event free_event;
	struct asr_sample sample;
	enum asr_free_kind free_kind;

	switch (asr_sample_read(&readers->samples, self, msg, &sample)) {
	case ASR_SAMPLE_OK:
		asr_worker_sample(worker, &sample);
		return true;
	case ASR_SAMPLE_OTHER:
		free_kind = asr_free_event_read(&readers->frees, self, msg, &free_event);
		if (free_kind == ASR_FREE_ERROR)
			return false;
		if (free_kind != ASR_FREE_OTHER) {
			asr_worker_free_event(worker, free_kind, &free_event);
			return true;
		}
		if (asr_process_name_read(&readers->process_names, msg, &name)) {
			asr_worker_drain(worker);
			asr_aggregate_process_name(agg, &name);
			return true;
		}
		if (readers->read_mappings && asr_mapping_event_read(&readers->mappings, msg, &mapping)) {
			asr_worker_drain(worker);
			asr_aggregate_mapping(agg, &mapping);
			return true;
		}
		if (!agg->scoped)
			return true;
		if (asr_scope_event_read(&readers->scope_events, self, msg, &scope_event))
			return false;
		if (scope_event.role != ASR_SCOPE_OTHER) {
			asr_worker_drain(worker);
			asr_aggregate_scope_event(agg, &scope_event);
		}
		return true;
	case ASR_SAMPLE_ERROR:
		break;
	}
	return false;
}

bool asr_message_handle(struct asr_readers *readers, struct asr_aggregate *agg,
			struct asr_worker *worker, bt_self_component *self,
			const bt_message *msg)
{
	uint64_t count;
	int64_t ns;

	if (agg->windowed && asr_message_time(msg, &ns))
		asr_worker_time(worker, ns);
	switch (bt_message_get_type(msg)) {
	case BT_MESSAGE_TYPE_EVENT:
		return handle_event(readers, agg, worker, self, msg);
	case BT_MESSAGE_TYPE_DISCARDED_EVENTS:
		asr_worker_drain(worker);
		/* The count may be missing (and is, behind debug-info 2.0.4). */
		asr_aggregate_loss(agg, bt_message_discarded_events_borrow_stream_const(msg), false,
			bt_message_discarded_events_get_count(msg, &count) ==
				BT_PROPERTY_AVAILABILITY_AVAILABLE ? &count : NULL);
		break;
	case BT_MESSAGE_TYPE_DISCARDED_PACKETS:
		asr_worker_drain(worker);
		asr_aggregate_loss(agg, bt_message_discarded_packets_borrow_stream_const(msg), true,
			bt_message_discarded_packets_get_count(msg, &count) ==
				BT_PROPERTY_AVAILABILITY_AVAILABLE ? &count : NULL);
		break;
	default:
		break;
	}
	return true;
}
