/*
 * high_water.h - the process's live tracked bytes and the mark that, when
 * they pass it, makes a LiveHighWater event (doc/events.md; doc/sampling.md,
 * "Checkpoints").
 *
 * The live bytes are the sum of max(size, rate) over the live tracked
 * blocks: a block sampled at rate R stands for about R bytes of the
 * program's, or its own size when larger (a cheap stand-in for the
 * report's estimator, good enough to say when the heap grows).  The first
 * mark is AS_HIGH_WATER_FIRST_RATES × rate, so that a small heap, a few
 * dozen samples, never fires; each mark passed raises the next to the live
 * bytes then × the factor.  Atomic, no lock, no floating point: the factor
 * is in millionths.
 */
#ifndef ALLOCSAMPLE_HIGH_WATER_H
#define ALLOCSAMPLE_HIGH_WATER_H

#include <stdbool.h>
#include <stdint.h>

#define AS_HIGH_WATER_FIRST_RATES 64

struct as_high_water {
	uint64_t live; /* atomic: the sum of max(size, rate) over the live tracked blocks */
	uint64_t mark; /* atomic: the level whose passing fires next; 0 until the first block */
};

/*
 * Adds a block of `weight` (max(size, rate)).  True when the sum passed the
 * mark and this call raised it (one caller per mark: a compare-and-swap),
 * with *live the sum and *mark the level passed; the next mark is then
 * *live × factor_millionths / 10^6.  `rate`: the process's, for the first
 * mark.  `raise`: false leaves the mark as it is (no session records the
 * event: the mark waits for one).
 */
bool as_high_water_add(struct as_high_water *hw, uint64_t weight, uint64_t rate,
		       uint64_t factor_millionths, bool raise, uint64_t *live, uint64_t *mark);

/* Removes a block of `weight`. */
void as_high_water_sub(struct as_high_water *hw, uint64_t weight);

#endif
