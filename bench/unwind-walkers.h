/* unwind-walkers.h - the walks of bench/unwind-walkers.c, which bench/unwinders looks up with dlsym. */
#ifndef ALLOCSAMPLE_BENCH_UNWIND_WALKERS_H
#define ALLOCSAMPLE_BENCH_UNWIND_WALKERS_H

#include <stdint.h>

/* Each writes up to `max` return addresses, innermost first, from inside
 * the walker outward, and returns how many. */
int walk_allocsample(uint64_t *frames, int max);
int walk_libgcc(uint64_t *frames, int max);
int walk_unw_backtrace(uint64_t *frames, int max);
int walk_unw_step(uint64_t *frames, int max);
/* Stops at the first frame pointer that is not above the last or not
 * below `stack_end`, the top of the thread's stack. */
int walk_frame_pointers(uint64_t *frames, int max, uintptr_t stack_end);

/* Empties allocsample's rule cache. */
void clear_allocsample_cache(void);

/* libunwind's caching policy: GLOBAL when `global`, else NONE. */
void set_unw_policy(int global);

#endif
