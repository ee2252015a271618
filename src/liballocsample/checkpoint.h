/* checkpoint.h - the thread `as-checkpoint`, which re-emits every live tracked block (doc/design.md section 2, "Checkpoints"). */
#ifndef ALLOCSAMPLE_CHECKPOINT_H
#define ALLOCSAMPLE_CHECKPOINT_H

#include <stdbool.h>
#include <stdint.h>

#include "sampler/checkpoint_table.h"

/* The process's live tracked blocks: emit.c inserts and removes them, the
 * checkpoint thread visits them. */
extern struct as_ck_table as_checkpoint_table;

/* Sizes the table's entries to ALLOCSAMPLE_STACK_DEPTH: from liballocsample's
 * first constructor, before any block can be tracked. */
void as_checkpoint_init(void);

/*
 * Starts the thread if this process has not yet: called as a block is
 * tracked or a tracked block freed (a process that never tracks one never
 * has the thread), with the calling thread's sampler held.  Any thread;
 * errno may change.
 */
void as_checkpoint_start(void);

/* Counts `bytes` of events the process just emitted (a sample or a free,
 * as emit.c reckons it) toward the next pass, and wakes the thread when
 * they reach ALLOCSAMPLE_CHECKPOINT_BYTES.  Any thread, inside malloc: an
 * atomic add, and a futex wake once a budget. */
void as_checkpoint_note(uint64_t bytes);

/* Whether this process started the thread. */
bool as_checkpoint_started(void);

/* In a fork child, before it can free anything: the entry the parent's
 * thread held is live again, the passes count from 1, and the child's own
 * thread starts with its first tracked sample or free, for the blocks it
 * inherited and its own. */
void as_checkpoint_after_fork_child(void);

#endif
