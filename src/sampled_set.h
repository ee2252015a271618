/*
 * sampled_set.h - the addresses of the live sampled blocks whose frees are
 * tracked (doc/sampling.md, "Free tracking").
 *
 * A fixed-size, lock-free, open-addressing set of page-aligned addresses,
 * process-wide.  Its memory is mmap'ed on the first insertion and never
 * released; nothing here calls malloc, takes a lock or touches errno, so
 * every operation is safe inside malloc and free, in a signal handler and
 * from any thread.  A fork child inherits the set as it was (a private
 * mapping): parent and child each go on with their own copy.
 */
#ifndef ALLOCSAMPLE_SAMPLED_SET_H
#define ALLOCSAMPLE_SAMPLED_SET_H

#include <stdbool.h>
#include <stdint.h>

/* 2^17 slots of 8 bytes: 1 MiB of address space, resident only where
 * touched.  An address lives within AS_SAMPLED_SET_WINDOW slots of its
 * hash, so every operation reads at most that many slots. */
#define AS_SAMPLED_SET_SLOTS (UINT64_C(1) << 17)
#define AS_SAMPLED_SET_WINDOW 64

/* Only addresses whose 12 low bits are zero are kept: the free path's
 * one-instruction filter, and it lets 0 and 1 mark empty and removed slots. */
#define AS_SAMPLED_SET_ALIGN 4096

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
	AS_SAMPLED_FULL,        /* no free slot in ptr's window: not in the set */
	AS_SAMPLED_NO_MEMORY,   /* the set could not be mapped: not in the set */
};

/*
 * Adds `ptr` (non-NULL, AS_SAMPLED_SET_ALIGN-aligned).  An address already
 * there (its block was released behind our back, then handed out again)
 * stays one entry.  Counts the failures for as_sampled_set_dropped().
 */
enum as_sampled_insert as_sampled_set_insert(const void *ptr);

/* Removes `ptr`: true if it was in the set (and this call took it out). */
bool as_sampled_set_remove(const void *ptr);

/* True if `ptr` is in the set. */
bool as_sampled_set_contains(const void *ptr);

/* Insertions refused so far (full window or no memory). */
uint64_t as_sampled_set_dropped(void);

#endif
