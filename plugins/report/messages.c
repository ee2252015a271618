/* messages.c - each message to its reader, and what it holds to the aggregate (see messages.h). */
#include <string.h>

#include "messages.h"
#include "read/fields.h"
#include "read/first_packet.h"

void asr_readers_init(struct asr_readers *readers, const struct asr_params *params)
{
	asr_sample_reader_init(&readers->samples, params->group_by);
	asr_free_reader_init(&readers->frees);
	asr_checkpoint_reader_init(&readers->checkpoints, readers->samples.read_stacks);
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
	asr_checkpoint_reader_fini(&readers->checkpoints);
	asr_free_reader_fini(&readers->frees);
	asr_sample_reader_fini(&readers->samples);
}

/* Reads a checkpoint pass's event, in a late-beginning report; returns
 * false when it is none (ASR_CHECKPOINT_OTHER) and sets `*failed` with a
 * cause appended when its class is incompatible. */
static bool handle_checkpoint(struct asr_readers *readers, struct asr_aggregate *agg,
			      struct asr_worker *worker, bt_self_component *self,
			      const bt_message *msg, bool *failed)
{
	struct asr_checkpoint_event event;
	enum asr_checkpoint_kind kind =
		asr_checkpoint_event_read(&readers->checkpoints, self, msg, &event);

	*failed = kind == ASR_CHECKPOINT_ERROR;
	if (kind == ASR_CHECKPOINT_OTHER || kind == ASR_CHECKPOINT_ERROR)
		return *failed;
	if (asr_aggregate_before_window(agg, event.has_time, event.ns)) {
		agg->traces.snapshot.before++;
		return true;
	}
	/* Its blocks are judged against the live samples: every sample and
	 * free before it added first. */
	if (kind == ASR_CHECKPOINT_END)
		asr_worker_drain(worker);
	asr_aggregate_checkpoint(agg, kind, &event);
	return true;
}

/* Reads an event and adds what it holds; returns false with a cause
 * appended when the trace cannot be analysed.  In a late-beginning report
 * the samples and frees before its window are left out. */
static bool handle_event(struct asr_readers *readers, struct asr_aggregate *agg,
			 struct asr_worker *worker, bt_self_component *self, const bt_message *msg)
{
	struct asr_scope_event scope_event;
	struct asr_process_name name;
	struct asr_mapping_event mapping;
	struct asr_free_event free_event;
	struct asr_sample sample;
	enum asr_free_kind free_kind;
	bool late = agg->traces.snapshot.late, failed;

	switch (asr_sample_read(&readers->samples, self, msg, &sample)) {
	case ASR_SAMPLE_OK:
		if (!asr_aggregate_before_window(agg, sample.has_time, sample.ns))
			asr_worker_sample(worker, &sample);
		else
			agg->traces.snapshot.before++;
		return true;
	case ASR_SAMPLE_OTHER:
		free_kind = asr_free_event_read(&readers->frees, self, msg, &free_event);
		if (free_kind == ASR_FREE_ERROR)
			return false;
		if (free_kind != ASR_FREE_OTHER) {
			if (asr_aggregate_before_window(agg, free_event.has_time, free_event.ns)) {
				agg->traces.snapshot.before++;
				return true;
			}
			/* A block of the pass being read, allocated before the
			 * window, freed before the pass's End: the pass
			 * accounts for it; it is no unmatched free. */
			if (late && free_kind == ASR_FREE_SAMPLED &&
			    asr_aggregate_checkpoint_free(agg, &free_event)) {
				asr_worker_drain(worker);
				if (!asr_aggregate_is_live(agg, &free_event))
					return true;
			}
			asr_worker_free_event(worker, free_kind, &free_event);
			return true;
		}
		if (late && handle_checkpoint(readers, agg, worker, self, msg, &failed))
			return !failed;
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

/* Whether `stream`'s class declares an event of the provider allocsample:
 * only such a stream bounds a snapshot's window.  Another channel that
 * begins late (a flight recorder's names' channel, which each snapshot
 * costs a sub-buffer; a user's kernel channel) misses nothing the figures
 * are made of, and taken for a bound it would cut a window short of its
 * last checkpoint. */
static bool carries_allocsample(const bt_stream *stream)
{
	const bt_stream_class *sc = bt_stream_borrow_class_const(stream);
	uint64_t i;

	for (i = 0; i < bt_stream_class_get_event_class_count(sc); i++) {
		const char *name = bt_event_class_get_name(
			bt_stream_class_borrow_event_class_by_index_const(sc, i));

		if (name && strncmp(name, "allocsample:", strlen("allocsample:")) == 0)
			return true;
	}
	return false;
}

bool asr_message_handle(struct asr_readers *readers, struct asr_aggregate *agg,
			struct asr_worker *worker, bt_self_component *self,
			const bt_message *msg)
{
	struct asr_first_packet first;
	uint64_t count;
	int64_t ns;

	if ((agg->windowed || agg->traces.snapshot.late) && asr_message_time(msg, &ns)) {
		if (agg->traces.snapshot.late)
			asr_traces_see(&agg->traces, ns);
		if (agg->windowed && !asr_aggregate_before_window(agg, true, ns))
			asr_worker_time(worker, ns);
	}
	switch (bt_message_get_type(msg)) {
	case BT_MESSAGE_TYPE_STREAM_BEGINNING:
		/* babeltrace2's muxer gives every stream's beginning before
		 * any event of a trace read from files, so the window is
		 * known before its first sample. */
		if (carries_allocsample(bt_message_stream_beginning_borrow_stream_const(msg)) &&
		    asr_first_packet_read(bt_message_stream_beginning_borrow_stream_const(msg), &first) &&
		    first.late) {
			asr_worker_drain(worker);
			asr_aggregate_late_stream(agg, first.begin_ns);
		}
		break;
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
