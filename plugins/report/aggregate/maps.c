/* maps.c - each process's mapped objects and its epochs (see maps.h). */
#include <string.h>

#include "aggregate/maps.h"

static guint process_hash(gconstpointer p)
{
	const struct asr_process_maps *m = p;

	return g_direct_hash(m->trace) * 31 + (guint) m->vpid;
}

static gboolean process_equal(gconstpointer pa, gconstpointer pb)
{
	const struct asr_process_maps *a = pa, *b = pb;

	return a->trace == b->trace && a->has_vpid == b->has_vpid && a->vpid == b->vpid;
}

static void object_free(gpointer p)
{
	struct asr_mapped_object *o = p;

	g_free(o->path);
	g_free(o->build_id);
	g_free(o->debug_link);
	g_free(o);
}

static void process_free(gpointer p)
{
	struct asr_process_maps *m = p;

	g_ptr_array_free(m->objects, TRUE);
	g_free(m);
}

void asr_maps_init(struct asr_maps *maps)
{
	maps->processes = g_hash_table_new_full(process_hash, process_equal, process_free, NULL);
	maps->last = NULL;
}

void asr_maps_fini(struct asr_maps *maps)
{
	if (maps->processes)
		g_hash_table_destroy(maps->processes);
	memset(maps, 0, sizeof *maps);
}

struct asr_process_maps *asr_maps_find(struct asr_maps *maps, struct asr_trace *trace,
				       bool has_vpid, int64_t vpid)
{
	struct asr_process_maps probe = { .trace = trace, .has_vpid = has_vpid,
					  .vpid = has_vpid ? vpid : 0 };
	struct asr_process_maps *p = g_hash_table_lookup(maps->processes, &probe);

	if (!p) {
		p = g_new(struct asr_process_maps, 1);
		*p = probe;
		p->objects = g_ptr_array_new_with_free_func(object_free);
		g_hash_table_add(maps->processes, p);
	}
	maps->last = p;
	return p;
}

/* The object mapped now at `baddr`, the latest first, or NULL. */
static struct asr_mapped_object *mapped_at(const struct asr_process_maps *p, uint64_t baddr)
{
	guint i;

	for (i = p->objects->len; i > 0; i--) {
		struct asr_mapped_object *o = g_ptr_array_index(p->objects, i - 1);

		if (o->start == baddr && o->died == UINT64_MAX)
			return o;
	}
	return NULL;
}

/* The latest object mapped at `baddr`, even unmapped since, or NULL. */
static struct asr_mapped_object *latest_at(const struct asr_process_maps *p, uint64_t baddr)
{
	guint i;

	for (i = p->objects->len; i > 0; i--) {
		struct asr_mapped_object *o = g_ptr_array_index(p->objects, i - 1);

		if (o->start == baddr)
			return o;
	}
	return NULL;
}

static char *hex_of(const uint8_t *bytes, size_t n)
{
	char *hex = g_malloc(2 * n + 1);
	size_t i;

	for (i = 0; i < n; i++)
		g_snprintf(hex + 2 * i, 3, "%02x", bytes[i]);
	hex[2 * n] = '\0';
	return hex;
}

void asr_maps_add(struct asr_maps *maps, struct asr_trace *trace,
		  const struct asr_mapping_event *event)
{
	struct asr_process_maps *p = asr_maps_process(maps, trace, event->has_vpid, event->vpid);
	struct asr_mapped_object *o;

	trace->mapping_events++;
	switch (event->kind) {
	case ASR_MAPPING_LOAD:
		o = mapped_at(p, event->baddr);
		if (o && o->end == event->baddr + event->memsz && strcmp(o->path, event->path) == 0)
			return;
		o = g_new0(struct asr_mapped_object, 1);
		o->path = g_strdup(event->path);
		o->start = event->baddr;
		o->end = event->baddr + event->memsz;
		o->born = p->epoch;
		o->died = UINT64_MAX;
		g_ptr_array_add(p->objects, o);
		p->changes++;
		return;
	case ASR_MAPPING_BUILD_ID:
		o = latest_at(p, event->baddr);
		if (o && !o->build_id && event->build_id_len > 0)
			o->build_id = hex_of(event->build_id, event->build_id_len);
		return;
	case ASR_MAPPING_DEBUG_LINK:
		o = latest_at(p, event->baddr);
		if (o && !o->debug_link)
			o->debug_link = g_strdup(event->debug_link);
		return;
	case ASR_MAPPING_CLOSE:
		o = mapped_at(p, event->baddr);
		if (!o)
			return;
		o->died = ++p->epoch;
		p->changes++;
		return;
	}
}

/* How many epochs away from `epoch` object `o` was mapped: 0 when it was
 * mapped then. */
static uint64_t distance(const struct asr_mapped_object *o, uint64_t epoch)
{
	if (epoch < o->born)
		return o->born - epoch;
	if (epoch >= o->died)
		return epoch - o->died + 1;
	return 0;
}

const struct asr_mapped_object *asr_maps_lookup(const struct asr_process_maps *process,
						uint64_t epoch, uint64_t address)
{
	const struct asr_mapped_object *best = NULL;
	uint64_t best_distance = UINT64_MAX, d;
	guint i;

	/* The latest mapping first: of two equally near, the later one. */
	for (i = process->objects->len; i > 0; i--) {
		const struct asr_mapped_object *o = g_ptr_array_index(process->objects, i - 1);

		if (address < o->start || address >= o->end)
			continue;
		d = distance(o, epoch);
		if (d < best_distance) {
			best = o;
			best_distance = d;
			if (d == 0)
				break;
		}
	}
	return best;
}
