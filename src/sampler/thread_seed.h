/* thread_seed.h - independent seeds for every thread's sampler. */
#ifndef ALLOCSAMPLE_THREAD_SEED_H
#define ALLOCSAMPLE_THREAD_SEED_H

#include <stdbool.h>
#include <stdint.h>

/*
 * The rate and the seed of the calling thread's sampler: the process's
 * rate, and a seed from getrandom(2) or, when ALLOCSAMPLE_SEED is set, that
 * seed mixed with a per-process thread counter, so that a run with the
 * same threads created in the same order draws the same streams.
 * Preserves errno; never allocates.  Returns false, leaving both alone,
 * before as_thread_seed_start(): then no thread samples.
 */
bool as_thread_seed(uint64_t *rate, uint64_t *seed);

/*
 * From now on threads seed and sample.  liballocsample.so calls it from its
 * first constructor: until then the process runs the tracer's start-up,
 * never the program's (src/liballocsample/thread_state.c).
 */
void as_thread_seed_start(void);

/* pthread_atfork handlers: a child's threads must repeat neither the
 * parent's seeds nor a sibling's. */
void as_thread_seed_before_fork(void);
void as_thread_seed_after_fork_child(void);

#endif
