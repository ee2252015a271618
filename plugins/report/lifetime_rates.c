/* lifetime_rates.c - lifetime buckets per rate (see lifetime_rates.h). */
#include <glib.h>

#include "lifetime_rates.h"

struct as_lifetimes *asr_lifetime_rates_find(struct asr_lifetime_rates *l, uint64_t rate)
{
	for (size_t i = 0; i < l->n; i++) {
		if (l->rates[i].rate == rate)
			return &l->rates[i];
	}
	l->rates = g_renew(struct as_lifetimes, l->rates, l->n + 1);
	l->rates[l->n] = (struct as_lifetimes) { .rate = rate };
	return &l->rates[l->n++];
}

void asr_lifetime_rates_merge(struct asr_lifetime_rates *into, const struct asr_lifetime_rates *from)
{
	for (size_t i = 0; i < from->n; i++)
		as_lifetimes_merge(asr_lifetime_rates_find(into, from->rates[i].rate), &from->rates[i]);
}

void asr_lifetime_rates_fini(struct asr_lifetime_rates *l)
{
	g_free(l->rates);
	l->rates = NULL;
	l->n = 0;
}
