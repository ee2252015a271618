/* checkpoints.c - each process's checkpoint passes (see checkpoints.h). */
#include <string.h>

#include "aggregate/checkpoints.h"

static guint process_hash(gconstpointer key)
{
	const struct asr_process_passes *p = key;

	return g_direct_hash(p->trace) ^ g_int64_hash(&p->vpid) ^ (guint) p->has_vpid;
}

static gboolean process_equal(gconstpointer a, gconstpointer b)
{
	const struct asr_process_passes *x = a, *y = b;

	return x->trace == y->trace && x->vpid == y->vpid && x->has_vpid == y->has_vpid;
}

static void block_free(gpointer data)
{
	struct asr_checkpoint_block *b = data;

	g_free(b->type);
	g_free(b->stack);
	g_free(b);
}

static void process_free(gpointer data)
{
	struct asr_process_passes *p = data;

	g_hash_table_destroy(p->blocks);
	g_free(p);
}

void asr_checkpoints_init(struct asr_checkpoints *cps)
{
	cps->processes = g_hash_table_new_full(process_hash, process_equal, NULL, process_free);
}

void asr_checkpoints_fini(struct asr_checkpoints *cps)
{
	if (cps->processes)
		g_hash_table_destroy(cps->processes);
	cps->processes = NULL;
}

const struct asr_process_passes *asr_checkpoints_find(const struct asr_checkpoints *cps,
						      const void *trace, bool has_vpid, int64_t vpid)
{
	struct asr_process_passes probe = {
		.trace = trace, .vpid = has_vpid ? vpid : 0, .has_vpid = has_vpid,
	};

	return g_hash_table_lookup(cps->processes, &probe);
}

struct asr_process_passes *asr_checkpoints_process(struct asr_checkpoints *cps, const void *trace,
						   bool has_vpid, int64_t vpid)
{
	struct asr_process_passes *p =
		(struct asr_process_passes *) asr_checkpoints_find(cps, trace, has_vpid, vpid);

	if (p)
		return p;
	p = g_new0(struct asr_process_passes, 1);
	p->trace = trace;
	p->vpid = has_vpid ? vpid : 0;
	p->has_vpid = has_vpid;
	p->blocks = g_hash_table_new_full(g_int64_hash, g_int64_equal, NULL, block_free);
	g_hash_table_add(cps->processes, p);
	return p;
}

static void drop_open(struct asr_process_passes *p)
{
	p->open = false;
	p->read = 0;
	g_hash_table_remove_all(p->blocks);
}

void asr_passes_begin(struct asr_process_passes *p, uint64_t pass)
{
	drop_open(p);
	p->open = true;
	p->pass = pass;
}

void asr_passes_block(struct asr_process_passes *p, uint64_t pass,
		      const struct asr_checkpoint_block *block)
{
	struct asr_checkpoint_block *copy;

	if (!p->open || pass != p->pass)
		return;
	p->read++;
	copy = g_new(struct asr_checkpoint_block, 1);
	*copy = *block;
	copy->type = g_strdup(block->type ? block->type : "");
	copy->stack = block->stack && block->stack_len ?
		g_memdup2(block->stack, block->stack_len * sizeof *block->stack) : NULL;
	/* The key lives in the block; a second Block of one address (the
	 * shim emits none) replaces the first. */
	g_hash_table_replace(p->blocks, &copy->ptr, copy);
}

bool asr_passes_free(struct asr_process_passes *p, uint64_t ptr)
{
	return p->open && g_hash_table_remove(p->blocks, &ptr);
}

static gint by_ptr(gconstpointer a, gconstpointer b)
{
	const struct asr_checkpoint_block *x = *(struct asr_checkpoint_block *const *) a;
	const struct asr_checkpoint_block *y = *(struct asr_checkpoint_block *const *) b;

	return x->ptr < y->ptr ? -1 : x->ptr > y->ptr;
}

GPtrArray *asr_passes_end(struct asr_process_passes *p, uint64_t pass, uint64_t blocks)
{
	GPtrArray *live;
	GHashTableIter it;
	gpointer value;

	if (!p->open || pass != p->pass || p->read != blocks) {
		drop_open(p);
		return NULL;
	}
	live = g_ptr_array_new_with_free_func(block_free);
	g_hash_table_iter_init(&it, p->blocks);
	while (g_hash_table_iter_next(&it, NULL, &value)) {
		g_hash_table_iter_steal(&it);
		g_ptr_array_add(live, value);
	}
	/* In address order: the report is the same whatever the table's. */
	g_ptr_array_sort(live, by_ptr);
	p->open = false;
	p->read = 0;
	p->complete++;
	return live;
}
