/*
 * verdict.c - every pair's statistics (as_compare_compute), the correction
 * for testing them all at once, each verdict, the losses rule and the gate
 * (doc/compare.md, "Verdicts").
 *
 * A side that lacks the group is a side with no samples of it, at its run's
 * largest rate (the other run's when it has none) and T = 1: its interval
 * is [0, F^-1((1+C)/2; 1)], "below N bytes", and the ratio's interval
 * follows from it like any other.
 *
 * Losses only ever remove samples, so a side whose events were lost looks
 * smaller than it was: a significant decrease is withheld when NEW is
 * incomplete, a significant increase when BASELINE is.  The other
 * direction stands (losses can only have made it smaller).
 */
#include <math.h>
#include <stdlib.h>

#include "compare/compare.h"

static const char *const verdict_names[] = {
	[ASC_INCREASE] = "increase",
	[ASC_DECREASE] = "decrease",
	[ASC_UNCHANGED] = "unchanged",
	[ASC_APPEARED] = "appeared",
	[ASC_DISAPPEARED] = "disappeared",
};

const char *asc_verdict_name(enum asc_verdict verdict)
{
	return verdict_names[verdict];
}

const char *asc_correction_name(enum asc_correction correction)
{
	switch (correction) {
	case ASC_HOLM:
		return "Holm's step-down correction";
	case ASC_BH:
		return "the Benjamini-Hochberg correction";
	default:
		return "no correction";
	}
}

const char *asc_correction_id(enum asc_correction correction)
{
	switch (correction) {
	case ASC_HOLM:
		return "holm";
	case ASC_BH:
		return "bh";
	default:
		return "none";
	}
}

/* One side of a pair for as_compare_compute; `empty` holds the accumulator
 * of a side without the group. */
static struct as_compare_side side_of(const struct asc_group *g, uint64_t rate,
				      struct as_estimate_accum *empty)
{
	if (g)
		return (struct as_compare_side) { g->accums, g->n_accums, g->threads };
	*empty = (struct as_estimate_accum) { .rate = rate ? rate : 1 };
	return (struct as_compare_side) { empty, 1, 1 };
}

int asc_verdicts(struct asc_comparison *cmp)
{
	const struct asc_options *o = cmp->options;
	struct as_estimate_options eo = { .confidence = o->confidence, .boundary_compensation = true };
	uint64_t base_rate = cmp->base.max_rate ? cmp->base.max_rate : cmp->new_.max_rate;
	uint64_t new_rate = cmp->new_.max_rate ? cmp->new_.max_rate : cmp->base.max_rate;
	double alpha = 1 - o->confidence;
	double *p_values = calloc(cmp->n_pairs + 1, sizeof(*p_values));
	bool *significant = calloc(cmp->n_pairs + 1, sizeof(*significant));
	size_t i;
	int rc = -1;

	if (!p_values || !significant)
		goto end;
	for (i = 0; i < cmp->n_pairs; i++) {
		struct asc_pair *p = &cmp->pairs[i];
		struct as_estimate_accum empty_base, empty_new;
		struct as_compare_side b = side_of(p->base, base_rate, &empty_base);
		struct as_compare_side n = side_of(p->new_, new_rate, &empty_new);

		if (as_compare_compute(&b, &n, &eo, &p->stats) != 0) {
			fprintf(stderr, ASC_ME ": cannot compare the group %s\n", p->label);
			goto end;
		}
		p_values[i] = p->stats.p_value;
	}
	switch (o->correction) {
	case ASC_HOLM:
		as_compare_holm(p_values, cmp->n_pairs, alpha, significant);
		break;
	case ASC_BH:
		as_compare_benjamini_hochberg(p_values, cmp->n_pairs, alpha, significant);
		break;
	default:
		for (i = 0; i < cmp->n_pairs; i++)
			significant[i] = p_values[i] < alpha;
		break;
	}
	for (i = 0; i < cmp->n_pairs; i++) {
		struct asc_pair *p = &cmp->pairs[i];
		bool base_incomplete = p->base ? p->base->incomplete : cmp->base.incomplete;
		bool new_incomplete = p->new_ ? p->new_->incomplete : cmp->new_.incomplete;

		p->increase = p->stats.p_increase < p->stats.p_decrease;
		p->significant = significant[i];
		if (p->significant && (p->increase ? base_incomplete : new_incomplete)) {
			p->significant = false;
			p->withheld = true;
		}
		if (!p->base)
			p->verdict = ASC_APPEARED;
		else if (!p->new_)
			p->verdict = ASC_DISAPPEARED;
		else if (p->significant)
			p->verdict = p->increase ? ASC_INCREASE : ASC_DECREASE;
		else
			p->verdict = ASC_UNCHANGED;
		if (p->significant)
			cmp->changed++;
		p->offending = o->fail_above_given && p->significant && p->increase &&
			       p->stats.ratio_lower > 1 + o->fail_above / 100;
		if (p->offending)
			cmp->offending++;
	}
	rc = 0;
end:
	free(p_values);
	free(significant);
	return rc;
}
