/* scopes.c - matches begin and end events into instances and attributes samples to them (see scopes.h). */
#include <string.h>

#include "aggregate/scopes.h"

/* A thread: tids are unique within a host (or within a trace without a
 * hostname), and user-space and kernel traces of one host share them. */
struct thread_id {
	const void *domain;
	int64_t tid;
};

struct thread {
	struct thread_id id;
	uint64_t last_rate;
	GPtrArray *open;         /* struct asr_scope *, in begin order */
};

static guint thread_hash(gconstpointer p)
{
	const struct thread_id *t = p;

	return g_direct_hash(t->domain) * 31 + (guint) t->tid;
}

static gboolean thread_equal(gconstpointer pa, gconstpointer pb)
{
	const struct thread_id *a = pa, *b = pb;

	return a->domain == b->domain && a->tid == b->tid;
}

static void thread_free(gpointer p)
{
	struct thread *t = p;

	g_ptr_array_free(t->open, TRUE);
	g_free(t);
}

static void scope_free(gpointer p)
{
	struct asr_scope *s = p;

	g_free(s->key.string);
	asr_rates_fini(&s->rates);
	g_free(s);
}

void asr_scopes_init(struct asr_scopes *scopes, struct asr_traces *traces)
{
	memset(scopes, 0, sizeof *scopes);
	scopes->traces = traces;
	scopes->threads = g_hash_table_new_full(thread_hash, thread_equal, NULL, thread_free);
	scopes->instances = g_ptr_array_new_with_free_func(scope_free);
}

void asr_scopes_fini(struct asr_scopes *scopes)
{
	if (scopes->threads)
		g_hash_table_destroy(scopes->threads);
	if (scopes->instances)
		g_ptr_array_free(scopes->instances, TRUE);
	memset(scopes, 0, sizeof *scopes);
}

static struct thread *thread_for(struct asr_scopes *scopes, const void *domain, int64_t tid,
				 bool create)
{
	struct thread_id id = { domain, tid };
	struct thread *t = g_hash_table_lookup(scopes->threads, &id);

	if (!t && create) {
		t = g_new0(struct thread, 1);
		t->id = id;
		t->open = g_ptr_array_new();
		g_hash_table_insert(scopes->threads, &t->id, t);
	}
	return t;
}

/* Integers compare by value whatever their signedness; a string never
 * equals an integer. */
static bool key_equal(const struct asr_scope_key *a, const struct asr_scope_key *b)
{
	if ((a->kind == ASR_SCOPE_KEY_STRING) != (b->kind == ASR_SCOPE_KEY_STRING))
		return false;
	if (a->kind == ASR_SCOPE_KEY_STRING)
		return strcmp(a->string, b->string) == 0;
	return a->bits == b->bits && (a->kind == b->kind || a->bits <= INT64_MAX);
}

/* The open instance of `t` with key `key` (any, without a scope-key), or -1. */
static gint find_open(const struct thread *t, const struct asr_scope_key *key)
{
	guint i;

	for (i = t->open->len; i-- > 0;) {
		if (key_equal(&((const struct asr_scope *) g_ptr_array_index(t->open, i))->key, key))
			return (gint) i;
	}
	return -1;
}

void asr_scopes_event(struct asr_scopes *scopes, const struct asr_scope_event *ev)
{
	const struct asr_trace *trace = asr_traces_get(scopes->traces, ev->trace);
	struct thread *t = thread_for(scopes, asr_trace_domain(trace), ev->tid, true);
	gint i = find_open(t, &ev->key);
	struct asr_scope *scope;

	if (ev->role == ASR_SCOPE_END) {
		if (i < 0) {
			scopes->unmatched_ends++;
			return;
		}
		scope = g_ptr_array_steal_index(t->open, (guint) i);
		scope->open = false;
		scope->has_end = ev->has_time;
		scope->end_ns = ev->ns;
		scope->rate_hint = t->last_rate ? t->last_rate : scopes->last_rate;
		scopes->open--;
		return;
	}
	/* A second begin of an open instance (without a key: any begin on a
	 * thread with an open instance) is nested or lost its end: the open
	 * instance goes on, and the begin is counted. */
	if (i >= 0) {
		scopes->unmatched_begins++;
		return;
	}
	scope = g_new0(struct asr_scope, 1);
	scope->host = trace->host;
	scope->vtid = ev->tid;
	scope->has_vpid = ev->has_pid;
	scope->vpid = ev->pid;
	scope->key = ev->key;
	scope->key.string = g_strdup(ev->key.string);
	scope->has_start = ev->has_time;
	scope->start_ns = ev->ns;
	scope->open = true;
	g_ptr_array_add(scopes->instances, scope);
	g_ptr_array_add(t->open, scope);
	scopes->open++;
}

void asr_scopes_sample(struct asr_scopes *scopes, const struct asr_sample *sample,
		       const struct asr_weighed *weighed)
{
	struct thread *t = NULL;
	struct asr_scope *scope;

	scopes->last_rate = sample->rate;
	if (sample->has_vtid)
		t = thread_for(scopes, asr_trace_domain(asr_traces_get(scopes->traces, sample->trace)),
			       sample->vtid, false);
	if (!t || t->open->len == 0) {
		scopes->samples_outside++;
		return;
	}
	t->last_rate = sample->rate;
	scope = g_ptr_array_index(t->open, t->open->len - 1);
	asr_rates_add(&scope->rates, weighed);
	scopes->samples_inside++;
}

double asr_scope_weighted(const struct asr_scope *scope)
{
	long double w = 0;
	size_t i;

	for (i = 0; i < scope->rates.n; i++)
		w += scope->rates.accums[i].weighted;
	return (double) w;
}
