/*
 * report.c - the summed groups as the report's model, estimated, ordered
 * and chosen as the report's (see profile.h), then written by the
 * report's own writer: text, CSV, JSON or the page print a sum of
 * profiles as they print a trace's report.
 *
 * The model holds what profiles can say: allocated bytes and objects per
 * process (by name), stack, function and binary, and the total; no pid,
 * thread, time, live figure or loss (model->profiles says why).
 */
#include <errno.h>
#include <string.h>

#include "format/writer.h"
#include "profile/profile.h"

/* Every group of `sum` estimated, at every rate of its process (a group
 * without samples at one of them may still hold bytes there,
 * doc/estimation.md, "Mixed rates"), T its streams; its self bytes with
 * its self samples' streams, or its own when none (as the report's, model/
 * group_estimates.c).  Returns 0, or -1 if the estimator refused. */
static int estimate(struct asp_sum *sum, const struct as_estimate_options *options)
{
	guint i;

	for (i = 0; i < sum->groups->len; i++) {
		struct asp_group *group = g_ptr_array_index(sum->groups, i);
		struct asr_group key = asr_process_key(&group->g);
		const struct asp_group *process = g_hash_table_lookup(sum->index, &key);

		asr_rates_cover(&group->g.rates, &process->g.rates);
		group->g.threads = asp_streams_count(&group->streams);
		group->g.self_threads = asp_streams_count(&group->self_streams);
		if (asr_group_estimate(&group->g, group->g.threads, 0, options))
			return -1;
	}
	sum->total.g.threads = asp_streams_count(&sum->total.streams);
	return asr_group_estimate(&sum->total.g, sum->total.g.threads, 0, options);
}

/* The summary of `model` from `sum`'s groups, which it borrows. */
static void summarize(struct asr_summary *summary, struct asp_sum *sum)
{
	enum asr_kind kind;
	guint i;

	summary->index = g_hash_table_new(asr_group_hash, asr_group_equal);
	for (kind = 0; kind < ASR_KIND_COUNT; kind++)
		summary->groups[kind] = g_ptr_array_new();
	for (i = 0; i < sum->groups->len; i++) {
		struct asr_group *g = g_ptr_array_index(sum->groups, i);

		g_ptr_array_add(summary->groups[g->kind], g);
		g_hash_table_add(summary->index, g);
		summary->mixed_rates = summary->mixed_rates || g->est.mixed_rates;
	}
	summary->total = sum->total.g;
	summary->samples = sum->samples;
	summary->incomplete = summary->total.incomplete;
	summary->processes = summary->groups[ASR_KIND_PROCESS]->len;
	summary->mixed_rates = summary->mixed_rates || summary->total.est.mixed_rates;
	asr_summary_order(summary, ASR_SORT_ALLOCATED);
}

int asp_report_write(FILE *out, struct asp_sum *sum, const struct asp_options *o)
{
	const struct asr_writer *writer = asr_writer_for(o->format);
	const struct as_estimate_options options = {
		.confidence = o->confidence,
		.boundary_compensation = true,
	};
	const struct asr_model_options chosen = {
		.group_by = o->group_by,
		.top = o->has_top ? o->top : writer->top,
		.min_share = o->has_min_share ? o->min_share : writer->min_share,
	};
	struct asr_model model;
	enum asr_kind kind;
	int status;

	if (estimate(sum, &options)) {
		fprintf(stderr, ASP_ME ": the estimator refused confidence %g\n", o->confidence);
		return -1;
	}
	memset(&model, 0, sizeof model);
	model.profiles = (unsigned) o->n_files;
	model.confidence = o->confidence;
	model.boundary_compensation = true;
	model.group_by = o->group_by;
	model.sort = ASR_SORT_ALLOCATED;
	summarize(&model.summary, sum);
	model.rates = asr_rates_list(&model.summary.total.rates);
	model.losses = g_array_new(FALSE, FALSE, sizeof(struct asr_loss));
	asr_model_select(&model, &chosen);
	status = writer->write(out, &model);
	if (status)
		fprintf(stderr, ASP_ME ": cannot write the report: %s\n", g_strerror(errno));
	for (kind = 0; kind < ASR_KIND_COUNT; kind++) {
		g_ptr_array_free(model.shown[kind], TRUE);
		g_ptr_array_free(model.summary.groups[kind], TRUE);
	}
	g_hash_table_destroy(model.summary.index);
	g_array_free(model.rates, TRUE);
	g_array_free(model.losses, TRUE);
	return status;
}
