/* sizes.c - each process's samples by size class (see sizes.h). */
#include "aggregate/sizes.h"

static guint process_hash(gconstpointer p)
{
	const struct asr_process_sizes *s = p;

	return (g_direct_hash(s->trace) * 31 + (guint) s->vpid) * 31 +
	       (s->procname ? g_str_hash(s->procname) : 0);
}

static gboolean process_equal(gconstpointer pa, gconstpointer pb)
{
	const struct asr_process_sizes *a = pa, *b = pb;

	return a->trace == b->trace && a->has_vpid == b->has_vpid && a->vpid == b->vpid &&
	       g_strcmp0(a->procname, b->procname) == 0;
}

static void process_free(gpointer p)
{
	struct asr_process_sizes *s = p;
	unsigned k;

	for (k = 0; k < AS_SIZE_CLASSES; k++)
		asr_rates_fini(&s->classes[k]);
	g_free(s);
}

void asr_sizes_init(struct asr_sizes *sizes)
{
	sizes->processes = g_hash_table_new_full(process_hash, process_equal, process_free, NULL);
}

void asr_sizes_fini(struct asr_sizes *sizes)
{
	if (sizes->processes)
		g_hash_table_destroy(sizes->processes);
	sizes->processes = NULL;
}

struct asr_process_sizes *asr_sizes_process(struct asr_sizes *sizes, const struct asr_cell *cell)
{
	struct asr_process_sizes key = {
		.trace = cell->trace,
		.procname = cell->has_vpid ? NULL : cell->procname,
		.vpid = cell->vpid,
		.has_vpid = cell->has_vpid,
	};
	struct asr_process_sizes *s = g_hash_table_lookup(sizes->processes, &key);

	if (!s) {
		s = g_new0(struct asr_process_sizes, 1);
		*s = key;
		g_hash_table_add(sizes->processes, s);
	}
	return s;
}
