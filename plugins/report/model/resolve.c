/* resolve.c - raw stacks to interned stacks of named frames, each address once (see resolve.h). */
#include <string.h>

#include "common/labels.h"
#include "common/runtime.h"
#include "model/resolve.h"

/* What one address of one object (or of no known object of one process)
 * gave: its frames, innermost first. */
struct address_key {
	const void *where;       /* the struct asr_mapped_object, or the process */
	uint64_t address;
};

struct address_frames {
	guint n;
	const struct asr_frame *frames[];
};

static guint address_hash(gconstpointer p)
{
	const struct address_key *k = p;

	return g_direct_hash(k->where) ^ (guint) (k->address * UINT64_C(0x9e3779b97f4a7c15) >> 32);
}

static gboolean address_equal(gconstpointer pa, gconstpointer pb)
{
	const struct address_key *a = pa, *b = pb;

	return a->where == b->where && a->address == b->address;
}

static guint mapping_hash(gconstpointer p)
{
	const struct asr_mapping *m = p;

	return g_str_hash(m->path) ^ (guint) (m->start >> 12) ^ (guint) (m->end >> 4);
}

static gboolean mapping_equal(gconstpointer pa, gconstpointer pb)
{
	const struct asr_mapping *a = pa, *b = pb;

	return a->start == b->start && a->end == b->end && strcmp(a->path, b->path) == 0 &&
	       g_strcmp0(a->build_id, b->build_id) == 0;
}

/* Frames' strings are interned (symbols/symbols.h) and their mappings too:
 * pointers compare them. */
static guint frame_hash(gconstpointer p)
{
	const struct asr_frame *f = p;
	guint h = g_direct_hash(f->function);

	h = h * 31 + g_direct_hash(f->file);
	h = h * 31 + (guint) f->line;
	h = h * 31 + g_direct_hash(f->mapping);
	h = h * 31 + (guint) (f->address ^ (f->address >> 32));
	return h * 2 + f->inlined;
}

static gboolean frame_equal(gconstpointer pa, gconstpointer pb)
{
	const struct asr_frame *a = pa, *b = pb;

	return a->function == b->function && a->file == b->file && a->line == b->line &&
	       a->mapping == b->mapping && a->address == b->address && a->inlined == b->inlined;
}

void asr_resolution_fini(struct asr_resolution *res)
{
	GHashTable **tables[] = { &res->resolved, &res->mappings, &res->addresses, &res->frames,
				  &res->stacks, &res->sites, &res->reported, &res->unnamed };
	GPtrArray **lists[] = { &res->problems.changed, &res->problems.unreadable,
				&res->problems.by_build_id, &res->problems.unnamed };
	size_t i;

	for (i = 0; i < G_N_ELEMENTS(tables); i++) {
		if (*tables[i])
			g_hash_table_destroy(*tables[i]);
		*tables[i] = NULL;
	}
	if (res->problems.traces_without_maps)
		g_array_free(res->problems.traces_without_maps, TRUE);
	for (i = 0; i < G_N_ELEMENTS(lists); i++) {
		if (*lists[i])
			g_ptr_array_free(*lists[i], TRUE);
	}
	memset(&res->problems, 0, sizeof res->problems);
	if (res->labels)
		g_string_chunk_free(res->labels);
	res->labels = NULL;
}

static const struct asr_mapping *intern_mapping(struct asr_resolution *res,
						const struct asr_mapped_object *o)
{
	struct asr_mapping probe = { o->path, o->build_id, o->start, o->end }, *m;

	m = g_hash_table_lookup(res->mappings, &probe);
	if (!m) {
		m = g_memdup2(&probe, sizeof probe);
		g_hash_table_add(res->mappings, m);
	}
	return m;
}

/* A frame's label (model/stack.h, as_code_label), made once per interned
 * frame. */
static const char *label_of(struct asr_resolution *res, const struct asr_frame *frame)
{
	char *where = frame->mapping ? g_strdup_printf("+0x%" G_GINT64_MODIFIER "x", frame->offset) : NULL;
	char *label = as_code_label(frame->function, frame->mapping ? frame->mapping->path : NULL, where);
	const char *interned = g_string_chunk_insert_const(res->labels, label);

	g_free(label);
	g_free(where);
	return interned;
}

static const struct asr_frame *intern_frame(struct asr_resolution *res, const struct asr_frame *probe)
{
	struct asr_frame *f = g_hash_table_lookup(res->frames, probe);

	if (!f) {
		f = g_memdup2(probe, sizeof *probe);
		f->label = label_of(res, f);
		g_hash_table_add(res->frames, f);
	}
	return f;
}

/* `l` in the lists of what its file at the recorded path is and where its
 * names come from, at its first sight. */
static void note_located(struct asr_resolution *res, const struct asr_located *l)
{
	if (!g_hash_table_add(res->reported, (gpointer) l))
		return;
	if (l->file == ASR_FILE_OTHER_BUILD)
		g_ptr_array_add(res->problems.changed, (gpointer) l);
	if (l->file == ASR_FILE_UNREADABLE)
		g_ptr_array_add(res->problems.unreadable, (gpointer) l);
	if (l->found)
		g_ptr_array_add(res->problems.by_build_id, (gpointer) l);
}

/* `l` in the list of the binaries that left frames unnamed, once. */
static void note_unnamed(struct asr_resolution *res, const struct asr_located *l)
{
	if (g_hash_table_add(res->unnamed, (gpointer) l))
		g_ptr_array_add(res->problems.unnamed, (gpointer) l);
}

/* Whether the file name of `path` starts with one of the `n` `prefixes`. */
static bool named(const char *path, const char *const *prefixes, size_t n)
{
	const char *base = as_base_name(path);
	size_t i;

	for (i = 0; i < n; i++) {
		if (strncmp(base, prefixes[i], strlen(prefixes[i])) == 0)
			return true;
	}
	return false;
}

/*
 * Whether the object at `path` is the tracing's own: allocsample's
 * libraries and lttng-ust's.  Their frames in a program's stack are the
 * wrappers its call went through (the shim's dlclose, lttng-ust's dlopen,
 * fork or close) on the way to the C library; the program would have the
 * same stack without them, so they are left out.  The tracer's own
 * allocations never reach the trace (doc/sampling.md, "The tracer's own
 * allocations").
 */
static bool is_tracing_path(const char *path)
{
	static const char *const tracing[] = { "liballocsample", "liblttng-ust" };

	return named(path, tracing, G_N_ELEMENTS(tracing));
}

/* The frames of `address`, recorded by `process` at `epoch`. */
static const struct address_frames *frames_of(struct asr_resolution *res,
					      struct asr_symbols *symbols,
					      const struct asr_process_maps *process, uint64_t epoch,
					      uint64_t address)
{
	const struct asr_mapped_object *o = asr_maps_lookup(process, epoch, address);
	struct address_key probe = { o ? (const void *) o : (const void *) process, address }, *key;
	struct address_frames *found = g_hash_table_lookup(res->addresses, &probe);
	struct asr_frame frame = { .address = address };
	const struct asr_located *l;
	const struct asr_symbol *sym;
	guint i;

	if (found)
		return found;
	res->problems.addresses++;
	if (!o) {
		res->problems.unknown_addresses++;
		found = g_malloc(sizeof *found + sizeof found->frames[0]);
		found->n = 1;
		found->frames[0] = intern_frame(res, &frame);
	} else {
		frame.mapping = intern_mapping(res, o);
		frame.offset = address - o->start;
		l = asr_symbols_locate(symbols, o->path, o->build_id);
		/* A runtime's frames by their symbols: their lines are not the
		 * program's, and libc's DWARF, tens of megabytes to
		 * decompress, would cost more than every other frame. */
		sym = l->binary ? asr_symbols_lookup(symbols, l->binary, frame.offset,
						     !as_runtime_object(o->path)) : NULL;
		/* The tracing's own frames are left out of every stack
		 * (resolve): nothing to say of their binaries. */
		if (!is_tracing_path(o->path)) {
			note_located(res, l);
			if (l->search && (!sym || !sym->frames[sym->n - 1].function))
				note_unnamed(res, l);
		}
		found = g_malloc(sizeof *found + (sym ? sym->n : 1) * sizeof found->frames[0]);
		found->n = sym ? sym->n : 1;
		for (i = 0; i < found->n; i++) {
			if (sym) {
				frame.function = sym->frames[i].function;
				frame.file = sym->frames[i].file;
				frame.line = sym->frames[i].line;
				frame.inlined = sym->frames[i].inlined;
			}
			found->frames[i] = intern_frame(res, &frame);
		}
	}
	key = g_memdup2(&probe, sizeof probe);
	g_hash_table_insert(res->addresses, key, found);
	return found;
}

/* The call site of `stack`: its leaf (asr_stack_leaf); an empty stack's
 * is unknown. */
static const struct asr_site *site_of(struct asr_resolution *res, const struct asr_stack *stack)
{
	struct asr_site *site = g_new0(struct asr_site, 1), *known;
	guint first;
	const struct asr_frame *f = asr_stack_leaf(stack, &first);

	if (f && f->mapping) {
		site->binary = g_strdup(f->mapping->path);
		site->function = g_strdup(f->function);
		site->file = g_strdup(f->file);
		site->line = f->file ? f->line : 0;
		if (!f->function)
			site->where = g_strdup_printf("+0x%" G_GINT64_MODIFIER "x", f->offset);
	}
	known = g_hash_table_lookup(res->sites, site);
	if (known) {
		asr_site_free(site);
		return known;
	}
	g_hash_table_add(res->sites, site);
	return site;
}

static const struct asr_stack *resolve(struct asr_resolution *res, struct asr_symbols *symbols,
				       const struct asr_raw_stack *raw, GPtrArray *scratch)
{
	struct asr_stack probe, *stack;
	uint32_t i;
	guint j;

	g_ptr_array_set_size(scratch, 0);
	for (i = 0; i < raw->n; i++) {
		const struct address_frames *af =
			frames_of(res, symbols, raw->process, raw->epoch, raw->addresses[i]);

		for (j = 0; j < af->n; j++) {
			const struct asr_mapping *m = af->frames[j]->mapping;

			if (!m || !is_tracing_path(m->path))
				g_ptr_array_add(scratch, (gpointer) af->frames[j]);
		}
	}
	probe = (struct asr_stack) { scratch->len, (const struct asr_frame **) scratch->pdata,
				     raw->truncated };
	stack = g_hash_table_lookup(res->stacks, &probe);
	if (!stack) {
		stack = g_new(struct asr_stack, 1);
		*stack = probe;
		stack->frames = g_memdup2(scratch->pdata, scratch->len * sizeof(gpointer));
		g_hash_table_add(res->stacks, stack);
	}
	return stack;
}

/* By path, then build id (none first). */
static gint compare_located(gconstpointer pa, gconstpointer pb)
{
	const struct asr_located *a = *(const struct asr_located *const *) pa;
	const struct asr_located *b = *(const struct asr_located *const *) pb;
	int by_path = strcmp(a->path, b->path);

	return by_path ? by_path : g_strcmp0(a->build_id, b->build_id);
}

void asr_resolution_build(struct asr_resolution *res, const struct asr_aggregate *agg,
			  struct asr_symbols *symbols, bool sites)
{
	GPtrArray *scratch = g_ptr_array_new();
	GHashTableIter it;
	gpointer p;
	guint i;

	memset(res, 0, sizeof *res);
	res->resolved = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
	res->mappings = g_hash_table_new_full(mapping_hash, mapping_equal, g_free, NULL);
	res->addresses = g_hash_table_new_full(address_hash, address_equal, g_free, g_free);
	res->frames = g_hash_table_new_full(frame_hash, frame_equal, g_free, NULL);
	res->stacks = asr_stack_table_new();
	res->sites = g_hash_table_new_full(asr_site_hash, asr_site_equal, asr_site_free, NULL);
	res->reported = g_hash_table_new(g_direct_hash, g_direct_equal);
	res->unnamed = g_hash_table_new(g_direct_hash, g_direct_equal);
	res->labels = g_string_chunk_new(1024);
	res->problems.traces_without_maps = g_array_new(FALSE, FALSE, sizeof(struct asr_trace_id));
	res->problems.changed = g_ptr_array_new();
	res->problems.unreadable = g_ptr_array_new();
	res->problems.by_build_id = g_ptr_array_new();
	res->problems.unnamed = g_ptr_array_new();

	g_hash_table_iter_init(&it, agg->stacks.set);
	while (g_hash_table_iter_next(&it, &p, NULL)) {
		struct asr_resolved *r = g_new(struct asr_resolved, 1);

		r->stack = resolve(res, symbols, p, scratch);
		r->site = sites ? site_of(res, r->stack) : NULL;
		g_hash_table_insert(res->resolved, p, r);
	}
	for (i = 0; i < agg->traces.list->len; i++) {
		const struct asr_trace *t = g_ptr_array_index(agg->traces.list, i);

		struct asr_trace_id id = { t->name, t->host };

		if (t->has_stacks && t->mapping_events == 0)
			g_array_append_val(res->problems.traces_without_maps, id);
	}
	/* Listed in an order of their own, not the hash tables'. */
	g_ptr_array_sort(res->problems.changed, compare_located);
	g_ptr_array_sort(res->problems.unreadable, compare_located);
	g_ptr_array_sort(res->problems.by_build_id, compare_located);
	g_ptr_array_sort(res->problems.unnamed, compare_located);
	g_ptr_array_free(scratch, TRUE);
}

const struct asr_resolved *asr_resolution_of(const struct asr_resolution *res,
					     const struct asr_raw_stack *raw)
{
	return g_hash_table_lookup(res->resolved, raw);
}
