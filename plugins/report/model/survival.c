/* survival.c - the survival curves of the groups a page lists (see model.h; doc/estimation.md, "Lifetimes"). */
#include <string.h>

#include "model/lifetime_parts.h"
#include "model/model.h"

/* What a group's curve is computed from: its lifetimes at each rate, and
 * T as for its quantiles (one thread for a thread's groups). */
struct curve_input {
	struct as_lifetimes *rates;
	size_t n;
	uint64_t threads;
};

static struct curve_input input_of(const struct asr_group *g)
{
	bool one = g->kind == ASR_KIND_THREAD || g->kind == ASR_KIND_THREAD_TYPE;
	struct curve_input in = { NULL, 0, one ? 1 : g->threads };

	in.rates = asr_lifetime_rates_expand(&g->lifetime_parts->lifetimes, &in.n);
	return in;
}

/* Whether two inputs are the same to the last bit (the lifetimes hold
 * integers and doubles, no padding), so that so are their curves. */
static bool same_input(const struct curve_input *a, const struct curve_input *b)
{
	return a->n == b->n && a->threads == b->threads &&
	       (a->n == 0 || memcmp(a->rates, b->rates, a->n * sizeof *a->rates) == 0);
}

/* A group's curve, from the floor of what the timestamps resolve on
 * (ASR_LIFETIME_FLOOR_NS), where the share of the bytes that lived at
 * least the tracer's own latency says nothing of the program.  A group
 * whose input is the total's (`total`: the one process of a trace, about
 * 20 million instructions a curve on bench/mixed-threads' trace) takes
 * the total's curve. */
static int curve_of(struct asr_group *g, const struct curve_input *in, const struct asr_group *total,
		    const struct curve_input *total_in, const struct as_estimate_options *options)
{
	struct as_survival_point points[AS_LIFETIME_BUCKETS];
	size_t n, first = 0;

	if (total && same_input(in, total_in)) {
		/* Non-NULL even when empty, as below. */
		g->survival = g_memdup2(total->survival,
					(gsize) (MAX(total->survival_n, 1) * sizeof *points));
		g->survival_n = total->survival_n;
		return 0;
	}
	if (as_lifetime_survival(in->rates, in->n, in->threads, options, points, &n))
		return -1;
	while (first < n && points[first].t_ns < ASR_LIFETIME_FLOOR_NS)
		first++;
	/* Non-NULL even when empty: a curve was asked for and has no point. */
	g->survival = first < n ? g_memdup2(points + first, (gsize) ((n - first) * sizeof *points)) :
				  g_new0(struct as_survival_point, 1);
	g->survival_n = n - first;
	return 0;
}

/* The curve of group `g` (see curve_of). */
static int group_curve(struct asr_group *g, const struct asr_group *total,
		       const struct curve_input *total_in, const struct as_estimate_options *options)
{
	struct curve_input in = input_of(g);
	int status = curve_of(g, &in, total, total_in, options);

	g_free(in.rates);
	return status;
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
	struct curve_input total_in = { NULL, 0, 0 };
	const struct asr_group *computed = NULL;
	int status = 0;

	if (model->summary.samples > 0 && total->live_known && total->lifetime_known) {
		total_in = input_of(total);
		status = curve_of(total, &total_in, NULL, NULL, options);
		computed = total;
	}
	for (enum asr_kind kind = 0; kind < ASR_KIND_COUNT && !status; kind++) {
		GPtrArray *known = g_ptr_array_new();

		for (guint i = 0; i < model->shown[kind]->len; i++) {
			/* The summary's groups, which the model may complete. */
			struct asr_group *g = g_ptr_array_index(model->shown[kind], i);

			if (g->live_known && g->lifetime_known)
				g_ptr_array_add(known, g);
		}
		g_ptr_array_sort(known, compare_allocated_desc);
		for (guint i = 0; i < known->len && i < ASR_SURVIVAL_GROUPS && !status; i++)
			status = group_curve(g_ptr_array_index(known, i), computed, &total_in, options);
		g_ptr_array_free(known, TRUE);
	}
	g_free(total_in.rates);
	return status ? -1 : 0;
}
