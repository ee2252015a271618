/* lifetime_quantiles.c - a group's median and 90th percentile of its bytes' lifetimes (see summary.h; doc/estimation.md, "Lifetimes"). */
#include "model/lifetime_parts.h"
#include "model/summary.h"

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
	g->lifetime_known = status == 0;
	return status;
}
