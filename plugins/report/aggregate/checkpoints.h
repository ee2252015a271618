/* checkpoints.h - each process's checkpoint passes: which are complete, and the blocks a complete pass says are live. */
#ifndef ALLOCSAMPLE_REPORT_AGGREGATE_CHECKPOINTS_H
#define ALLOCSAMPLE_REPORT_AGGREGATE_CHECKPOINTS_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

/*
 * A pass (doc/design.md section 2, "Checkpoints") is complete when its
 * Begin, every Block it emitted and its End were read: as many Blocks of
 * the pass as End's `blocks`.  A block freed after its Block and before
 * End is no longer live at End: it leaves the pass.  What a complete pass
 * leaves is, at its End, every tracked block of the process still live
 * that the trace has seen no sample of (allocated before the window), or
 * has (the report takes those as already live: a block sampled during
 * the pass may be in it or not).  Memory: the blocks of the pass being
 * read, per process, never more.
 */

/* A block of a pass, as its CheckpointBlock said it; owned by the pass. */
struct asr_checkpoint_block {
	uint64_t ptr;
	uint64_t size;
	uint64_t offset;
	uint64_t rate;
	uint32_t tid;            /* the allocating thread */
	char *type;
	uint64_t *stack;         /* NULL when not read */
	uint32_t stack_len;
	bool stack_truncated;
	bool has_stack;          /* the report reads stacks (stack may be NULL: empty) */
};

/* One process's passes: `trace` is opaque here (the trace's record). */
struct asr_process_passes {
	const void *trace;
	int64_t vpid;
	bool has_vpid;
	bool open;               /* a Begin was read and its End not yet */
	uint64_t pass;           /* the open pass's number */
	uint64_t read;           /* Blocks of the open pass read */
	GHashTable *blocks;      /* ptr (guint64 *) -> struct asr_checkpoint_block *,
				  * of the open pass, those not freed since */
	uint64_t complete;       /* complete passes read */
};

struct asr_checkpoints {
	GHashTable *processes;   /* struct asr_process_passes * (key and value), owned */
};

/* GLib aborts when out of memory, so none of these can fail. */
void asr_checkpoints_init(struct asr_checkpoints *cps);
void asr_checkpoints_fini(struct asr_checkpoints *cps);

/* The passes of a process, made at its first sight. */
struct asr_process_passes *asr_checkpoints_process(struct asr_checkpoints *cps, const void *trace,
						   bool has_vpid, int64_t vpid);

/* The passes of a process, or NULL when it emitted none (or none read). */
const struct asr_process_passes *asr_checkpoints_find(const struct asr_checkpoints *cps,
						      const void *trace, bool has_vpid, int64_t vpid);

/* Begin of pass `pass`: a pass still open is dropped, incomplete. */
void asr_passes_begin(struct asr_process_passes *p, uint64_t pass);

/* A Block of the open pass, copied (strings and stack); one of another
 * pass, or with no pass open (its Begin before the trace's window), is
 * ignored. */
void asr_passes_block(struct asr_process_passes *p, uint64_t pass,
		      const struct asr_checkpoint_block *block);

/* A SampledFree of the process: the block leaves the open pass.  Returns
 * whether it was in it. */
bool asr_passes_free(struct asr_process_passes *p, uint64_t ptr);

/*
 * End of pass `pass`, having emitted `blocks`.  Returns the blocks of the
 * pass still live, owned by the caller (g_ptr_array_unref frees them),
 * when the pass is complete; NULL when it is not (its Begin unread,
 * another pass, Blocks missing).  The pass is closed either way.
 */
GPtrArray *asr_passes_end(struct asr_process_passes *p, uint64_t pass, uint64_t blocks);

#endif
