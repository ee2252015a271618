/* sampler.c - the slow path of the per-thread sampler (see sampler.h). */
#include <errno.h>
#include <math.h>

#include "settings.h"
#include "sampler.h"
#include "thread_seed.h"

/*
 * Failed trials before the next success, by inverse transform of the
 * geometric distribution: r = floor(log(1 - U) / log(1 - p)), U uniform in
 * [0, 1) with 53 bits.  log1p keeps precision when p is tiny.
 */
static uint64_t draw(struct as_sampler *s)
{
	if (s->rate == 1)
		return 0; /* p = 1: every trial succeeds */
	return (uint64_t) floor(log1p(-as_rng_uniform(&s->rng)) / s->log_q);
}

void as_sampler_seed(struct as_sampler *s, uint64_t rate, uint64_t seed)
{
	as_rng_seed(&s->rng, seed);
	s->rate = rate;
	s->log_q = log1p(-1.0 / (double) rate);
	s->seeded = true;
	s->bytes_until_sample = draw(s);
}

void as_sampler_forget(struct as_sampler *s)
{
	s->seeded = false;
	/* Not ready again: the next allocation takes the slow path and draws a
	 * new seed (or, if we are inside a hold, the release does). */
	if (s->hold_depth == 0)
		s->bytes_until_sample = 0;
	else
		s->held_bytes_until_sample = 0;
}

/* A thread's first trial: its rate and seed (thread_seed.h), then its
 * first draw; false before sampling starts.  Preserves errno, which
 * log1p(-1) sets at rate 1. */
static bool seed_thread(struct as_sampler *s)
{
	uint64_t rate, seed;
	int saved_errno = errno;

	if (!as_thread_seed(&rate, &seed))
		return false;
	as_sampler_seed(s, rate, seed);
	errno = saved_errno;
	return true;
}

bool as_sampler_slow(struct as_sampler *s, size_t size, uint64_t *offset)
{
	uint64_t remaining;

	if (s->hold_depth > 0) {
		/* Held allocations that add up to more than 2^64 bytes. */
		s->bytes_until_sample = UINT64_MAX;
		return false;
	}
	if (!s->seeded) {
		/* A counter never drawn is not a counter at zero: draw it, then
		 * apply this object to it like any other.  Before sampling
		 * starts there is no draw: the thread stays "never drawn", its
		 * next allocation comes back here, and no trial is made. */
		if (!seed_thread(s)) {
			s->bytes_until_sample = 0;
			return false;
		}
	} else {
		/* Undo the fast path's subtraction, which borrowed. */
		s->bytes_until_sample += size;
	}
	remaining = s->bytes_until_sample;
	if (remaining >= size) {
		s->bytes_until_sample = remaining - size;
		return false;
	}
	/* Success at byte `remaining`: no more trials for this object, and the
	 * next one starts with a fresh draw. */
	*offset = remaining;
	s->bytes_until_sample = draw(s);
	return true;
}
