/*
 * stacks.h - raw stacks as samples recorded them, interned: one object per
 * process, epoch, addresses and truncation mark, so that memory grows with
 * distinct stacks, never with samples, and the model resolves each once.
 */
#ifndef ALLOCSAMPLE_REPORT_AGGREGATE_STACKS_H
#define ALLOCSAMPLE_REPORT_AGGREGATE_STACKS_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "aggregate/maps.h"

struct asr_cell;

struct asr_raw_stack {
	const struct asr_process_maps *process;
	uint64_t epoch;          /* the process's unmappings before the sample */
	guint hash;
	bool truncated;
	uint32_t n;              /* 0: recorded empty */
	const uint64_t *addresses;  /* return addresses, innermost first: in the
				     * same allocation, after the struct */
	struct asr_cell *cells;  /* the table's cells with this stack, a list
				  * through their `next_of_stack` (table.c) */
};

/* Slots of the cache of recent stacks: a power of 2. */
#define ASR_RECENT_STACKS 4096

struct asr_raw_stacks {
	GHashTable *set;         /* struct asr_raw_stack * (key and value), owned */
	/* The stacks seen last, by their hash's low bits: a program's few
	 * thousand busiest stacks are found with one comparison, without the
	 * hash table's look-up.  Constant memory. */
	struct asr_raw_stack **recent;
};

/* GLib aborts when out of memory, so none of these can fail. */
void asr_raw_stacks_init(struct asr_raw_stacks *stacks);
void asr_raw_stacks_fini(struct asr_raw_stacks *stacks);

/* The interned stack of `n` addresses recorded by `process` at its current
 * epoch.  Per sample: one hash of the addresses, then a comparison with the
 * recent stack of that hash, and a table look-up when it differs; the
 * addresses are copied only into a new stack. */
struct asr_raw_stack *asr_raw_stacks_intern(struct asr_raw_stacks *stacks,
						  const struct asr_process_maps *process,
						  const uint64_t *addresses, uint32_t n,
						  bool truncated);

/* How many distinct stacks. */
guint asr_raw_stacks_count(const struct asr_raw_stacks *stacks);

#endif
