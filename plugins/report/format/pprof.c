/*
 * pprof.c - the report as a pprof profile: the message of profile.proto
 * encoded with protobuf-c and gzip-compressed with zlib, for `go tool
 * pprof` and every tool that reads pprof (doc/report-formats.md, "pprof").
 *
 * The message is built by pprof_build.c: strings, functions, mappings
 * and locations get their ids once, samples refer to them by id.
 *
 * The samples are the model's stack cells, one per thread x type x stack
 * and rate, with the values already estimated (pprof would only add them
 * up): [objects, bytes], each rounded to a whole number, then the sums
 * from which the interval of any sum of samples, of any merge of
 * profiles, is computed again (pprof_values.h, allocsample-profile);
 * labelled with the thread, its id, the type, the process and its id, the
 * rate and the thread's stream.  A location is one return address in one
 * mapping, its lines the frames of that address (inlined calls first, as
 * pprof wants).  pprof has no place for an interval: the comments give
 * the total's and each process's, and every group's is in format=json.
 */
#define ZLIB_CONST
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#include <zlib.h>

#include "common/counts.h"
#include "common/units.h"
#include "format/pprof_build.h"
#include "format/pprof_values.h"
#include "format/writer.h"

typedef Perftools__Profiles__Profile Profile;
typedef Perftools__Profiles__ValueType ValueType;
typedef Perftools__Profiles__Sample Sample;

/* The accumulator of `rate` in `rates`, or NULL. */
static const struct as_estimate_accum *accum_at(const struct asr_rates *rates, uint64_t rate)
{
	size_t i;

	for (i = 0; i < rates->n; i++) {
		if (rates->accums[i].rate == rate)
			return &rates->accums[i];
	}
	return NULL;
}

/* A whole number of a pprof value: the sums are exact or rounded. */
static int64_t value_of(long double v)
{
	return (int64_t) asr_bytes_round((double) v);
}

/*
 * The stream label of the thread of `cell` (pprof_values.h): FNV-1a over
 * what names the thread in the report and the time of its first sample,
 * which no thread of another run shares, so that a merge of runs whose
 * threads have the same ids (pid namespaces, containers) still counts
 * them apart.  False when the thread has no sample time: then no label,
 * and a reader counts the thread as conservatively as it must.
 */
static bool stream_of(const struct asr_summary *sum, const struct asr_group *cell, int64_t *out)
{
	struct asr_group key = asr_process_key(cell);
	const struct asr_group *thread;
	uint64_t hash = UINT64_C(0xcbf29ce484222325);
	char *text;
	const char *c;

	key.kind = ASR_KIND_THREAD;
	key.has_vtid = cell->has_vtid;
	key.vtid = cell->vtid;
	thread = asr_summary_find(sum, &key);
	if (!thread || !thread->has_time)
		return false;
	text = g_strdup_printf("%s\x1f%d:%" PRId64 "\x1f%u:%s\x1f%d:%" PRId64 "\x1f%" PRId64,
			       cell->host ? cell->host : "", cell->has_vpid, cell->vpid,
			       cell->anon_trace, cell->has_vpid || !cell->procname ? "" : cell->procname,
			       cell->has_vtid, cell->vtid, thread->first_ns);
	for (c = text; *c; c++)
		hash = (hash ^ (unsigned char) *c) * UINT64_C(0x100000001b3);
	g_free(text);
	*out = (int64_t) (hash & INT64_MAX);
	return true;
}

/*
 * A thread x type x stack cell: a pprof sample per rate it has samples at,
 * each with the estimates of that rate's samples (objects, bytes), rounded,
 * `inuse` what they held at the end, or with `at_peak` at the process's
 * peak, then the additive statistics (pprof_values.h), and its labels.
 * Split by rate so that every value of a sample is of one rate: the rate
 * label keeps rates apart through a merge.
 */
static void add_cell(struct asr_pprof *b, const struct asr_summary *sum, const struct asr_group *g,
		     bool inuse, bool at_peak)
{
	const struct asr_rates *held = !inuse ? NULL : at_peak ? &g->peak_rates : &g->live_rates;
	/* A cell without tracked samples says nothing of its live bytes: 0. */
	bool held_known = inuse && (at_peak ? g->peak_known : g->live_known);
	int64_t stream;
	bool has_stream = stream_of(sum, g, &stream);
	size_t i, v;

	for (i = 0; i < g->rates.n; i++) {
		const struct as_estimate_accum *a = &g->rates.accums[i];
		const struct as_estimate_accum *h = held_known ? accum_at(held, a->rate) : NULL;
		Sample *s;
		char rate[24];

		if (a->samples == 0)
			continue;
		s = asr_pprof_sample(b, g->stack, inuse ? 9 : 7, 8);
		v = 0;
		s->value[v++] = value_of(a->objects);
		s->value[v++] = value_of(a->weighted);
		if (inuse) {
			s->value[v++] = h ? value_of(h->objects) : 0;
			s->value[v++] = h ? value_of(h->weighted) : 0;
		}
		s->value[v++] = (int64_t) a->samples;
		s->value[v++] = value_of(a->u);
		s->value[v++] = 1;
		s->value[v++] = (int64_t) ceill(a->objects_var);
		s->value[v++] = g->incomplete;
		if (g->procname)
			asr_pprof_label_string(b, s, "thread", g->procname);
		if (g->has_vtid)
			asr_pprof_label_number(b, s, "tid", g->vtid);
		if (g->type)
			asr_pprof_label_string(b, s, "type", g->type);
		if (g->process)
			asr_pprof_label_string(b, s, "process", g->process);
		if (g->has_vpid)
			asr_pprof_label_number(b, s, "pid", g->vpid);
		if (g->host)
			asr_pprof_label_string(b, s, "host", g->host);
		g_snprintf(rate, sizeof rate, "%" PRIu64, a->rate);
		asr_pprof_label_string(b, s, ASR_PPROF_LABEL_RATE, rate);
		if (has_stream)
			asr_pprof_label_number(b, s, ASR_PPROF_LABEL_STREAM, stream);
	}
}

/* "12.3 MiB [11.9 MiB, 12.8 MiB] 95%, 1234 samples": an estimate for a
 * comment.  To g_free. */
static char *estimate_text(const struct as_estimate *est, double confidence)
{
	char *e = as_human_bytes(est->weighted), *lo = as_human_bytes(est->lower),
	     *hi = as_human_bytes(est->upper);
	char *text = g_strdup_printf("%s [%s, %s] %g%%, %" PRIu64 " %s", e, lo, hi,
				     confidence * 100.0, est->samples,
				     as_plural(est->samples, "sample", "samples"));

	g_free(e);
	g_free(lo);
	g_free(hi);
	return text;
}

/* The rate pprof calls the period: the one of most samples (the smallest
 * of those, on a tie); the comments name every rate. */
static uint64_t period_of(const struct asr_rates *rates)
{
	uint64_t rate = 0, most = 0;
	size_t i;

	for (i = 0; i < rates->n; i++) {
		if (rates->accums[i].samples > most ||
		    (rates->accums[i].samples == most && rates->accums[i].rate < rate)) {
			most = rates->accums[i].samples;
			rate = rates->accums[i].rate;
		}
	}
	return rate;
}

/* The comments: what the values are, and the intervals pprof has no place
 * for (the total's, each process's; the lower end of its objects), the
 * rates, and the marks. */
static void add_comments(struct asr_pprof *b, const struct asr_model *model)
{
	const struct asr_summary *sum = &model->summary;
	const struct asr_objects *objects = &sum->total.objects;
	const GPtrArray *stacks = model->shown[ASR_KIND_STACK];
	double percent = model->confidence * 100.0;
	GString *rates = g_string_new(NULL);
	guint i, imprecise = 0;
	char *text;

	asr_pprof_comment(b, g_strdup("allocsample: bytes and objects allocated, estimated from "
				      "sampled allocations; intervals per stack in format=json"));
	asr_pprof_comment(b, g_strdup("allocsample_* values: sums from which allocsample-profile "
				      "computes the intervals of any sum of these profiles"));
	if (asr_summary_empty(sum)) {
		asr_pprof_comment(b, g_strdup("no allocsample:AllocationSampled event: nothing to estimate"));
		g_string_free(rates, TRUE);
		return;
	}
	text = estimate_text(&sum->total.est, model->confidence);
	asr_pprof_comment(b, g_strdup_printf("total %s, %" PRIu64 " %s", text, sum->total.threads,
					     as_plural(sum->total.threads, "thread", "threads")));
	g_free(text);
	/* No upper end but where the count is exact (doc/estimation.md,
	 * "Objects"). */
	if (isfinite(objects->upper))
		asr_pprof_comment(b, g_strdup_printf("objects exactly %" PRIu64,
						     asr_bytes_round(objects->estimate)));
	else
		asr_pprof_comment(b, g_strdup_printf("objects ≈ %" PRIu64 ", at least %" PRIu64
						     " (lower end at %g%%)",
						     asr_bytes_round(objects->estimate),
						     asr_bytes_round(floor(objects->lower)), percent));
	for (i = 0; i < model->shown[ASR_KIND_PROCESS]->len; i++) {
		const struct asr_group *g = g_ptr_array_index(model->shown[ASR_KIND_PROCESS], i);
		bool on_host = sum->hosts > 1 && g->host;
		char pid[32] = "?";

		if (g->has_vpid)
			g_snprintf(pid, sizeof pid, "%" PRId64, g->vpid);
		text = estimate_text(&g->est, model->confidence);
		asr_pprof_comment(b, g_strdup_printf("process %s%s%s pid %s: %s",
						     g->process ? g->process : "?", on_host ? " on " : "",
						     on_host ? g->host : "", pid, text));
		g_free(text);
		if (model->sort != ASR_SORT_PEAK || !g->peak_known)
			continue;
		text = estimate_text(&g->peak_live, g->peak_confidence);
		asr_pprof_comment(b, g_strdup_printf("inuse_* at pid %s's peak of live bytes, %" PRId64
						     " ns after its first sample: %s", pid,
						     g->peak_ns - g->first_ns, text));
		g_free(text);
	}
	for (i = 0; i < model->rates->len; i++)
		g_string_append_printf(rates, "%s%" PRIu64, i ? ", " : "",
				       g_array_index(model->rates, uint64_t, i));
	if (model->rates->len > 1)
		asr_pprof_comment(b, g_strdup_printf("rates %s bytes per sample; the period is %" PRIu64
						     ", the rate of most samples", rates->str,
						     period_of(&sum->total.rates)));
	else
		asr_pprof_comment(b, g_strdup_printf("rate: one sample per %s bytes on average",
						     rates->str));
	g_string_free(rates, TRUE);
	for (i = 0; i < stacks->len; i++) {
		const struct asr_group *g = g_ptr_array_index(stacks, i);

		imprecise += as_estimate_imprecise(&g->est);
	}
	if (imprecise)
		asr_pprof_comment(b, g_strdup_printf("imprecise: %u of %u stacks %s",
						     imprecise, stacks->len,
						     as_plural(imprecise, "has an interval wider than its estimate",
							       "have an interval wider than their estimate")));
	if (sum->incomplete)
		asr_pprof_comment(b, g_strdup("incomplete: the trace lost events or was cut short; the "
					      "true values are at least the lower bounds"));
	if (model->snapshot.late)
		asr_pprof_comment(b, g_strdup_printf(
			"snapshot%s%s%s: allocations of its window of %" PRId64 " ns, in use at its end",
			model->snapshot.reason ? " (" : "", model->snapshot.reason ? model->snapshot.reason : "",
			model->snapshot.reason ? ")" : "", model->snapshot.end_ns - model->snapshot.start_ns));
}

/* Writes `size` bytes of `data` gzip-compressed (what pprof reads). */
static int write_gzip(FILE *out, const uint8_t *data, size_t size)
{
	unsigned char chunk[16384];
	z_stream z;
	int status;

	if (size > UINT_MAX) {
		errno = EFBIG;
		return -1;
	}
	memset(&z, 0, sizeof z);
	/* 16 + 15 window bits: a gzip header and trailer around the stream. */
	if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 16 + 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
		errno = ENOMEM;
		return -1;
	}
	z.next_in = data;
	z.avail_in = (uInt) size;
	do {
		z.next_out = chunk;
		z.avail_out = sizeof chunk;
		status = deflate(&z, Z_FINISH);
		fwrite(chunk, 1, sizeof chunk - z.avail_out, out);
	} while (status == Z_OK);
	deflateEnd(&z);
	if (status != Z_STREAM_END) {
		errno = EIO;
		return -1;
	}
	return 0;
}

/* Appends a sample type to `types`, kept in `made` at its index. */
static void add_type(struct asr_pprof *b, ValueType *made, ValueType **types, size_t *n,
		     const char *type, const char *unit)
{
	ValueType *t = &made[*n];

	perftools__profiles__value_type__init(t);
	t->type = asr_pprof_string(b, type);
	t->unit = asr_pprof_string(b, unit);
	types[(*n)++] = t;
}

int asr_write_pprof(FILE *out, const struct asr_model *model)
{
	ValueType made[9], *types[9];
	ValueType period = PERFTOOLS__PROFILES__VALUE_TYPE__INIT;
	Profile profile = PERFTOOLS__PROFILES__PROFILE__INIT;
	const struct asr_summary *sum = &model->summary;
	struct asr_pprof b;
	uint8_t *packed;
	size_t size, n = 0;
	guint i;
	int status;

	/* Only a writers.c that stopped asking for the cells, a defect, lacks them. */
	if (!model->stack_cells) {
		errno = EINVAL;
		return -1;
	}
	asr_pprof_init(&b);
	/* The estimates first, pprof's conventional names, the live ones
	 * after the allocated ones so that these keep their indexes; then the
	 * additive statistics, the same whatever the rates, so that profiles
	 * of any rates merge. */
	add_type(&b, made, types, &n, ASR_PPROF_ALLOC_OBJECTS, "count");
	add_type(&b, made, types, &n, ASR_PPROF_ALLOC_SPACE, "bytes");
	if (sum->live_known) {
		add_type(&b, made, types, &n, "inuse_objects", "count");
		add_type(&b, made, types, &n, "inuse_space", "bytes");
	}
	add_type(&b, made, types, &n, ASR_PPROF_SAMPLES, "count");
	add_type(&b, made, types, &n, ASR_PPROF_UNSAMPLED, "bytes");
	add_type(&b, made, types, &n, ASR_PPROF_THREADS, "count");
	add_type(&b, made, types, &n, ASR_PPROF_OBJECTS_VARIANCE, "count");
	add_type(&b, made, types, &n, ASR_PPROF_INCOMPLETE, "count");
	period.type = asr_pprof_string(&b, "space");
	period.unit = asr_pprof_string(&b, "bytes");
	for (i = 0; i < model->stack_cells->len; i++)
		add_cell(&b, sum, g_ptr_array_index(model->stack_cells, i), sum->live_known,
			 model->sort == ASR_SORT_PEAK);
	add_comments(&b, model);

	profile.n_sample_type = n;
	profile.sample_type = types;
	profile.default_sample_type = types[1]->type;
	profile.period_type = &period;
	profile.period = sum->samples ? (int64_t) period_of(&sum->total.rates) : 0;
	if (sum->samples && sum->total.has_time) {
		profile.time_nanos = sum->total.first_ns;
		profile.duration_nanos = sum->total.last_ns - sum->total.first_ns;
	}
	asr_pprof_finish(&b, &profile);

	size = perftools__profiles__profile__get_packed_size(&profile);
	packed = g_malloc(size ? size : 1);
	perftools__profiles__profile__pack(&profile, packed);
	status = write_gzip(out, packed, size);
	g_free(packed);
	asr_pprof_fini(&b);
	fflush(out);
	return status != 0 || ferror(out) ? -1 : 0;
}
