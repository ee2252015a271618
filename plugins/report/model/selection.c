/*
 * selection.c - which groups each table of the report shows (see model.h):
 * the kinds group-by asks for, then what the format's options leave out,
 * so that a first look fits a screen (text) and the rest is counted.
 */
#include "model/model.h"

/* Whether the leaks or temporary view leaves `g` out: a stack with
 * nothing live at the end is no leak, one with no sample freed within
 * `temporary` no churn (CSV and JSON still list them). */
static bool freed(const struct asr_model *model, const struct asr_group *g,
		  const struct asr_model_options *options)
{
	if (!options->hide_freed || g->kind != ASR_KIND_STACK || !g->live_known)
		return false;
	return model->sort == ASR_SORT_LIVE ? g->live.samples == 0 :
	       model->sort == ASR_SORT_TEMPORARY && g->temporary.samples == 0;
}

/* The bytes a table is measured in: allocated, or live or temporary with
 * sort=live or temporary; unknown ones count as none. */
static double bytes_of(const struct asr_model *model, const struct asr_group *g)
{
	double bytes = asr_group_sort_bytes(g, model->sort);

	return bytes > 0.0 ? bytes : 0.0;
}

/* The bytes `min-share` judges a group by: its table's, but a function's
 * total rather than its self bytes, as pprof's nodefraction judges the
 * cumulative figure: a function that allocates only through its callees
 * is not small (its self bytes still measure the table, and choose the
 * `top`). */
static double share_bytes(const struct asr_model *model, const struct asr_group *g)
{
	if (g->kind == ASR_KIND_FUNCTION)
		return g->est.weighted;
	return bytes_of(model, g);
}

/* Largest first, and among equals in report order (the sort is stable). */
static gint compare_bytes_desc(gconstpointer pa, gconstpointer pb, gpointer model)
{
	double a = bytes_of(model, *(const struct asr_group *const *) pa);
	double b = bytes_of(model, *(const struct asr_group *const *) pb);

	return (a < b) - (a > b);
}

/* Leaves in `groups` (report order) the `top` largest, counting the others
 * in `hidden`. */
static void keep_top(const struct asr_model *model, GPtrArray *groups, uint64_t top,
		     struct asr_hidden *hidden)
{
	GPtrArray *by_bytes;
	GHashTable *kept;
	guint i, j;

	if (top == 0 || groups->len <= top)
		return;
	by_bytes = g_ptr_array_copy(groups, NULL, NULL);
	g_ptr_array_sort_with_data(by_bytes, compare_bytes_desc, (gpointer) model);
	kept = g_hash_table_new(g_direct_hash, g_direct_equal);
	for (i = 0; i < top; i++)
		g_hash_table_add(kept, g_ptr_array_index(by_bytes, i));
	for (i = 0, j = 0; i < groups->len; i++) {
		if (g_hash_table_contains(kept, g_ptr_array_index(groups, i)))
			groups->pdata[j++] = g_ptr_array_index(groups, i);
	}
	hidden->beyond_top += groups->len - j;
	g_ptr_array_set_size(groups, j);
	g_hash_table_destroy(kept);
	g_ptr_array_free(by_bytes, TRUE);
}

/* The live bytes at the end a group holds, in a snapshot's table of bytes
 * allocated (a table ordered otherwise judges by its order's bytes alone,
 * and a whole run's by its allocations, as `--leaks` is there for the
 * live ones); unknown ones count as none. */
static double live_bytes(const struct asr_model *model, const struct asr_group *g)
{
	if (!model->snapshot.late || model->sort != ASR_SORT_ALLOCATED || g->kind == ASR_KIND_FUNCTION ||
	    !g->live_known)
		return 0.0;
	return g->live.weighted > 0.0 ? g->live.weighted : 0.0;
}

/* The groups of `kind` the report shows, and why the others are not.  A
 * group is small when it is under `min-share` of its table's bytes and,
 * in a snapshot's table of bytes allocated, of its live bytes too: the
 * blocks a checkpoint says were allocated before the window allocated
 * nothing in it, and may hold most of the heap. */
static GPtrArray *select_kind(const struct asr_model *model, enum asr_kind kind,
			      const struct asr_model_options *options, struct asr_hidden *hidden)
{
	GPtrArray *all = model->summary.groups[kind], *out = g_ptr_array_new();
	double total = 0.0, total_live = 0.0, floor_bytes, floor_live;
	guint i;

	for (i = 0; i < all->len; i++) {
		const struct asr_group *g = g_ptr_array_index(all, i);

		if (asr_group_shown(g, model->group_by)) {
			total += bytes_of(model, g);
			total_live += live_bytes(model, g);
		}
	}
	floor_bytes = total * options->min_share / 100.0;
	floor_live = total_live * options->min_share / 100.0;
	for (i = 0; i < all->len; i++) {
		struct asr_group *g = g_ptr_array_index(all, i);

		if (!asr_group_shown(g, model->group_by))
			continue;
		if (freed(model, g, options))
			hidden->freed++;
		/* Judged on the point estimate, as every order of the report
		 * is; a group whose live bytes the trace cannot say is kept. */
		else if (asr_group_sort_bytes(g, model->sort) >= 0.0 &&
			 share_bytes(model, g) < floor_bytes &&
			 (total_live == 0.0 || live_bytes(model, g) < floor_live))
			hidden->small++;
		else
			g_ptr_array_add(out, g);
	}
	keep_top(model, out, options->top, hidden);
	return out;
}

/* The key of the stack group that holds stack cell `c`. */
static struct asr_group stack_key(const struct asr_group *c)
{
	struct asr_group key = asr_process_key(c);

	key.kind = ASR_KIND_STACK;
	key.stack = c->stack;
	return key;
}

/* The stack cells of the stack groups shown. */
static GPtrArray *select_stack_cells(const struct asr_model *model)
{
	const GPtrArray *cells = model->summary.stack_cells;
	GHashTable *shown = g_hash_table_new(g_direct_hash, g_direct_equal);
	GPtrArray *out = g_ptr_array_new();
	guint i;

	for (i = 0; i < model->shown[ASR_KIND_STACK]->len; i++)
		g_hash_table_add(shown, g_ptr_array_index(model->shown[ASR_KIND_STACK], i));
	for (i = 0; i < cells->len; i++) {
		const struct asr_group *c = g_ptr_array_index(cells, i);
		struct asr_group key = stack_key(c);

		if (g_hash_table_contains(shown, asr_summary_find(&model->summary, &key)))
			g_ptr_array_add(out, (gpointer) c);
	}
	g_hash_table_destroy(shown);
	return out;
}

void asr_model_select(struct asr_model *model, const struct asr_model_options *options)
{
	enum asr_kind kind;

	model->top = options->top;
	model->min_share = options->min_share;
	for (kind = 0; kind < ASR_KIND_COUNT; kind++)
		model->shown[kind] = select_kind(model, kind, options, &model->hidden[kind]);
	if (model->summary.stack_cells)
		model->stack_cells = select_stack_cells(model);
}
