/* checkpoint_table.c - the live tracked blocks' entries, their index and their states (see checkpoint_table.h). */
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "checkpoint_table.h"
#include "sampled_set.h"

#define MID_ENTRIES (1u << AS_CK_MID_BITS)
#define LEAF_ENTRIES (1u << AS_CK_LEAF_BITS)

uint32_t as_ck_stride(uint32_t depth)
{
	size_t bytes = sizeof(struct as_ck_entry) + (size_t) depth * sizeof(void *);

	return (uint32_t) ((bytes + 63) & ~(size_t) 63);
}

/* Anonymous zero pages; mmap is async-signal-safe and never calls malloc. */
static void *map(size_t bytes)
{
	void *mapped = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
			    -1, 0);

	return mapped == MAP_FAILED ? NULL : mapped;
}

/* *slot, mapped if it is not yet: racing threads each map one, the first
 * to publish wins and the others unmap theirs (as sampled_set.c does).
 * NULL when no memory can be had. */
static void *slot_get(void **slot, size_t bytes)
{
	void *node = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
	void *expected = NULL;

	if (node)
		return node;
	node = map(bytes);
	if (!node)
		return NULL;
	if (__atomic_compare_exchange_n(slot, &expected, node, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return node;
	munmap(node, bytes);
	return expected;
}

/* The index's word for `ptr`'s page; with `create`, its nodes mapped as
 * needed.  NULL: out of range, not mapped (without `create`), or no memory. */
static uint32_t *index_word(struct as_ck_table *table, const void *ptr, bool create)
{
	uint64_t page = (uint64_t) (uintptr_t) ptr >> AS_SAMPLED_SET_PAGE_BITS;
	uint32_t **mid, *leaf;
	void **mid_slot, **leaf_slot;

	if (page >> (AS_CK_TOP_BITS + AS_CK_MID_BITS + AS_CK_LEAF_BITS))
		return NULL;
	mid_slot = (void **) &table->index[page >> (AS_CK_MID_BITS + AS_CK_LEAF_BITS)];
	mid = create ? slot_get(mid_slot, MID_ENTRIES * sizeof(uint32_t *))
		     : __atomic_load_n(mid_slot, __ATOMIC_ACQUIRE);
	if (!mid)
		return NULL;
	leaf_slot = (void **) &mid[(page >> AS_CK_LEAF_BITS) & (MID_ENTRIES - 1)];
	leaf = create ? slot_get(leaf_slot, LEAF_ENTRIES * sizeof(uint32_t))
		      : __atomic_load_n(leaf_slot, __ATOMIC_ACQUIRE);
	if (!leaf)
		return NULL;
	return &leaf[page & (LEAF_ENTRIES - 1)];
}

/* Entry `number` (from 1), or NULL when its segment was never mapped. */
static struct as_ck_entry *entry_at(const struct as_ck_table *table, uint32_t number)
{
	uint32_t i = number - 1;
	char *segment = __atomic_load_n(&table->segments[i / AS_CK_SEGMENT_ENTRIES], __ATOMIC_ACQUIRE);

	if (!segment)
		return NULL;
	return (struct as_ck_entry *) (segment + (size_t) (i % AS_CK_SEGMENT_ENTRIES) *
					 as_ck_stride(table->depth));
}

/*
 * The free list is a Treiber stack of entry numbers; its head carries a tag
 * that every pop raises, so that a head popped and pushed back meanwhile
 * (ABA) fails the compare-and-swap.  An entry's next_free may be read after
 * another thread took it: entries are never unmapped, and the tag refuses
 * the stale value.
 */
static void free_push(struct as_ck_table *table, uint32_t number, struct as_ck_entry *entry)
{
	uint64_t head = __atomic_load_n(&table->free_list, __ATOMIC_ACQUIRE);

	do
		__atomic_store_n(&entry->next_free, (uint32_t) head, __ATOMIC_RELAXED);
	while (!__atomic_compare_exchange_n(&table->free_list, &head, (head & ~(uint64_t) UINT32_MAX) | number,
					    true, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
}

static uint32_t free_pop(struct as_ck_table *table)
{
	uint64_t head = __atomic_load_n(&table->free_list, __ATOMIC_ACQUIRE), next;

	do {
		uint32_t number = (uint32_t) head;

		if (number == 0)
			return 0;
		next = ((head >> 32) + 1) << 32 |
		       __atomic_load_n(&entry_at(table, number)->next_free, __ATOMIC_RELAXED);
	} while (!__atomic_compare_exchange_n(&table->free_list, &head, next, true, __ATOMIC_ACQ_REL,
					      __ATOMIC_ACQUIRE));
	return (uint32_t) head;
}

/* A new entry: a freed one, else the next number, its segment mapped. */
static uint32_t entry_new(struct as_ck_table *table)
{
	uint32_t number = free_pop(table), i;

	if (number)
		return number;
	number = __atomic_add_fetch(&table->entries, 1, __ATOMIC_ACQ_REL);
	i = number - 1;
	if (i / AS_CK_SEGMENT_ENTRIES >= AS_CK_SEGMENTS ||
	    !slot_get((void **) &table->segments[i / AS_CK_SEGMENT_ENTRIES],
		      (size_t) AS_CK_SEGMENT_ENTRIES * as_ck_stride(table->depth)))
		return 0; /* the number is lost: the table is full, or no memory */
	return number;
}

static void copy_type(char *to, const char *type)
{
	size_t n = strnlen(type, AS_CK_TYPE_MAX + 1);

	if (n > AS_CK_TYPE_MAX) {
		memcpy(to, type, AS_CK_TYPE_KEPT);
		memcpy(to + AS_CK_TYPE_KEPT, "...", 4);
	} else {
		memcpy(to, type, n + 1);
	}
}

/* errno preserved: the free that waits must leave the program's. */
static void futex(uint32_t *word, int op, uint32_t value)
{
	int saved_errno = errno;

	syscall(SYS_futex, word, op, value, NULL, NULL, 0);
	errno = saved_errno;
}

/* Takes a LIVE entry to FREE, waiting while the checkpoint holds it. */
static void entry_kill(struct as_ck_entry *entry)
{
	uint32_t state = __atomic_load_n(&entry->state, __ATOMIC_ACQUIRE);

	for (;;) {
		if (state == AS_CK_HELD || state == AS_CK_WAITED) {
			if (state == AS_CK_HELD &&
			    !__atomic_compare_exchange_n(&entry->state, &state, AS_CK_WAITED, false,
							 __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
				continue;
			/* Returns at once if the checkpoint released it meanwhile. */
			futex(&entry->state, FUTEX_WAIT_PRIVATE, AS_CK_WAITED);
			state = __atomic_load_n(&entry->state, __ATOMIC_ACQUIRE);
			continue;
		}
		if (__atomic_compare_exchange_n(&entry->state, &state, AS_CK_FREE, false, __ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE))
			return;
	}
}

/* Frees entry `number` whose index word was just cleared: its weight. */
static uint64_t entry_remove(struct as_ck_table *table, uint32_t number)
{
	struct as_ck_entry *entry = entry_at(table, number);
	uint64_t weight = as_ck_weight(entry->size, entry->rate);

	entry_kill(entry);
	__atomic_fetch_sub(&table->live, 1, __ATOMIC_RELAXED);
	free_push(table, number, entry);
	return weight;
}

uint32_t as_ck_table_insert(struct as_ck_table *table, const struct as_ck_block *block,
			    uint64_t *replaced_weight)
{
	uint32_t *word = index_word(table, block->ptr, true);
	uint32_t number, old, n = block->stack_length;
	struct as_ck_entry *entry;

	*replaced_weight = 0;
	number = word ? entry_new(table) : 0;
	if (!number) {
		__atomic_fetch_add(&table->dropped, 1, __ATOMIC_RELAXED);
		return 0;
	}
	entry = entry_at(table, number);
	if (n > table->depth)
		n = table->depth;
	entry->tid = block->tid;
	entry->generation = __atomic_load_n(&table->generation, __ATOMIC_RELAXED);
	entry->ptr = (uint64_t) (uintptr_t) block->ptr;
	entry->size = block->size;
	entry->offset = block->offset;
	entry->rate = block->rate;
	entry->stack_length = (uint8_t) n;
	entry->stack_truncated = block->stack_truncated || n < block->stack_length;
	copy_type(entry->type, block->type);
	memcpy(entry->stack, block->stack, n * sizeof(void *));
	__atomic_fetch_add(&table->live, 1, __ATOMIC_RELAXED);
	/* PENDING, with release: a checkpoint that sees it LIVE later sees
	 * all of the above. */
	__atomic_store_n(&entry->state, AS_CK_PENDING, __ATOMIC_RELEASE);
	old = __atomic_exchange_n(word, number, __ATOMIC_ACQ_REL);
	if (old)
		*replaced_weight = entry_remove(table, old);
	return number;
}

void as_ck_table_publish(struct as_ck_table *table, uint32_t number)
{
	__atomic_store_n(&entry_at(table, number)->state, AS_CK_LIVE, __ATOMIC_RELEASE);
}

bool as_ck_table_remove(struct as_ck_table *table, const void *ptr, uint64_t *weight)
{
	uint32_t *word = index_word(table, ptr, false);
	uint32_t number;

	if (!word || !(number = __atomic_exchange_n(word, 0, __ATOMIC_ACQ_REL)))
		return false;
	*weight = entry_remove(table, number);
	return true;
}

const struct as_ck_entry *as_ck_table_find(struct as_ck_table *table, const void *ptr)
{
	uint32_t *word = index_word(table, ptr, false);
	uint32_t number = word ? __atomic_load_n(word, __ATOMIC_ACQUIRE) : 0;

	return number ? entry_at(table, number) : NULL;
}

uint64_t as_ck_table_live(const struct as_ck_table *table)
{
	return __atomic_load_n(&table->live, __ATOMIC_RELAXED);
}

uint32_t as_ck_table_entries(const struct as_ck_table *table)
{
	uint32_t entries = __atomic_load_n(&table->entries, __ATOMIC_ACQUIRE);

	return entries < AS_CK_SEGMENTS * AS_CK_SEGMENT_ENTRIES ? entries : AS_CK_SEGMENTS * AS_CK_SEGMENT_ENTRIES;
}

/* Waits a moment for a PENDING entry: yields first (the publishing thread
 * is a few hundred instructions from it, unless it lost its CPU), then
 * sleeps. */
static void pending_pause(unsigned round)
{
	struct timespec pause = { .tv_sec = 0, .tv_nsec = 100000 };

	if (round < 16)
		sched_yield();
	else
		nanosleep(&pause, NULL);
}

const struct as_ck_entry *as_ck_table_hold(struct as_ck_table *table, uint32_t number)
{
	struct as_ck_entry *entry = entry_at(table, number);
	uint32_t state;

	if (!entry)
		return NULL;
	/* Said before the state changes: a fork child that copies the
	 * state HELD also copies which entry it is (after_fork_child). */
	__atomic_store_n(&table->held, number, __ATOMIC_SEQ_CST);
	for (unsigned round = 0; round < 16 + AS_CK_PENDING_WAIT_MS * 10; round++) {
		state = __atomic_load_n(&entry->state, __ATOMIC_ACQUIRE);
		if (state == AS_CK_PENDING &&
		    __atomic_load_n(&entry->generation, __ATOMIC_RELAXED) ==
			    __atomic_load_n(&table->generation, __ATOMIC_RELAXED)) {
			pending_pause(round);
			continue;
		}
		/* LIVE, or PENDING from before a fork; any other state (FREE,
		 * or taken again) is no block to hold. */
		if ((state == AS_CK_LIVE || state == AS_CK_PENDING) &&
		    __atomic_compare_exchange_n(&entry->state, &state, AS_CK_HELD, false,
						__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			return entry;
		if (state == AS_CK_PENDING || state == AS_CK_LIVE)
			continue;
		break;
	}
	__atomic_store_n(&table->held, 0, __ATOMIC_RELAXED);
	return NULL;
}

void as_ck_table_release(struct as_ck_table *table, const struct as_ck_entry *held)
{
	struct as_ck_entry *entry = (struct as_ck_entry *) held;

	if (__atomic_exchange_n(&entry->state, AS_CK_LIVE, __ATOMIC_ACQ_REL) == AS_CK_WAITED)
		futex(&entry->state, FUTEX_WAKE_PRIVATE, INT_MAX);
	__atomic_store_n(&table->held, 0, __ATOMIC_RELAXED);
}

void as_ck_table_after_fork_child(struct as_ck_table *table)
{
	uint32_t number = __atomic_load_n(&table->held, __ATOMIC_RELAXED);
	struct as_ck_entry *entry = number ? entry_at(table, number) : NULL;

	if (entry && (entry->state == AS_CK_HELD || entry->state == AS_CK_WAITED))
		entry->state = AS_CK_LIVE;
	table->held = 0;
	table->generation++;
}

void as_ck_table_clear(struct as_ck_table *table)
{
	uint32_t entries = as_ck_table_entries(table);
	uint64_t weight;

	for (uint32_t number = 1; number <= entries; number++) {
		struct as_ck_entry *entry = entry_at(table, number);

		if (entry && __atomic_load_n(&entry->state, __ATOMIC_ACQUIRE) != AS_CK_FREE)
			as_ck_table_remove(table, (const void *) (uintptr_t) entry->ptr, &weight);
	}
}
