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
 *
 * A mark passed is *owed* until it is said, and it is said only once the
 * last event is `spacing` nanoseconds behind.  Each event costs a flight
 * recorder a snapshot, and each snapshot adds a packet, empty or not, to
 * every ring buffer of the session, every CPU's: a heap growing from
 * nothing passes a dozen marks in a moment, and said at once their
 * snapshots (which lttng-sessiond may execute late, all together) would
 * leave the rings holding little but empty packets, the events and the
 * checkpoint the next snapshot needs pushed out.  Spaced, the snapshots
 * of a growing heap come at most once a spacing, with a checkpoint
 * between two (passes come at least once an interval while the process
 * emits).  The event then says the first mark it owes and the highest
 * live bytes since: a peak reached between two events is said after it,
 * at most a spacing late, and its snapshot holds it if the ring buffers
 * still do.
 */
#ifndef ALLOCSAMPLE_HIGH_WATER_H
#define ALLOCSAMPLE_HIGH_WATER_H

#include <stdbool.h>
#include <stdint.h>

#define AS_HIGH_WATER_FIRST_RATES 64

struct as_high_water {
	uint64_t live;       /* atomic: the sum of max(size, rate) over the live tracked blocks */
	uint64_t mark;       /* atomic: the level whose passing fires next; 0 until the first block */
	uint64_t owed_mark;  /* atomic: the first mark passed since the last event; 0: none owed */
	uint64_t owed_live;  /* atomic: the highest sum since that mark was passed */
	uint64_t said_ns;    /* atomic: when the last event was claimed; 0: never */
};

/*
 * Adds a block of `weight` (max(size, rate)).  When the sum passes the
 * mark, the mark is raised to the sum × factor_millionths / 10^6 (one
 * caller per mark: a compare-and-swap) and owed.  `rate`: the process's,
 * for the first mark.  `raise`: false leaves the mark as it is (no session
 * records the event: the mark waits for one).  True when a mark is owed
 * (this call's or an earlier one's): as_high_water_claim() then says
 * whether it is due.
 */
bool as_high_water_add(struct as_high_water *hw, uint64_t weight, uint64_t rate,
		       uint64_t factor_millionths, bool raise);

/*
 * The owed mark, if one is and it is due at `now_ns` (CLOCK_MONOTONIC):
 * true once per event (of racing callers, one), with *mark the first mark
 * owed and *live the highest sum since; the spacing then counts from
 * `now_ns`.  False when nothing is owed, or not yet due.
 */
bool as_high_water_claim(struct as_high_water *hw, uint64_t now_ns, uint64_t spacing_ns,
			 uint64_t *live, uint64_t *mark);

/* Whether a mark is owed: a plain load, for the callers that would have
 * to read the clock to claim it. */
static inline bool as_high_water_owed(const struct as_high_water *hw)
{
	return __atomic_load_n(&hw->owed_mark, __ATOMIC_RELAXED) != 0;
}

/* Removes a block of `weight`. */
void as_high_water_sub(struct as_high_water *hw, uint64_t weight);

#endif
