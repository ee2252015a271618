/* lifetime_quantiles.c - a group's median and 90th percentile of its bytes' lifetimes (see summary.h; doc/estimation.md, "Lifetimes"). */
#include "model/lifetime_parts.h"
#include "model/summary.h"

static gint compare_rates(gconstpointer pa, gconstpointer pb, gpointer unused)
{
	uint64_t a = ((const struct as_lifetimes *) pa)->rate;
	uint64_t b = ((const struct as_lifetimes *) pb)->rate;

	(void) unused;
	return (a > b) - (a < b);
}

int asr_group_lifetimes(struct asr_group *g, uint64_t threads,
			const struct as_estimate_options *options)
{
	struct asr_lifetime_parts *p = g->lifetime_parts;
	uint64_t samples = 0;

	g->lifetime_known = false;
	if (!p)
		return 0;
	for (size_t i = 0; i < p->lifetimes.n; i++) {
		for (unsigned b = 0; b < AS_LIFETIME_BUCKETS; b++)
			samples += p->lifetimes.rates[i].freed[b].samples +
				   p->lifetimes.rates[i].censored[b].samples;
	}
	if (samples == 0)
		return 0;
	/* In order of rate, as the accumulators: the sums then never depend
	 * on the order of a hash table. */
	g_qsort_with_data(p->lifetimes.rates, (gint) p->lifetimes.n, sizeof *p->lifetimes.rates,
			  compare_rates, NULL);
	if (as_lifetime_quantile(p->lifetimes.rates, p->lifetimes.n, threads, options, 0.5,
				 &g->lifetime_p50) ||
	    as_lifetime_quantile(p->lifetimes.rates, p->lifetimes.n, threads, options, 0.9,
				 &g->lifetime_p90))
		return -1;
	g->lifetime_known = true;
	return 0;
}
