/* live.c - tracked samples by address until their free (see live.h). */
#include <string.h>

#include "aggregate/heap.h"
#include "aggregate/live.h"

/*
 * One live sample: its key (trace, process, address), its cell, and the
 * sample weighed as its cell took it, what its removal needs.  Kept
 * inline in an open-addressing table rather than in a GHashTable of
 * allocated blocks: every sample and every free passes here, and the
 * table then costs one hash and no allocation each (bench/report.sh,
 * doc/performance.md).
 */
struct asr_live_block {
	const struct asr_trace *trace; /* NULL: the slot is empty */
	int64_t vpid;
	bool has_vpid;
	bool has_time;                 /* born_ns is valid */
	/* Allocated before the window of a snapshot (a checkpoint's block):
	 * not among the samples whose lifetimes the report tells. */
	bool seeded;
	int64_t born_ns;               /* the sample's time: its block's birth */
	uint64_t ptr;
	struct asr_cell *cell;
	struct asr_weighed weighed;
};

#define FIRST_CAPACITY 1024

/* A table up to this size stays in a core's L2 cache (1 MiB here) beside
 * what else a sample touches; above it, a probe is a miss to memory. */
#define CACHED_BYTES (256 * 1024)

/* Sampled blocks are page-aligned, so the low bits say nothing; the mix
 * (a 64-bit finalizer) spreads consecutive pages over the whole table. */
static size_t home(const struct asr_live *live, const struct asr_trace *trace, int64_t vpid,
		   uint64_t ptr)
{
	uint64_t h = (ptr >> 12) ^ ((uint64_t) (uintptr_t) trace << 20) ^ ((uint64_t) vpid << 44);

	h ^= h >> 33;
	h *= UINT64_C(0xff51afd7ed558ccd);
	h ^= h >> 33;
	return (size_t) h & (live->capacity - 1);
}

static bool same(const struct asr_live_block *b, const struct asr_trace *trace, int64_t vpid,
		 bool has_vpid, uint64_t ptr)
{
	return b->ptr == ptr && b->trace == trace && b->vpid == vpid && b->has_vpid == has_vpid;
}

/* The slot holding the key, or the empty slot where it would go. */
static struct asr_live_block *find(const struct asr_live *live, const struct asr_trace *trace,
				   int64_t vpid, bool has_vpid, uint64_t ptr)
{
	size_t mask = live->capacity - 1, i = home(live, trace, vpid, ptr);

	while (live->slots[i].trace && !same(&live->slots[i], trace, vpid, has_vpid, ptr))
		i = (i + 1) & mask;
	return &live->slots[i];
}

static void grow(struct asr_live *live)
{
	struct asr_live_block *old = live->slots;
	size_t old_capacity = live->capacity;

	live->capacity = old_capacity ? old_capacity * 2 : FIRST_CAPACITY;
	live->slots = g_new0(struct asr_live_block, live->capacity);
	for (size_t i = 0; i < old_capacity; i++) {
		const struct asr_live_block *b = &old[i];

		if (b->trace)
			*find(live, b->trace, b->vpid, b->has_vpid, b->ptr) = *b;
	}
	g_free(old);
}

/*
 * Empties slot `hole` without tombstones: the blocks after it in its run
 * that could have been placed at the hole move back into it (Knuth's
 * algorithm R for linear probing), so that a search still stops at the
 * first empty slot.
 */
static void vacate(struct asr_live *live, size_t hole)
{
	size_t mask = live->capacity - 1, j = hole;

	for (;;) {
		const struct asr_live_block *b;
		size_t want;

		j = (j + 1) & mask;
		b = &live->slots[j];
		if (!b->trace)
			break;
		want = home(live, b->trace, b->vpid, b->ptr);
		/* The block at j stays if its home lies cyclically in (hole, j]. */
		if (hole <= j ? hole < want && want <= j : hole < want || want <= j)
			continue;
		live->slots[hole] = *b;
		hole = j;
	}
	live->slots[hole].trace = NULL;
	live->count--;
}

/* How long block `b` lived until `ns` (0 if the clock went back), or -1
 * without both times. */
static int64_t lived_until(const struct asr_live_block *b, bool has_time, int64_t ns)
{
	if (!b->has_time || !has_time)
		return -1;
	return ns > b->born_ns ? ns - b->born_ns : 0;
}

static void changed(struct asr_live *live, struct asr_cell *cell)
{
	if (cell->live_changed)
		return;
	cell->live_changed = true;
	g_ptr_array_add(live->changed, cell);
}

static void release(struct asr_live *live, struct asr_live_block *b)
{
	changed(live, b->cell);
	asr_rates_remove(&b->cell->live, &b->weighed);
	asr_heap_freed(b->cell->heap, &b->weighed);
	vacate(live, (size_t) (b - live->slots));
}

void asr_live_init(struct asr_live *live)
{
	memset(live, 0, sizeof *live);
	live->changed = g_ptr_array_new();
}

void asr_live_fini(struct asr_live *live)
{
	g_free(live->slots);
	if (live->changed)
		g_ptr_array_free(live->changed, TRUE);
	memset(live, 0, sizeof *live);
}

static void add(struct asr_live *live, struct asr_trace *trace, struct asr_cell *cell,
		const struct asr_sample *sample, const struct asr_weighed *weighed, bool seeded)
{
	int64_t vpid = sample->has_vpid ? sample->vpid : 0;
	struct asr_live_block *b;

	if (!sample->frees_known)
		return;
	if (!sample->free_tracked) {
		cell->untracked++;
		trace->untracked++;
		return;
	}
	cell->tracked++;
	if (2 * (live->count + 1) > live->capacity)
		grow(live);
	b = find(live, trace, vpid, sample->has_vpid, sample->ptr);
	if (b->trace) {
		trace->lost_frees++;
		release(live, b);
		b = find(live, trace, vpid, sample->has_vpid, sample->ptr);
	}
	*b = (struct asr_live_block) {
		.trace = trace,
		.vpid = vpid,
		.has_vpid = sample->has_vpid,
		.has_time = sample->has_time,
		.born_ns = sample->ns,
		.ptr = sample->ptr,
		.seeded = seeded,
		.cell = cell,
		.weighed = *weighed,
	};
	live->count++;
	if (sample->has_time && sample->ns > trace->last_ns)
		trace->last_ns = sample->ns;
	changed(live, cell);
	asr_rates_add(&cell->live, weighed);
	asr_heap_live(cell->heap, weighed);
}

void asr_live_sample(struct asr_live *live, struct asr_trace *trace, struct asr_cell *cell,
		     const struct asr_sample *sample, const struct asr_weighed *weighed)
{
	add(live, trace, cell, sample, weighed, false);
}

void asr_live_seed(struct asr_live *live, struct asr_trace *trace, struct asr_cell *cell,
		   const struct asr_sample *sample, const struct asr_weighed *weighed)
{
	add(live, trace, cell, sample, weighed, true);
}

struct asr_cell *asr_live_free(struct asr_live *live, struct asr_trace *trace,
			       const struct asr_free_event *event)
{
	struct asr_live_block *b = live->capacity ?
		find(live, trace, event->has_vpid ? event->vpid : 0, event->has_vpid, event->ptr) : NULL;
	struct asr_cell *cell;

	if (event->has_time && event->ns > trace->last_ns)
		trace->last_ns = event->ns;
	if (!b || !b->trace) {
		trace->unmatched_frees++;
		return NULL;
	}
	cell = b->cell;
	if (!b->seeded)
		asr_lifetimes_freed(cell, &b->weighed, lived_until(b, event->has_time, event->ns),
				    live->temporary_ns);
	release(live, b);
	return cell;
}

bool asr_live_has(const struct asr_live *live, const struct asr_trace *trace, bool has_vpid,
		  int64_t vpid, uint64_t ptr)
{
	return live->capacity && find(live, trace, has_vpid ? vpid : 0, has_vpid, ptr)->trace;
}

bool asr_live_outgrows_cache(const struct asr_live *live)
{
	return live->capacity * sizeof(struct asr_live_block) > CACHED_BYTES;
}

void asr_live_prefetch(const struct asr_live *live, const struct asr_trace *trace, int64_t vpid,
		       uint64_t ptr)
{
	size_t i;
	const char *slot, *next;

	if (!live->capacity)
		return;
	/* A slot spans two or three cache lines: its key, and the weighed
	 * sample that a free reads; a free's vacate() reads the next slot's
	 * key (its first 40 bytes) too. */
	i = home(live, trace, vpid, ptr);
	slot = (const char *) &live->slots[i];
	next = (const char *) &live->slots[(i + 1) & (live->capacity - 1)];
	__builtin_prefetch(slot);
	__builtin_prefetch(slot + 64);
	__builtin_prefetch(slot + sizeof(struct asr_live_block) - 1);
	__builtin_prefetch(next);
	__builtin_prefetch(next + 40);
}

void asr_live_each(const struct asr_live *live,
		   void (*fn)(struct asr_cell *cell, const struct asr_weighed *sample, int64_t age_ns,
			      void *data),
		   void *data)
{
	for (size_t i = 0; i < live->capacity; i++) {
		const struct asr_live_block *b = &live->slots[i];

		if (b->trace && !b->seeded)
			fn(b->cell, &b->weighed, lived_until(b, true, b->trace->last_ns), data);
	}
}
