/*
 * sum.c - the cells added up into the model's groups (see profile.h).  A
 * group is a subset of the samples chosen by the program (its process's
 * name, its stack, a function on it, its leaf's binary), never by the
 * sampling, so its sums are those of its cells (doc/estimation.md,
 * "Unbias, then aggregate") and its T counts its streams; processes of one
 * name, of every host and run, are one process, as allocsample-compare
 * adds them up.
 */
#include <string.h>

#include "model/functions.h"
#include "model/resolve.h"
#include "profile/profile.h"

static void streams_init(struct asp_streams *s)
{
	s->ids = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
}

static void streams_fini(struct asp_streams *s)
{
	if (s->ids)
		g_hash_table_destroy(s->ids);
	s->ids = NULL;
}

static void streams_add(struct asp_streams *s, const struct asp_cell *cell)
{
	if (cell->has_stream) {
		if (!g_hash_table_contains(s->ids, &cell->stream))
			g_hash_table_add(s->ids, g_memdup2(&cell->stream, sizeof cell->stream));
		return;
	}
	s->unlabeled_samples += cell->accum.samples;
	s->unlabeled_threads += cell->threads;
}

/*
 * A labelled stream is one thread's, however many cells hold it; the
 * unlabelled ones are at most as many as their threads and as their
 * samples: a bound never below their number, so an interval with it is
 * at least as wide as with the true T, never narrower (doc/report-formats.md,
 * "Sums of profiles").
 *
 *	T = |stream labels| + min(threads, samples) of the cells without one
 */
uint64_t asp_streams_count(const struct asp_streams *s)
{
	return g_hash_table_size(s->ids) + MIN(s->unlabeled_samples, s->unlabeled_threads);
}

static void group_free(gpointer p)
{
	struct asp_group *group = p;

	asr_rates_fini(&group->g.rates);
	asr_rates_fini(&group->g.self_rates);
	streams_fini(&group->streams);
	streams_fini(&group->self_streams);
	g_free(group);
}

void asp_sum_init(struct asp_sum *sum, unsigned group_by)
{
	memset(sum, 0, sizeof *sum);
	sum->group_by = group_by;
	sum->index = g_hash_table_new(asr_group_hash, asr_group_equal);
	sum->groups = g_ptr_array_new_with_free_func(group_free);
	sum->functions = asr_stack_functions_table();
	streams_init(&sum->total.streams);
	streams_init(&sum->total.self_streams);
}

void asp_sum_fini(struct asp_sum *sum)
{
	g_hash_table_destroy(sum->index);
	g_ptr_array_free(sum->groups, TRUE);
	g_hash_table_destroy(sum->functions);
	asr_rates_fini(&sum->total.g.rates);
	streams_fini(&sum->total.streams);
	streams_fini(&sum->total.self_streams);
	memset(sum, 0, sizeof *sum);
}

/* The group of `key`, made when new.  A process is known by its name
 * alone (has_vpid false: the model's key is then the name). */
static struct asp_group *group_of(struct asp_sum *sum, const struct asr_group *key)
{
	struct asp_group *group = g_hash_table_lookup(sum->index, key);

	if (!group) {
		group = g_new0(struct asp_group, 1);
		group->g = *key;
		streams_init(&group->streams);
		streams_init(&group->self_streams);
		g_hash_table_add(sum->index, group);
		g_ptr_array_add(sum->groups, group);
	}
	return group;
}

/* Adds `cell` to `group`, and to its self samples with `self`. */
static void add(struct asp_group *group, const struct asp_cell *cell, bool self)
{
	as_estimate_merge(asr_rates_find(&group->g.rates, cell->accum.rate), &cell->accum);
	streams_add(&group->streams, cell);
	group->g.incomplete = group->g.incomplete || cell->incomplete;
	if (!self)
		return;
	as_estimate_merge(asr_rates_find(&group->g.self_rates, cell->accum.rate), &cell->accum);
	streams_add(&group->self_streams, cell);
}

void asp_sum_add(struct asp_sum *sum, const struct asp_cell *cell)
{
	struct asr_group key = {
		.kind = ASR_KIND_PROCESS,
		.procname = cell->process,
		.process = cell->process,
	};
	const struct asr_stack_functions *f;
	const struct asr_frame *leaf;
	guint first, i;

	sum->samples += cell->accum.samples;
	add(&sum->total, cell, false);
	add(group_of(sum, &key), cell, false);
	if (sum->group_by & ASR_GROUP_BY_STACK) {
		key.kind = ASR_KIND_STACK;
		key.stack = cell->stack;
		add(group_of(sum, &key), cell, false);
		key.stack = NULL;
	}
	if (sum->group_by & ASR_GROUP_BY_FUNCTION) {
		f = asr_stack_functions_of(sum->functions, cell->stack);
		key.kind = ASR_KIND_FUNCTION;
		for (i = 0; i < f->n; i++) {
			key.function = f->names[i];
			add(group_of(sum, &key), cell, f->names[i] == f->self);
		}
		key.function = NULL;
	}
	if (sum->group_by & ASR_GROUP_BY_BINARY) {
		leaf = asr_stack_leaf(cell->stack, &first);
		key.kind = ASR_KIND_BINARY;
		key.binary = leaf && leaf->mapping ? leaf->mapping->path : NULL;
		add(group_of(sum, &key), cell, false);
	}
}
