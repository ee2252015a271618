/*
 * group_order.c - the order of a report's groups, the same in every
 * format (see summary.h): processes by host and id; within a process,
 * threads by id (by live, temporary or peak bytes with sort=live,
 * temporary or peak: the leaks, temporary and peak views look for the big
 * ones), types, sites and stacks by decreasing bytes, ties broken
 * by their names or frames, never by a hash table's order.
 */
#include <string.h>

#include "model/summary.h"

double asr_group_sort_bytes(const struct asr_group *g, enum asr_sort sort)
{
	/* The function table shows bytes allocated, self and total, whatever
	 * the other tables are ordered by: its order follows what it shows. */
	if (g->kind == ASR_KIND_FUNCTION)
		return g->self.weighted;
	switch (sort) {
	case ASR_SORT_LIVE:
		return g->live_known ? g->live.weighted : -1.0;
	case ASR_SORT_PEAK:
		return g->peak_known ? g->peak_live.weighted : -1.0;
	case ASR_SORT_TEMPORARY:
		return g->live_known ? g->temporary.weighted : -1.0;
	case ASR_SORT_ALLOCATED:
		break;
	}
	return g->est.weighted;
}

static int compare_process(const struct asr_group *a, const struct asr_group *b)
{
	int c = g_strcmp0(a->host, b->host);

	if (c)
		return c;
	if (a->has_vpid != b->has_vpid)
		return a->has_vpid ? -1 : 1;
	if (a->vpid != b->vpid)
		return a->vpid < b->vpid ? -1 : 1;
	if (a->anon_trace != b->anon_trace)
		return a->anon_trace < b->anon_trace ? -1 : 1;
	/* The name tells processes apart only without a vpid (summary.c,
	 * procname_key): with one, a process that exec'd has groups named
	 * after either program, and they are one process's. */
	return a->has_vpid ? 0 : g_strcmp0(a->procname, b->procname);
}

static int compare_thread(const struct asr_group *a, const struct asr_group *b)
{
	int c = compare_process(a, b);

	if (c)
		return c;
	if (a->has_vtid != b->has_vtid)
		return a->has_vtid ? -1 : 1;
	if (a->vtid != b->vtid)
		return a->vtid < b->vtid ? -1 : 1;
	return 0;
}

/* Within a process (and thread), types and sites by decreasing estimate:
 * the reader looks for the big ones. */
static int compare_bytes(const struct asr_group *a, const struct asr_group *b, enum asr_sort sort)
{
	double x = asr_group_sort_bytes(a, sort), y = asr_group_sort_bytes(b, sort);

	return x != y ? (x > y ? -1 : 1) : 0;
}

static int compare_types(const struct asr_group *a, const struct asr_group *b, enum asr_sort sort)
{
	int c = compare_bytes(a, b, sort);

	if (c)
		return c;
	return g_strcmp0(a->type, b->type);
}

static int compare_sites(const struct asr_group *a, const struct asr_group *b, enum asr_sort sort)
{
	int c = compare_bytes(a, b, sort);

	if (c)
		return c;
	c = g_strcmp0(a->site->function, b->site->function);
	if (c)
		return c;
	c = g_strcmp0(a->site->file, b->site->file);
	if (c)
		return c;
	if (a->site->line != b->site->line)
		return a->site->line < b->site->line ? -1 : 1;
	c = g_strcmp0(a->site->binary, b->site->binary);
	return c ? c : g_strcmp0(a->site->where, b->site->where);
}

/* Two stacks' frames, for an order that does not depend on hash tables:
 * the addresses, then the number of frames, then the mark. */
static int compare_frames(const struct asr_stack *a, const struct asr_stack *b)
{
	guint i;

	for (i = 0; i < a->n && i < b->n; i++) {
		if (a->frames[i]->address != b->frames[i]->address)
			return a->frames[i]->address < b->frames[i]->address ? -1 : 1;
		if (a->frames[i] != b->frames[i])
			return g_strcmp0(a->frames[i]->function, b->frames[i]->function) < 0 ? -1 : 1;
	}
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	return (int) a->truncated - (int) b->truncated;
}

/* Functions by their self bytes, then by their total, as pprof's top
 * lists them. */
static int compare_functions(const struct asr_group *a, const struct asr_group *b,
			     enum asr_sort sort)
{
	int c = compare_bytes(a, b, sort);

	if (c)
		return c;
	if (a->est.weighted != b->est.weighted)
		return a->est.weighted > b->est.weighted ? -1 : 1;
	return g_strcmp0(a->function, b->function);
}

/* Binaries by decreasing bytes, then by path, the unknown last. */
static int compare_binaries(const struct asr_group *a, const struct asr_group *b,
			    enum asr_sort sort)
{
	int c = compare_bytes(a, b, sort);

	if (c)
		return c;
	if (!a->binary || !b->binary)
		return (a->binary == NULL) - (b->binary == NULL);
	return strcmp(a->binary, b->binary);
}

static int compare_stacks(const struct asr_group *a, const struct asr_group *b, enum asr_sort sort)
{
	int c = compare_bytes(a, b, sort);

	return c ? c : compare_frames(a->stack, b->stack);
}

/* Processes by id; within a process, threads by id (or by live,
 * temporary or peak bytes with sort=live, temporary or peak), types,
 * sites, stacks and binaries by decreasing bytes. */
static gint compare_groups(gconstpointer pa, gconstpointer pb, gpointer sort_p)
{
	const struct asr_group *a = *(const struct asr_group *const *) pa;
	const struct asr_group *b = *(const struct asr_group *const *) pb;
	enum asr_sort sort = *(const enum asr_sort *) sort_p;
	int c;

	switch (a->kind) {
	case ASR_KIND_PROCESS:
		return compare_process(a, b);
	case ASR_KIND_THREAD:
		if (sort == ASR_SORT_ALLOCATED)
			return compare_thread(a, b);
		c = compare_process(a, b);
		c = c ? c : compare_bytes(a, b, sort);
		return c ? c : compare_thread(a, b);
	case ASR_KIND_TYPE:
		c = compare_process(a, b);
		return c ? c : compare_types(a, b, sort);
	case ASR_KIND_THREAD_TYPE:
		c = compare_thread(a, b);
		return c ? c : compare_types(a, b, sort);
	case ASR_KIND_SITE:
		c = compare_process(a, b);
		return c ? c : compare_sites(a, b, sort);
	case ASR_KIND_STACK:
		c = compare_process(a, b);
		return c ? c : compare_stacks(a, b, sort);
	case ASR_KIND_FUNCTION:
		c = compare_process(a, b);
		return c ? c : compare_functions(a, b, sort);
	case ASR_KIND_BINARY:
		c = compare_process(a, b);
		return c ? c : compare_binaries(a, b, sort);
	case ASR_KIND_COUNT:
		break;
	}
	return 0;
}

/* A thread's cells of one stack and type, in an order of their own. */
static gint compare_stack_cells(gconstpointer pa, gconstpointer pb)
{
	const struct asr_group *a = *(const struct asr_group *const *) pa;
	const struct asr_group *b = *(const struct asr_group *const *) pb;
	int c = compare_thread(a, b);

	if (c)
		return c;
	c = g_strcmp0(a->type, b->type);
	return c ? c : compare_frames(a->stack, b->stack);
}

/* Thread by thread, each thread's stacks together: the call tree counts a
 * node's threads by comparing each with the last. */
static gint compare_thread_stacks(gconstpointer pa, gconstpointer pb)
{
	const struct asr_group *a = *(const struct asr_group *const *) pa;
	const struct asr_group *b = *(const struct asr_group *const *) pb;
	int c = compare_thread(a, b);

	return c ? c : compare_frames(a->stack, b->stack);
}

void asr_summary_order(struct asr_summary *summary, enum asr_sort sort)
{
	enum asr_kind kind;

	for (kind = 0; kind < ASR_KIND_COUNT; kind++)
		g_ptr_array_sort_with_data(summary->groups[kind], compare_groups, &sort);
	if (summary->thread_stacks)
		g_ptr_array_sort(summary->thread_stacks, compare_thread_stacks);
	if (summary->stack_cells)
		g_ptr_array_sort(summary->stack_cells, compare_stack_cells);
}
