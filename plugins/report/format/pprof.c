/*
 * pprof.c - the report as a pprof profile: the message of profile.proto
 * encoded with protobuf-c and gzip-compressed with zlib, for `go tool
 * pprof` and every tool that reads pprof (doc/report-formats.md, "pprof").
 *
 * The message is built by pprof_build.c: strings, functions, mappings
 * and locations get their ids once, samples refer to them by id.
 *
 * The samples are the model's stack cells, one per thread x type x stack,
 * with the values already estimated (pprof would only add them up):
 * [objects, bytes], each rounded to a whole number, labelled with the
 * thread, its id, the type, the process and its id.  A location is one
 * return address in one mapping, its lines the frames of that address
 * (inlined calls first, as pprof wants).  pprof has no place for an
 * interval: the comments give the total's and each process's, and every
 * group's is in format=json.
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
#include "format/writer.h"

typedef Perftools__Profiles__Profile Profile;
typedef Perftools__Profiles__ValueType ValueType;
typedef Perftools__Profiles__Sample Sample;

/* A thread x type x stack cell: its estimates (objects, bytes) rounded,
 * and its labels; `inuse` what it held at the end, or with `at_peak` at
 * its process's peak. */
static void add_cell(struct asr_pprof *b, const struct asr_group *g, bool inuse, bool at_peak)
{
	Sample *s = asr_pprof_sample(b, g->stack, inuse ? 4 : 2, 6);

	/* asr_bytes_round rounds any estimate to a whole number, objects too. */
	s->value[0] = (int64_t) asr_bytes_round(g->objects.estimate);
	s->value[1] = (int64_t) asr_bytes_round(g->est.weighted);
	/* A cell without tracked samples says nothing of its live bytes: 0. */
	if (inuse && at_peak && g->peak_known) {
		s->value[2] = (int64_t) asr_bytes_round(g->peak_objects.estimate);
		s->value[3] = (int64_t) asr_bytes_round(g->peak_live.weighted);
	} else if (inuse && !at_peak && g->live_known) {
		s->value[2] = (int64_t) asr_bytes_round(g->live_objects.estimate);
		s->value[3] = (int64_t) asr_bytes_round(g->live.weighted);
	}
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
	if (sum->samples == 0) {
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

int asr_write_pprof(FILE *out, const struct asr_model *model)
{
	ValueType objects = PERFTOOLS__PROFILES__VALUE_TYPE__INIT;
	ValueType space = PERFTOOLS__PROFILES__VALUE_TYPE__INIT;
	ValueType period = PERFTOOLS__PROFILES__VALUE_TYPE__INIT;
	ValueType inuse_objects = PERFTOOLS__PROFILES__VALUE_TYPE__INIT;
	ValueType inuse_space = PERFTOOLS__PROFILES__VALUE_TYPE__INIT;
	/* The live types after the allocated ones, so that these keep their
	 * indexes; pprof's conventional names. */
	ValueType *types[] = { &objects, &space, &inuse_objects, &inuse_space };
	Profile profile = PERFTOOLS__PROFILES__PROFILE__INIT;
	const struct asr_summary *sum = &model->summary;
	struct asr_pprof b;
	uint8_t *packed;
	size_t size;
	guint i;
	int status;

	/* Only a writers.c that stopped asking for the cells, a defect, lacks them. */
	if (!model->stack_cells) {
		errno = EINVAL;
		return -1;
	}
	asr_pprof_init(&b);
	objects.type = asr_pprof_string(&b, "alloc_objects");
	objects.unit = asr_pprof_string(&b, "count");
	space.type = asr_pprof_string(&b, "alloc_space");
	space.unit = asr_pprof_string(&b, "bytes");
	period.type = asr_pprof_string(&b, "space");
	period.unit = asr_pprof_string(&b, "bytes");
	inuse_objects.type = asr_pprof_string(&b, "inuse_objects");
	inuse_objects.unit = asr_pprof_string(&b, "count");
	inuse_space.type = asr_pprof_string(&b, "inuse_space");
	inuse_space.unit = asr_pprof_string(&b, "bytes");
	for (i = 0; i < model->stack_cells->len; i++)
		add_cell(&b, g_ptr_array_index(model->stack_cells, i), sum->live_known,
			 model->sort == ASR_SORT_PEAK);
	add_comments(&b, model);

	profile.n_sample_type = sum->live_known ? 4 : 2;
	profile.sample_type = types;
	profile.default_sample_type = space.type;
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
