/* thread_state.h - the calling thread's sampler, shared by the library and
 * the preload shim so that each thread has exactly one byte stream. */
#ifndef ALLOCSAMPLE_THREAD_STATE_H
#define ALLOCSAMPLE_THREAD_STATE_H

#include "sampler/sampler.h"

/*
 * initial-exec: the sampler lives in the static TLS block, so reaching it is
 * one %fs-relative access that can never call malloc (the default
 * global-dynamic model may allocate on first touch).  Defined and exported by
 * liballocsample.so under a reserved name.
 */
extern __thread struct as_sampler allocsample_internal_sampler
	__attribute__((tls_model("initial-exec")));

#define as_thread_sampler (&allocsample_internal_sampler)

/* as_sampler_slow() on the calling thread's sampler, exported under a
 * reserved name for liballocsample-preload.so. */
bool allocsample_internal_sampler_slow(size_t size, uint64_t *offset);

/* Both paths, for callers that do not tail-call: true when the calling
 * thread samples an object of `size` bytes, with *offset set. */
static inline bool as_thread_account(size_t size, uint64_t *offset)
{
	return !as_sampler_fast(as_thread_sampler, size) &&
	       allocsample_internal_sampler_slow(size, offset);
}

#endif
