/* messages.h - from a message to the aggregate: which reader reads it, what is added. */
#ifndef ALLOCSAMPLE_REPORT_MESSAGES_H
#define ALLOCSAMPLE_REPORT_MESSAGES_H

#include <stdbool.h>

#include <babeltrace2/babeltrace.h>

#include "aggregate/aggregate.h"
#include "params.h"
#include "read/checkpoint_event.h"
#include "read/free_event.h"
#include "read/mapping_event.h"
#include "read/process_name.h"
#include "read/sample.h"
#include "read/scope_event.h"
#include "worker.h"

/* The readers of the component, each checking an event class once. */
struct asr_readers {
	struct asr_sample_reader samples;
	struct asr_free_reader frees;          /* SampledFree, SamplesUnrecorded */
	struct asr_checkpoint_reader checkpoints; /* read in a late-beginning report only */
	struct asr_scope_reader scope_events;  /* used with `scope-begin` and `scope-end` */
	struct asr_process_name_reader process_names;
	struct asr_mapping_reader mappings;    /* used when samples give stacks */
	bool read_mappings;
};

/* GLib aborts when out of memory, so init cannot fail. */
void asr_readers_init(struct asr_readers *readers, const struct asr_params *params);
void asr_readers_fini(struct asr_readers *readers);

/* Reads message `msg` (a sample, a scope event, a loss, a time for the
 * windows, a stream's beginning, which may begin late, or a checkpoint's
 * event) and adds what it holds to `agg`: samples, frees and times
 * through `worker`, the rest after draining it.  Returns false with a
 * cause appended to `self` when the trace cannot be analysed. */
bool asr_message_handle(struct asr_readers *readers, struct asr_aggregate *agg,
			struct asr_worker *worker, bt_self_component *self,
			const bt_message *msg);

#endif
