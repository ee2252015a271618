/*
 * samples.c - a profile's samples as cells (see profile.h): the additive
 * values format=pprof writes (format/pprof_values.h), found by their
 * names, whatever their order; the rate and the stream from the labels;
 * and a check that the values are a sum of samples, which no difference
 * (-base, -diff_base) or scaling (-normalize) of profiles keeps.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "format/pprof_values.h"
#include "profile/profile.h"

typedef Perftools__Profiles__Sample Sample;

/* The values a cell is made of, and their names in a profile. */
enum { V_OBJECTS, V_SPACE, V_SAMPLES, V_UNSAMPLED, V_THREADS, V_VARIANCE, V_INCOMPLETE, V_COUNT };
static const char *const value_names[V_COUNT] = {
	[V_OBJECTS] = ASR_PPROF_ALLOC_OBJECTS,
	[V_SPACE] = ASR_PPROF_ALLOC_SPACE,
	[V_SAMPLES] = ASR_PPROF_SAMPLES,
	[V_UNSAMPLED] = ASR_PPROF_UNSAMPLED,
	[V_THREADS] = ASR_PPROF_THREADS,
	[V_VARIANCE] = ASR_PPROF_OBJECTS_VARIANCE,
	[V_INCOMPLETE] = ASR_PPROF_INCOMPLETE,
};

/* Finds the index of each value in `p`'s sample types.  Returns 0, or
 * prints the line that names those it lacks and returns -1. */
static int find_values(const struct asp_profile *p, size_t index[V_COUNT])
{
	GString *missing = g_string_new(NULL);
	const char *last = NULL;
	size_t i, v, n = 0;

	for (v = 0; v < V_COUNT; v++) {
		index[v] = SIZE_MAX;
		for (i = 0; i < p->message->n_sample_type; i++) {
			if (strcmp(asp_string(p, p->message->sample_type[i]->type), value_names[v]) == 0)
				index[v] = i;
		}
		if (index[v] != SIZE_MAX)
			continue;
		if (last)
			g_string_append_printf(missing, "%s%s", n > 1 ? ", " : "", last);
		last = value_names[v];
		n++;
	}
	if (n > 1)
		g_string_append(missing, " or");
	if (n)
		g_string_append_printf(missing, "%s%s", n > 1 ? " " : "", last);
	if (n)
		fprintf(stderr, ASP_ME ": %s: no %s %s: the sums an interval is computed from (a profile "
				"of another profiler, or of an allocsample report that did not write them; "
				"format=pprof of this version writes them)\n",
			p->path, missing->str, n > 1 ? "values" : "value");
	g_string_free(missing, TRUE);
	return n ? -1 : 0;
}

/* The rate, stream and process of sample `s` into `cell`.  Returns 0, or
 * prints why not and returns -1. */
static int read_labels(const struct asp_profile *p, const Sample *s, struct asp_stacks *stacks,
		       struct asp_cell *cell)
{
	const char *rate = NULL;
	char *end;
	size_t i;

	for (i = 0; i < s->n_label; i++) {
		const char *key = asp_string(p, s->label[i]->key);

		if (strcmp(key, ASR_PPROF_LABEL_RATE) == 0) {
			rate = asp_string(p, s->label[i]->str);
		} else if (strcmp(key, ASR_PPROF_LABEL_STREAM) == 0 && !s->label[i]->str) {
			cell->has_stream = true;
			cell->stream = s->label[i]->num;
		} else if (strcmp(key, "process") == 0 && s->label[i]->str) {
			cell->process = g_string_chunk_insert_const(stacks->strings,
								    asp_string(p, s->label[i]->str));
		}
	}
	if (!rate) {
		fprintf(stderr, ASP_ME ": %s: a sample without its `%s` label: the values of "
				"different rates cannot be told apart (a tool dropped the sample's labels)\n",
			p->path, ASR_PPROF_LABEL_RATE);
		return -1;
	}
	cell->accum.rate = strtoull(rate, &end, 10);
	if (!*rate || *end || strspn(rate, "0123456789") != strlen(rate) || cell->accum.rate == 0) {
		fprintf(stderr, ASP_ME ": %s: a sample whose `%s` label is '%s', not a rate\n", p->path,
			ASR_PPROF_LABEL_RATE, rate);
		return -1;
	}
	return 0;
}

/*
 * Whether the values of a sample can be a sum of the report's samples:
 * each of those holds one thread's samples (threads 1, samples at least
 * 1, incomplete 0 or 1) and each of its samples adds at least one
 * unsampled byte (size - offset >= 1), a weight w >= 1 and bytes
 * size * w >= size - offset, so every sum of them has
 *
 *	threads <= samples <= unsampled <= alloc_space,  samples <= alloc_objects,
 *	incomplete <= threads
 *
 * A difference of profiles has negative values, a scaled one
 * (-normalize) values that break these where it scales one type more
 * than another: no interval can be computed from either.
 */
static const char *sum_problem(const int64_t v[V_COUNT])
{
	size_t i;

	for (i = 0; i < V_COUNT; i++) {
		if (v[i] < 0)
			return "negative values: a difference of profiles (pprof -base or -diff_base) has "
			       "no interval";
	}
	if (v[V_THREADS] < 1 || v[V_THREADS] > v[V_SAMPLES] || v[V_SAMPLES] > v[V_UNSAMPLED] ||
	    v[V_UNSAMPLED] > v[V_SPACE] || v[V_SAMPLES] > v[V_OBJECTS] ||
	    v[V_INCOMPLETE] > v[V_THREADS])
		return "values that no sum of samples has (each sample's threads <= samples <= "
		       "unsampled bytes <= bytes): an average or a scaling of profiles (pprof "
		       "-normalize) has no interval";
	return NULL;
}

int asp_samples_read(const struct asp_profile *p, struct asp_stacks *stacks, struct asp_sum *sum)
{
	size_t index[V_COUNT], i, v;

	if (find_values(p, index))
		return -1;
	for (i = 0; i < p->message->n_sample; i++) {
		const Sample *s = p->message->sample[i];
		struct asp_cell cell = { 0 };
		int64_t values[V_COUNT];
		bool zero = true;
		const char *problem;

		for (v = 0; v < V_COUNT; v++) {
			values[v] = s->value[index[v]];
			zero = zero && values[v] == 0;
		}
		/* pprof itself drops such samples: nothing to add. */
		if (zero)
			continue;
		problem = sum_problem(values);
		if (problem) {
			fprintf(stderr, ASP_ME ": %s: %s\n", p->path, problem);
			return -1;
		}
		if (read_labels(p, s, stacks, &cell))
			return -1;
		cell.stack = asp_stack_of(stacks, p, s);
		cell.accum.samples = (uint64_t) values[V_SAMPLES];
		cell.accum.u = (long double) values[V_UNSAMPLED];
		cell.accum.weighted = (long double) values[V_SPACE];
		cell.accum.objects = (long double) values[V_OBJECTS];
		cell.accum.objects_var = (long double) values[V_VARIANCE];
		cell.threads = (uint64_t) values[V_THREADS];
		cell.incomplete = values[V_INCOMPLETE] > 0;
		asp_sum_add(sum, &cell);
	}
	return 0;
}
