/* sampled_set.c - the lock-free set of tracked sampled blocks (see sampled_set.h). */
#include <stddef.h>
#include <sys/mman.h>

#include "sampled_set.h"

#define EMPTY ((uint64_t) 0)
#define REMOVED ((uint64_t) 1) /* a tombstone: lookups go on past it */

static uint64_t *table; /* atomic; NULL until the first insertion */
static uint64_t dropped; /* atomic */

/* Fibonacci hashing of the page number: consecutive pages, as a bump
 * allocator hands them out, land far apart. */
static uint64_t home(uint64_t key)
{
	return ((key >> 12) * UINT64_C(0x9e3779b97f4a7c15)) >> (64 - 17);
}

_Static_assert(AS_SAMPLED_SET_SLOTS == UINT64_C(1) << 17, "home() yields 17 bits");

#define SLOT(t, key, i) (&(t)[(home(key) + (i)) & (AS_SAMPLED_SET_SLOTS - 1)])

/* Maps the table; racing threads each map one, the first to publish wins
 * and the others unmap theirs.  mmap is async-signal-safe. */
static uint64_t *table_get(void)
{
	uint64_t *t = __atomic_load_n(&table, __ATOMIC_ACQUIRE);
	uint64_t *expected = NULL;
	void *mapped;

	if (t)
		return t;
	mapped = mmap(NULL, AS_SAMPLED_SET_SLOTS * sizeof(uint64_t), PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mapped == MAP_FAILED)
		return NULL;
	if (__atomic_compare_exchange_n(&table, &expected, (uint64_t *) mapped, false,
					__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return mapped;
	munmap(mapped, AS_SAMPLED_SET_SLOTS * sizeof(uint64_t));
	return expected;
}

static enum as_sampled_insert refuse(enum as_sampled_insert why)
{
	__atomic_fetch_add(&dropped, 1, __ATOMIC_RELAXED);
	return why;
}

enum as_sampled_insert as_sampled_set_insert(const void *ptr)
{
	uint64_t key = (uint64_t) (uintptr_t) ptr;
	uint64_t *t = table_get();

	if (!t)
		return refuse(AS_SAMPLED_NO_MEMORY);
	for (;;) {
		uint64_t *free_slot = NULL, seen = EMPTY;

		/* Look for the key itself up to the first empty slot, keeping
		 * the first reusable slot on the way. */
		for (unsigned i = 0; i < AS_SAMPLED_SET_WINDOW; i++) {
			uint64_t *slot = SLOT(t, key, i);
			uint64_t value = __atomic_load_n(slot, __ATOMIC_ACQUIRE);

			if (value == key)
				return AS_SAMPLED_INSERTED;
			if ((value == EMPTY || value == REMOVED) && !free_slot) {
				free_slot = slot;
				seen = value;
			}
			if (value == EMPTY)
				break;
		}
		if (!free_slot)
			return refuse(AS_SAMPLED_FULL);
		/* Lost to another thread's insertion or removal: look again. */
		if (__atomic_compare_exchange_n(free_slot, &seen, key, false, __ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE))
			return AS_SAMPLED_INSERTED;
	}
}

/* The slot holding `key`, or NULL: stops at the first empty slot, since an
 * insertion never passes one. */
static uint64_t *find(uint64_t *t, uint64_t key)
{
	for (unsigned i = 0; i < AS_SAMPLED_SET_WINDOW; i++) {
		uint64_t *slot = SLOT(t, key, i);
		uint64_t value = __atomic_load_n(slot, __ATOMIC_ACQUIRE);

		if (value == key)
			return slot;
		if (value == EMPTY)
			return NULL;
	}
	return NULL;
}

bool as_sampled_set_remove(const void *ptr)
{
	uint64_t key = (uint64_t) (uintptr_t) ptr;
	uint64_t *t = __atomic_load_n(&table, __ATOMIC_ACQUIRE);
	uint64_t *slot = t ? find(t, key) : NULL;

	/* The compare-exchange settles two frees of one block racing (a
	 * program's double free): one of them removes it. */
	return slot && __atomic_compare_exchange_n(slot, &key, REMOVED, false, __ATOMIC_ACQ_REL,
						   __ATOMIC_ACQUIRE);
}

bool as_sampled_set_contains(const void *ptr)
{
	uint64_t *t = __atomic_load_n(&table, __ATOMIC_ACQUIRE);

	return t && find(t, (uint64_t) (uintptr_t) ptr);
}

uint64_t as_sampled_set_dropped(void)
{
	return __atomic_load_n(&dropped, __ATOMIC_RELAXED);
}
