/* summary.c - unions of cells, their thread counts and estimates (see summary.h). */
#include <math.h>
#include <string.h>

#include "model/resolve.h"
#include "model/summary.h"

static int str_cmp_null(const char *a, const char *b)
{
	if (a == b)
		return 0;
	if (!a)
		return -1;
	if (!b)
		return 1;
	return strcmp(a, b);
}

/* A thread's samples from one site: the step from cells to site groups,
 * so that a site's T counts each thread once.  Never reported. */
#define KIND_THREAD_SITE ASR_KIND_COUNT
/* The same for stacks; the call tree is built from them. */
#define KIND_THREAD_STACK (ASR_KIND_COUNT + 1)
/* A thread's samples of one type with one stack: the stack cells. */
#define KIND_STACK_CELL (ASR_KIND_COUNT + 2)

static guint str_hash_null(const char *s)
{
	return s ? g_str_hash(s) : 0;
}

/*
 * Keys: the fields a kind does not use are left zero, so one hash and one
 * equality serve every kind.  procname is the name of the thread that
 * allocated (threads name themselves, lttng-ust's is "<program>-ust"): with
 * a vpid it only labels the group, without one it tells processes apart.
 */
static const char *procname_key(const struct asr_group *g)
{
	return g->has_vpid ? NULL : g->procname;
}

static guint group_hash(gconstpointer p)
{
	const struct asr_group *g = p;
	guint h = str_hash_null(g->host);

	h = h * 31 + str_hash_null(procname_key(g));
	h = h * 31 + str_hash_null(g->type);
	h = h * 31 + g_direct_hash(g->site);
	h = h * 31 + g_direct_hash(g->stack);
	h = h * 31 + (guint) g->vpid;
	h = h * 31 + (guint) g->vtid;
	return h * 31 + g->anon_trace;
}

static gboolean group_equal(gconstpointer pa, gconstpointer pb)
{
	const struct asr_group *a = pa, *b = pb;

	return a->kind == b->kind && a->has_vpid == b->has_vpid && a->vpid == b->vpid &&
	       a->has_vtid == b->has_vtid && a->vtid == b->vtid && a->anon_trace == b->anon_trace &&
	       str_cmp_null(a->host, b->host) == 0 &&
	       str_cmp_null(procname_key(a), procname_key(b)) == 0 &&
	       str_cmp_null(a->type, b->type) == 0 && a->site == b->site && a->stack == b->stack;
}

static void group_free(gpointer p)
{
	struct asr_group *g = p;

	asr_rates_fini(&g->rates);
	asr_rates_fini(&g->live_rates);
	g_free(g);
}

/* The key of the `kind` group that holds cell `c`, whose site and stack
 * are `site` and `stack`. */
static struct asr_group key_of_cell(enum asr_kind kind, const struct asr_cell *c,
				    const struct asr_site *site, const struct asr_stack *stack)
{
	struct asr_group key = {
		.kind = kind,
		.host = c->trace->host,
		.procname = c->procname,
		.vpid = c->vpid,
		.has_vpid = c->has_vpid,
		.anon_trace = c->has_vpid ? 0 : c->trace->id,
	};

	if (kind == ASR_KIND_THREAD || kind == ASR_KIND_THREAD_TYPE || kind == KIND_THREAD_SITE ||
	    kind == KIND_THREAD_STACK || kind == KIND_STACK_CELL) {
		key.has_vtid = c->has_vtid;
		key.vtid = c->vtid;
	}
	if (kind == ASR_KIND_TYPE || kind == ASR_KIND_THREAD_TYPE || kind == KIND_STACK_CELL)
		key.type = c->type;
	if (kind == KIND_THREAD_SITE)
		key.site = site;
	if (kind == KIND_THREAD_STACK || kind == KIND_STACK_CELL)
		key.stack = stack;
	return key;
}

static void add_time(struct asr_group *g, bool has_time, int64_t first, int64_t last)
{
	if (!has_time)
		return;
	if (!g->has_time || first < g->first_ns)
		g->first_ns = first;
	if (!g->has_time || last > g->last_ns)
		g->last_ns = last;
	g->has_time = true;
}

/* Adds the samples of `from` (a cell's or a thread's, one thread) into the
 * group of `key` in `index`. */
static struct asr_group *add_to(GHashTable *index, const struct asr_group *key,
				const struct asr_group *from)
{
	struct asr_group *g = g_hash_table_lookup(index, key);

	if (!g) {
		g = g_new(struct asr_group, 1);
		*g = *key;
		g_hash_table_add(index, g);
	}
	asr_rates_merge(&g->rates, &from->rates);
	asr_rates_merge(&g->live_rates, &from->live_rates);
	g->threads++;
	g->incomplete = g->incomplete || from->incomplete;
	g->live_known = g->live_known || from->live_known;
	g->live_incomplete = g->live_incomplete || from->live_incomplete;
	add_time(g, from->has_time, from->first_ns, from->last_ns);
	return g;
}

/* What cell `c` adds to its groups, its accumulators borrowed.  A cell
 * without any tracked sample says nothing of the live bytes, and makes
 * every live figure it joins incomplete, as a trace without frees does. */
static struct asr_group cell_part(const struct asr_cell *c, bool live)
{
	const struct asr_trace *t = c->trace;
	bool incomplete = asr_trace_incomplete(t);

	return (struct asr_group) {
		.rates = c->rates,
		.live_rates = live ? c->live : (struct asr_rates) { 0 },
		.incomplete = incomplete,
		.live_known = live && t->frees_known && c->tracked > 0,
		.live_incomplete = live && (!t->frees_known || c->untracked > 0 || incomplete ||
					    t->lost_frees > 0),
		.has_time = c->has_time,
		.first_ns = c->first_ns,
		.last_ns = c->last_ns,
	};
}

/* A group key without what add_to() accumulates. */
static struct asr_group bare_key(const struct asr_group *g, enum asr_kind kind)
{
	struct asr_group key = *g;

	key.kind = kind;
	key.has_vtid = false;
	key.vtid = 0;
	key.threads = 0;
	key.incomplete = false;
	key.live_known = false;
	key.live_incomplete = false;
	key.has_time = false;
	key.rates = (struct asr_rates) { 0 };
	key.live_rates = (struct asr_rates) { 0 };
	return key;
}

double asr_group_sort_bytes(const struct asr_group *g, bool sort_live)
{
	return sort_live ? (g->live_known ? g->live.weighted : -1.0) : g->est.weighted;
}

static int compare_process(const struct asr_group *a, const struct asr_group *b)
{
	int c = str_cmp_null(a->host, b->host);

	if (c)
		return c;
	if (a->has_vpid != b->has_vpid)
		return a->has_vpid ? -1 : 1;
	if (a->vpid != b->vpid)
		return a->vpid < b->vpid ? -1 : 1;
	if (a->anon_trace != b->anon_trace)
		return a->anon_trace < b->anon_trace ? -1 : 1;
	return str_cmp_null(a->procname, b->procname);
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
static int compare_bytes(const struct asr_group *a, const struct asr_group *b, bool sort_live)
{
	double x = asr_group_sort_bytes(a, sort_live), y = asr_group_sort_bytes(b, sort_live);

	return x != y ? (x > y ? -1 : 1) : 0;
}

static int compare_types(const struct asr_group *a, const struct asr_group *b, bool sort_live)
{
	int c = compare_bytes(a, b, sort_live);

	if (c)
		return c;
	return str_cmp_null(a->type, b->type);
}

static int compare_sites(const struct asr_group *a, const struct asr_group *b, bool sort_live)
{
	int c = compare_bytes(a, b, sort_live);

	if (c)
		return c;
	c = str_cmp_null(a->site->function, b->site->function);
	if (c)
		return c;
	c = str_cmp_null(a->site->file, b->site->file);
	if (c)
		return c;
	if (a->site->line != b->site->line)
		return a->site->line < b->site->line ? -1 : 1;
	c = str_cmp_null(a->site->binary, b->site->binary);
	return c ? c : str_cmp_null(a->site->where, b->site->where);
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

static int compare_stacks(const struct asr_group *a, const struct asr_group *b, bool sort_live)
{
	int c = compare_bytes(a, b, sort_live);

	return c ? c : compare_frames(a->stack, b->stack);
}

/* Processes by id; within a process, threads by id (or by live bytes with
 * sort=live: the leaks view looks for the big ones), types, sites and
 * stacks by decreasing bytes. */
static gint compare_groups(gconstpointer pa, gconstpointer pb, gpointer sort_live_p)
{
	const struct asr_group *a = *(const struct asr_group *const *) pa;
	const struct asr_group *b = *(const struct asr_group *const *) pb;
	bool sort_live = *(const bool *) sort_live_p;
	int c;

	switch (a->kind) {
	case ASR_KIND_PROCESS:
		return compare_process(a, b);
	case ASR_KIND_THREAD:
		if (!sort_live)
			return compare_thread(a, b);
		c = compare_process(a, b);
		c = c ? c : compare_bytes(a, b, true);
		return c ? c : compare_thread(a, b);
	case ASR_KIND_TYPE:
		c = compare_process(a, b);
		return c ? c : compare_types(a, b, sort_live);
	case ASR_KIND_THREAD_TYPE:
		c = compare_thread(a, b);
		return c ? c : compare_types(a, b, sort_live);
	case ASR_KIND_SITE:
		c = compare_process(a, b);
		return c ? c : compare_sites(a, b, sort_live);
	case ASR_KIND_STACK:
		c = compare_process(a, b);
		return c ? c : compare_stacks(a, b, sort_live);
	case ASR_KIND_COUNT:
		break;
	}
	return 0;
}

static gint compare_rates(gconstpointer pa, gconstpointer pb, gpointer unused)
{
	uint64_t a = ((const struct as_estimate_accum *) pa)->rate;
	uint64_t b = ((const struct as_estimate_accum *) pb)->rate;

	(void) unused;
	return (a > b) - (a < b);
}

/* A group's accumulators in ascending order of rate, before they are
 * estimated: neither the sums of mixed rates nor the reports then depend
 * on the order of a hash table. */
static void sort_by_rate(struct asr_rates *rates)
{
	g_qsort_with_data(rates->accums, (gint) rates->n, sizeof *rates->accums, compare_rates, NULL);
}

/* A thread's cells of one stack and type, in an order of their own. */
static gint compare_stack_cells(gconstpointer pa, gconstpointer pb)
{
	const struct asr_group *a = *(const struct asr_group *const *) pa;
	const struct asr_group *b = *(const struct asr_group *const *) pb;
	int c = compare_thread(a, b);

	if (c)
		return c;
	c = str_cmp_null(a->type, b->type);
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

/* The live bytes and objects of a group whose traces track frees, with
 * the group's T; no live sample: 0, "below F^-1((1+C)/2; T)" at the
 * group's rates. */
static int estimate_live(struct asr_group *g, uint64_t threads,
			 const struct as_estimate_options *options)
{
	struct as_estimate_objects objects;
	size_t i;

	if (g->live_rates.n == 0) {
		g->live_rates.accums = g_new0(struct as_estimate_accum, g->rates.n);
		g->live_rates.n = g->rates.n;
		for (i = 0; i < g->rates.n; i++)
			g->live_rates.accums[i].rate = g->rates.accums[i].rate;
	}
	sort_by_rate(&g->live_rates);
	if (as_estimate_compute(g->live_rates.accums, g->live_rates.n, threads, options, &g->live) ||
	    as_estimate_objects_compute(g->live_rates.accums, g->live_rates.n, options->confidence,
					&objects))
		return -1;
	g->live_objects = (struct asr_objects) { objects.estimate, objects.lower, objects.upper };
	return 0;
}

/* Bytes and objects (estimate/objects.c) of a group, allocated and live. */
static int estimate(struct asr_group *g, const struct as_estimate_options *options)
{
	/* A single thread's samples form one trial stream, whatever the number
	 * of cells merged into the group. */
	uint64_t threads = g->kind == ASR_KIND_THREAD || g->kind == ASR_KIND_THREAD_TYPE ||
			   g->kind == KIND_STACK_CELL ? 1 : g->threads;
	struct as_estimate_objects objects;

	sort_by_rate(&g->rates);
	if (as_estimate_compute(g->rates.accums, g->rates.n, threads, options, &g->est) ||
	    as_estimate_objects_compute(g->rates.accums, g->rates.n, options->confidence, &objects))
		return -1;
	g->objects = (struct asr_objects) { objects.estimate, objects.lower, objects.upper };
	return g->live_known ? estimate_live(g, threads, options) : 0;
}

/* The process names of the stack groups that name_processes does not
 * see. */
static void name_stack_groups(struct asr_summary *summary, GPtrArray *groups)
{
	guint i;

	for (i = 0; groups && i < groups->len; i++) {
		struct asr_group *g = g_ptr_array_index(groups, i);
		struct asr_group key = asr_process_key(g);
		const struct asr_group *process = asr_summary_find(summary, &key);

		g->process = process ? process->process : g->procname;
	}
}

/* What trace `t` adds to the notes on the live figures. */
static void add_live_notes(struct asr_live_notes *notes, const struct asr_trace *t)
{
	if (!t->free_tracking)
		notes->traces_old++;
	else if (!t->frees_known)
		notes->traces_no_free++;
	notes->untracked += t->untracked;
	notes->unmatched_frees += t->unmatched_frees;
	notes->lost_frees += t->lost_frees;
	notes->unrecorded += t->unrecorded;
}

int asr_summary_build(struct asr_summary *summary, const struct asr_summary_input *in,
		      const struct as_estimate_options *options)
{
	GHashTable *index = g_hash_table_new_full(group_hash, group_equal, NULL, NULL);
	GHashTable *hosts = g_hash_table_new(g_str_hash, g_str_equal);
	GPtrArray *per_thread = g_ptr_array_new();
	GHashTableIter it;
	gpointer p;
	struct asr_group key;
	enum asr_kind kind;
	guint i;
	int status = -1;

	memset(summary, 0, sizeof *summary);
	for (kind = 0; kind < ASR_KIND_COUNT; kind++)
		summary->groups[kind] = g_ptr_array_new_with_free_func(group_free);
	summary->index = g_hash_table_new(group_hash, group_equal);
	summary->names = g_string_chunk_new(64);
	if (in->stacks)
		summary->thread_stacks = g_ptr_array_new_with_free_func(group_free);
	if (in->stacks && in->stack_cells)
		summary->stack_cells = g_ptr_array_new_with_free_func(group_free);

	g_hash_table_iter_init(&it, in->cells);
	while (g_hash_table_iter_next(&it, &p, NULL)) {
		const struct asr_cell *c = p;
		const struct asr_group part = cell_part(c, in->live);
		const struct asr_resolved *resolved = c->stack && in->resolution ?
			asr_resolution_of(in->resolution, c->stack) : NULL;
		const struct asr_site *site = c->site ? c->site : resolved ? resolved->site : NULL;

		if (asr_rates_samples(&c->rates) == 0)
			continue;
		key = key_of_cell(ASR_KIND_THREAD, c, NULL, NULL);
		add_to(index, &key, &part);
		key = key_of_cell(ASR_KIND_THREAD_TYPE, c, NULL, NULL);
		add_to(index, &key, &part);
		if (site) {
			key = key_of_cell(KIND_THREAD_SITE, c, site, NULL);
			add_to(index, &key, &part);
		}
		if (resolved && in->stacks) {
			key = key_of_cell(KIND_THREAD_STACK, c, NULL, resolved->stack);
			add_to(index, &key, &part);
		}
		if (resolved && in->stacks && in->stack_cells) {
			key = key_of_cell(KIND_STACK_CELL, c, NULL, resolved->stack);
			add_to(index, &key, &part);
		}
		g_hash_table_add(hosts, (gpointer) (c->trace->host ? c->trace->host : ""));
	}
	/* Processes and the total from the threads, types from thread x type
	 * and sites from thread x site, so that each thread counts once in a
	 * group's T (doc/design.md section 3): a cell is one thread, type and
	 * site, and a thread may reach a type from several sites.  These are
	 * listed first: the index cannot grow while it is iterated. */
	g_hash_table_iter_init(&it, index);
	while (g_hash_table_iter_next(&it, &p, NULL)) {
		if (((const struct asr_group *) p)->kind != ASR_KIND_PROCESS)
			g_ptr_array_add(per_thread, p);
	}
	for (i = 0; i < per_thread->len; i++) {
		const struct asr_group *t = g_ptr_array_index(per_thread, i);

		if (t->kind == ASR_KIND_THREAD_TYPE || t->kind == KIND_THREAD_SITE ||
		    t->kind == KIND_THREAD_STACK) {
			key = bare_key(t, t->kind == KIND_THREAD_SITE ? ASR_KIND_SITE :
				       t->kind == KIND_THREAD_STACK ? ASR_KIND_STACK : ASR_KIND_TYPE);
			add_to(index, &key, t);
			continue;
		}
		if (t->kind != ASR_KIND_THREAD)
			continue;
		key = bare_key(t, ASR_KIND_PROCESS);
		summary->processes += g_hash_table_contains(index, &key) ? 0 : 1;
		add_to(index, &key, t);
		asr_rates_merge(&summary->total.rates, &t->rates);
		asr_rates_merge(&summary->total.live_rates, &t->live_rates);
		summary->total.threads++;
		summary->total.live_known = summary->total.live_known || t->live_known;
		summary->total.live_incomplete = summary->total.live_incomplete || t->live_incomplete;
		add_time(&summary->total, t->has_time, t->first_ns, t->last_ns);
	}

	g_hash_table_iter_init(&it, index);
	while (g_hash_table_iter_next(&it, &p, NULL)) {
		struct asr_group *g = p;

		if (g->kind == KIND_THREAD_SITE)
			continue; /* freed below, never estimated */
		if (g->kind == KIND_THREAD_STACK) {
			g->kind = ASR_KIND_STACK;
			g_hash_table_iter_steal(&it);
			g_ptr_array_add(summary->thread_stacks, g);
			continue;
		}
		if (estimate(g, options))
			goto end;
		if (g->kind == KIND_STACK_CELL) {
			g->kind = ASR_KIND_STACK;
			g_hash_table_iter_steal(&it);
			g_ptr_array_add(summary->stack_cells, g);
			continue;
		}
		summary->mixed_rates = summary->mixed_rates || g->est.mixed_rates;
		g_hash_table_iter_steal(&it);
		g_ptr_array_add(summary->groups[g->kind], g);
		g_hash_table_add(summary->index, g);
	}
	for (kind = 0; kind < ASR_KIND_COUNT; kind++)
		g_ptr_array_sort_with_data(summary->groups[kind], compare_groups,
					   (gpointer) &in->sort_live);
	if (summary->thread_stacks)
		g_ptr_array_sort(summary->thread_stacks, compare_thread_stacks);
	if (summary->stack_cells)
		g_ptr_array_sort(summary->stack_cells, compare_stack_cells);
	asr_summary_name_processes(summary, in->traces);
	asr_summary_name_sites(summary);
	name_stack_groups(summary, summary->thread_stacks);
	name_stack_groups(summary, summary->stack_cells);

	for (i = 0; i < in->traces->len; i++) {
		const struct asr_trace *t = g_ptr_array_index(in->traces, i);

		summary->incomplete = summary->incomplete || asr_trace_incomplete(t);
		summary->vpid_missing = summary->vpid_missing || t->vpid_missing;
		summary->vtid_missing = summary->vtid_missing || t->vtid_missing;
		add_live_notes(&summary->live_notes, t);
	}
	summary->samples = in->samples;
	summary->skipped = in->skipped;
	summary->hosts = g_hash_table_size(hosts);
	/* The total could miss what a lossy trace lost entirely, even with no
	 * surviving sample in it: incomplete as soon as any trace is. */
	summary->total.incomplete = summary->incomplete;
	summary->total.live_incomplete = summary->total.live_incomplete || summary->incomplete;
	summary->live_known = summary->total.live_known;
	summary->live_notes.tracking = in->live;
	if (summary->samples > 0) {
		if (estimate(&summary->total, options))
			goto end;
		summary->mixed_rates = summary->mixed_rates || summary->total.est.mixed_rates;
	}
	status = 0;
end:
	g_hash_table_iter_init(&it, index);
	while (g_hash_table_iter_next(&it, &p, NULL))
		group_free(p);
	g_hash_table_destroy(index);
	g_hash_table_destroy(hosts);
	g_ptr_array_free(per_thread, TRUE);
	return status;
}

void asr_summary_fini(struct asr_summary *summary)
{
	enum asr_kind kind;

	if (summary->index)
		g_hash_table_destroy(summary->index);
	summary->index = NULL;
	for (kind = 0; kind < ASR_KIND_COUNT; kind++) {
		if (summary->groups[kind])
			g_ptr_array_free(summary->groups[kind], TRUE);
		summary->groups[kind] = NULL;
	}
	asr_rates_fini(&summary->total.rates);
	asr_rates_fini(&summary->total.live_rates);
	if (summary->thread_stacks)
		g_ptr_array_free(summary->thread_stacks, TRUE);
	summary->thread_stacks = NULL;
	if (summary->stack_cells)
		g_ptr_array_free(summary->stack_cells, TRUE);
	summary->stack_cells = NULL;
	if (summary->names)
		g_string_chunk_free(summary->names);
	summary->names = NULL;
}

const struct asr_group *asr_summary_find(const struct asr_summary *summary,
					 const struct asr_group *key)
{
	return g_hash_table_lookup(summary->index, key);
}

struct asr_group asr_process_key(const struct asr_group *g)
{
	return (struct asr_group) {
		.kind = ASR_KIND_PROCESS,
		.host = g->host,
		.procname = g->procname,
		.vpid = g->vpid,
		.has_vpid = g->has_vpid,
		.anon_trace = g->anon_trace,
	};
}

uint64_t asr_bytes_round(double bytes)
{
	if (!(bytes > 0.0))
		return 0;
	if (bytes >= 18446744073709551615.0)
		return UINT64_MAX;
	return (uint64_t) floor(bytes + 0.5);
}
