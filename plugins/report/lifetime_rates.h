/*
 * lifetime_rates.h - a group's lifetime buckets (estimate/lifetimes.h),
 * one array per sampling rate, as rates.h keeps accumulators: aggregate/
 * fills a cell's, model/ merges cells' into groups', so they sit beside
 * rates.h, below the stages.
 */
#ifndef ALLOCSAMPLE_REPORT_LIFETIME_RATES_H
#define ALLOCSAMPLE_REPORT_LIFETIME_RATES_H

#include <stddef.h>
#include <stdint.h>

#include "estimate/lifetimes.h"

/* Almost always one rate (rates.h). */
struct asr_lifetime_rates {
	size_t n;
	struct as_lifetimes *rates;
};

/* The buckets of `rate`, made (empty) when missing. */
struct as_lifetimes *asr_lifetime_rates_find(struct asr_lifetime_rates *l, uint64_t rate);

/* Adds every bucket of `from` into `into`. */
void asr_lifetime_rates_merge(struct asr_lifetime_rates *into, const struct asr_lifetime_rates *from);

void asr_lifetime_rates_fini(struct asr_lifetime_rates *l);

#endif
