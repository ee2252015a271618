/* unloads.h - the count of unloads that tags cached unwind rules, and when the cache may be used at all. */
#ifndef ALLOCSAMPLE_UNLOADS_H
#define ALLOCSAMPLE_UNLOADS_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Cached unwind rules are keyed by address, and once an object is unloaded
 * another may be mapped at its addresses: a rule cached for the first,
 * applied to the second, would read the stack at the wrong places.  So
 * every rule is tagged with the number of unloads so far, and a rule of
 * another generation is never used (rule_cache.h).
 *
 * Sets *generation and returns true when the cache may be used now: the
 * preload shim reports every dlclose and none is under way.  False: walk
 * without it (an object being unloaded may be replaced before the count
 * moves).  Lock-free, allocation-free.
 */
bool as_unloads_generation(uint32_t *generation);

/*
 * The preload shim's dlclose calls these around the next dlclose: begin
 * returns the loader's count of unloaded objects, end compares it with the
 * count after and, if it moved, moves the generation.  Exported under
 * reserved names.
 */
unsigned long long allocsample_internal_unload_begin(void);
void allocsample_internal_unload_end(unsigned long long unloaded_before);

/* Called once by the preload shim: every dlclose of the program goes
 * through it.  Without the shim (the typed API alone) nothing is cached. */
void allocsample_internal_unloads_watched(void);

#endif
