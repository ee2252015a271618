/*
 * lifetime_rates.h - a group's lifetime buckets (estimate/lifetimes.h) at
 * each sampling rate, kept sparse: aggregate/ fills a cell's, model/
 * merges cells' into groups', so they sit beside rates.h, below the
 * stages.
 *
 * Sparse because a group's lifetimes fill a few of the 64 buckets of each
 * kind (a program frees a path's blocks after about the same time): a
 * full struct as_lifetimes is 3 KiB, which per cell and per group made
 * the report's memory and cache misses grow with the number of stacks.
 * The estimators get full arrays, made for the groups they are asked
 * about (asr_lifetime_rates_expand).
 */
#ifndef ALLOCSAMPLE_REPORT_LIFETIME_RATES_H
#define ALLOCSAMPLE_REPORT_LIFETIME_RATES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "estimate/lifetimes.h"
#include "rates.h"

/* The samples of one rate in one bucket, freed or censored. */
struct asr_lifetime_entry {
	uint64_t rate;
	struct as_lifetime_bucket sums;
	uint8_t bucket;          /* < AS_LIFETIME_BUCKETS */
	bool censored;           /* still live at the end, bucketed by age */
};

/* The entries that hold samples, in no order; zero-initialised: none.
 * `freed_at` finds the freed entries of the first rate seen, by bucket,
 * without a search: a free adds to one (aggregate/lifetimes.c). */
struct asr_lifetime_rates {
	size_t n, capacity;
	struct asr_lifetime_entry *entries;
	uint64_t first_rate;
	uint8_t freed_at[AS_LIFETIME_BUCKETS];  /* 1 + the entry's index; 0: none
						 * yet, or past 255 entries */
};

/* Adds `sample` to its rate's bucket for `ns` nanoseconds, freed after
 * that time or (`censored`) still live at that age. */
void asr_lifetime_rates_add(struct asr_lifetime_rates *l, const struct asr_weighed *sample,
			    uint64_t ns, bool censored);

/* Adds every entry of `from` into `into`. */
void asr_lifetime_rates_merge(struct asr_lifetime_rates *into, const struct asr_lifetime_rates *from);

/* The samples in every entry. */
uint64_t asr_lifetime_rates_samples(const struct asr_lifetime_rates *l);

/* Full buckets, one struct as_lifetimes per rate in ascending order of
 * rate (so that sums never depend on the order of a hash table), for the
 * estimators; stores their number in `*n`.  Free with g_free(). */
struct as_lifetimes *asr_lifetime_rates_expand(const struct asr_lifetime_rates *l, size_t *n);

void asr_lifetime_rates_fini(struct asr_lifetime_rates *l);

#endif
