/* rates.c - one accumulator per sampling rate (see rates.h). */
#include <string.h>

#include <glib.h>

#include "rates.h"

struct as_estimate_accum *asr_rates_find(struct asr_rates *rates, uint64_t rate)
{
	size_t i;

	for (i = 0; i < rates->n; i++) {
		if (rates->accums[i].rate == rate)
			return &rates->accums[i];
	}
	rates->accums = g_renew(struct as_estimate_accum, rates->accums, rates->n + 1);
	rates->accums[rates->n] = (struct as_estimate_accum) { .rate = rate };
	return &rates->accums[rates->n++];
}

bool asr_rates_remove(struct asr_rates *rates, const struct asr_weighed *sample)
{
	size_t i;

	for (i = 0; i < rates->n; i++) {
		if (rates->accums[i].rate == sample->rate)
			return as_estimate_remove_weight(&rates->accums[i], &sample->weight);
	}
	return false;
}

struct asr_rates asr_rates_copy(const struct asr_rates *from)
{
	struct asr_rates copy = { .n = from->n, .accums = g_new(struct as_estimate_accum, from->n) };

	/* No accumulator yet (a curve's point before its first sample): no
	 * copy, and no memcpy of a null pointer. */
	if (from->n > 0)
		memcpy(copy.accums, from->accums, from->n * sizeof *from->accums);
	return copy;
}

void asr_rates_merge(struct asr_rates *into, const struct asr_rates *from)
{
	size_t i;

	for (i = 0; i < from->n; i++)
		as_estimate_merge(asr_rates_find(into, from->accums[i].rate), &from->accums[i]);
}

void asr_rates_cover(struct asr_rates *rates, const struct asr_rates *all)
{
	size_t i;

	for (i = 0; i < all->n; i++)
		asr_rates_find(rates, all->accums[i].rate);
}

int asr_rates_estimate(const struct asr_rates *rates, const struct asr_rates *all,
		       uint64_t threads, const struct as_estimate_options *options,
		       struct as_estimate *out)
{
	struct asr_rates covered = asr_rates_copy(rates);
	int status;

	asr_rates_cover(&covered, all);
	status = as_estimate_compute(covered.accums, covered.n, threads, options, out);
	asr_rates_fini(&covered);
	return status;
}

bool asr_rates_equal(const struct asr_rates *a, const struct asr_rates *b)
{
	size_t i;

	if (a->n != b->n)
		return false;
	for (i = 0; i < a->n; i++) {
		const struct as_estimate_accum *x = &a->accums[i], *y = &b->accums[i];

		if (x->rate != y->rate || x->samples != y->samples || x->u != y->u ||
		    x->weighted != y->weighted || x->objects != y->objects ||
		    x->objects_var != y->objects_var || x->log_q != y->log_q)
			return false;
	}
	return true;
}

uint64_t asr_rates_samples(const struct asr_rates *rates)
{
	uint64_t s = 0;
	size_t i;

	for (i = 0; i < rates->n; i++)
		s += rates->accums[i].samples;
	return s;
}

void asr_rates_fini(struct asr_rates *rates)
{
	g_free(rates->accums);
	rates->accums = NULL;
	rates->n = 0;
}

GArray *asr_rates_list(const struct asr_rates *rates)
{
	GArray *out = g_array_sized_new(FALSE, FALSE, sizeof(uint64_t), (guint) rates->n);
	size_t i;

	for (i = 0; i < rates->n; i++)
		g_array_append_val(out, rates->accums[i].rate);
	return out;
}
