/* multiple.c - many groups compared at once: Holm's and Benjamini-Hochberg's corrections (see compare.h). */
#include <math.h>
#include <stdlib.h>

#include "compare.h"

/* A p-value and where it came from; NaN sorts last. */
struct ranked {
	double p;
	size_t index;
};

static int ranked_compare(const void *x, const void *y)
{
	const struct ranked *a = x, *b = y;
	double pa = isnan(a->p) ? INFINITY : a->p, pb = isnan(b->p) ? INFINITY : b->p;

	if (pa != pb)
		return pa < pb ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* The p-values in increasing order, or NULL without memory. */
static struct ranked *rank(const double *p_values, size_t n)
{
	struct ranked *r = n ? calloc(n, sizeof(*r)) : NULL;

	if (!r)
		return NULL;
	for (size_t i = 0; i < n; i++)
		r[i] = (struct ranked) { p_values[i], i };
	qsort(r, n, sizeof(*r), ranked_compare);
	return r;
}

/*
 * Bonferroni, when there is no memory to sort (doc/estimation.md,
 * "Many groups"): a subset of Holm's and of Benjamini-Hochberg's calls.
 *
 *	significant_i = p_i <= alpha / n
 */
static void bonferroni(const double *p_values, size_t n, double alpha, bool *significant)
{
	for (size_t i = 0; i < n; i++)
		significant[i] = p_values[i] <= alpha / (double) n;
}

/*
 * Holm's step-down (doc/estimation.md, "Many groups"): the j-th smallest
 * p-value (j from 1) is significant when it and every smaller one pass
 * their thresholds.
 *
 *	significant_(j) = for all i <= j: p_(i) <= alpha / (n - i + 1)
 */
void as_compare_holm(const double *p_values, size_t n, double alpha, bool *significant)
{
	struct ranked *r;

	if (n == 0)
		return;
	r = rank(p_values, n);
	if (!r) {
		bonferroni(p_values, n, alpha, significant);
		return;
	}
	for (size_t i = 0; i < n; i++)
		significant[i] = false;
	for (size_t j = 0; j < n; j++) {
		if (!(r[j].p <= alpha / (double) (n - j)))
			break;
		significant[r[j].index] = true;
	}
	free(r);
}

/*
 * Benjamini-Hochberg's step-up (doc/estimation.md, "Many groups"): with
 * j* the largest j whose j-th smallest p-value is at most j q / n, the j*
 * smallest are significant.
 *
 *	j* = max { j : p_(j) <= j q / n };  significant_(i) = i <= j*
 */
void as_compare_benjamini_hochberg(const double *p_values, size_t n, double q, bool *significant)
{
	struct ranked *r;
	size_t last = 0;

	if (n == 0)
		return;
	r = rank(p_values, n);
	if (!r) {
		bonferroni(p_values, n, q, significant);
		return;
	}
	for (size_t j = 0; j < n; j++) {
		significant[j] = false;
		if (r[j].p <= (double) (j + 1) * q / (double) n)
			last = j + 1;
	}
	for (size_t j = 0; j < last; j++)
		significant[r[j].index] = true;
	free(r);
}
