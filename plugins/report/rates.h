/*
 * rates.h - a group's samples: one estimate.h accumulator per sampling
 * rate.  Every stage after read/ holds them: aggregate/ adds samples to a
 * cell's, model/ merges cells' into groups' and estimates them, and a
 * format lists a group's (JSON's "accumulators"), so they sit beside
 * params.h, below the stages.
 */
#ifndef ALLOCSAMPLE_REPORT_RATES_H
#define ALLOCSAMPLE_REPORT_RATES_H

#include <stddef.h>
#include <stdint.h>

#include <glib.h>

#include "estimate/estimate.h"

/* Almost always one rate; a thread whose ALLOCSAMPLE_RATE changed, or a
 * group spanning processes run with different rates, has several.  The
 * memory depends on the number of rates, never on the number of samples. */
struct asr_rates {
	size_t n;
	struct as_estimate_accum *accums;
};

/* One sample as the accumulators take it, `pi`, its probability of
 * being sampled (as_estimate_probability()), and what it adds to each
 * sum: a sample goes into several groups (its cell's allocated and live
 * bytes, its process's curve and size class, its window, its scope
 * instance), and pi, a logarithm and an exponential, and the weight, a
 * few divisions, are computed once. */
struct asr_weighed {
	uint64_t rate;
	uint64_t size;
	uint64_t offset;
	double pi;
	struct as_estimate_weight weight;
};

/* The accumulator of `rate` in `rates`, made when missing. */
struct as_estimate_accum *asr_rates_find(struct asr_rates *rates, uint64_t rate);

/* The same, inline for the usual case, a group's first rate: every sample
 * asks, three or four times. */
static inline struct as_estimate_accum *asr_rates_accum(struct asr_rates *rates, uint64_t rate)
{
	if (rates->n > 0 && rates->accums[0].rate == rate)
		return &rates->accums[0];
	return asr_rates_find(rates, rate);
}

/* Slots of a cache of recent probabilities, chosen by the size modulo
 * their number, a prime: sizes in arithmetic progressions (multiples of
 * 8 or 16, as allocators round them) fall in distinct slots. */
#define ASR_RECENT_PROBABILITIES 61

/* The probability pi of a size at a rate, remembered: it depends on
 * nothing else, so an entry is never stale (rate 0: empty). */
struct asr_recent_probability {
	uint64_t rate;
	uint64_t size;
	double pi;
};

/* Fills `out` for a sample.  pi comes from `recent`, an array of
 * ASR_RECENT_PROBABILITIES slots (a program allocates a few sizes over and
 * over), else is computed with the log(q) that `rates` keeps for the
 * sample's rate and remembered.  Returns false,
 * leaving `rates` unchanged, when the sample is impossible for the model
 * (offset >= size, size 0, rate 0). */
static inline bool asr_rates_weigh(struct asr_rates *rates, struct asr_recent_probability *recent,
				   uint64_t rate, uint64_t size, uint64_t offset,
				   struct asr_weighed *out)
{
	struct asr_recent_probability *r = &recent[size % ASR_RECENT_PROBABILITIES];

	/* Checked before the accumulator is found, so that a bad sample
	 * leaves no empty accumulator behind. */
	if (rate == 0 || size == 0 || offset >= size)
		return false;
	if (r->rate != rate || r->size != size)
		*r = (struct asr_recent_probability) {
			rate, size, as_estimate_probability(asr_rates_accum(rates, rate), size),
		};
	out->rate = rate;
	out->size = size;
	out->offset = offset;
	out->pi = r->pi;
	as_estimate_weigh(size, offset, r->pi, &out->weight);
	return true;
}

/* Adds one sample weighed by asr_rates_weigh(). */
static inline void asr_rates_add(struct asr_rates *rates, const struct asr_weighed *sample)
{
	as_estimate_add_weight(asr_rates_accum(rates, sample->rate), &sample->weight);
}

/* Removes one sample that asr_rates_add() added; false when `rates` holds
 * no such rate or no sample at it. */
bool asr_rates_remove(struct asr_rates *rates, const struct asr_weighed *sample);

/* A copy of `from`, with accumulators of its own. */
struct asr_rates asr_rates_copy(const struct asr_rates *from);

/* Adds every sample of `from` into `into`. */
void asr_rates_merge(struct asr_rates *into, const struct asr_rates *from);

/* Gives `rates` an accumulator, empty, at each rate of `all` it has none
 * at: a subset of a group (a type of a process, its live samples, a
 * window's) may hold unsampled bytes at any rate of the group, and
 * as_estimate_compute() counts a rate only where it has an accumulator
 * (doc/estimation.md, "Mixed rates"). */
void asr_rates_cover(struct asr_rates *rates, const struct asr_rates *all);

/* as_estimate_compute() of `rates` covered by the rates of `all`, leaving
 * `rates` as it is. */
int asr_rates_estimate(const struct asr_rates *rates, const struct asr_rates *all,
		       uint64_t threads, const struct as_estimate_options *options,
		       struct as_estimate *out);

/* Whether `a` and `b` hold the same sums at the same rates, to the last
 * bit: whatever is estimated from one is, from the other. */
bool asr_rates_equal(const struct asr_rates *a, const struct asr_rates *b);

uint64_t asr_rates_samples(const struct asr_rates *rates);

/* The rates of `rates`, in its order (ascending once asr_group_estimate
 * sorted them), as a new GArray of uint64_t: the report's list of rates,
 * from its total's. */
GArray *asr_rates_list(const struct asr_rates *rates);

void asr_rates_fini(struct asr_rates *rates);

#endif
