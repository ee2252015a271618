/* emit.h - emitting allocsample's events for sampled objects and their frees. */
#ifndef ALLOCSAMPLE_EMIT_H
#define ALLOCSAMPLE_EMIT_H

#include <stdbool.h>
#include <stdint.h>

#include "sampler/checkpoint_table.h"

/*
 * Emits one event for an object sampled by the calling thread's sampler, if a
 * session records it; otherwise counts it for SamplesUnrecorded, which
 * precedes the next sample recorded.  `type` names the object's type; `ptr`
 * is the address given to the program (NULL when there is none);
 * `trackable` says that its frees all pass through liballocsample-preload.so,
 * so that a page-aligned `ptr` enters the set of sampled blocks
 * (sampled_set.h) and the event says free_tracked = 1; `ip` the caller's
 * return address, where the event's stack begins (its
 * ALLOCSAMPLE_STACK_DEPTH frames from there outward), reported as the
 * program's call site further up the stack when it lies in a runtime
 * (stack.h, call_site.h).  Preserves errno, and holds the sampler so that
 * the tracer's own allocations are neither sampled nor counted.
 */
void as_emit_sample(const char *type, uint64_t size, uint64_t offset, const void *ptr,
		    bool trackable, const void *ip);

/*
 * The checkpoint's events (schema 6), emitted by the checkpoint thread
 * (checkpoint.c), whose sampler is held: CheckpointBegin, CheckpointBlock
 * for one entry it holds, CheckpointEnd.  as_emit_checkpoint_wanted: true
 * while a session records CheckpointBegin, unless allocsample-record has
 * detached (the frees since are unseen: the table is stale).
 */
bool as_emit_checkpoint_wanted(void);
/* LiveHighWater for a mark owed and now due (high_water.h), from the
 * checkpoint thread: a process that stopped allocating after passing a
 * mark still has it said. */
void as_emit_high_water_due(void);
void as_emit_checkpoint_begin(uint64_t pass, uint64_t blocks);
void as_emit_checkpoint_block(uint64_t pass, const struct as_ck_entry *entry);
void as_emit_checkpoint_end(uint64_t pass, uint64_t blocks);

/*
 * Empties the set of sampled blocks, the checkpoint table and the live
 * bytes, for a process that is attached again (src/preload/attach.c):
 * blocks tracked before were freed unseen.  Not safe while a free may ask
 * the set.  Exported under a reserved name for the shim.
 */
void allocsample_internal_tracked_clear(void);

/* Forgets the samples not yet announced (after fork, in the child). */
void as_emit_after_fork_child(void);

/*
 * The same for an allocation made through a libc or C++ entry point: the type
 * is the thread's innermost scope (allocsample_scope_push), else `entry`.
 * Exported under a reserved name for liballocsample-preload.so.  The shim
 * links against that name, so it belongs to liballocsample.so's ABI and
 * keeps its spelling although the file is named for what it does.
 */
void allocsample_internal_report_untyped(const char *entry, uint64_t size, uint64_t offset,
					 const void *ptr, const void *ip);

/* The same for a block the shim allocated page-aligned so that its free
 * can be tracked (trackable, above). */
void allocsample_internal_report_trackable(const char *entry, uint64_t size, uint64_t offset,
					   const void *ptr, const void *ip);

/*
 * True when a sample now should be allocated page-aligned and tracked: a
 * session records AllocationSampled and ALLOCSAMPLE_TRACK_FREES is not 0.
 */
bool allocsample_internal_track_wanted(void);

/* Called by liballocsample-preload.so's constructor: from then on free is
 * the shim's, and the typed API's malloc and calloc blocks can be tracked. */
void allocsample_internal_note_preload(void);

/*
 * Registers liballocsample-preload.so's `hook`, which makes its frees ask
 * the set of sampled blocks: called before each block enters the set, and
 * at once if one already has (src/preload/malloc.c, doc/sampling.md "Free
 * tracking").  Any thread, any time.  Without the shim there is no hook:
 * no other free asks the set.
 */
void allocsample_internal_on_track(void (*hook)(void));

/* Registers lttng-ust's application context `$app.allocsample:run`
 * (run_context.c), once; exported under a reserved name for
 * liballocsample-preload.so's hook. */
void allocsample_internal_run_context(void);

/*
 * allocsample-record `recorder` (its process id) has attached to this
 * process, or detached from it (src/preload/attach.c): the Attached and
 * Detached events (schema 4), errno preserved, the sampler held.  An
 * Attached that no session records yet is emitted before the next
 * sample recorded.  `procname`: the process's name (schema 5), copied,
 * at most AS_PROCNAME_MAX bytes kept.
 */
#define AS_PROCNAME_MAX 16  /* the kernel's TASK_COMM_LEN, its NUL included */
void allocsample_internal_attached(uint32_t recorder, const char *procname, const void *ip);
void allocsample_internal_detached(uint32_t recorder, const void *ip);

/* True if `ptr` is a tracked sampled block. */
bool allocsample_internal_is_tracked(const void *ptr);

/*
 * Called before `ptr` (non-NULL) goes back to the next allocator: if it is
 * a tracked sampled block, takes it out of the set and the checkpoint table
 * (waiting while the checkpoint thread emits it) and emits SampledFree
 * (when a session records it), errno preserved, the sampler held.
 */
void allocsample_internal_sampled_free(const void *ptr, const void *ip);

#endif
