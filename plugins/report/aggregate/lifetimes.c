/* lifetimes.c - freed samples into their cell's temporary bytes and lifetime buckets (see lifetimes.h). */
#include "aggregate/lifetimes.h"
#include "aggregate/table.h"

/* One compare and a few additions per free: the bucket is the bit length
 * of the lifetime (estimate/lifetimes.h). */
void asr_lifetimes_freed(struct asr_cell *cell, const struct asr_weighed *sample,
			 int64_t lifetime_ns, int64_t temporary_ns)
{
	struct asr_cell_lifetimes *l = &cell->lifetimes;

	l->freed++;
	if (lifetime_ns < 0) {
		l->untimed++;
		return;
	}
	if (lifetime_ns <= temporary_ns)
		asr_rates_add(&l->temporary, sample);
	asr_lifetime_rates_add(&l->buckets, sample, (uint64_t) lifetime_ns, false);
}

void asr_cell_lifetimes_fini(struct asr_cell_lifetimes *l)
{
	asr_rates_fini(&l->temporary);
	asr_lifetime_rates_fini(&l->buckets);
}
