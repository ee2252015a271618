/* lifetime_parts.c - each cell's temporary, pending and censored samples at the end (see lifetime_parts.h). */
#include "aggregate/aggregate.h"
#include "model/lifetime_parts.h"

void asr_lifetime_parts_merge(struct asr_lifetime_parts **into, const struct asr_lifetime_parts *from)
{
	if (!from)
		return;
	if (!*into)
		*into = g_new0(struct asr_lifetime_parts, 1);
	asr_rates_merge(&(*into)->temporary, &from->temporary);
	asr_rates_merge(&(*into)->pending, &from->pending);
	asr_lifetime_rates_merge(&(*into)->lifetimes, &from->lifetimes);
	(*into)->untimed += from->untimed;
}

void asr_lifetime_parts_free(struct asr_lifetime_parts *parts)
{
	if (!parts)
		return;
	asr_rates_fini(&parts->temporary);
	asr_rates_fini(&parts->pending);
	asr_lifetime_rates_fini(&parts->lifetimes);
	g_free(parts);
}

/* The parts of `cell` in `cells`, made from what its freed samples left. */
static struct asr_lifetime_parts *parts_of(GHashTable *cells, const struct asr_cell *cell)
{
	struct asr_lifetime_parts *p = g_hash_table_lookup(cells, cell);
	const struct asr_cell_lifetimes *l = &cell->lifetimes;

	if (p)
		return p;
	p = g_new0(struct asr_lifetime_parts, 1);
	asr_rates_merge(&p->temporary, &l->temporary);
	asr_lifetime_rates_merge(&p->lifetimes, &l->buckets);
	p->untimed = l->untimed;
	g_hash_table_insert(cells, (gpointer) cell, p);
	return p;
}

struct censoring {
	GHashTable *cells;
	int64_t temporary_ns;
};

/* A sample live at the end: its lifetime is at least its age then. */
static void censor(struct asr_cell *cell, const struct asr_weighed *sample, int64_t age_ns,
		   void *data)
{
	const struct censoring *c = data;
	struct asr_lifetime_parts *p = parts_of(c->cells, cell);

	if (age_ns < 0) {
		p->untimed++;
		return;
	}
	if (age_ns <= c->temporary_ns)
		asr_rates_add(&p->pending, sample);
	asr_lifetime_rates_add(&p->lifetimes, sample, (uint64_t) age_ns, true);
}

GHashTable *asr_lifetime_parts_of_cells(const struct asr_aggregate *agg, int64_t temporary_ns)
{
	struct censoring c = {
		g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL,
				      (GDestroyNotify) asr_lifetime_parts_free),
		temporary_ns,
	};
	GHashTableIter it;
	gpointer cell;

	g_hash_table_iter_init(&it, agg->table.cells);
	while (g_hash_table_iter_next(&it, &cell, NULL)) {
		if (((const struct asr_cell *) cell)->lifetimes.freed > 0)
			parts_of(c.cells, cell);
	}
	asr_live_each(&agg->live, censor, &c);
	return c.cells;
}
