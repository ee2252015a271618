/* lifetime_rates.c - sparse lifetime buckets per rate (see lifetime_rates.h). */
#include <string.h>

#include <glib.h>

#include "lifetime_rates.h"

/* The entry of `rate`, `bucket` and `censored`, made (empty) when missing:
 * the freed ones of the first rate by their index, the others by a linear
 * search (a group holds a few entries). */
static struct as_lifetime_bucket *entry_of(struct asr_lifetime_rates *l, uint64_t rate,
					   unsigned bucket, bool censored)
{
	bool indexed = !censored && (l->n == 0 || rate == l->first_rate);
	struct asr_lifetime_entry *e;

	if (indexed && l->freed_at[bucket])
		return &l->entries[l->freed_at[bucket] - 1].sums;
	if (l->n == 0)
		l->first_rate = rate;
	/* An indexed entry is missing from the index only past 255 entries. */
	for (size_t i = 0; (!indexed || l->n >= UINT8_MAX) && i < l->n; i++) {
		e = &l->entries[i];
		if (e->bucket == bucket && e->rate == rate && e->censored == censored)
			return &e->sums;
	}
	if (l->n == l->capacity) {
		l->capacity = l->capacity ? 2 * l->capacity : 4;
		l->entries = g_renew(struct asr_lifetime_entry, l->entries, l->capacity);
	}
	e = &l->entries[l->n++];
	*e = (struct asr_lifetime_entry) { .rate = rate, .bucket = (uint8_t) bucket,
					   .censored = censored };
	if (indexed && l->n <= UINT8_MAX)
		l->freed_at[bucket] = (uint8_t) l->n;
	return &e->sums;
}

void asr_lifetime_rates_add(struct asr_lifetime_rates *l, const struct asr_weighed *sample,
			    uint64_t ns, bool censored)
{
	as_lifetime_add(entry_of(l, sample->rate, as_lifetime_bucket_of(ns), censored),
			sample->size, sample->offset, sample->pi);
}

void asr_lifetime_rates_merge(struct asr_lifetime_rates *into, const struct asr_lifetime_rates *from)
{
	for (size_t i = 0; i < from->n; i++) {
		const struct asr_lifetime_entry *e = &from->entries[i];

		as_lifetime_bucket_merge(entry_of(into, e->rate, e->bucket, e->censored), &e->sums);
	}
}

uint64_t asr_lifetime_rates_samples(const struct asr_lifetime_rates *l)
{
	uint64_t samples = 0;

	for (size_t i = 0; i < l->n; i++)
		samples += l->entries[i].sums.samples;
	return samples;
}

/* The buckets of `rate` in `*rates`, ascending, `*n` of them: inserted
 * (empty) in order when missing. */
static struct as_lifetimes *rate_in(struct as_lifetimes **rates, size_t *n, uint64_t rate)
{
	size_t at = 0;

	while (at < *n && (*rates)[at].rate < rate)
		at++;
	if (at == *n || (*rates)[at].rate != rate) {
		*rates = g_renew(struct as_lifetimes, *rates, *n + 1);
		memmove(&(*rates)[at + 1], &(*rates)[at], (*n - at) * sizeof **rates);
		(*rates)[at] = (struct as_lifetimes) { .rate = rate };
		++*n;
	}
	return &(*rates)[at];
}

struct as_lifetimes *asr_lifetime_rates_expand(const struct asr_lifetime_rates *l, size_t *n)
{
	struct as_lifetimes *rates = NULL;

	*n = 0;
	for (size_t i = 0; i < l->n; i++) {
		const struct asr_lifetime_entry *e = &l->entries[i];
		struct as_lifetimes *r = rate_in(&rates, n, e->rate);

		as_lifetime_bucket_merge(e->censored ? &r->censored[e->bucket] : &r->freed[e->bucket],
					 &e->sums);
	}
	return rates;
}

void asr_lifetime_rates_fini(struct asr_lifetime_rates *l)
{
	g_free(l->entries);
	*l = (struct asr_lifetime_rates) { 0 };
}
