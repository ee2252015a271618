/* group_estimates.c - each group's bytes and objects, allocated, live and temporary, and its lifetimes, from its per-rate sums (see summary.h). */
#include "model/summary.h"

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

/* The live bytes and objects of a group whose traces track frees, with
 * the group's T, at every rate of the group: a rate without a live sample
 * adds its "below F^-1((1+C)/2; T)". */
static int estimate_live(struct asr_group *g, uint64_t threads,
			 const struct as_estimate_options *options)
{
	struct as_estimate_objects objects;

	asr_rates_cover(&g->live_rates, &g->rates);
	sort_by_rate(&g->live_rates);
	if (as_estimate_compute(g->live_rates.accums, g->live_rates.n, threads, options, &g->live) ||
	    as_estimate_objects_compute(g->live_rates.accums, g->live_rates.n, options->confidence,
					&objects))
		return -1;
	g->live_objects = (struct asr_objects) { objects.estimate, objects.lower, objects.upper };
	return 0;
}

/* The bytes and objects a group held at its process's peak, with the
 * group's T, at the peak's confidence (doc/estimation.md, "The peak"), at
 * every rate of the group as the live bytes. */
static int estimate_peak(struct asr_group *g, uint64_t threads,
			 const struct as_estimate_options *options)
{
	struct as_estimate_options at_peak = *options;
	struct as_estimate_objects objects;

	asr_rates_cover(&g->peak_rates, &g->rates);
	sort_by_rate(&g->peak_rates);
	at_peak.confidence = g->peak_confidence;
	if (as_estimate_compute(g->peak_rates.accums, g->peak_rates.n, threads, &at_peak,
				&g->peak_live) ||
	    as_estimate_objects_compute(g->peak_rates.accums, g->peak_rates.n, g->peak_confidence,
					&objects))
		return -1;
	g->peak_objects = (struct asr_objects) { objects.estimate, objects.lower, objects.upper };
	return 0;
}

/*
 * A function's self bytes: the samples of its total whose leaf it is, a
 * subset chosen by the stack, independently of the sampling, so a group
 * of section 3 (doc/estimation.md, "Functions"), at every rate of the
 * function's total, with the T of the threads that hold them (the
 * total's when none does: the "below" end of that many streams).
 */
static int estimate_self(struct asr_group *g, uint64_t threads,
			 const struct as_estimate_options *options)
{
	asr_rates_cover(&g->self_rates, &g->rates);
	sort_by_rate(&g->self_rates);
	return as_estimate_compute(g->self_rates.accums, g->self_rates.n,
				   g->self_threads ? g->self_threads : threads, options, &g->self);
}

int asr_group_estimate(struct asr_group *g, uint64_t threads, unsigned figures,
		       const struct as_estimate_options *options)
{
	struct as_estimate_objects objects;

	sort_by_rate(&g->rates);
	if (as_estimate_compute(g->rates.accums, g->rates.n, threads, options, &g->est) ||
	    as_estimate_objects_compute(g->rates.accums, g->rates.n, options->confidence, &objects))
		return -1;
	g->objects = (struct asr_objects) { objects.estimate, objects.lower, objects.upper };
	if (g->kind == ASR_KIND_FUNCTION && estimate_self(g, threads, options))
		return -1;
	g->peak_known = g->peak_known && g->live_known &&
			 (figures & ASR_FIGURES_PEAK || g->kind == ASR_KIND_PROCESS);
	if (!g->live_known)
		return 0;
	if (estimate_live(g, threads, options) ||
	    (figures & ASR_FIGURES_TEMPORARY && asr_group_temporary(g, threads, options)) ||
	    (figures & ASR_FIGURES_LIFETIMES && asr_group_lifetimes(g, threads, options)))
		return -1;
	return g->peak_known ? estimate_peak(g, threads, options) : 0;
}
