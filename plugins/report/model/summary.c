/*
 * summary.c - the report's groups built from the table's cells: unions of
 * cells keyed by kind, each thread counted once in a group's T, then
 * estimated (group_estimates.c), ordered (group_order.c) and named
 * (names.c, site_names.c); see summary.h.
 */
#include <string.h>

#include "aggregate/checkpoints.h"
#include "model/functions.h"
#include "model/heap.h"
#include "model/lifetime_parts.h"
#include "model/resolve.h"
#include "model/summary.h"

/* A thread's samples from one site: the step from cells to site groups,
 * so that a site's T counts each thread once.  Never reported. */
#define KIND_THREAD_SITE ASR_KIND_COUNT
/* The same for stacks; the call tree is built from them. */
#define KIND_THREAD_STACK (ASR_KIND_COUNT + 1)
/* A thread's samples of one type with one stack: the stack cells. */
#define KIND_STACK_CELL (ASR_KIND_COUNT + 2)
/* A thread's samples with one function in their stack, so that a
 * function's T counts each thread once.  Never reported. */
#define KIND_THREAD_FUNCTION (ASR_KIND_COUNT + 3)

/* Whether a group of `kind` holds the samples of a single thread: one
 * trial stream, whatever the number of cells merged into it. */
static bool single_thread(int kind)
{
	return kind == ASR_KIND_THREAD || kind == ASR_KIND_THREAD_TYPE || kind == KIND_STACK_CELL;
}

static void group_free(gpointer p)
{
	struct asr_group *g = p;

	asr_rates_fini(&g->rates);
	asr_rates_fini(&g->live_rates);
	asr_rates_fini(&g->peak_rates);
	asr_rates_fini(&g->self_rates);
	asr_lifetime_parts_free(g->lifetime_parts);
	g_free(g->survival);
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
	    kind == KIND_THREAD_STACK || kind == KIND_STACK_CELL || kind == KIND_THREAD_FUNCTION) {
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
 * group of `key` in `index`.  A group is named after its latest part: a
 * thread whose process exec'd has a cell per name, and goes by the one of
 * the executable that ran last (as the process does, model/names.c). */
static struct asr_group *add_to(GHashTable *index, const struct asr_group *key,
				const struct asr_group *from)
{
	struct asr_group *g = g_hash_table_lookup(index, key);

	if (!g) {
		g = g_new(struct asr_group, 1);
		*g = *key;
		g_hash_table_add(index, g);
	} else if (from->has_time && (!g->has_time || from->last_ns > g->last_ns)) {
		g->procname = key->procname;
	}
	asr_rates_merge(&g->rates, &from->rates);
	asr_rates_merge(&g->live_rates, &from->live_rates);
	asr_rates_merge(&g->peak_rates, &from->peak_rates);
	if (asr_rates_samples(&from->self_rates) > 0) {
		asr_rates_merge(&g->self_rates, &from->self_rates);
		g->self_threads++;
	}
	if (from->peak_known) {
		g->peak_known = true;
		g->peak_confidence = from->peak_confidence;
		g->peak_ns = from->peak_ns;
	}
	asr_lifetime_parts_merge(&g->lifetime_parts, from->lifetime_parts);
	g->threads++;
	g->incomplete = g->incomplete || from->incomplete;
	g->live_known = g->live_known || from->live_known;
	g->live_incomplete = g->live_incomplete || from->live_incomplete;
	add_time(g, from->has_time, from->first_ns, from->last_ns);
	return g;
}

/* The live samples of cell `c`: at the end, or at the `at` instant. */
static const struct asr_rates *live_of(const struct asr_cell *c, GHashTable *at_cells)
{
	static const struct asr_rates none;
	const struct asr_rates *at;

	if (!at_cells)
		return &c->live;
	at = g_hash_table_lookup(at_cells, c);
	return at ? at : &none;
}

/* Whether cell `c` is of a process of a late-beginning report (with
 * `checkpoints`) that no complete pass says the live blocks of: those
 * allocated before the window are unknown. */
static bool no_checkpoint(const struct asr_checkpoints *checkpoints, const struct asr_cell *c)
{
	const struct asr_process_passes *p;

	if (!checkpoints)
		return false;
	p = asr_checkpoints_find(checkpoints, c->trace->trace, c->has_vpid, c->vpid);
	return !p || p->complete == 0;
}

/* What cell `c` adds to its groups, its accumulators borrowed.  A cell
 * without any tracked sample says nothing of the live bytes, and makes
 * every live figure it joins incomplete, as a trace without frees does.
 * `lifetime_parts`: the cells' lifetimes, or NULL; `peak`: its live
 * samples at its process's peak, or NULL; `at_cells`: the live samples at
 * the `at` instant, or NULL. */
static struct asr_group cell_part(const struct asr_cell *c, bool live, GHashTable *lifetime_parts,
				  const struct asr_peak_cell *peak, GHashTable *at_cells,
				  const struct asr_checkpoints *checkpoints)
{
	const struct asr_trace *t = c->trace;
	bool incomplete = asr_trace_incomplete(t);

	return (struct asr_group) {
		.peak_known = live && peak && t->frees_known,
		.peak_rates = live && peak ? peak->live : (struct asr_rates) { 0 },
		.peak_confidence = peak ? peak->confidence : 0.0,
		.peak_ns = peak ? peak->ns : 0,
		.rates = c->rates,
		.live_rates = live ? *live_of(c, at_cells) : (struct asr_rates) { 0 },
		.lifetime_parts = live && lifetime_parts ? g_hash_table_lookup(lifetime_parts, c) : NULL,
		.incomplete = incomplete,
		.live_known = live && t->frees_known && c->tracked > 0,
		.live_incomplete = live && (!t->frees_known || c->untracked > 0 || incomplete ||
					    t->lost_frees > 0 || no_checkpoint(checkpoints, c)),
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
	key.peak_known = false;
	key.peak_rates = (struct asr_rates) { 0 };
	key.has_time = false;
	key.rates = (struct asr_rates) { 0 };
	key.live_rates = (struct asr_rates) { 0 };
	key.self_rates = (struct asr_rates) { 0 };
	key.self_threads = 0;
	key.lifetime_parts = NULL;
	key.survival = NULL;
	return key;
}

/*
 * Gives every group of a process an accumulator at each of the process's
 * rates, with samples or not (doc/estimation.md, "Mixed rates"): a process
 * that exec'd itself with another ALLOCSAMPLE_RATE has two, and a type
 * sampled at one of them may hold bytes at the other that no sample saw.
 */
static void cover_process_rates(GHashTable *index)
{
	GHashTableIter it;
	gpointer p;

	g_hash_table_iter_init(&it, index);
	while (g_hash_table_iter_next(&it, &p, NULL)) {
		struct asr_group *g = p;
		struct asr_group key = asr_process_key(g);
		const struct asr_group *process;

		if (g->kind == ASR_KIND_PROCESS)
			continue;
		process = g_hash_table_lookup(index, &key);
		if (process)
			asr_rates_cover(&g->rates, &process->rates);
	}
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

/* Adds cell `c`, whose parts are `part`, to a group per thread and
 * function of its stack, and its samples to the self bytes of its leaf's. */
static void add_functions(GHashTable *index, GHashTable *functions, const struct asr_cell *c,
			  const struct asr_stack *stack, const struct asr_group *part)
{
	const struct asr_stack_functions *f = asr_stack_functions_of(functions, stack);
	struct asr_group self = *part, key;
	guint i;

	self.self_rates = part->rates;
	for (i = 0; i < f->n; i++) {
		key = key_of_cell(KIND_THREAD_FUNCTION, c, NULL, NULL);
		key.function = f->names[i];
		add_to(index, &key, f->names[i] == f->self ? &self : part);
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
	notes->attaches += t->attaches;
	notes->detaches += t->detaches;
}

int asr_summary_build(struct asr_summary *summary, const struct asr_summary_input *in,
		      const struct as_estimate_options *options)
{
	GHashTable *index = g_hash_table_new_full(asr_group_hash, asr_group_equal, NULL, NULL);
	GHashTable *hosts = g_hash_table_new(g_str_hash, g_str_equal);
	GPtrArray *per_thread = g_ptr_array_new();
	GHashTable *functions = in->functions ? asr_stack_functions_table() : NULL;
	GHashTableIter it;
	gpointer p;
	struct asr_group key;
	enum asr_kind kind;
	guint i;
	int status = -1;

	memset(summary, 0, sizeof *summary);
	for (kind = 0; kind < ASR_KIND_COUNT; kind++)
		summary->groups[kind] = g_ptr_array_new_with_free_func(group_free);
	summary->index = g_hash_table_new(asr_group_hash, asr_group_equal);
	summary->names = g_string_chunk_new(64);
	if (in->stacks)
		summary->thread_stacks = g_ptr_array_new_with_free_func(group_free);
	if (in->stacks && in->stack_cells)
		summary->stack_cells = g_ptr_array_new_with_free_func(group_free);

	g_hash_table_iter_init(&it, in->cells);
	while (g_hash_table_iter_next(&it, &p, NULL)) {
		const struct asr_cell *c = p;
		const struct asr_group part = cell_part(c, in->live, in->lifetime_parts,
			in->peak_cells ? g_hash_table_lookup(in->peak_cells, c) : NULL, in->at_cells,
			in->checkpoints);
		const struct asr_resolved *resolved = c->stack && in->resolution ?
			asr_resolution_of(in->resolution, c->stack) : NULL;
		const struct asr_site *site = c->site ? c->site : resolved ? resolved->site : NULL;

		/* A cell of blocks a checkpoint said were live has no sample
		 * allocated in the window, but tracked samples. */
		if (asr_rates_samples(&c->rates) == 0 && c->tracked == 0)
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
		if (resolved && functions)
			add_functions(index, functions, c, resolved->stack, &part);
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
		    t->kind == KIND_THREAD_STACK || t->kind == KIND_THREAD_FUNCTION) {
			key = bare_key(t, t->kind == KIND_THREAD_SITE ? ASR_KIND_SITE :
				       t->kind == KIND_THREAD_STACK ? ASR_KIND_STACK :
				       t->kind == KIND_THREAD_FUNCTION ? ASR_KIND_FUNCTION : ASR_KIND_TYPE);
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
		asr_lifetime_parts_merge(&summary->total.lifetime_parts, t->lifetime_parts);
		summary->total.threads++;
		summary->total.live_known = summary->total.live_known || t->live_known;
		summary->total.live_incomplete = summary->total.live_incomplete || t->live_incomplete;
		add_time(&summary->total, t->has_time, t->first_ns, t->last_ns);
	}
	cover_process_rates(index);

	g_hash_table_iter_init(&it, index);
	while (g_hash_table_iter_next(&it, &p, NULL)) {
		struct asr_group *g = p;

		if (g->kind == KIND_THREAD_SITE || g->kind == KIND_THREAD_FUNCTION)
			continue; /* freed below, never estimated */
		if (g->kind == KIND_THREAD_STACK) {
			g->kind = ASR_KIND_STACK;
			g_hash_table_iter_steal(&it);
			g_ptr_array_add(summary->thread_stacks, g);
			continue;
		}
		/* The stack cells are pprof's samples, which have no lifetimes:
		 * no search for their quantiles (about a millisecond each). */
		if (asr_group_estimate(g, single_thread(g->kind) ? 1 : g->threads,
				       g->kind == KIND_STACK_CELL ?
				       in->figures & ~ASR_FIGURES_LIFETIMES : in->figures, options))
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
	asr_summary_order(summary, in->sort);
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
	if (!asr_summary_empty(summary)) {
		if (asr_group_estimate(&summary->total, summary->total.threads,
				       in->figures | ASR_FIGURES_PEAK, options))
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
	if (functions)
		g_hash_table_destroy(functions);
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
	asr_lifetime_parts_free(summary->total.lifetime_parts);
	g_free(summary->total.survival);
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
