/* next.h - the allocator we chain to: the next definition after this shim. */
#ifndef ALLOCSAMPLE_PRELOAD_NEXT_H
#define ALLOCSAMPLE_PRELOAD_NEXT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Never NULL: every entry starts at a bootstrap function that resolves the
 * whole table (as_next_lookup) on first use, so the wrappers' fast
 * paths call through the table without testing anything.
 */
struct as_next {
	void *(*malloc)(size_t);
	void (*free)(void *);
	void *(*calloc)(size_t, size_t);
	void *(*realloc)(void *, size_t);
	void *(*memalign)(size_t, size_t);
	void *(*aligned_alloc)(size_t, size_t);
	int (*posix_memalign)(void **, size_t, size_t);
	void *(*valloc)(size_t);
	void *(*pvalloc)(size_t);
	size_t (*malloc_usable_size)(void *);
};

extern struct as_next as_next __attribute__((visibility("hidden")));

/*
 * What the resolution tells the entry the shim's `free` jumps to
 * (malloc.c): `next_free` may be that entry while no block was ever
 * tracked (direct); or, since the bootstrap buffer was used, the entry
 * goes back from `next_free` to a free that checks and calls as_next.free
 * (undecided).  Neither replaces the checking free that the first tracked
 * block sets for good.
 */
void as_free_entry_direct(void (*next_free)(void *));
void as_free_entry_undecided(void (*next_free)(void *));

/* Resolves the table now (idempotent, lock-free). */
void as_next_resolve(void);

/* Whether the shim was preloaded (the program's malloc is ours), rather
 * than loaded by allocsample-record -p (src/preload/attach.c). */
bool as_next_interposing(void);

/*
 * Looks up `symbol` after this shim (preloaded), or its global definition
 * (attached); failing that, in an already loaded
 * `fallback_library` (may be NULL).  Returns NULL if neither has it.
 */
void *as_next_lookup(const char *symbol, const char *fallback_library);

#endif
