/*
 * checkpoint_table.h - the live tracked blocks as a checkpoint re-emits them
 * (doc/design.md section 2, "Checkpoints"; doc/sampling.md, "Checkpoints").
 *
 * Each tracked block has an entry holding what its AllocationSampled said
 * (its type copied, its stack) and the allocating thread.  Entries live in
 * segments mmap'ed as the table grows and never released; an index maps a
 * block's page number to its entry (a three-level radix tree of mmap'ed
 * nodes: a page of the index per 4 MiB of addresses that ever held a
 * tracked block).  Nothing here calls malloc or takes a lock: insertion and
 * removal are atomic operations on words, so they are safe inside malloc
 * and free, in a signal handler, from any thread, and across fork.
 *
 * Only the tracked paths touch the table (a sampled block entering the set
 * of sampled_set.h, a tracked free leaving it): the free fast path keeps
 * its one test and bitmap probe.
 *
 * An entry's state word says what it is:
 *
 *	FREE     not a live block (never used, or on the free list);
 *	PENDING  inserted, its AllocationSampled not yet known to be
 *	         emitted: a checkpoint waits until it is LIVE (below), so
 *	         no CheckpointBlock precedes the block's own sample, and
 *	         a sample emitted before a CheckpointBegin is in that pass;
 *	LIVE     a live tracked block;
 *	HELD     the checkpoint is emitting it; a removal waits (futex) until
 *	         it is LIVE again, so the block's CheckpointBlock precedes its
 *	         SampledFree;
 *	WAITED   HELD, and some removal waits: the release wakes it.
 *
 * A checkpoint holds one entry at a time, for the time of one event, and
 * a removal of any other entry never waits.
 *
 * A PENDING entry is a thread between its sample's insertion and the end
 * of its AllocationSampled: the event's time is taken inside that
 * interval, so a CheckpointBegin may come after the sample in the trace
 * while the entry is still PENDING.  Skipping it would leave out of the
 * pass a block the trace says was live at its Begin; the checkpoint
 * waits for it instead, for as long as one event takes.  In a fork
 * child, an entry left PENDING by another thread of the parent (which
 * the child does not have) would wait forever: each entry says the
 * process generation that inserted it, and one from before the fork is
 * held at once (the block was the parent's, live, and is the child's).
 */
#ifndef ALLOCSAMPLE_CHECKPOINT_TABLE_H
#define ALLOCSAMPLE_CHECKPOINT_TABLE_H

#include <stdbool.h>
#include <stdint.h>


/* A type longer than this is cut to its first AS_CK_TYPE_KEPT bytes and "...". */
#define AS_CK_TYPE_MAX 127
#define AS_CK_TYPE_KEPT 124

/* Entries per segment, and segments at most: 2^22 live tracked blocks, far
 * more than a set of samples at any sensible rate. */
#define AS_CK_SEGMENT_ENTRIES 1024u
#define AS_CK_SEGMENTS 4096u

/* The index: a page number (36 bits, addresses below 2^48) cut 14 + 12 + 10. */
#define AS_CK_TOP_BITS 14
#define AS_CK_MID_BITS 12
#define AS_CK_LEAF_BITS 10

/* The longest a checkpoint waits for a PENDING entry to be published. */
#define AS_CK_PENDING_WAIT_MS 1000

enum as_ck_state {
	AS_CK_FREE = 0,
	AS_CK_PENDING,
	AS_CK_LIVE,
	AS_CK_HELD,
	AS_CK_WAITED,
};

/* One live tracked block; stack_depth frames follow it (the table's
 * `stride` apart). */
struct as_ck_entry {
	uint32_t state;        /* enum as_ck_state, atomic: the futex word */
	uint32_t next_free;    /* the next entry of the free list (its number) */
	uint32_t tid;          /* the allocating thread */
	uint8_t stack_length;
	bool stack_truncated;
	uint16_t generation;   /* the table's generation at its insertion */
	uint64_t ptr;
	uint64_t size;
	uint64_t offset;
	uint64_t rate;
	char type[AS_CK_TYPE_MAX + 1];
	void *stack[];
};

/* What a tracked block's entry is filled from. */
struct as_ck_block {
	const void *ptr;       /* page-aligned, below 2^48 */
	uint64_t size;
	uint64_t offset;
	uint64_t rate;
	const char *type;      /* copied, cut past AS_CK_TYPE_MAX bytes */
	void *const *stack;
	unsigned stack_length; /* at most the table's depth; cut there */
	bool stack_truncated;
	uint32_t tid;
};

/*
 * The table.  Zero-initialised memory is an empty table of depth 0; set
 * `depth` (at most AS_MAX_STACK_DEPTH) before the first insertion, never
 * after.  Static storage: the arrays below are address space that stays
 * untouched (zero pages) but for the slots in use.
 */
struct as_ck_table {
	uint32_t depth;        /* frames kept per entry */
	uint32_t entries;      /* atomic: entry numbers handed out, 1 to entries */
	uint64_t free_list;    /* atomic: a tag (high 32 bits) and the first free entry's number */
	uint64_t live;         /* atomic: entries PENDING, LIVE, HELD or WAITED */
	uint32_t held;         /* atomic: the entry the checkpoint holds or is about to, 0: none */
	uint32_t dropped;      /* atomic: insertions refused for want of memory */
	uint16_t generation;   /* forks since the table's process began (wraps) */
	char *segments[AS_CK_SEGMENTS];               /* atomic */
	uint32_t **index[1u << AS_CK_TOP_BITS];       /* atomic, both levels */
};

/* Bytes per entry at `depth` frames: a multiple of 64, so that entries never share a cache line. */
uint32_t as_ck_stride(uint32_t depth);

/*
 * Inserts a block PENDING; returns its entry's number (from 1), or 0 when no
 * memory could be mapped (the block is then not in the table: counted in
 * `dropped`).  A block already at that address (released behind the
 * shim's back, then handed out again) is removed first, as
 * as_ck_table_remove() would; *replaced_weight says its weight then, else 0.
 */
uint32_t as_ck_table_insert(struct as_ck_table *table, const struct as_ck_block *block,
			    uint64_t *replaced_weight);

/* The entry `number` (PENDING, from as_ck_table_insert) becomes LIVE. */
void as_ck_table_publish(struct as_ck_table *table, uint32_t number);

/*
 * Removes the block at `ptr`: waits while the checkpoint holds it, then
 * frees its entry.  True, with *weight = max(size, rate), if it was there;
 * false, *weight untouched, if not.  Of two racing removals one finds it.
 */
bool as_ck_table_remove(struct as_ck_table *table, const void *ptr, uint64_t *weight);

/* The entry of the block at `ptr` (any state), or NULL. */
const struct as_ck_entry *as_ck_table_find(struct as_ck_table *table, const void *ptr);

/* Entries PENDING, LIVE or held now. */
uint64_t as_ck_table_live(const struct as_ck_table *table);

/* Entry numbers in use so far: a checkpoint visits 1 to this. */
uint32_t as_ck_table_entries(const struct as_ck_table *table);

/*
 * The checkpoint's side: holds entry `number` if it is LIVE and returns it,
 * else NULL.  A PENDING entry is waited for until it is LIVE (at most
 * AS_CK_PENDING_WAIT_MS, then NULL: a thread stopped in the middle of an
 * event), one from before a fork is held at once.  One entry at a time,
 * released before the next is held.
 */
const struct as_ck_entry *as_ck_table_hold(struct as_ck_table *table, uint32_t number);
void as_ck_table_release(struct as_ck_table *table, const struct as_ck_entry *entry);

/*
 * In a fork child: the entry the parent's checkpoint held is LIVE again
 * (the child has no checkpoint thread yet, and no removal waits), and the
 * entries PENDING now are the parent's other threads', never published
 * here (a new generation).  Called before the child can free anything.
 */
void as_ck_table_after_fork_child(struct as_ck_table *table);

/* Removes every block, waiting for the one the checkpoint holds: for a
 * process attached again, whose blocks tracked before were freed unseen.
 * Not safe while a block is inserted or removed at the same time. */
void as_ck_table_clear(struct as_ck_table *table);

/* max(size, rate): what a block adds to the live bytes of high_water.h. */
static inline uint64_t as_ck_weight(uint64_t size, uint64_t rate)
{
	return size > rate ? size : rate;
}

#endif
