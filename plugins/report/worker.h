/*
 * worker.h - the aggregation thread: samples, frees and window times are
 * added to the aggregate on a thread of their own while babeltrace2's
 * thread decodes and reads the next events (doc/design.md section 4,
 * "Two threads").
 *
 * What a message holds is read on babeltrace2's thread (its objects
 * belong to the thread that runs the graph), copied into batches of
 * records, and added to the aggregate by the worker in the order it was
 * read, so that the aggregate is the one the reading thread would have
 * built alone.  Every
 * other use of the aggregate (a trace's first sight, a mapping, a process
 * name, a scope event, a loss, a report) first drains the batches: the
 * worker is then idle, and the aggregate is the caller's until it queues
 * again.  The handoffs are under one mutex, so each side sees what the
 * other wrote before it.
 */
#ifndef ALLOCSAMPLE_REPORT_WORKER_H
#define ALLOCSAMPLE_REPORT_WORKER_H

#include <stdint.h>

#include "aggregate/aggregate.h"
#include "read/free_event.h"
#include "read/sample.h"

struct asr_worker;

/* A worker adding to `agg`.  When this process may run on one CPU only
 * (its affinity mask), or the thread cannot be started, there is no
 * thread: each call below adds to the aggregate at once.  GLib aborts
 * when out of memory. */
struct asr_worker *asr_worker_new(struct asr_aggregate *agg);

/* Drains, then ends the thread; NULL is ignored. */
void asr_worker_free(struct asr_worker *worker);

/* Queue a sample, a free event or a window time for the aggregate, as
 * asr_aggregate_sample, asr_aggregate_free_event and asr_aggregate_time
 * would add them.  What the sample borrows (its stack, type and thread
 * name) is copied.  A trace's record is made on this thread (it reads
 * the trace's environment), after a drain, before the worker gets the
 * trace's first event.  A record too large for a batch (a stack of hundreds
 * of frames with a long type) is added on this thread after a drain. */
void asr_worker_sample(struct asr_worker *worker, const struct asr_sample *sample);
void asr_worker_free_event(struct asr_worker *worker, enum asr_free_kind kind,
			   const struct asr_free_event *event);
void asr_worker_time(struct asr_worker *worker, int64_t ns);

/* Returns once everything queued is in the aggregate, the worker idle:
 * the caller may then read or change the aggregate until it queues
 * again. */
void asr_worker_drain(struct asr_worker *worker);

#endif
