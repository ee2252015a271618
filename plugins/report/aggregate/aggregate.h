/* aggregate.h - everything the report accumulates while messages flow: traces, cells, windows, scope instances. */
#ifndef ALLOCSAMPLE_REPORT_AGGREGATE_AGGREGATE_H
#define ALLOCSAMPLE_REPORT_AGGREGATE_AGGREGATE_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>

#include "aggregate/checkpoints.h"
#include "aggregate/heap.h"
#include "aggregate/live.h"
#include "aggregate/maps.h"
#include "aggregate/scopes.h"
#include "aggregate/sizes.h"
#include "aggregate/stacks.h"
#include "aggregate/table.h"
#include "aggregate/traces.h"
#include "aggregate/window.h"
#include "params.h"
#include "read/checkpoint_event.h"
#include "read/mapping_event.h"
#include "read/process_name.h"
#include "read/sample.h"
#include "read/scope_event.h"

/* Memory: constant per cell, per (cell, window) with samples, per scope
 * instance, per distinct raw stack, per mapped object and per process (its
 * size classes, and up to `timeline-points` points and a snapshot of its
 * cells per level of the heap's grid, aggregate/heap.h); never per
 * sample. */
struct asr_aggregate {
	struct asr_traces traces;
	struct asr_table table;
	struct asr_windows windows;  /* used with the `window` parameter */
	struct asr_scopes scopes;    /* used with `scope-begin` and `scope-end` */
	struct asr_maps maps;        /* what each process mapped (with stacks) */
	struct asr_raw_stacks stacks;
	struct asr_live live;        /* tracked samples until their free (schema 3) */
	struct asr_heap heap;        /* each process's live bytes over time */
	struct asr_sizes sizes;      /* each process's samples by size class */
	/* Each process's checkpoint passes, in a late-beginning report only:
	 * touched by babeltrace2's thread alone (worker.h), the worker
	 * drained before a complete pass adds its blocks. */
	struct asr_checkpoints checkpoints;
	bool windowed;
	bool scoped;
	bool live_known;             /* some trace's frees are known */
};

/* GLib aborts when out of memory, so init cannot fail. */
void asr_aggregate_init(struct asr_aggregate *agg, const struct asr_params *params);
void asr_aggregate_fini(struct asr_aggregate *agg);

/* Extends the time span (windows) to a message's time. */
void asr_aggregate_time(struct asr_aggregate *agg, int64_t ns);

/* Adds a sample to its cell (with its raw stack, interned, when it has
 * one), its process's size class, its window and the scope instance open
 * on its thread; an
 * impossible sample is only counted. */
void asr_aggregate_sample(struct asr_aggregate *agg, const struct asr_sample *sample);

/* A SampledFree, SamplesUnrecorded, Attached or Detached event (`kind`). */
void asr_aggregate_free_event(struct asr_aggregate *agg, enum asr_free_kind kind,
			      const struct asr_free_event *event);

/* Whether the hints below pay: the live table has outgrown the cache. */
bool asr_aggregate_prefetch_pays(const struct asr_aggregate *agg);

/* Hints that the sample or free event will be added soon: the live
 * table's slot of its block is fetched into the cache meanwhile.  It
 * changes nothing; the trace must be known (asr_traces_find). */
void asr_aggregate_prefetch_sample(struct asr_aggregate *agg, const struct asr_sample *sample);
void asr_aggregate_prefetch_free(struct asr_aggregate *agg, enum asr_free_kind kind,
				 const struct asr_free_event *event);

/* Opens or closes a scope instance. */
void asr_aggregate_scope_event(struct asr_aggregate *agg, const struct asr_scope_event *event);

/* Records an object mapped or unmapped by a process. */
void asr_aggregate_mapping(struct asr_aggregate *agg, const struct asr_mapping_event *event);

/* Records the name of a process from lttng-ust's statedump. */
void asr_aggregate_process_name(struct asr_aggregate *agg, const struct asr_process_name *name);

/* A stream that begins late (read/first_packet.h), its first packet at
 * `begin_ns`: the report is of the window from the latest such beginning
 * on, its live set known from a complete checkpoint. */
void asr_aggregate_late_stream(struct asr_aggregate *agg, int64_t begin_ns);

/* Whether an event at `ns` (has_time) is outside the window of a
 * late-beginning report: before it some streams are missing. */
static inline bool asr_aggregate_before_window(const struct asr_aggregate *agg, bool has_time,
					       int64_t ns)
{
	return agg->traces.snapshot.late && has_time && ns < agg->traces.snapshot.start_ns;
}

/* A checkpoint pass's event (`kind`), in a late-beginning report.  The
 * End of a complete pass makes each of its blocks not live yet a live
 * sample of its thread, allocated before the window: in the live figures,
 * not in the allocated ones; its birth unknown.  The worker must be
 * drained before an End. */
void asr_aggregate_checkpoint(struct asr_aggregate *agg, enum asr_checkpoint_kind kind,
			      const struct asr_checkpoint_event *event);

/* A SampledFree, in a late-beginning report: the block leaves the pass
 * being read of its process, before the free is added.  Returns whether
 * it was in the pass: then the free is of a block the pass said was live,
 * and the caller, having drained the worker, asks asr_aggregate_is_live()
 * whether the trace has its sample too. */
bool asr_aggregate_checkpoint_free(struct asr_aggregate *agg, const struct asr_free_event *event);

/* Whether the block a SampledFree names has a live sample. */
bool asr_aggregate_is_live(struct asr_aggregate *agg, const struct asr_free_event *event);

/* Records a discarded-events (`packets` false) or discarded-packets message
 * of stream `stream` (`count` NULL: the message had no count). */
void asr_aggregate_loss(struct asr_aggregate *agg, const bt_stream *stream, bool packets,
			const uint64_t *count);

#endif
