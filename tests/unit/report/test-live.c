/*
 * test-live.c - the report's table of live samples (aggregate/live.c)
 * against a plain list of what should be live: samples and frees in a
 * shuffled order, at loads up to the table's half full, so that runs of
 * neighbouring slots form, wrap around the end and are taken apart by
 * frees (the case a search that stops at the first empty slot depends on).
 * Each sample and free is announced first (asr_live_prefetch, a hint that
 * must change nothing), and the table says it outgrows the cache past
 * 2 048 slots of 128 bytes.  A block a checkpoint says is live (seeded) is
 * live until its free but among no lifetime; a snapshot's curve records
 * no point before its process's live set is known.
 */
#include <check.h>
#include <stdlib.h>

#include "aggregate/heap.h"
#include "aggregate/lifetimes.h"
#include "aggregate/live.h"
#include "tests/lib/check-run.h"

#define BLOCKS 40000

static uint64_t lcg = 20261123;

static uint64_t next_random(void)
{
	lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
	return lcg >> 33;
}

static struct asr_sample sample_at(uint64_t ptr)
{
	return (struct asr_sample) {
		.ptr = ptr, .size = 4096, .offset = 7, .rate = 4096,
		.has_vpid = true, .vpid = 42, .free_tracked = true, .frees_known = true,
	};
}

static struct asr_free_event free_of(uint64_t ptr)
{
	return (struct asr_free_event) { .ptr = ptr, .has_vpid = true, .vpid = 42 };
}

/* A trace of one cell, its live table and the process's curve. */
struct table {
	struct asr_trace trace;
	struct asr_cell cell;
	struct asr_heap heap;
	struct asr_live live;
};

static void table_init(struct table *t)
{
	*t = (struct table) { .cell = { .trace = &t->trace } };
	asr_live_init(&t->live);
	asr_heap_init(&t->heap, 200);
	t->cell.heap = asr_heap_series_of(&t->heap, &t->cell);
}

static void table_fini(struct table *t)
{
	asr_live_fini(&t->live);
	asr_heap_fini(&t->heap);
	asr_cell_lifetimes_fini(&t->cell.lifetimes);
	asr_rates_fini(&t->cell.rates);
	asr_rates_fini(&t->cell.live);
}

/* A sample into the live table, weighed as asr_table_add() weighs it. */
static void live_sample(struct table *t, const struct asr_sample *s)
{
	struct asr_recent_probability recent[ASR_RECENT_PROBABILITIES] = { { 0 } };
	struct asr_weighed weighed;

	ck_assert(asr_rates_weigh(&t->cell.rates, recent, s->rate, s->size, s->offset, &weighed));
	asr_live_sample(&t->live, &t->trace, &t->cell, s, &weighed);
}

START_TEST(test_samples_and_frees_match)
{
	static uint64_t live_ptrs[BLOCKS];
	size_t n_live = 0, made = 0;
	struct table t;

	table_init(&t);
	/* Grow to 2040 live, then hover there, just under half of the
	 * table's 4096 slots: long runs, many of them across the table's end,
	 * and many vacated slots. */
	while (made < BLOCKS || n_live > 0) {
		bool add = made < BLOCKS && (n_live < 2040 || (n_live < 2047 && next_random() % 2 == 0));

		if (add) {
			/* Page-aligned addresses from a few regions, as allocators
			 * hand them out. */
			uint64_t ptr = ((next_random() % 4) << 40) + (made << 12);
			struct asr_sample s = sample_at(ptr);

			asr_live_prefetch(&t.live, &t.trace, 42, ptr);
			live_sample(&t, &s);
			live_ptrs[n_live++] = ptr;
			made++;
		} else {
			size_t k = next_random() % n_live;
			struct asr_free_event f = free_of(live_ptrs[k]);

			asr_live_prefetch(&t.live, &t.trace, 42, f.ptr);
			asr_live_free(&t.live, &t.trace, &f);
			live_ptrs[k] = live_ptrs[--n_live];
		}
		ck_assert_uint_eq(t.trace.unmatched_frees, 0);
		ck_assert_uint_eq(asr_rates_samples(&t.cell.live), n_live);
		/* The process's curve follows its cells. */
		ck_assert_uint_eq(asr_rates_samples(&t.cell.heap->live), n_live);
		ck_assert(asr_live_outgrows_cache(&t.live) == (t.live.capacity > 2048));
	}
	ck_assert_uint_eq(t.trace.lost_frees, 0);
	ck_assert_uint_eq(t.cell.tracked, BLOCKS);
	table_fini(&t);
}
END_TEST

START_TEST(test_unmatched_and_lost_frees)
{
	struct asr_sample s = sample_at(0x7000);
	struct asr_free_event f = free_of(0x7000), other = free_of(0x9000);
	struct table t;

	table_init(&t);
	asr_live_free(&t.live, &t.trace, &f); /* before any sample: unmatched */
	live_sample(&t, &s);
	live_sample(&t, &s); /* the first one's free was lost */
	ck_assert_uint_eq(t.trace.lost_frees, 1);
	ck_assert_uint_eq(asr_rates_samples(&t.cell.live), 1);
	asr_live_free(&t.live, &t.trace, &other);
	ck_assert_uint_eq(t.trace.unmatched_frees, 2);
	other.vpid = 43; /* the same address in another process */
	other.ptr = 0x7000;
	asr_live_free(&t.live, &t.trace, &other);
	ck_assert_uint_eq(t.trace.unmatched_frees, 3);
	asr_live_free(&t.live, &t.trace, &f);
	ck_assert_uint_eq(asr_rates_samples(&t.cell.live), 0);
	table_fini(&t);
}
END_TEST

START_TEST(test_seeded_blocks)
{
	struct asr_recent_probability recent[ASR_RECENT_PROBABILITIES] = { { 0 } };
	struct asr_sample s = sample_at(0x7000);
	struct asr_free_event f = free_of(0x7000);
	struct asr_weighed weighed;
	struct table t;

	table_init(&t);
	s.has_time = false;
	ck_assert(asr_rates_weigh(&t.cell.rates, recent, s.rate, s.size, s.offset, &weighed));
	ck_assert(!asr_live_has(&t.live, &t.trace, true, 42, 0x7000));
	asr_live_seed(&t.live, &t.trace, &t.cell, &s, &weighed);
	ck_assert(asr_live_has(&t.live, &t.trace, true, 42, 0x7000));
	ck_assert(!asr_live_has(&t.live, &t.trace, true, 43, 0x7000));
	ck_assert_uint_eq(asr_rates_samples(&t.cell.live), 1);
	f.has_time = true;
	f.ns = 5000;
	asr_live_free(&t.live, &t.trace, &f);
	ck_assert(!asr_live_has(&t.live, &t.trace, true, 42, 0x7000));
	ck_assert_uint_eq(asr_rates_samples(&t.cell.live), 0);
	ck_assert_uint_eq(t.trace.unmatched_frees, 0);
	/* Born before the window: not a freed block of the lifetimes. */
	ck_assert_uint_eq(t.cell.lifetimes.freed, 0);
	table_fini(&t);
}
END_TEST

/* A gated curve: no point until its process is known, then every
 * instant from then on; a process known before its series is made
 * begins known. */
START_TEST(test_gated_curve)
{
	struct asr_trace other = { 0 };
	struct asr_cell later = { .trace = &other };
	struct asr_heap_series *series;
	struct table t;

	table_init(&t);
	asr_heap_gate(&t.heap);
	asr_heap_advance(&t.heap, t.cell.heap, 0);
	asr_heap_advance(&t.heap, t.cell.heap, 10 * ASR_HEAP_STEP_NS);
	ck_assert_uint_eq(t.cell.heap->points->len, 0);
	asr_heap_known_process(&t.heap, &t.trace, false, 0, 12 * ASR_HEAP_STEP_NS);
	asr_heap_known_process(&t.heap, &other, false, 0, 14 * ASR_HEAP_STEP_NS);
	asr_heap_advance(&t.heap, t.cell.heap, 20 * ASR_HEAP_STEP_NS);
	/* Instants 12 to 20. */
	ck_assert_uint_eq(t.cell.heap->points->len, 9);
	ck_assert_int_eq(g_array_index(t.cell.heap->points, struct asr_heap_point, 0).k, 12);
	series = asr_heap_series_of(&t.heap, &later);
	ck_assert(series->gated && series->known);
	ck_assert_int_eq(series->known_ns, 14 * ASR_HEAP_STEP_NS);
	table_fini(&t);
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_samples_and_frees_match, 1 },
		{ test_unmatched_and_lost_frees, 1 },
		{ test_seeded_blocks, 1 },
		{ test_gated_curve, 1 },
		{ NULL, 0 },
	};

	return as_check_main("live", "table", tests);
}
