/* lifetime_quantiles.c - a group's median and 90th percentile of its bytes' lifetimes (see summary.h; doc/estimation.md, "Lifetimes"). */
#include "model/lifetime_parts.h"
#include "model/summary.h"

/* What the timestamps resolve of `q` (summary.h, ASR_LIFETIME_FLOOR_NS). */
static void floor_quantile(struct as_lifetime_quantile *q)
{
	if (q->estimate < ASR_LIFETIME_FLOOR_NS)
		q->estimate = ASR_LIFETIME_FLOOR_NS;
	if (q->upper < ASR_LIFETIME_FLOOR_NS)
		q->upper = ASR_LIFETIME_FLOOR_NS;
	if (q->lower < ASR_LIFETIME_FLOOR_NS)
		q->lower = 0;
}

int asr_group_lifetimes(struct asr_group *g, uint64_t threads,
			const struct as_estimate_options *options)
{
	struct asr_lifetime_parts *p = g->lifetime_parts;
	struct as_lifetimes *rates;
	size_t n;
	int status;

	g->lifetime_known = false;
	if (!p || asr_lifetime_rates_samples(&p->lifetimes) == 0)
		return 0;
	rates = asr_lifetime_rates_expand(&p->lifetimes, &n);
	status = as_lifetime_quantile(rates, n, threads, options, 0.5, &g->lifetime_p50) ||
		 as_lifetime_quantile(rates, n, threads, options, 0.9, &g->lifetime_p90) ? -1 : 0;
	g_free(rates);
	floor_quantile(&g->lifetime_p50);
	floor_quantile(&g->lifetime_p90);
	g->lifetime_known = status == 0;
	return status;
}
