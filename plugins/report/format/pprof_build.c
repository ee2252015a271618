/* pprof_build.c - a pprof profile under construction (see pprof_build.h). */
#include <string.h>

#include "common/labels.h"
#include "format/pprof_build.h"

typedef Perftools__Profiles__Sample Sample;
typedef Perftools__Profiles__Label Label;
typedef Perftools__Profiles__Mapping Mapping;
typedef Perftools__Profiles__Location Location;
typedef Perftools__Profiles__Function Function;

/* A location's key: one address in one mapping (0: none known). */
struct location_key {
	uint64_t mapping_id;
	uint64_t address;
};

/* A zeroed block that lives as long as the builder. */
static void *owned_block(struct asr_pprof *b, size_t size)
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

void asr_pprof_init(struct asr_pprof *b)
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

void asr_pprof_fini(struct asr_pprof *b)
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

int64_t asr_pprof_string(struct asr_pprof *b, const char *s)
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

void asr_pprof_comment(struct asr_pprof *b, char *text)
{
	int64_t index = asr_pprof_string(b, text);

	g_free(text);
	g_array_append_val(b->comments, index);
}

/* The id of the function called `name` (for people, and as the linker
 * knows it: the model keeps only the demangled name) in `file`. */
static uint64_t function_id(struct asr_pprof *b, const char *name, const char *file)
{
	int64_t key[2] = { asr_pprof_string(b, name), asr_pprof_string(b, file) };
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

/* A frame's function: named by its label when its name is unknown, as in
 * every format. */
static uint64_t frame_function_id(struct asr_pprof *b, const struct asr_frame *frame)
{
	return function_id(b, frame->label, frame->file);
}

/* The id of `m`'s mapping; 0 for NULL. */
static uint64_t mapping_id(struct asr_pprof *b, const struct asr_mapping *m)
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
	out->filename = asr_pprof_string(b, m->path);
	out->build_id = asr_pprof_string(b, m->build_id);
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

/* A new location of the profile with `n` lines, zero. */
static Location *new_location(struct asr_pprof *b, uint64_t mapping, uint64_t address, size_t n)
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
static uint64_t frames_location_id(struct asr_pprof *b, const struct asr_frame *const *frames,
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

/* The location of a frame that stands for what a stack lacks, made once. */
static uint64_t marker_location_id(struct asr_pprof *b, uint64_t *made, const char *name)
{
	Location *loc;

	if (*made)
		return *made;
	loc = new_location(b, 0, 0, 1);
	loc->line[0]->function_id = function_id(b, name, NULL);
	*made = loc->id;
	return loc->id;
}

/* Fills `s`'s locations from `stack`, the leaf first. */
static void set_locations(struct asr_pprof *b, Sample *s, const struct asr_stack *stack)
{
	guint i, j, n = stack ? stack->n : 0;

	s->location_id = owned_block(b, (n + 1) * sizeof *s->location_id);
	if (n == 0) {
		s->location_id[s->n_location_id++] =
			marker_location_id(b, &b->empty_location, AS_LABEL_NO_STACK);
		return;
	}
	for (i = 0; i < n; i = j) {
		/* One return address: its inlined frames, then the one out of
		 * line (a recursive call repeats an address in frames of its
		 * own, so the address alone does not end the run). */
		for (j = i; j + 1 < n && stack->frames[j]->inlined; j++)
			;
		j++;
		s->location_id[s->n_location_id++] = frames_location_id(b, stack->frames + i, j - i);
	}
	if (stack->truncated)
		s->location_id[s->n_location_id++] =
			marker_location_id(b, &b->truncated_location, AS_LABEL_TRUNCATED);
}

Sample *asr_pprof_sample(struct asr_pprof *b, const struct asr_stack *stack, size_t values,
			 size_t labels)
{
	Sample *s = owned_block(b, sizeof *s);

	perftools__profiles__sample__init(s);
	set_locations(b, s, stack);
	s->n_value = values;
	s->value = owned_block(b, values * sizeof *s->value);
	s->label = owned_block(b, labels * sizeof *s->label);
	g_ptr_array_add(b->samples, s);
	return s;
}

static Label *new_label(struct asr_pprof *b, Sample *s, const char *key)
{
	Label *l = owned_block(b, sizeof *l);

	perftools__profiles__label__init(l);
	l->key = asr_pprof_string(b, key);
	s->label[s->n_label++] = l;
	return l;
}

void asr_pprof_label_string(struct asr_pprof *b, Sample *s, const char *key, const char *value)
{
	new_label(b, s, key)->str = asr_pprof_string(b, value);
}

void asr_pprof_label_number(struct asr_pprof *b, Sample *s, const char *key, int64_t value)
{
	new_label(b, s, key)->num = value;
}

static gint compare_mapping_starts(gconstpointer pa, gconstpointer pb)
{
	const Mapping *a = *(Mapping *const *) pa, *b = *(Mapping *const *) pb;

	return a->memory_start < b->memory_start ? -1 : a->memory_start > b->memory_start;
}

/* Orders the mappings by address, renumbered.  pprof takes the first one
 * for the main binary (the "File:" of its reports, and the binary its
 * source views look at), and on Linux the lowest mapped object is the
 * executable: 0x400000 when not position-independent, 0x55... when it is,
 * the libraries near 0x7f.... */
static void sort_mappings(struct asr_pprof *b)
{
	uint64_t *renumbered = g_new0(uint64_t, b->mappings->len + 1);
	guint i;

	g_ptr_array_sort(b->mappings, compare_mapping_starts);
	for (i = 0; i < b->mappings->len; i++) {
		Mapping *m = g_ptr_array_index(b->mappings, i);

		renumbered[m->id] = i + 1;
		m->id = i + 1;
	}
	for (i = 0; i < b->locations->len; i++) {
		Location *loc = g_ptr_array_index(b->locations, i);

		loc->mapping_id = renumbered[loc->mapping_id];
	}
	g_free(renumbered);
	/* The table's ids are stale: no mapping may be added from now on. */
	g_hash_table_remove_all(b->mapping_ids);
}

void asr_pprof_finish(struct asr_pprof *b, Perftools__Profiles__Profile *profile)
{
	sort_mappings(b);
	profile->n_sample = b->samples->len;
	profile->sample = (Sample **) b->samples->pdata;
	profile->n_mapping = b->mappings->len;
	profile->mapping = (Mapping **) b->mappings->pdata;
	profile->n_location = b->locations->len;
	profile->location = (Location **) b->locations->pdata;
	profile->n_function = b->functions->len;
	profile->function = (Function **) b->functions->pdata;
	profile->n_comment = b->comments->len;
	profile->comment = (int64_t *) (void *) b->comments->data;
	profile->n_string_table = b->strings->len;
	profile->string_table = (char **) b->strings->pdata;
}
