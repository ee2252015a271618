/*
 * pprof.c - the report as a pprof profile: the message of profile.proto
 * encoded with protobuf-c and gzip-compressed with zlib, for `go tool
 * pprof` and every tool that reads pprof (doc/report-formats.md, "pprof").
 *
 * Built like Go's own profile builder: strings, functions, mappings and
 * locations get their ids once, through a table each, samples refer to
 * them by id, and one step packs the whole message.
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
#include <string.h>

#include <zlib.h>

#include "common/units.h"
#include "format/profile.pb-c.h"
#include "format/writer.h"

typedef Perftools__Profiles__Profile Profile;
typedef Perftools__Profiles__ValueType ValueType;
typedef Perftools__Profiles__Sample Sample;
typedef Perftools__Profiles__Label Label;
typedef Perftools__Profiles__Mapping Mapping;
typedef Perftools__Profiles__Location Location;
typedef Perftools__Profiles__Line Line;
typedef Perftools__Profiles__Function Function;

/* Frames that stand for what a stack lacks, as in format=folded. */
#define TRUNCATED_FRAME "[truncated]"
#define EMPTY_STACK_FRAME "[no stack]"

/* A location's key: one address in one mapping (0: none known). */
struct location_key {
	uint64_t mapping_id;
	uint64_t address;
};

struct builder {
	GPtrArray *owned;          /* every block the message points to */
	GPtrArray *strings;        /* char *: the string table, "" first */
	GHashTable *string_ids;    /* char * -> its index, as a pointer */
	GPtrArray *functions;      /* Function * in id order (ids from 1) */
	GHashTable *function_ids;  /* int64_t[2] (name, file indices) -> id */
	GPtrArray *mappings;       /* Mapping * */
	GHashTable *mapping_ids;   /* const struct asr_mapping * -> id */
	GPtrArray *locations;      /* Location * */
	GHashTable *location_ids;  /* struct location_key * -> id */
	uint64_t truncated_location;   /* 0: none made yet */
	uint64_t empty_location;
	GPtrArray *samples;        /* Sample * */
	GArray *comments;          /* int64_t string indices */
};

/* A zeroed block that lives as long as the builder. */
static void *owned_block(struct builder *b, size_t size)
{
	void *p = g_malloc0(size);

	g_ptr_array_add(b->owned, p);
	return p;
}

static guint location_key_hash(gconstpointer p)
{
	const struct location_key *k = p;

	return g_int64_hash(&k->address) * 31u + (guint) k->mapping_id;
}

static gboolean location_key_equal(gconstpointer a, gconstpointer b)
{
	const struct location_key *x = a, *y = b;

	return x->mapping_id == y->mapping_id && x->address == y->address;
}

static guint function_key_hash(gconstpointer p)
{
	const int64_t *k = p;

	return g_int64_hash(&k[0]) * 31u + g_int64_hash(&k[1]);
}

static gboolean function_key_equal(gconstpointer a, gconstpointer b)
{
	const int64_t *x = a, *y = b;

	return x[0] == y[0] && x[1] == y[1];
}

static void builder_init(struct builder *b)
{
	b->owned = g_ptr_array_new_with_free_func(g_free);
	b->strings = g_ptr_array_new();
	b->string_ids = g_hash_table_new(g_str_hash, g_str_equal);
	g_ptr_array_add(b->strings, (char *) "");
	b->functions = g_ptr_array_new();
	b->function_ids = g_hash_table_new(function_key_hash, function_key_equal);
	b->mappings = g_ptr_array_new();
	b->mapping_ids = g_hash_table_new(g_direct_hash, g_direct_equal);
	b->locations = g_ptr_array_new();
	b->location_ids = g_hash_table_new(location_key_hash, location_key_equal);
	b->truncated_location = 0;
	b->empty_location = 0;
	b->samples = g_ptr_array_new();
	b->comments = g_array_new(FALSE, FALSE, sizeof(int64_t));
}

static void builder_fini(struct builder *b)
{
	g_array_unref(b->comments);
	g_ptr_array_unref(b->samples);
	g_hash_table_destroy(b->location_ids);
	g_ptr_array_unref(b->locations);
	g_hash_table_destroy(b->mapping_ids);
	g_ptr_array_unref(b->mappings);
	g_hash_table_destroy(b->function_ids);
	g_ptr_array_unref(b->functions);
	g_hash_table_destroy(b->string_ids);
	g_ptr_array_unref(b->strings);
	g_ptr_array_unref(b->owned);
}

/* The index of `s` in the string table, added if new; NULL and "" are 0. */
static int64_t string_index(struct builder *b, const char *s)
{
	gpointer index;
	char *copy;

	if (!s || !*s)
		return 0;
	index = g_hash_table_lookup(b->string_ids, s);
	if (index)
		return (int64_t) GPOINTER_TO_SIZE(index);
	copy = g_strdup(s);
	g_ptr_array_add(b->owned, copy);
	g_hash_table_insert(b->string_ids, copy, GSIZE_TO_POINTER(b->strings->len));
	g_ptr_array_add(b->strings, copy);
	return (int64_t) b->strings->len - 1;
}

/* Takes `s`, a new string, into the string table. */
static int64_t string_index_take(struct builder *b, char *s)
{
	int64_t index = string_index(b, s);

	g_free(s);
	return index;
}

static void add_comment(struct builder *b, char *text)
{
	int64_t index = string_index_take(b, text);

	g_array_append_val(b->comments, index);
}

/* The id of the function called `name` (for people, and as the linker
 * knows it: the model keeps only the demangled name) in `file`. */
static uint64_t function_id(struct builder *b, const char *name, const char *file)
{
	int64_t key[2] = { string_index(b, name), string_index(b, file) };
	gpointer id = g_hash_table_lookup(b->function_ids, key);
	Function *f;
	int64_t *stored;

	if (id)
		return GPOINTER_TO_SIZE(id);
	f = owned_block(b, sizeof *f);
	perftools__profiles__function__init(f);
	f->id = b->functions->len + 1;
	f->name = key[0];
	f->system_name = key[0];
	f->filename = key[1];
	g_ptr_array_add(b->functions, f);
	stored = owned_block(b, sizeof key);
	memcpy(stored, key, sizeof key);
	g_hash_table_insert(b->function_ids, stored, GSIZE_TO_POINTER(f->id));
	return f->id;
}

/* A frame's function: the label (asr_frame_label) when its name is unknown. */
static uint64_t frame_function_id(struct builder *b, const struct asr_frame *frame)
{
	char *label;
	uint64_t id;

	if (frame->function)
		return function_id(b, frame->function, frame->file);
	label = asr_frame_label(frame);
	id = function_id(b, label, frame->file);
	g_free(label);
	return id;
}

/* The id of `m`'s mapping; 0 for NULL. */
static uint64_t mapping_id(struct builder *b, const struct asr_mapping *m)
{
	gpointer id;
	Mapping *out;

	if (!m)
		return 0;
	id = g_hash_table_lookup(b->mapping_ids, m);
	if (id)
		return GPOINTER_TO_SIZE(id);
	out = owned_block(b, sizeof *out);
	perftools__profiles__mapping__init(out);
	out->id = b->mappings->len + 1;
	out->memory_start = m->start;
	out->memory_limit = m->end;
	/* The statedump's start is the object's load base: file offset 0. */
	out->file_offset = 0;
	out->filename = string_index(b, m->path);
	out->build_id = string_index(b, m->build_id);
	/* Resolved here already: pprof must not look the addresses up again
	 * in binaries that may have changed since the recording. */
	out->has_functions = true;
	out->has_filenames = true;
	out->has_line_numbers = true;
	out->has_inline_frames = true;
	g_ptr_array_add(b->mappings, out);
	g_hash_table_insert(b->mapping_ids, (gpointer) m, GSIZE_TO_POINTER(out->id));
	return out->id;
}

/* A new location with `n` lines and no key (added to the profile). */
static Location *new_location(struct builder *b, uint64_t mapping, uint64_t address, size_t n)
{
	Location *loc = owned_block(b, sizeof *loc);
	size_t i;

	perftools__profiles__location__init(loc);
	loc->id = b->locations->len + 1;
	loc->mapping_id = mapping;
	loc->address = address;
	loc->n_line = n;
	loc->line = owned_block(b, n * sizeof *loc->line);
	for (i = 0; i < n; i++) {
		loc->line[i] = owned_block(b, sizeof *loc->line[i]);
		perftools__profiles__line__init(loc->line[i]);
	}
	g_ptr_array_add(b->locations, loc);
	return loc;
}

/* The location of the `n` frames of one return address, innermost first,
 * the last out of line. */
static uint64_t frames_location_id(struct builder *b, const struct asr_frame *const *frames,
				   size_t n)
{
	const struct asr_frame *outer = frames[n - 1];
	struct location_key key = { mapping_id(b, outer->mapping), outer->address };
	gpointer id = g_hash_table_lookup(b->location_ids, &key);
	struct location_key *stored;
	Location *loc;
	size_t i;

	if (id)
		return GPOINTER_TO_SIZE(id);
	loc = new_location(b, key.mapping_id, key.address, n);
	for (i = 0; i < n; i++) {
		loc->line[i]->function_id = frame_function_id(b, frames[i]);
		loc->line[i]->line = (int64_t) frames[i]->line;
	}
	stored = owned_block(b, sizeof *stored);
	*stored = key;
	g_hash_table_insert(b->location_ids, stored, GSIZE_TO_POINTER(loc->id));
	return loc->id;
}

/* The location of a frame that stands for what a stack lacks. */
static uint64_t marker_location_id(struct builder *b, uint64_t *cached, const char *name)
{
	Location *loc;

	if (*cached)
		return *cached;
	loc = new_location(b, 0, 0, 1);
	loc->line[0]->function_id = function_id(b, name, NULL);
	*cached = loc->id;
	return loc->id;
}

/* Fills `s`'s locations from `stack`, the leaf first. */
static void set_locations(struct builder *b, Sample *s, const struct asr_stack *stack)
{
	guint i, j, n = stack ? stack->n : 0;

	s->location_id = owned_block(b, (n + 1) * sizeof *s->location_id);
	if (n == 0) {
		s->location_id[s->n_location_id++] =
			marker_location_id(b, &b->empty_location, EMPTY_STACK_FRAME);
		return;
	}
	for (i = 0; i < n; i = j) {
		/* One return address: its inlined frames, then the one out of line. */
		for (j = i; j + 1 < n && stack->frames[j]->inlined; j++)
			;
		j++;
		s->location_id[s->n_location_id++] = frames_location_id(b, stack->frames + i, j - i);
	}
	if (stack->truncated)
		s->location_id[s->n_location_id++] =
			marker_location_id(b, &b->truncated_location, TRUNCATED_FRAME);
}

static Label *new_label(struct builder *b, const char *key)
{
	Label *l = owned_block(b, sizeof *l);

	perftools__profiles__label__init(l);
	l->key = string_index(b, key);
	return l;
}

/* The labels of a thread x type x stack cell. */
static void set_labels(struct builder *b, Sample *s, const struct asr_group *g)
{
	Label *l;

	s->label = owned_block(b, 6 * sizeof *s->label);
	if (g->procname) {
		l = s->label[s->n_label++] = new_label(b, "thread");
		l->str = string_index(b, g->procname);
	}
	if (g->has_vtid) {
		l = s->label[s->n_label++] = new_label(b, "tid");
		l->num = g->vtid;
	}
	if (g->type) {
		l = s->label[s->n_label++] = new_label(b, "type");
		l->str = string_index(b, g->type);
	}
	if (g->process) {
		l = s->label[s->n_label++] = new_label(b, "process");
		l->str = string_index(b, g->process);
	}
	if (g->has_vpid) {
		l = s->label[s->n_label++] = new_label(b, "pid");
		l->num = g->vpid;
	}
	if (g->host) {
		l = s->label[s->n_label++] = new_label(b, "host");
		l->str = string_index(b, g->host);
	}
}

static void add_sample(struct builder *b, const struct asr_group *g)
{
	Sample *s = owned_block(b, sizeof *s);

	perftools__profiles__sample__init(s);
	set_locations(b, s, g->stack);
	s->n_value = 2;
	s->value = owned_block(b, 2 * sizeof *s->value);
	s->value[0] = (int64_t) asr_bytes_round(g->objects.estimate);
	s->value[1] = (int64_t) asr_bytes_round(g->est.weighted);
	set_labels(b, s, g);
	g_ptr_array_add(b->samples, s);
}

/* "12.3 MiB [11.9 MiB, 12.8 MiB] 95%, 1234 samples": an estimate for a
 * comment.  To g_free. */
static char *estimate_text(const struct as_estimate *est, double confidence)
{
	char *e = as_human_bytes(est->weighted), *lo = as_human_bytes(est->lower),
	     *hi = as_human_bytes(est->upper);
	char *text = g_strdup_printf("%s [%s, %s] %g%%, %" PRIu64 " samples", e, lo, hi,
				     confidence * 100.0, est->samples);

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

static void add_comments(struct builder *b, const struct asr_model *model)
{
	const struct asr_summary *sum = &model->summary;
	const GPtrArray *stacks = model->shown[ASR_KIND_STACK];
	GString *rates = g_string_new(NULL);
	guint i, imprecise = 0;
	char *text;

	add_comment(b, g_strdup("allocsample: bytes and objects allocated, estimated from sampled "
				"allocations; intervals per stack in format=json"));
	if (sum->samples == 0) {
		add_comment(b, g_strdup("no allocsample:AllocationSampled event: nothing to estimate"));
		g_string_free(rates, TRUE);
		return;
	}
	text = estimate_text(&sum->total.est, model->confidence);
	add_comment(b, g_strdup_printf("total %s, %" PRIu64 " threads", text, sum->total.threads));
	g_free(text);
	add_comment(b, g_strdup_printf("objects %.0f [%.0f, %.0f] %g%%", sum->total.objects.estimate,
				       sum->total.objects.lower, sum->total.objects.upper,
				       model->confidence * 100.0));
	for (i = 0; i < model->shown[ASR_KIND_PROCESS]->len; i++) {
		const struct asr_group *g = g_ptr_array_index(model->shown[ASR_KIND_PROCESS], i);
		char pid[32] = "?";

		if (g->has_vpid)
			g_snprintf(pid, sizeof pid, "%" PRId64, g->vpid);
		text = estimate_text(&g->est, model->confidence);
		add_comment(b, g_strdup_printf("process %s%s%s pid %s: %s", g->process ? g->process : "?",
					       sum->hosts > 1 && g->host ? " on " : "",
					       sum->hosts > 1 && g->host ? g->host : "", pid, text));
		g_free(text);
	}
	for (i = 0; i < model->rates->len; i++)
		g_string_append_printf(rates, "%s%" PRIu64, i ? ", " : "",
				       g_array_index(model->rates, uint64_t, i));
	if (model->rates->len > 1)
		add_comment(b, g_strdup_printf("rates %s bytes per sample; the period is %" PRIu64
					       ", the rate of most samples", rates->str,
					       period_of(&sum->total.rates)));
	else
		add_comment(b, g_strdup_printf("rate: one sample per %s bytes on average", rates->str));
	g_string_free(rates, TRUE);
	for (i = 0; i < stacks->len; i++)
		imprecise += asr_estimate_imprecise(&((const struct asr_group *) g_ptr_array_index(stacks, i))->est);
	if (imprecise)
		add_comment(b, g_strdup_printf("imprecise: %u of %u stacks have an interval wider "
					       "than their estimate", imprecise, stacks->len));
	if (sum->incomplete)
		add_comment(b, g_strdup("incomplete: the trace lost events; the true values are at "
					"least the lower bounds"));
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
	ValueType *types[] = { &objects, &space };
	Profile profile = PERFTOOLS__PROFILES__PROFILE__INIT;
	const struct asr_summary *sum = &model->summary;
	struct builder b;
	uint8_t *packed;
	size_t size;
	guint i;
	int status;

	/* Only a writers.c that stopped asking for the cells, a defect, lacks them. */
	if (!model->stack_cells) {
		errno = EINVAL;
		return -1;
	}
	builder_init(&b);
	objects.type = string_index(&b, "alloc_objects");
	objects.unit = string_index(&b, "count");
	space.type = string_index(&b, "alloc_space");
	space.unit = string_index(&b, "bytes");
	period.type = string_index(&b, "space");
	period.unit = string_index(&b, "bytes");
	for (i = 0; i < model->stack_cells->len; i++)
		add_sample(&b, g_ptr_array_index(model->stack_cells, i));
	add_comments(&b, model);

	profile.n_sample_type = 2;
	profile.sample_type = types;
	profile.default_sample_type = space.type;
	profile.period_type = &period;
	profile.period = sum->samples ? (int64_t) period_of(&sum->total.rates) : 0;
	if (sum->samples && sum->total.has_time) {
		profile.time_nanos = sum->total.first_ns;
		profile.duration_nanos = sum->total.last_ns - sum->total.first_ns;
	}
	profile.n_sample = b.samples->len;
	profile.sample = (Sample **) b.samples->pdata;
	profile.n_mapping = b.mappings->len;
	profile.mapping = (Mapping **) b.mappings->pdata;
	profile.n_location = b.locations->len;
	profile.location = (Location **) b.locations->pdata;
	profile.n_function = b.functions->len;
	profile.function = (Function **) b.functions->pdata;
	profile.n_comment = b.comments->len;
	profile.comment = (int64_t *) (void *) b.comments->data;
	profile.n_string_table = b.strings->len;
	profile.string_table = (char **) b.strings->pdata;

	size = perftools__profiles__profile__get_packed_size(&profile);
	packed = g_malloc(size ? size : 1);
	perftools__profiles__profile__pack(&profile, packed);
	status = write_gzip(out, packed, size);
	g_free(packed);
	builder_fini(&b);
	fflush(out);
	return status != 0 || ferror(out) ? -1 : 0;
}
