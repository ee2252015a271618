/* preload.h - what every wrapper of liballocsample-preload.so shares. */
#ifndef ALLOCSAMPLE_PRELOAD_H
#define ALLOCSAMPLE_PRELOAD_H

#include <stddef.h>
#include <stdint.h>

#include "liballocsample/emit.h"
#include "export.h"
#include "next.h"
#include "sampler/sampled_set.h"
#include "liballocsample/thread_state.h"

/* The program's call site: the return address of the wrapper itself, as
 * lttng-ust's libc wrapper passes it. */
#define AS_CALLER_IP() __builtin_return_address(0)
/* Slow paths stay out of line so the wrappers remain a few instructions. */
#define AS_SLOW __attribute__((noinline, cold))

/* Tracked sampled blocks are page-aligned (doc/sampling.md, "Free
 * tracking"): a free whose address is not cannot be one of them. */
#define AS_TRACK_ALIGN AS_SAMPLED_SET_ALIGN
/* True for NULL too, which the slow sides handle. */
#define AS_MAYBE_TRACKED(ptr) \
	__builtin_expect(((uintptr_t) (ptr) & (AS_TRACK_ALIGN - 1)) == 0, 0)

/* A page-aligned block of at least `alignment` (a power of two) and
 * AS_TRACK_MIN_BYTES, for a sample whose free is tracked; NULL when the
 * next allocator refuses.  errno preserved either way.  Defined in
 * tracked_block.c, as is its counterpart: a tracked block's release to the
 * next allocator, once its SampledFree is emitted. */
void *as_tracked_block(size_t alignment, size_t size) __attribute__((visibility("hidden")));
void as_tracked_block_release(void *ptr) __attribute__((visibility("hidden")));

/* The out-of-line side of free: SampledFree if `ptr` is tracked, then the
 * next free (which takes NULL too).  Defined in malloc.c. */
void as_preload_free_slow(void *ptr, const void *ip) __attribute__((visibility("hidden")));

#endif
