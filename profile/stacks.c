/*
 * stacks.c - a pprof sample's locations as the model's stack (see
 * profile.h): each location's lines are the frames of one return
 * address, the innermost inlined call first, as format=pprof writes them
 * (doc/report-formats.md, "pprof"), and a frame's label is its
 * function's name there.  Frames are interned by what names them and by
 * their place in their binary (the offset from its load base), never by
 * their address: runs of one build load it at different addresses, and
 * their stacks are one stack.
 */
#include <inttypes.h>
#include <string.h>

#include "common/labels.h"
#include "profile/profile.h"

typedef Perftools__Profiles__Location Location;
typedef Perftools__Profiles__Function Function;
typedef Perftools__Profiles__Mapping Mapping;

static guint mapping_hash(gconstpointer p)
{
	const struct asr_mapping *m = p;

	return g_direct_hash(m->path) * 31 + g_direct_hash(m->build_id);
}

static gboolean mapping_equal(gconstpointer pa, gconstpointer pb)
{
	const struct asr_mapping *a = pa, *b = pb;

	return a->path == b->path && a->build_id == b->build_id;
}

/* A frame's place: its offset in its binary, or its address outside any. */
static uint64_t frame_place(const struct asr_frame *f)
{
	return f->mapping ? f->offset : f->address;
}

/* Strings and mappings are interned: pointers compare them. */
static guint frame_hash(gconstpointer p)
{
	const struct asr_frame *f = p;
	guint h = g_direct_hash(f->label);

	h = h * 31 + g_direct_hash(f->function);
	h = h * 31 + g_direct_hash(f->file);
	h = h * 31 + (guint) f->line;
	h = h * 31 + g_direct_hash(f->mapping);
	h = h * 31 + (guint) (frame_place(f) ^ (frame_place(f) >> 32));
	return h * 2 + f->inlined;
}

static gboolean frame_equal(gconstpointer pa, gconstpointer pb)
{
	const struct asr_frame *a = pa, *b = pb;

	return a->label == b->label && a->function == b->function && a->file == b->file &&
	       a->line == b->line && a->mapping == b->mapping && frame_place(a) == frame_place(b) &&
	       a->inlined == b->inlined;
}

void asp_stacks_init(struct asp_stacks *stacks)
{
	stacks->mappings = g_hash_table_new_full(mapping_hash, mapping_equal, g_free, NULL);
	stacks->frames = g_hash_table_new_full(frame_hash, frame_equal, g_free, NULL);
	stacks->stacks = asr_stack_table_new();
	stacks->strings = g_string_chunk_new(4096);
}

void asp_stacks_fini(struct asp_stacks *stacks)
{
	g_hash_table_destroy(stacks->stacks);
	g_hash_table_destroy(stacks->frames);
	g_hash_table_destroy(stacks->mappings);
	g_string_chunk_free(stacks->strings);
	memset(stacks, 0, sizeof *stacks);
}

/* `s` interned; NULL for NULL and "" (pprof's "none"). */
static const char *intern(struct asp_stacks *stacks, const char *s)
{
	return s && *s ? g_string_chunk_insert_const(stacks->strings, s) : NULL;
}

/* The mapping of `loc`, interned by path and build id (the first one's
 * addresses kept), and in *start where `p` loaded it; NULL for none. */
static const struct asr_mapping *mapping_of(struct asp_stacks *stacks, const struct asp_profile *p,
					    const Location *loc, uint64_t *start)
{
	const Mapping *m = loc->mapping_id ? g_hash_table_lookup(p->mappings, &loc->mapping_id) : NULL;
	struct asr_mapping probe, *found;

	if (!m)
		return NULL;
	*start = m->memory_start;
	probe = (struct asr_mapping) {
		intern(stacks, asp_string(p, m->filename)), intern(stacks, asp_string(p, m->build_id)),
		m->memory_start, m->memory_limit,
	};
	if (!probe.path)
		probe.path = intern(stacks, AS_LABEL_UNKNOWN);
	found = g_hash_table_lookup(stacks->mappings, &probe);
	if (!found) {
		found = g_memdup2(&probe, sizeof probe);
		g_hash_table_add(stacks->mappings, found);
	}
	return found;
}

static const struct asr_frame *intern_frame(struct asp_stacks *stacks, const struct asr_frame *probe)
{
	struct asr_frame *f = g_hash_table_lookup(stacks->frames, probe);

	if (!f) {
		f = g_memdup2(probe, sizeof *probe);
		g_hash_table_add(stacks->frames, f);
	}
	return f;
}

/* The label the report gives a frame of no known function: its binary's
 * base name and offset, or "[unknown]" (model/resolve.c, label_of).  To
 * g_free. */
static char *unnamed_label(const struct asr_frame *f)
{
	char *where = f->mapping ? g_strdup_printf("+0x%" PRIx64, f->offset) : NULL;
	char *label = as_code_label(NULL, f->mapping ? f->mapping->path : NULL, where);

	g_free(where);
	return label;
}

/* The frame of line `i` of `loc` (of its frame without lines when it has
 * none), whose mapping is `m`, loaded at `start` in `p`.  A function named
 * like the report names a frame without one is none (function NULL), as
 * in the report. */
static const struct asr_frame *frame_of(struct asp_stacks *stacks, const struct asp_profile *p,
					const Location *loc, const struct asr_mapping *m, uint64_t start,
					size_t i)
{
	const Function *fn = loc->n_line ?
		g_hash_table_lookup(p->functions, &loc->line[i]->function_id) : NULL;
	uint64_t offset = m && loc->address >= start ? loc->address - start : 0;
	/* In a binary, the address where the first profile that has it loaded
	 * it: one address per place, whichever run it comes from, as the
	 * frames of one return address share theirs (asr_stack_leaf). */
	struct asr_frame probe = {
		.mapping = m,
		.address = m ? m->start + offset : loc->address,
		.offset = offset,
		.inlined = loc->n_line > 0 && i + 1 < loc->n_line,
	};
	const char *name = NULL;
	char *unnamed = unnamed_label(&probe);

	if (fn) {
		name = asp_string(p, fn->name);
		if (!*name)
			name = asp_string(p, fn->system_name);
		probe.file = intern(stacks, asp_string(p, fn->filename));
		probe.line = loc->line[i]->line > 0 ? (uint64_t) loc->line[i]->line : 0;
	}
	if (name && *name && strcmp(name, unnamed) != 0) {
		probe.function = intern(stacks, name);
		probe.label = probe.function;
	} else {
		probe.label = intern(stacks, unnamed);
	}
	g_free(unnamed);
	return intern_frame(stacks, &probe);
}

/* Whether `loc` is the report's mark `name` ("[truncated]", "[no
 * stack]"): a location outside any mapping whose one line is a function
 * of that name. */
static bool is_mark(const struct asp_profile *p, const Location *loc, const char *name)
{
	const Function *fn;

	if (loc->mapping_id || loc->n_line != 1)
		return false;
	fn = g_hash_table_lookup(p->functions, &loc->line[0]->function_id);
	return strcmp(asp_string(p, fn->name), name) == 0;
}

const struct asr_stack *asp_stack_of(struct asp_stacks *stacks, const struct asp_profile *p,
				     const Perftools__Profiles__Sample *sample)
{
	GPtrArray *frames = g_ptr_array_new();
	struct asr_stack probe = { 0 }, *stack;
	size_t i, j;

	for (i = 0; i < sample->n_location_id; i++) {
		const Location *loc = g_hash_table_lookup(p->locations, &sample->location_id[i]);
		uint64_t start = 0;
		const struct asr_mapping *m = mapping_of(stacks, p, loc, &start);

		if (is_mark(p, loc, AS_LABEL_NO_STACK))
			continue;
		if (i + 1 == sample->n_location_id && is_mark(p, loc, AS_LABEL_TRUNCATED)) {
			probe.truncated = true;
			continue;
		}
		for (j = 0; j < MAX(loc->n_line, 1); j++)
			g_ptr_array_add(frames, (gpointer) frame_of(stacks, p, loc, m, start, j));
	}
	probe.n = frames->len;
	probe.frames = (const struct asr_frame **) frames->pdata;
	stack = g_hash_table_lookup(stacks->stacks, &probe);
	if (!stack) {
		stack = g_new(struct asr_stack, 1);
		*stack = probe;
		stack->frames = (const struct asr_frame **) g_ptr_array_free(frames, FALSE);
		g_hash_table_add(stacks->stacks, stack);
		return stack;
	}
	g_ptr_array_free(frames, TRUE);
	return stack;
}
