/* scopes.c - scope instances' estimates and their distribution, for the model (see model.h). */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/scopes.h"

/* An instance's estimate and interval (T = 1: both ends cut its thread's
 * stream).  Returns 0, or -1 if the estimator refused the options. */
static int instance_estimate(const struct asr_scopes *scopes, const struct asr_scope *scope,
			     const struct as_estimate_options *options, struct as_estimate *out)
{
	struct as_estimate_accum empty = { 0 };

	if (scope->rates.n > 0)
		return as_estimate_compute(scope->rates.accums, scope->rates.n, 1, options, out);
	/* No sample: "below F^-1((1+C)/2; 1)" at the thread's rate; with no
	 * sample in the whole trace there is no rate to say it with. */
	empty.rate = scope->rate_hint ? scope->rate_hint : scopes->last_rate;
	if (empty.rate == 0) {
		memset(out, 0, sizeof *out);
		return 0;
	}
	return as_estimate_compute(&empty, 1, 1, options, out);
}

static int compare_doubles(const void *pa, const void *pb)
{
	double a = *(const double *) pa, b = *(const double *) pb;

	return (a > b) - (a < b);
}

/* The nearest-rank percentile of sorted values: the smallest value with
 * at least `p` of the values at or below it. */
static double percentile(const double *sorted, uint64_t n, double p)
{
	uint64_t rank = (uint64_t) ceil(p * (double) n);

	return sorted[rank > 0 ? rank - 1 : 0];
}

/* The distribution over closed instances.  Returns 0, or -1 if the
 * estimator refused the options. */
static int stats(struct asr_scope_model *out, const struct asr_scopes *scopes,
		 const struct as_estimate_options *options)
{
	struct asr_rates all = { 0 };
	double *values;
	uint64_t n = 0;
	guint i;
	int status = 0;

	values = g_new(double, scopes->instances->len + 1);
	for (i = 0; i < scopes->instances->len; i++) {
		const struct asr_scope *s = g_ptr_array_index(scopes->instances, i);

		if (s->open)
			continue;
		values[n++] = asr_scope_weighted(s);
		asr_rates_merge(&all, &s->rates);
	}
	out->closed = n;
	if (n > 0) {
		qsort(values, n, sizeof *values, compare_doubles);
		out->p50 = percentile(values, n, 0.50);
		out->p90 = percentile(values, n, 0.90);
		out->p99 = percentile(values, n, 0.99);
		/* The sum over n instances is n cut streams: S - n and S + n
		 * samples (doc/estimation.md, "Scopes"); the mean is its n-th. */
		if (all.n == 0) {
			struct as_estimate_accum empty = { .rate = scopes->last_rate };

			if (empty.rate)
				status = as_estimate_compute(&empty, 1, n, options, &out->mean);
		} else {
			status = as_estimate_compute(all.accums, all.n, n, options, &out->mean);
		}
		out->mean.weighted /= (double) n;
		out->mean.negbin /= (double) n;
		out->mean.lower /= (double) n;
		out->mean.upper /= (double) n;
	}
	asr_rates_fini(&all);
	g_free(values);
	return status;
}

/* A key as the report prints it: an integer in decimal, a string as it
 * is; NULL without a key.  To g_free. */
static char *key_text(const struct asr_scope_key *key)
{
	switch (key->kind) {
	case ASR_SCOPE_KEY_SIGNED:
		return g_strdup_printf("%" PRId64, (int64_t) key->bits);
	case ASR_SCOPE_KEY_UNSIGNED:
		return g_strdup_printf("%" PRIu64, key->bits);
	case ASR_SCOPE_KEY_STRING:
		return g_strdup(key->string);
	case ASR_SCOPE_KEY_NONE:
		break;
	}
	return NULL;
}

/* What the report says of instance `s`, its estimate aside. */
static struct asr_scope_row row_of(const struct asr_scope *s)
{
	return (struct asr_scope_row) {
		.host = s->host,
		.vpid = s->vpid,
		.vtid = s->vtid,
		.key = key_text(&s->key),
		.key_is_string = s->key.kind == ASR_SCOPE_KEY_STRING,
		.start_ns = s->start_ns,
		.end_ns = s->end_ns,
		.has_vpid = s->has_vpid,
		.has_start = s->has_start,
		.has_end = s->has_end,
		.open = s->open,
	};
}

static int compare_weighted_desc(gconstpointer pa, gconstpointer pb)
{
	double a = asr_scope_weighted(*(const struct asr_scope *const *) pa);
	double b = asr_scope_weighted(*(const struct asr_scope *const *) pb);

	return (a < b) - (a > b);
}

/* The instances to print, at most `limit` (0: all), with their estimates. */
static int rows(struct asr_scope_model *out, const struct asr_scopes *scopes, guint limit,
		const struct as_estimate_options *options)
{
	GPtrArray *chosen = g_ptr_array_sized_new(scopes->instances->len);
	guint i;
	int status = 0;

	for (i = 0; i < scopes->instances->len; i++)
		g_ptr_array_add(chosen, g_ptr_array_index(scopes->instances, i));
	if (limit > 0 && chosen->len > limit) {
		/* Stable, so that equal estimates keep their begin order. */
		g_ptr_array_sort(chosen, compare_weighted_desc);
		g_ptr_array_set_size(chosen, limit);
	}
	out->rows = g_array_sized_new(FALSE, TRUE, sizeof(struct asr_scope_row), chosen->len);
	for (i = 0; i < chosen->len && status == 0; i++) {
		const struct asr_scope *s = g_ptr_array_index(chosen, i);
		struct asr_scope_row row = row_of(s);

		status = instance_estimate(scopes, s, options, &row.est);
		g_array_append_val(out->rows, row);
	}
	g_ptr_array_free(chosen, TRUE);
	return status;
}

int asr_scope_model_build(struct asr_scope_model *out, const struct asr_scopes *scopes,
			  const struct asr_params *params, guint limit,
			  const struct as_estimate_options *options)
{
	guint i;

	memset(out, 0, sizeof *out);
	out->begin = params->scope_begin;
	out->end = params->scope_end;
	out->key = params->scope_key;
	out->instances = scopes->instances->len;
	out->open = scopes->open;
	out->unmatched_begins = scopes->unmatched_begins;
	out->unmatched_ends = scopes->unmatched_ends;
	out->samples_inside = scopes->samples_inside;
	out->samples_outside = scopes->samples_outside;
	for (i = 0; i < scopes->instances->len; i++) {
		const struct asr_scope *s = g_ptr_array_index(scopes->instances, i);

		if (s->has_start) {
			out->has_origin = true;
			out->origin_ns = s->start_ns;
			break;
		}
	}
	if (stats(out, scopes, options))
		return -1;
	return rows(out, scopes, limit, options);
}

void asr_scope_model_fini(struct asr_scope_model *model)
{
	guint i;

	for (i = 0; model->rows && i < model->rows->len; i++)
		g_free(g_array_index(model->rows, struct asr_scope_row, i).key);
	if (model->rows)
		g_array_free(model->rows, TRUE);
	model->rows = NULL;
}
