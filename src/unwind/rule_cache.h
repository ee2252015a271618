/* rule_cache.h - the unwind rules found so far, shared by every thread without a lock. */
#ifndef ALLOCSAMPLE_RULE_CACHE_H
#define ALLOCSAMPLE_RULE_CACHE_H

#include <stdbool.h>
#include <stdint.h>

#include "cfi.h"

/*
 * A set-associative table of 2048 sets of 4 slots (128 KiB, zero pages
 * until used), one for all threads, so that a thread's first walk finds
 * what others learnt and no thread owns memory of its own.
 *
 * A slot is two words: `value`, a rule packed in 63 bits, and `check`, the
 * key XOR the value.  The key is the address (47 bits), whether it is
 * exact (cfi.h), and the unload generation modulo 2^15 (unloads.h): a rule
 * cached before an object was unloaded never matches again, whatever is
 * loaded at its addresses later.  A writer claims a slot by setting
 * check's top bit (BUSY) with a compare-and-swap, then stores the value,
 * then the check; a reader reads check, value, check, and takes the slot
 * only when both checks agree, are not BUSY, and match its key.  So a
 * reader never takes a value from one write and a check from another, and
 * two writers never mix theirs.  The lookup is inline: the walk does one
 * per frame.
 */

/* Generations are told apart modulo this: unloads.c clears the cache each
 * time the unload count passes a multiple of it. */
#define AS_RULE_CACHE_GENERATIONS (1u << 15)

#define AS_RULE_CACHE_SET_BITS 11
#define AS_RULE_CACHE_WAYS 4
#define AS_RULE_CACHE_BUSY (UINT64_C(1) << 63)
#define AS_RULE_CACHE_ADDRESS_BITS 47

struct as_rule_slot {
	uint64_t check; /* atomic */
	uint64_t value; /* atomic */
};

extern struct as_rule_slot as_rule_table[(1u << AS_RULE_CACHE_SET_BITS) * AS_RULE_CACHE_WAYS]
	__attribute__((visibility("hidden")));

/* The generation's part of every key of a walk, computed once. */
static inline uint64_t as_rule_cache_tag(uint32_t generation)
{
	return (uint64_t) (generation % AS_RULE_CACHE_GENERATIONS) << (AS_RULE_CACHE_ADDRESS_BITS + 1);
}

/* The key of (`pc`, `exact`) under `tag`, or 0 when `pc` fits no key. */
static inline uint64_t as_rule_cache_key(uintptr_t pc, bool exact, uint64_t tag)
{
	if (pc == 0 || pc >> AS_RULE_CACHE_ADDRESS_BITS)
		return 0;
	return (uint64_t) pc | (uint64_t) exact << AS_RULE_CACHE_ADDRESS_BITS | tag;
}

static inline struct as_rule_slot *as_rule_cache_set(uint64_t key)
{
	return &as_rule_table[((key * UINT64_C(0x9e3779b97f4a7c15)) >> (64 - AS_RULE_CACHE_SET_BITS)) *
			      AS_RULE_CACHE_WAYS];
}

/* The packed rule cached for `key` (non-zero), or 0 when there is none.
 * Lock-free and wait-free: a slot being written reads as empty. */
static inline uint64_t as_rule_cache_find(uint64_t key)
{
	struct as_rule_slot *set = as_rule_cache_set(key);

	for (unsigned way = 0; way < AS_RULE_CACHE_WAYS; way++) {
		uint64_t check = __atomic_load_n(&set[way].check, __ATOMIC_ACQUIRE);
		uint64_t value = __atomic_load_n(&set[way].value, __ATOMIC_ACQUIRE);

		/* A BUSY check never matches: keys and values keep bit 63 clear. */
		if ((check ^ value) == key && __atomic_load_n(&set[way].check, __ATOMIC_ACQUIRE) == check)
			return value;
	}
	return 0;
}

/*
 * Packs *rule into 63 bits: kind 3, CFA base 2, %rbp rule 2, CFA offset 32,
 * %rbp offset 16, return address offset / 8 in 8.  Returns 0 when it does
 * not fit (a return address offset that is no multiple of 8, or too far);
 * never 0 otherwise, as the kind is never AS_RULE_EMPTY.
 */
uint64_t as_rule_pack(const struct as_rule *rule);

#define AS_RULE_KIND(v) ((unsigned) ((v) & 7))
#define AS_RULE_CFA_BASE(v) ((unsigned) ((v) >> 3) & 3)
#define AS_RULE_RBP_RULE(v) ((unsigned) ((v) >> 5) & 3)
#define AS_RULE_CFA_OFFSET(v) ((int32_t) (uint32_t) ((v) >> 7))
#define AS_RULE_RBP_OFFSET(v) ((int16_t) (uint16_t) ((v) >> 39))
#define AS_RULE_RA_OFFSET(v) ((int32_t) (int8_t) (uint8_t) ((v) >> 55) * 8)

/* Caches the packed rule `value` for `key`, unless its slot is being
 * written by another thread. */
void as_rule_cache_put(uint64_t key, uint64_t value);

/* Empties the cache; entries written meanwhile carry their generation. */
void as_rule_cache_clear(void);

#endif
