/*
 * lifetimes.h - what the lifetimes of a cell's tracked samples say: which
 * were freed within the report's `temporary` of their allocation, and
 * their lifetimes in buckets (doc/estimation.md, "Temporary allocations"
 * and "Lifetimes").  A freed sample leaves only its counts here.
 */
#ifndef ALLOCSAMPLE_REPORT_AGGREGATE_LIFETIMES_H
#define ALLOCSAMPLE_REPORT_AGGREGATE_LIFETIMES_H

#include <stddef.h>
#include <stdint.h>

#include "lifetime_rates.h"
#include "rates.h"

/* What a cell's freed samples leave, in the cell itself: a free reaches
 * it through the cell that its live sample names, already in cache. */
struct asr_cell_lifetimes {
	uint64_t freed;                     /* tracked samples freed */
	struct asr_rates temporary;         /* freed within `temporary` */
	struct asr_lifetime_rates buckets;  /* the lifetimes, freed buckets */
	uint64_t untimed;                   /* freed, but the sample or the free
					     * had no time: lifetime unknown */
};

struct asr_cell;

/*
 * A tracked sample of `cell`, weighed as the cell took it, freed
 * `lifetime_ns` after its allocation (-1: unknown, the sample or the free
 * had no time); `temporary_ns`, the report's `temporary`.
 */
void asr_lifetimes_freed(struct asr_cell *cell, const struct asr_weighed *sample,
			 int64_t lifetime_ns, int64_t temporary_ns);

/* Frees what asr_lifetimes_freed() made for a cell. */
void asr_cell_lifetimes_fini(struct asr_cell_lifetimes *l);

#endif
