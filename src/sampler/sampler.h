/*
 * sampler.h - per-thread Bernoulli byte sampler with a geometric skip counter.
 *
 * The model (doc/design.md section 1, doc/sampling.md): every byte a thread
 * allocates is a Bernoulli trial that succeeds with probability p = 1/rate,
 * rate = 102400 by default.  At the first success inside an object of n bytes,
 * at 0-based byte `offset`, the object is sampled and no more trials are made
 * for it; the next object starts with a fresh draw.  An object is therefore
 * sampled with probability 1 - (1-p)^n: at the default rate about 0.016% of
 * 16-byte objects, 3.9% of 4 KiB ones, 63% of 100 KiB ones and all but 0.004%
 * of 1 MiB ones.
 *
 * Rather than flipping a coin per byte, each thread keeps the number of failed
 * trials still to come before the next success, drawn from the geometric
 * distribution.  Most allocations only subtract their size from it.
 *
 * The fast path is one thread-local subtract and one predictable branch, with
 * no floating point, no lazy-initialisation test and no lock, so that the
 * malloc wrapper around it compiles to four instructions and tail-calls the
 * real allocator.  The branch is the subtraction's borrow: the object holds
 * the next success exactly when the counter is smaller than its size, for
 * every size up to SIZE_MAX.  Everything that is "not ready" looks the same
 * to it: a thread whose counter was never drawn (zero-initialised TLS) borrows
 * on its first non-empty allocation, and the slow path sorts the cases out.
 */
#ifndef ALLOCSAMPLE_SAMPLER_H
#define ALLOCSAMPLE_SAMPLER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rng.h"

struct as_sampler {
	/* Failed trials to come before the next success.  Must stay the first
	 * member: the fast path addresses it with no offset. */
	uint64_t bytes_until_sample;
	uint64_t rate;              /* 1/p in force for this thread */
	double log_q;               /* log(1 - p), cached for the draw */
	struct as_rng rng;
	uint64_t held_bytes_until_sample; /* saved by as_sampler_hold() */
	uint32_t hold_depth;        /* > 0 while the thread runs our own code */
	bool seeded;                /* false: zero-initialised, never drawn */
};

/*
 * Fast path: accounts `size` bytes.  Returns true when no trial succeeds in
 * the object (the common case), false when the caller must take the slow
 * path, which undoes the subtraction.
 */
static inline __attribute__((always_inline)) bool as_sampler_fast(struct as_sampler *s, size_t size)
{
#if defined(__x86_64__)
	/* GCC turns a borrow test into load, subtract, store and branch;
	 * written out it is `sub %reg, %fs:(...)` and `jc`.  The counter is an
	 * input with a memory clobber, not an output: GCC 12 deleted the
	 * label's code when this asm goto had an output operand. */
	__asm__ goto("subq %1, %0\n\tjc %l[borrow]"
		     : : "m"(s->bytes_until_sample), "r"(size) : "cc", "memory" : borrow);
	return true;
borrow:
	return false;
#else
	return __builtin_expect(!__builtin_sub_overflow(s->bytes_until_sample, size,
							&s->bytes_until_sample), 1);
#endif
}

/*
 * Slow path, after as_sampler_fast() returned false for the same `size`.
 * Returns true when the object is sampled, with *offset (< size) the index of
 * the successful trial; false otherwise (then *offset is unchanged).  Seeds
 * the thread on its first call; makes no trial while the thread is held.
 */
bool as_sampler_slow(struct as_sampler *s, size_t size, uint64_t *offset);

/*
 * Seeds `s` with an explicit seed and rate (1 <= rate <= AS_MAX_RATE) and draws
 * its first counter.  The thread-local sampler seeds itself on first use; this
 * is the seam for tests and for reproducible streams.
 */
void as_sampler_seed(struct as_sampler *s, uint64_t rate, uint64_t seed);

/*
 * Suspends sampling on this thread while it runs allocations that are not
 * the program's own (the tracer emitting an event, an allocator we chain to
 * that calls back into malloc).  Holds nest; the outermost release restores
 * the counter exactly, so held allocations neither consume trials nor sample.
 */
static inline void as_sampler_hold(struct as_sampler *s)
{
	if (s->hold_depth++ == 0) {
		s->held_bytes_until_sample = s->bytes_until_sample;
		/* Nested allocations stay on the fast path, subtracting from
		 * a counter that is thrown away on release. */
		s->bytes_until_sample = UINT64_MAX;
	}
	/* The held code is often a direct call to malloc or calloc, which GCC
	 * assumes never touches our memory: without this barrier it dropped
	 * the stores above and the restore below (tests/integration/typed.sh). */
	__asm__ __volatile__("" ::: "memory");
}

static inline void as_sampler_release(struct as_sampler *s)
{
	__asm__ __volatile__("" ::: "memory");
	if (--s->hold_depth == 0)
		s->bytes_until_sample = s->held_bytes_until_sample;
}

/* Forgets the thread's stream (after fork, in the child): its next slow-path
 * visit draws a fresh seed, so parent and child never share draws. */
void as_sampler_forget(struct as_sampler *s);

#endif
