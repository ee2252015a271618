/*
 * sampled_set.h - the addresses of the live sampled blocks whose frees are
 * tracked (doc/sampling.md, "Free tracking").
 *
 * A lock-free bitmap of page-aligned addresses, process-wide: one bit per
 * page of the address space, in leaves of 2^24 pages (64 GiB of addresses,
 * a 2 MiB bitmap each) mmap'ed on the first insertion into their range and
 * never released.  A heap's tracked blocks share a few leaves, and a cache
 * line of a leaf covers 2 MiB of addresses.  Nothing here calls malloc,
 * takes a lock or touches errno, so every operation is safe inside malloc
 * and free, in a signal handler and from any thread.  A fork child inherits
 * the set as it was (private mappings): parent and child each go on with
 * their own copy.
 *
 * The lookups are inline, here and in the preload shim: every free of a
 * page-aligned address asks, and most of those blocks were never sampled
 * (doc/performance.md section 7).
 */
#ifndef ALLOCSAMPLE_SAMPLED_SET_H
#define ALLOCSAMPLE_SAMPLED_SET_H

#include <stdbool.h>
#include <stdint.h>

/* Only addresses whose 12 low bits are zero are kept: the free path's
 * one-instruction filter, and one bit per page. */
#define AS_SAMPLED_SET_ALIGN 4096
#define AS_SAMPLED_SET_PAGE_BITS 12
/* Addresses below 2^48: x86-64's user space (47 bits) and aarch64's. */
#define AS_SAMPLED_SET_ADDRESS_BITS 48
#define AS_SAMPLED_SET_LEAF_BITS 24
#define AS_SAMPLED_SET_LEAVES \
	(1u << (AS_SAMPLED_SET_ADDRESS_BITS - AS_SAMPLED_SET_PAGE_BITS - AS_SAMPLED_SET_LEAF_BITS))
#define AS_SAMPLED_SET_LEAF_BYTES ((UINT64_C(1) << AS_SAMPLED_SET_LEAF_BITS) / 8)

/*
 * A tracked block is at least this big: the largest request glibc's
 * per-thread cache (tcache) holds.  Once freed, a small tracked block sits
 * in its tcache bin and is handed, at the same page-aligned address, to the
 * next request of its size, whose free then misses in the set; in the bin
 * of 1017 to 1032-byte requests, which few programs use, instead of the
 * program's busiest (measured: half the frees of bench/alloc-loop took the
 * slow path without it).  Still a tcache block: a double free of it is
 * reported by the tcache check, as for small blocks without the shim.
 */
#define AS_TRACK_MIN_BYTES 1032

enum as_sampled_insert {
	AS_SAMPLED_INSERTED,    /* ptr is in the set */
	AS_SAMPLED_OUT_OF_RANGE, /* ptr is at or above 2^48: not in the set */
	AS_SAMPLED_NO_MEMORY,   /* its leaf could not be mapped: not in the set */
};

/* The leaves, indexed by page number >> AS_SAMPLED_SET_LEAF_BITS (atomic;
 * NULL until the first insertion in their range).  Exported by
 * liballocsample.so under a reserved name: the preload shim's free asks
 * the set inline. */
#define as_sampled_leaves allocsample_internal_sampled_leaves
extern uint64_t *as_sampled_leaves[AS_SAMPLED_SET_LEAVES];

/* The word holding `ptr`'s bit, and the bit; NULL when `ptr` is not
 * page-aligned (the set holds addresses, not pages: a block that shares a
 * tracked block's page is not that block), out of range, or no insertion
 * ever reached its leaf. */
static inline uint64_t *as_sampled_set_word(const void *ptr, uint64_t *bit)
{
	uint64_t address = (uint64_t) (uintptr_t) ptr;
	uint64_t page = address >> AS_SAMPLED_SET_PAGE_BITS;
	uint64_t *leaf;

	if ((address & (AS_SAMPLED_SET_ALIGN - 1)) != 0 ||
	    page >> (AS_SAMPLED_SET_ADDRESS_BITS - AS_SAMPLED_SET_PAGE_BITS))
		return NULL;
	leaf = __atomic_load_n(&as_sampled_leaves[page >> AS_SAMPLED_SET_LEAF_BITS], __ATOMIC_ACQUIRE);
	if (!leaf)
		return NULL;
	*bit = UINT64_C(1) << (page & 63);
	return &leaf[(page & ((UINT64_C(1) << AS_SAMPLED_SET_LEAF_BITS) - 1)) >> 6];
}

/*
 * Adds `ptr` (non-NULL, AS_SAMPLED_SET_ALIGN-aligned).  An address already
 * there (its block was released behind our back, then handed out again)
 * stays one entry.  Counts the failures for as_sampled_set_dropped().
 */
enum as_sampled_insert as_sampled_set_insert(const void *ptr);

/* True if `ptr` itself is in the set. */
static inline bool as_sampled_set_contains(const void *ptr)
{
	uint64_t bit = 0, *word = as_sampled_set_word(ptr, &bit);

	return word && (__atomic_load_n(word, __ATOMIC_ACQUIRE) & bit);
}

/* Removes `ptr` itself: true if it was in the set and this call took it
 * out (of two racing removals, a program's double free, one does).  A
 * miss reads two words and writes none. */
static inline bool as_sampled_set_remove(const void *ptr)
{
	uint64_t bit = 0, *word = as_sampled_set_word(ptr, &bit);

	if (!word || !(__atomic_load_n(word, __ATOMIC_ACQUIRE) & bit))
		return false;
	return __atomic_fetch_and(word, ~bit, __ATOMIC_ACQ_REL) & bit;
}

/* Insertions refused so far (out of range or no memory). */
uint64_t as_sampled_set_dropped(void);

/* Empties the set, for a process that is attached again (src/preload/
 * attach.c, through allocsample_internal_tracked_clear): blocks tracked
 * before were freed unseen.  Not safe while a free may ask the set. */
void as_sampled_set_clear(void);

#endif
