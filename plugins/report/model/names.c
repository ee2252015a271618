/*
 * names.c - what a process is called, and which threads are lttng-ust's own
 * (see summary.h).
 *
 * The procname context names the thread that allocated, so a process has
 * as many names as threads.  lttng-ust's statedump, when the session
 * records lttng_ust_statedump:procname, gives the executable's name, which
 * is the process's (after an exec, the new executable's: traces.h); without
 * it, the main thread's latest name is.  lttng-ust's
 * listener threads call themselves
 * after the program with "-ust" appended (truncated to 15 bytes, like every
 * thread name), and the tracer allocates there once per process (about
 * 100 KiB); they are marked, and counted apart in the notes, but stay in
 * their process's rows and in the totals: that memory is in the process.
 */
#include <string.h>

#include "aggregate/traces.h"
#include "model/summary.h"

#define TRACER_SUFFIX "-ust"

static bool is_tracer(const char *thread_name)
{
	size_t n = thread_name ? strlen(thread_name) : 0;

	return n > strlen(TRACER_SUFFIX) &&
	       strcmp(thread_name + n - strlen(TRACER_SUFFIX), TRACER_SUFFIX) == 0;
}

/* How good a name is as its process's: lower is better. */
enum rank { EXECUTABLE, MAIN_THREAD, TRACER_THREAD, OTHER_THREAD };

struct candidate {
	enum rank rank;
	int64_t vtid;
	const char *name;
};

static struct candidate candidate_of(struct asr_summary *summary, const struct asr_group *t)
{
	struct candidate c = { OTHER_THREAD, t->has_vtid ? t->vtid : INT64_MAX, t->procname };

	if (t->has_vtid && t->has_vpid && t->vtid == t->vpid)
		c.rank = MAIN_THREAD;
	else if (is_tracer(t->procname)) {
		c.rank = TRACER_THREAD;
		c.name = g_string_chunk_insert_len(summary->names, t->procname,
						   (gssize) (strlen(t->procname) - strlen(TRACER_SUFFIX)));
	}
	return c;
}

static bool better(const struct candidate *a, const struct candidate *b)
{
	return a->rank != b->rank ? a->rank < b->rank : a->vtid < b->vtid;
}

/* The executable's name of a process group, from the statedump of any
 * trace of its host, or NULL. */
static const char *executable_of(const struct asr_group *process, const GPtrArray *traces)
{
	const char *name = NULL;
	guint i;

	for (i = 0; process->has_vpid && !name && i < traces->len; i++) {
		const struct asr_trace *t = g_ptr_array_index(traces, i);

		if (g_strcmp0(t->host, process->host) == 0)
			name = asr_trace_process_name(t, process->vpid);
	}
	return name;
}

void asr_summary_name_processes(struct asr_summary *summary, const GPtrArray *traces)
{
	GHashTable *best = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
	GPtrArray *threads = summary->groups[ASR_KIND_THREAD];
	enum asr_kind kind;
	guint i;

	for (i = 0; i < threads->len; i++) {
		struct asr_group *t = g_ptr_array_index(threads, i);
		struct asr_group key = asr_process_key(t);
		const struct asr_group *process = asr_summary_find(summary, &key);
		struct candidate c = candidate_of(summary, t), *b;

		t->tracer = is_tracer(t->procname);
		if (t->tracer) {
			summary->tracer_threads++;
			summary->tracer_samples += t->est.samples;
		}
		if (!process)
			continue;
		b = g_hash_table_lookup(best, process);
		if (!b) {
			b = g_new(struct candidate, 1);
			*b = (struct candidate) { EXECUTABLE, 0, executable_of(process, traces) };
			if (!b->name)
				*b = c;
			g_hash_table_insert(best, (gpointer) process, b);
		} else if (better(&c, b)) {
			*b = c;
		}
	}
	for (kind = 0; kind < ASR_KIND_COUNT; kind++) {
		for (i = 0; i < summary->groups[kind]->len; i++) {
			struct asr_group *g = g_ptr_array_index(summary->groups[kind], i);
			struct asr_group key = asr_process_key(g);
			const struct candidate *b =
				g_hash_table_lookup(best, asr_summary_find(summary, &key));

			g->process = b ? b->name : g->procname;
			if (kind == ASR_KIND_THREAD_TYPE)
				g->tracer = is_tracer(g->procname);
		}
	}
	g_hash_table_destroy(best);
}
