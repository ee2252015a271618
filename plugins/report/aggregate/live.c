/* live.c - tracked samples by address until their free (see live.h). */
#include <string.h>

#include "aggregate/live.h"

/* One live sample: its key (trace, process, address), its cell and what
 * as_estimate_remove() needs to take it out again. */
struct asr_live_block {
	const struct asr_trace *trace;
	int64_t vpid;
	bool has_vpid;
	uint64_t ptr;
	struct asr_cell *cell;
	uint64_t rate;
	uint64_t size;
	uint64_t offset;
};

static guint block_hash(gconstpointer p)
{
	const struct asr_live_block *b = p;

	/* Sampled blocks are page-aligned: the low bits say nothing. */
	return g_direct_hash(b->trace) * 31 + (guint) (b->ptr >> 12) * 17 + (guint) (b->ptr >> 40) +
	       (guint) b->vpid;
}

static gboolean block_equal(gconstpointer pa, gconstpointer pb)
{
	const struct asr_live_block *a = pa, *b = pb;

	return a->ptr == b->ptr && a->trace == b->trace && a->has_vpid == b->has_vpid &&
	       a->vpid == b->vpid;
}

void asr_live_init(struct asr_live *live)
{
	live->blocks = g_hash_table_new_full(block_hash, block_equal, g_free, NULL);
}

void asr_live_fini(struct asr_live *live)
{
	if (live->blocks)
		g_hash_table_destroy(live->blocks);
	memset(live, 0, sizeof *live);
}

/* Takes block `b` out of its cell's live samples and out of the table. */
static void release(struct asr_live *live, struct asr_live_block *b)
{
	asr_rates_remove(&b->cell->live, b->rate, b->size, b->offset);
	g_hash_table_remove(live->blocks, b);
}

void asr_live_sample(struct asr_live *live, struct asr_trace *trace, struct asr_cell *cell,
		     const struct asr_sample *sample)
{
	struct asr_live_block probe = {
		.trace = trace,
		.vpid = sample->has_vpid ? sample->vpid : 0,
		.has_vpid = sample->has_vpid,
		.ptr = sample->ptr,
	};
	struct asr_live_block *b;

	if (!sample->frees_known)
		return;
	if (!sample->free_tracked) {
		cell->untracked++;
		trace->untracked++;
		return;
	}
	cell->tracked++;
	b = g_hash_table_lookup(live->blocks, &probe);
	if (b) {
		trace->lost_frees++;
		release(live, b);
	}
	b = g_new(struct asr_live_block, 1);
	*b = probe;
	b->cell = cell;
	b->rate = sample->rate;
	b->size = sample->size;
	b->offset = sample->offset;
	asr_rates_add(&cell->live, sample->rate, sample->size, sample->offset);
	g_hash_table_add(live->blocks, b);
}

void asr_live_free(struct asr_live *live, struct asr_trace *trace,
		   const struct asr_free_event *event)
{
	struct asr_live_block probe = {
		.trace = trace,
		.vpid = event->has_vpid ? event->vpid : 0,
		.has_vpid = event->has_vpid,
		.ptr = event->ptr,
	};
	struct asr_live_block *b = g_hash_table_lookup(live->blocks, &probe);

	if (b)
		release(live, b);
	else
		trace->unmatched_frees++;
}
