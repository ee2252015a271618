/* sampled_set.c - the lock-free set of tracked sampled blocks: its leaves and insertions (see sampled_set.h). */
#include <stddef.h>
#include <sys/mman.h>

#include "export.h"
#include "sampled_set.h"

AS_EXPORT uint64_t *as_sampled_leaves[AS_SAMPLED_SET_LEAVES];
static uint64_t dropped; /* atomic */

/* The leaf of leaves[index], mapped if it is not yet; racing threads each
 * map one, the first to publish wins and the others unmap theirs.  mmap is
 * async-signal-safe.  NULL when no memory can be had. */
static uint64_t *leaf_get(unsigned index)
{
	uint64_t *leaf = __atomic_load_n(&as_sampled_leaves[index], __ATOMIC_ACQUIRE);
	uint64_t *expected = NULL;
	void *mapped;

	if (leaf)
		return leaf;
	/* Zero pages until touched: a heap's blocks touch one page of
	 * bitmap per 128 MiB of addresses. */
	mapped = mmap(NULL, AS_SAMPLED_SET_LEAF_BYTES, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (mapped == MAP_FAILED)
		return NULL;
	if (__atomic_compare_exchange_n(&as_sampled_leaves[index], &expected, (uint64_t *) mapped, false,
					__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return mapped;
	munmap(mapped, AS_SAMPLED_SET_LEAF_BYTES);
	return expected;
}

static enum as_sampled_insert refuse(enum as_sampled_insert why)
{
	__atomic_fetch_add(&dropped, 1, __ATOMIC_RELAXED);
	return why;
}

enum as_sampled_insert as_sampled_set_insert(const void *ptr)
{
	uint64_t page = (uint64_t) (uintptr_t) ptr >> AS_SAMPLED_SET_PAGE_BITS;
	uint64_t bit = 0, *word;

	if (page >> (AS_SAMPLED_SET_ADDRESS_BITS - AS_SAMPLED_SET_PAGE_BITS))
		return refuse(AS_SAMPLED_OUT_OF_RANGE);
	if (!leaf_get((unsigned) (page >> AS_SAMPLED_SET_LEAF_BITS)))
		return refuse(AS_SAMPLED_NO_MEMORY);
	word = as_sampled_set_word(ptr, &bit);
	__atomic_fetch_or(word, bit, __ATOMIC_ACQ_REL);
	return AS_SAMPLED_INSERTED;
}

uint64_t as_sampled_set_dropped(void)
{
	return __atomic_load_n(&dropped, __ATOMIC_RELAXED);
}

/* The leaves stay mapped; their pages are given back, to be read as zeros. */
void as_sampled_set_clear(void)
{
	for (unsigned i = 0; i < AS_SAMPLED_SET_LEAVES; i++) {
		uint64_t *leaf = __atomic_load_n(&as_sampled_leaves[i], __ATOMIC_ACQUIRE);

		if (leaf)
			madvise(leaf, AS_SAMPLED_SET_LEAF_BYTES, MADV_DONTNEED);
	}
}
