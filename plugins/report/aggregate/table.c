/* table.c - accumulates samples per cell in constant memory per cell (see table.h). */
#include <string.h>

#include "aggregate/table.h"

static guint cell_hash(gconstpointer p)
{
	const struct asr_cell *c = p;
	guint h = g_direct_hash(c->trace);

	h = h * 31 + g_str_hash(c->type);
	h = h * 31 + g_direct_hash(c->site);
	h = h * 31 + (c->stack ? c->stack->hash : 0);
	h = h * 31 + (guint) c->vtid;
	h = h * 31 + (guint) c->vpid;
	return h;
}

static bool str_equal_or_null(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* Whether two cells have the same key (the members set_key() sets). */
static inline bool same_key(const struct asr_cell *a, const struct asr_cell *b)
{
	return a->trace == b->trace && a->has_vpid == b->has_vpid && a->vpid == b->vpid &&
	       a->has_vtid == b->has_vtid && a->vtid == b->vtid &&
	       a->site == b->site && a->stack == b->stack && a->type_len == b->type_len &&
	       strcmp(a->type, b->type) == 0 && str_equal_or_null(a->procname, b->procname);
}

static gboolean cell_equal(gconstpointer a, gconstpointer b)
{
	return same_key(a, b);
}

static void cell_free(gpointer p)
{
	struct asr_cell *c = p;

	asr_rates_fini(&c->rates);
	asr_rates_fini(&c->live);
	asr_cell_lifetimes_fini(&c->lifetimes);
	g_free(c);
}

void asr_table_init(struct asr_table *table, struct asr_traces *traces)
{
	table->traces = traces;
	table->cells = g_hash_table_new_full(cell_hash, cell_equal, cell_free, NULL);
	table->names = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	memset(table->recent, 0, sizeof table->recent);
	memset(table->recent_probabilities, 0, sizeof table->recent_probabilities);
	table->samples = 0;
	table->skipped = 0;
}

void asr_table_fini(struct asr_table *table)
{
	if (table->cells)
		g_hash_table_destroy(table->cells);
	if (table->names)
		g_hash_table_destroy(table->names);
	memset(table, 0, sizeof *table);
}

/* The table's copy of `name` (NULL: NULL). */
static const char *name_of(struct asr_table *table, const char *name)
{
	char *copy;

	if (!name)
		return NULL;
	copy = g_hash_table_lookup(table->names, name);
	if (!copy) {
		copy = g_strdup(name);
		g_hash_table_add(table->names, copy);
	}
	return copy;
}

/*
 * The slot of `c` in the table's recent cells: a hash of the key's
 * integers and pointers, and of the type by its length and three of its
 * bytes, a few instructions whatever the type.  A hint, not an identity:
 * same_key() decides.  The process name is left out: a thread keeps
 * it.
 */
static size_t recent_slot(const struct asr_cell *c)
{
	uint64_t h = (uint64_t) (uintptr_t) c->trace ^ (uint64_t) (uintptr_t) c->stack ^
		     (uint64_t) (uintptr_t) c->site;

	h = (h ^ (uint64_t) c->vpid) * UINT64_C(0x9e3779b97f4a7c15);
	h = (h ^ (uint64_t) c->vtid) * UINT64_C(0x9e3779b97f4a7c15);
	if (c->type_len > 0)
		h ^= c->type_len | (uint64_t) (unsigned char) c->type[0] << 16 |
		     (uint64_t) (unsigned char) c->type[c->type_len / 2] << 24 |
		     (uint64_t) (unsigned char) c->type[c->type_len - 1] << 32;
	h *= UINT64_C(0x9e3779b97f4a7c15);
	return (size_t) (h >> 32) & (ASR_RECENT_CELLS - 1);
}

/* Sets the key of cell `c` to a sample's, its strings borrowed from the
 * sample; the other members of `c` are left as they are. */
static void set_key(struct asr_cell *c, struct asr_trace *trace, const struct asr_sample *sample,
		    const struct asr_raw_stack *stack)
{
	c->trace = trace;
	c->procname = sample->procname;
	c->type = sample->type;
	c->type_len = sample->type_len;
	c->site = sample->site;
	c->stack = stack;
	c->vpid = sample->has_vpid ? sample->vpid : 0;
	c->vtid = sample->has_vtid ? sample->vtid : 0;
	c->has_vpid = sample->has_vpid;
	c->has_vtid = sample->has_vtid;
}

/*
 * The cell with the key of `probe` when it is not the recent one: with a
 * stack, among the stack's few cells (one per thread and type that
 * allocated there), cheaper than hashing the cell's key; else in the
 * table; made when missing.  Out of line, so that the usual case keeps
 * its registers.
 */
static __attribute__((noinline)) struct asr_cell *
cell_for_slow(struct asr_table *table, const struct asr_cell *probe, const struct asr_sample *sample,
	      struct asr_raw_stack *stack)
{
	struct asr_cell *c;

	if (stack) {
		for (c = stack->cells; c && !same_key(c, probe); c = c->next_of_stack)
			;
	} else {
		c = g_hash_table_lookup(table->cells, probe);
	}
	if (!c) {
		c = g_new0(struct asr_cell, 1);
		set_key(c, probe->trace, sample, stack);
		c->procname = name_of(table, sample->procname);
		c->type = name_of(table, sample->type);
		if (stack) {
			c->next_of_stack = stack->cells;
			stack->cells = c;
		}
		g_hash_table_add(table->cells, c);
		if (!sample->has_vpid)
			probe->trace->vpid_missing = true;
		if (!sample->has_vtid)
			probe->trace->vtid_missing = true;
	}
	return c;
}

static struct asr_cell *cell_for(struct asr_table *table, const struct asr_sample *sample,
				 struct asr_raw_stack *stack)
{
	struct asr_cell probe, **recent;

	/* Only the key of the probe is set: nothing else of it is read (and
	 * clearing the whole cell cost more than finding it). */
	set_key(&probe, asr_traces_get(table->traces, sample->trace), sample, stack);
	/* A thread allocates a few types, over and over: its recent cell of
	 * this key, else the slow path. */
	recent = &table->recent[recent_slot(&probe)];
	if (!*recent || !same_key(*recent, &probe))
		*recent = cell_for_slow(table, &probe, sample, stack);
	return *recent;
}

struct asr_cell *asr_table_seed(struct asr_table *table, const struct asr_sample *sample,
				struct asr_raw_stack *stack, struct asr_weighed *weighed)
{
	struct asr_cell *c = cell_for(table, sample, stack);

	if (!asr_rates_weigh(&c->rates, table->recent_probabilities, sample->rate, sample->size,
			     sample->offset, weighed)) {
		table->skipped++;
		return NULL;
	}
	/* The thread draws samples at this rate, none of them in the window:
	 * an accumulator without samples, which asr_rates_weigh() leaves
	 * unmade when its cache knows the size, so that a thread known only
	 * from a pass estimates its allocations in the window (zero). */
	asr_rates_accum(&c->rates, sample->rate);
	return c;
}

struct asr_cell *asr_table_add(struct asr_table *table, const struct asr_sample *sample,
			       struct asr_raw_stack *stack, struct asr_weighed *weighed)
{
	struct asr_cell *c = asr_table_seed(table, sample, stack, weighed);

	if (!c)
		return NULL;
	asr_rates_add(&c->rates, weighed);
	table->samples++;
	if (sample->has_time) {
		if (!c->has_time || sample->ns < c->first_ns)
			c->first_ns = sample->ns;
		if (!c->has_time || sample->ns > c->last_ns)
			c->last_ns = sample->ns;
		c->has_time = true;
	}
	return c;
}

GHashTable *asr_table_thread_names(const struct asr_table *table, const struct asr_trace *trace,
				   bool has_vpid, int64_t vpid)
{
	GHashTable *names = g_hash_table_new(g_int64_hash, g_int64_equal);
	GHashTableIter it;
	gpointer key;

	g_hash_table_iter_init(&it, table->cells);
	while (g_hash_table_iter_next(&it, &key, NULL)) {
		struct asr_cell *c = key;

		if (c->trace == trace && c->has_vpid == has_vpid && c->vpid == (has_vpid ? vpid : 0) &&
		    c->has_vtid && c->procname)
			g_hash_table_insert(names, &c->vtid, (gpointer) c->procname);
	}
	return names;
}
