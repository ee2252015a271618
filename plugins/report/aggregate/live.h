/* live.h - the sampled blocks still live: each tracked sample until its SampledFree. */
#ifndef ALLOCSAMPLE_REPORT_AGGREGATE_LIVE_H
#define ALLOCSAMPLE_REPORT_AGGREGATE_LIVE_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "aggregate/table.h"
#include "aggregate/traces.h"
#include "read/free_event.h"
#include "read/sample.h"

/*
 * Live samples by address, per trace and process: what a SampledFree
 * matches.  Memory grows with the samples live at once, never with
 * events: a freed sample leaves the table.  Each live sample is also in
 * its cell's `live` accumulators, so the model needs no walk of this table.
 */
struct asr_live_block;

struct asr_live {
	struct asr_live_block *slots; /* open addressing, linear probing; owned */
	size_t capacity;              /* a power of two, or 0 before the first */
	size_t count;                 /* slots in use: at most capacity / 2 */
	/* The cells whose `live` changed since their `live_changed` was last
	 * cleared (by asr_windows_live_end), each once: at most every cell. */
	GPtrArray *changed;
	int64_t temporary_ns;         /* the report's `temporary`: a freed sample's
				       * lifetime goes to aggregate/lifetimes.h */
};

/* GLib aborts when out of memory, so init cannot fail. */
void asr_live_init(struct asr_live *live);
void asr_live_fini(struct asr_live *live);

/*
 * A sample that asr_table_add() put in `cell` and weighed, from trace
 * `trace`.  A
 * tracked sample of a trace whose frees are known becomes live; another is
 * counted in its cell's `untracked` and its trace's.  A tracked sample at
 * an address still live means the earlier block's free was lost (the shim
 * emits the free before the allocator can reuse the address): the earlier
 * sample is taken as freed and the trace's `lost_frees` counted.
 */
void asr_live_sample(struct asr_live *live, struct asr_trace *trace, struct asr_cell *cell,
		     const struct asr_sample *sample, const struct asr_weighed *weighed);

/* The same for a block a checkpoint says is live, allocated before the
 * window of a snapshot (aggregate/checkpoints.h): in the live figures, but
 * not among the samples whose lifetimes the report tells, since it was
 * not allocated in the window (doc/estimation.md, "A snapshot"). */
void asr_live_seed(struct asr_live *live, struct asr_trace *trace, struct asr_cell *cell,
		   const struct asr_sample *sample, const struct asr_weighed *weighed);

/* A SampledFree of trace `trace`: its sample leaves its cell's live
 * accumulators (and its process's curve's), its lifetime goes to its
 * cell's (aggregate/lifetimes.h), and its cell is returned; a free with no
 * live sample (a block allocated before the session, or tracked in the
 * parent before fork) is counted in the trace's `unmatched_frees` and
 * otherwise ignored: NULL. */
struct asr_cell *asr_live_free(struct asr_live *live, struct asr_trace *trace,
			       const struct asr_free_event *event);

/* Whether the block at `ptr` of process `vpid` (has_vpid) of `trace` is
 * live. */
bool asr_live_has(const struct asr_live *live, const struct asr_trace *trace, bool has_vpid,
		  int64_t vpid, uint64_t ptr);

/* Whether the table is larger than a core's cache keeps close (256 KiB,
 * 2 048 slots): thousands of blocks live at once. */
bool asr_live_outgrows_cache(const struct asr_live *live);

/* Fetches into the cache the slot where the block (trace, vpid, ptr)
 * is or would go, for asr_live_sample or asr_live_free soon after: with
 * thousands of blocks live (a program that frees in random order), the
 * table outgrows the cache and each probe would otherwise wait for
 * memory.  vpid is 0 when the event has none. */
void asr_live_prefetch(const struct asr_live *live, const struct asr_trace *trace, int64_t vpid,
		       uint64_t ptr);

/* Calls `fn` once for every live sample but the seeded ones, with its
 * cell, the sample as the cell weighed it, and its age at the last event
 * of its trace that passed here (-1: unknown, the sample had no time). */
void asr_live_each(const struct asr_live *live,
		   void (*fn)(struct asr_cell *cell, const struct asr_weighed *sample, int64_t age_ns,
			      void *data),
		   void *data);

#endif
