/*
 * lifetime_parts.h - what a group's tracked samples say of their blocks'
 * lifetimes: which were freed within the report's `temporary`, which are
 * live but younger than it, and the lifetimes in buckets, freed and
 * censored (doc/estimation.md, "Temporary allocations", "Lifetimes").
 * Made per cell from the aggregate when the model is built, then merged
 * into groups as their accumulators are.
 */
#ifndef ALLOCSAMPLE_REPORT_MODEL_LIFETIME_PARTS_H
#define ALLOCSAMPLE_REPORT_MODEL_LIFETIME_PARTS_H

#include <stdint.h>

#include <glib.h>

#include "lifetime_rates.h"
#include "rates.h"

struct asr_lifetime_parts {
	struct asr_rates temporary;          /* freed within `temporary` */
	struct asr_rates pending;            /* live at the end and younger than
					      * `temporary`: may yet be */
	struct asr_lifetime_rates lifetimes; /* freed, and censored at their age */
	uint64_t untimed;                    /* tracked, with no time: lifetime
					      * unknown, left out */
};

struct asr_aggregate;

/*
 * The parts of every cell of `agg` with a tracked sample freed or live, at
 * the end of what `agg` has seen (struct asr_cell * -> struct
 * asr_lifetime_parts *, which the table frees): its freed samples, and
 * each live one censored at its age at its trace's last tracked event,
 * pending when that age is at most `temporary_ns`.  One walk of the live
 * samples.
 */
GHashTable *asr_lifetime_parts_of_cells(const struct asr_aggregate *agg, int64_t temporary_ns);

/* Adds `from` (NULL: nothing) into `*into`, made when NULL. */
void asr_lifetime_parts_merge(struct asr_lifetime_parts **into, const struct asr_lifetime_parts *from);

void asr_lifetime_parts_free(struct asr_lifetime_parts *parts);

struct as_estimate;
struct as_estimate_options;
struct asr_objects;

/*
 * The temporary bytes and objects of the samples `p` describes (NULL:
 * none), in a group whose accumulators are `rates` and whose T is
 * `threads` (model/temporary.c): the estimate and lower end from the
 * samples freed within `temporary`, the upper end with the pending ones
 * too.  Returns 0, or -1 if the estimator refused the options.
 */
int asr_temporary_compute(const struct asr_rates *rates, const struct asr_lifetime_parts *p,
			  uint64_t threads, const struct as_estimate_options *options,
			  struct as_estimate *est, struct asr_objects *objects);

#endif
