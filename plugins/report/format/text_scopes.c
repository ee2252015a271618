/* text_scopes.c - the text format's "By scope" section. */
#include <inttypes.h>

#include "format/text.h"

/* "12.3 ms": an instance's duration. */
static char *scope_duration(const struct asr_scope_row *s)
{
	if (!s->has_start || !s->has_end)
		return g_strdup(s->open ? "open" : "?");
	return human_duration(s->end_ns - s->start_ns);
}

/* The counts, the mean per closed instance and the percentiles. */
static void write_distribution(FILE *out, const struct asr_scope_model *scopes, double confidence)
{
	char *mean, *lo, *hi, *p50, *p90, *p99;

	fprintf(out, "\nBy scope: from %s to %s", scopes->begin, scopes->end);
	if (scopes->key)
		fprintf(out, ", paired by %s", scopes->key);
	fprintf(out, "\n  Instances: %" PRIu64 " closed, %" PRIu64 " open; unmatched: %" PRIu64
		" %s, %" PRIu64 " %s.  Samples: %" PRIu64 " in instances, %" PRIu64 " outside.\n",
		scopes->closed, scopes->open, scopes->unmatched_begins,
		as_plural(scopes->unmatched_begins, "begin", "begins"), scopes->unmatched_ends,
		as_plural(scopes->unmatched_ends, "end", "ends"), scopes->samples_inside,
		scopes->samples_outside);
	if (scopes->closed == 0)
		return;
	mean = as_human_bytes(scopes->mean.weighted);
	lo = as_human_bytes(scopes->mean.lower);
	hi = as_human_bytes(scopes->mean.upper);
	p50 = as_human_bytes(scopes->p50);
	p90 = as_human_bytes(scopes->p90);
	p99 = as_human_bytes(scopes->p99);
	fprintf(out, "  Mean per closed instance: %s, %g%% interval [%s, %s].\n"
		     "  Estimates' percentiles: p50 %s, p90 %s, p99 %s (spread of noisy estimates:\n"
		     "  wider than the true spread when instances have few samples).\n",
		mean, confidence * 100.0, lo, hi, p50, p90, p99);
	g_free(mean);
	g_free(lo);
	g_free(hi);
	g_free(p50);
	g_free(p90);
	g_free(p99);
}

/*
 * "By scope": the instance counts, the mean bytes per closed instance with
 * its interval, the percentiles of the instances' estimates, and the
 * largest instances (CSV has every one).
 */
void text_scopes(FILE *out, const struct asr_model *model, unsigned *marks)
{
	const struct asr_scope_model *scopes = model->scopes;
	bool hosts = model->summary.hosts > 1;
	struct as_grid grid;
	GPtrArray *row;
	guint i;

	write_distribution(out, scopes, model->confidence);
	if (scopes->rows->len == 0)
		return;
	if (scopes->rows->len < scopes->instances)
		fprintf(out, "  The %u largest of %u %s (CSV has every one):\n",
			scopes->rows->len, scopes->instances,
			as_plural(scopes->instances, "instance", "instances"));
	as_grid_init(&grid, hosts ? "lrrlrrrrll" : "rrlrrrrll");
	row = as_grid_row(&grid);
	if (hosts)
		cell(row, "HOST");
	cell(row, "PID");
	cell(row, "TID");
	cell(row, "KEY");
	cell(row, "START");
	cell(row, "DURATION");
	cell(row, "SAMPLES");
	cell(row, "ESTIMATE");
	cell(row, "%g%% INTERVAL", model->confidence * 100.0);
	cell(row, "NOTE");
	for (i = 0; i < scopes->rows->len; i++) {
		const struct asr_scope_row *s = &g_array_index(scopes->rows, struct asr_scope_row, i);

		row = as_grid_row(&grid);
		if (hosts)
			cell(row, "%s", s->host ? s->host : "?");
		if (s->has_vpid)
			cell(row, "%" PRId64, s->vpid);
		else
			cell(row, "?");
		cell(row, "%" PRId64, s->vtid);
		cell(row, "%s", s->key ? s->key : "");
		if (s->has_start)
			cell(row, "+%.6f s", (double) (s->start_ns - scopes->origin_ns) / 1e9);
		else
			cell(row, "?");
		g_ptr_array_add(row, scope_duration(s));
		cell(row, "%" PRIu64, s->est.samples);
		cell_bytes(row, s->est.weighted);
		cell_interval(row, &s->est);
		cell_marks(row, &s->est, false, false, marks);
	}
	as_grid_print(out, &grid);
	as_grid_fini(&grid);
}
