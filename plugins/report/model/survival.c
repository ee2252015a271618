/* survival.c - the survival curves of the groups a page lists (see model.h; doc/estimation.md, "Lifetimes"). */
#include "model/lifetime_parts.h"
#include "model/model.h"

/* A group's curve, T as for its quantiles: one thread for a thread's
 * groups; from the floor of what the timestamps resolve on
 * (ASR_LIFETIME_FLOOR_NS), where the share of the bytes that lived at
 * least the tracer's own latency says nothing of the program. */
static int curve_of(struct asr_group *g, const struct as_estimate_options *options)
{
	bool one = g->kind == ASR_KIND_THREAD || g->kind == ASR_KIND_THREAD_TYPE;
	struct as_survival_point points[AS_LIFETIME_BUCKETS];
	size_t n_rates, n, first = 0;
	struct as_lifetimes *rates = asr_lifetime_rates_expand(&g->lifetime_parts->lifetimes,
							       &n_rates);
	int status = as_lifetime_survival(rates, n_rates, one ? 1 : g->threads, options, points, &n);

	g_free(rates);
	if (status)
		return -1;
	while (first < n && points[first].t_ns < ASR_LIFETIME_FLOOR_NS)
		first++;
	/* Non-NULL even when empty: a curve was asked for and has no point. */
	g->survival = first < n ? g_memdup2(points + first, (gsize) ((n - first) * sizeof *points)) :
				  g_new0(struct as_survival_point, 1);
	g->survival_n = n - first;
	return 0;
}

/* Most bytes allocated first; the sort is stable, so among equals in
 * report order. */
static gint compare_allocated_desc(gconstpointer pa, gconstpointer pb)
{
	double a = (*(const struct asr_group *const *) pa)->est.weighted;
	double b = (*(const struct asr_group *const *) pb)->est.weighted;

	return (a < b) - (a > b);
}

int asr_model_survival(struct asr_model *model, const struct as_estimate_options *options)
{
	struct asr_group *total = &model->summary.total;

	if (model->summary.samples > 0 && total->live_known && total->lifetime_known &&
	    curve_of(total, options))
		return -1;
	for (enum asr_kind kind = 0; kind < ASR_KIND_COUNT; kind++) {
		GPtrArray *known = g_ptr_array_new();
		int status = 0;

		for (guint i = 0; i < model->shown[kind]->len; i++) {
			/* The summary's groups, which the model may complete. */
			struct asr_group *g = g_ptr_array_index(model->shown[kind], i);

			if (g->live_known && g->lifetime_known)
				g_ptr_array_add(known, g);
		}
		g_ptr_array_sort(known, compare_allocated_desc);
		for (guint i = 0; i < known->len && i < ASR_SURVIVAL_GROUPS && !status; i++)
			status = curve_of(g_ptr_array_index(known, i), options);
		g_ptr_array_free(known, TRUE);
		if (status)
			return -1;
	}
	return 0;
}
