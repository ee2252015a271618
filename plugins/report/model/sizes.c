/* sizes.c - each process group's size classes, estimated (see sizes.h). */
#include <string.h>

#include "aggregate/sizes.h"
#include "model/sizes.h"

/* A process group's classes while they are gathered: several traces of
 * one host may hold the same process. */
struct gathered {
	struct asr_group *process;
	struct asr_rates classes[AS_SIZE_CLASSES];
};

static void histogram_free(gpointer p)
{
	struct asr_size_histogram *h = p;

	g_array_free(h->rows, TRUE);
	g_free(h);
}

static void gathered_free(gpointer p)
{
	struct gathered *g = p;
	unsigned k;

	for (k = 0; k < AS_SIZE_CLASSES; k++)
		asr_rates_fini(&g->classes[k]);
	g_free(g);
}

/* The process group that holds the classes of `s`, keyed as summary.c
 * keys it; NULL when it has no group (no sample kept). */
static struct asr_group *process_of(struct asr_summary *summary,
				    const struct asr_process_sizes *s)
{
	const struct asr_group key = {
		.kind = ASR_KIND_PROCESS,
		.host = s->trace->host,
		.procname = s->procname,
		.vpid = s->vpid,
		.has_vpid = s->has_vpid,
		.anon_trace = s->has_vpid ? 0 : s->trace->id,
	};

	return g_hash_table_lookup(summary->index, &key);
}

/*
 * Class k of process `g`: its accumulators with an empty one at each of
 * the process's rates where the class has none, so that every rate adds
 * its end, with the process's T; its objects with the upper end its bytes
 * give.
 */
static int estimate_class(const struct asr_group *g, unsigned k, const struct asr_rates *class,
			  const struct as_estimate_options *options, struct asr_size_row *row)
{
	struct asr_rates all = asr_rates_copy(class);
	struct as_estimate_objects counted, objects;
	int status;

	asr_rates_cover(&all, &g->rates);
	status = as_estimate_compute(all.accums, all.n, g->threads, options, &row->est) ||
		 as_estimate_objects_compute(all.accums, all.n, options->confidence, &counted) ||
		 as_estimate_size_class_objects(k, &row->est, &counted, &objects) ? -1 : 0;
	asr_rates_fini(&all);
	row->min = as_size_class_min(k);
	row->max = as_size_class_max(k);
	row->samples = row->est.samples;
	row->objects = (struct asr_objects) { objects.estimate, objects.lower, objects.upper };
	return status;
}

/* The histogram of one process group: the classes from its smallest with
 * samples to its largest. */
static struct asr_size_histogram *histogram_of(const struct gathered *g,
					       const struct as_estimate_options *options)
{
	struct asr_size_histogram *h = g_new0(struct asr_size_histogram, 1);
	unsigned k, first = AS_SIZE_CLASSES, last = 0;

	h->rows = g_array_new(FALSE, TRUE, sizeof(struct asr_size_row));
	for (k = 0; k < AS_SIZE_CLASSES; k++) {
		if (asr_rates_samples(&g->classes[k]) == 0)
			continue;
		first = k < first ? k : first;
		last = k;
	}
	for (k = first; k <= last && first < AS_SIZE_CLASSES; k++) {
		struct asr_size_row row;

		if (estimate_class(g->process, k, &g->classes[k], options, &row)) {
			histogram_free(h);
			return NULL;
		}
		g_array_append_val(h->rows, row);
	}
	return h;
}

GPtrArray *asr_size_histograms_build(struct asr_summary *summary, const struct asr_sizes *sizes,
				     const struct as_estimate_options *options)
{
	GHashTable *by_group = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL,
						     gathered_free);
	GPtrArray *out = g_ptr_array_new_with_free_func(histogram_free);
	GHashTableIter it;
	gpointer p;
	unsigned k;

	g_hash_table_iter_init(&it, sizes->processes);
	while (g_hash_table_iter_next(&it, &p, NULL)) {
		const struct asr_process_sizes *s = p;
		struct asr_group *process = process_of(summary, s);
		struct gathered *g;

		if (!process)
			continue;
		g = g_hash_table_lookup(by_group, process);
		if (!g) {
			g = g_new0(struct gathered, 1);
			g->process = process;
			g_hash_table_insert(by_group, process, g);
		}
		for (k = 0; k < AS_SIZE_CLASSES; k++)
			asr_rates_merge(&g->classes[k], &s->classes[k]);
	}
	g_hash_table_iter_init(&it, by_group);
	while (g_hash_table_iter_next(&it, NULL, &p)) {
		struct gathered *g = p;
		struct asr_size_histogram *h = histogram_of(g, options);

		if (!h) {
			g_ptr_array_free(out, TRUE);
			out = NULL;
			break;
		}
		g->process->sizes = h;
		g_ptr_array_add(out, h);
	}
	g_hash_table_destroy(by_group);
	return out;
}
