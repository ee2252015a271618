/* scope.c - matches begin and end events into instances and attributes samples to them (see scope.h). */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scope.h"

enum role { ROLE_OTHER, ROLE_BEGIN, ROLE_END };

/* What the first event of a class told about it. */
struct role_class {
	enum role role;
	bool has_clock;
	bool has_vpid;
	uint64_t tid_index;      /* common context member: vtid, or tid */
	uint64_t pid_index;      /* vpid, or pid; valid when has_vpid */
	uint64_t key_index;      /* payload member; valid with a scope-key */
	enum asr_scope_key_kind key_kind;
};

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

void asr_scopes_init(struct asr_scopes *scopes, const struct asr_params *params)
{
	memset(scopes, 0, sizeof *scopes);
	scopes->begin = params->scope_begin;
	scopes->end = params->scope_end;
	scopes->key = params->scope_key;
	scopes->classes = g_hash_table_new_full(g_direct_hash, g_direct_equal,
						(GDestroyNotify) bt_event_class_put_ref, g_free);
	scopes->domains = g_hash_table_new_full(g_direct_hash, g_direct_equal,
						(GDestroyNotify) bt_trace_put_ref, NULL);
	scopes->hosts = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	scopes->threads = g_hash_table_new_full(thread_hash, thread_equal, NULL, thread_free);
	scopes->instances = g_ptr_array_new_with_free_func(scope_free);
}

void asr_scopes_fini(struct asr_scopes *scopes)
{
	if (scopes->threads)
		g_hash_table_destroy(scopes->threads);
	if (scopes->instances)
		g_ptr_array_free(scopes->instances, TRUE);
	if (scopes->classes)
		g_hash_table_destroy(scopes->classes);
	if (scopes->domains)
		g_hash_table_destroy(scopes->domains);
	if (scopes->hosts)
		g_hash_table_destroy(scopes->hosts);
	memset(scopes, 0, sizeof *scopes);
}

/* The index of member `name` of structure class `fc`, or -1. */
static int64_t member_index(const bt_field_class *fc, const char *name)
{
	uint64_t i, n;

	if (!fc || !bt_field_class_type_is(bt_field_class_get_type(fc), BT_FIELD_CLASS_TYPE_STRUCTURE))
		return -1;
	n = bt_field_class_structure_get_member_count(fc);
	for (i = 0; i < n; i++) {
		if (strcmp(bt_field_class_structure_member_get_name(
				   bt_field_class_structure_borrow_member_by_index_const(fc, i)), name) == 0)
			return (int64_t) i;
	}
	return -1;
}

static const bt_field_class *member_class(const bt_field_class *fc, int64_t index)
{
	return bt_field_class_structure_member_borrow_field_class_const(
		bt_field_class_structure_borrow_member_by_index_const(fc, (uint64_t) index));
}

/* The first integer member among `names` of the common context, or -1. */
static int64_t context_index(const bt_field_class *context, const char *const names[2])
{
	int64_t index;
	size_t i;

	for (i = 0; i < 2; i++) {
		index = member_index(context, names[i]);
		if (index >= 0 && bt_field_class_type_is(bt_field_class_get_type(
					  member_class(context, index)), BT_FIELD_CLASS_TYPE_INTEGER))
			return index;
	}
	return -1;
}

/* Fills `rc` for begin or end class `ec`; returns false with a cause. */
static bool check_class(const struct asr_scopes *scopes, bt_self_component *self,
			const bt_event_class *ec, struct role_class *rc)
{
	static const char *const tid_names[2] = { "vtid", "tid" };
	static const char *const pid_names[2] = { "vpid", "pid" };
	const bt_stream_class *sc = bt_event_class_borrow_stream_class_const(ec);
	const bt_field_class *context = bt_stream_class_borrow_event_common_context_field_class_const(sc);
	const bt_field_class *payload = bt_event_class_borrow_payload_field_class_const(ec);
	const char *param = rc->role == ROLE_BEGIN ? "scope-begin" : "scope-end";
	const char *name = bt_event_class_get_name(ec);
	bt_field_class_type t;
	int64_t index;

	index = context_index(context, tid_names);
	if (index < 0) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
			"Parameter `%s`: event `%s` has no `vtid` (or `tid`) context field: scopes are matched per thread.  Record it with:  lttng add-context -u -t vtid  (kernel events:  lttng add-context -k -t tid).",
			param, name);
		return false;
	}
	rc->tid_index = (uint64_t) index;
	index = context_index(context, pid_names);
	rc->has_vpid = index >= 0;
	rc->pid_index = rc->has_vpid ? (uint64_t) index : 0;
	rc->key_kind = ASR_SCOPE_KEY_NONE;
	if (scopes->key) {
		index = member_index(payload, scopes->key);
		if (index < 0) {
			BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
				"Parameter `scope-key`: event `%s` (`%s`) has no payload field `%s`: name a field that both the begin and the end event carry.",
				name, param, scopes->key);
			return false;
		}
		t = bt_field_class_get_type(member_class(payload, index));
		if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
			rc->key_kind = ASR_SCOPE_KEY_SIGNED;
		else if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
			rc->key_kind = ASR_SCOPE_KEY_UNSIGNED;
		else if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_STRING))
			rc->key_kind = ASR_SCOPE_KEY_STRING;
		else {
			BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
				"Parameter `scope-key`: payload field `%s` of event `%s` is neither an integer nor a string.",
				scopes->key, name);
			return false;
		}
		rc->key_index = (uint64_t) index;
	}
	rc->has_clock = bt_stream_class_borrow_default_clock_class_const(sc) != NULL;
	return true;
}

/* The role of class `ec`, checked at its first event; NULL after an error. */
static const struct role_class *role_of(struct asr_scopes *scopes, bt_self_component *self,
					const bt_event_class *ec)
{
	struct role_class *rc;
	const char *name;

	if (ec == scopes->last_class)
		return scopes->last_role;
	rc = g_hash_table_lookup(scopes->classes, ec);
	if (!rc) {
		rc = g_new0(struct role_class, 1);
		name = bt_event_class_get_name(ec);
		if (name && strcmp(name, scopes->begin) == 0)
			rc->role = ROLE_BEGIN;
		else if (name && strcmp(name, scopes->end) == 0)
			rc->role = ROLE_END;
		if (rc->role != ROLE_OTHER && !check_class(scopes, self, ec, rc)) {
			g_free(rc);
			return NULL;
		}
		bt_event_class_get_ref(ec);
		g_hash_table_insert(scopes->classes, (gpointer) ec, rc);
	}
	scopes->last_class = ec;
	scopes->last_role = rc;
	return rc;
}

/* The thread domain of a trace: its interned host name; a trace without
 * one gets a name of its own that no host has (it starts with '\1'). */
static const void *domain_of(struct asr_scopes *scopes, const bt_trace *trace)
{
	const bt_value *host;
	const void *domain;
	char *name, *unique;

	if (trace == scopes->last_trace)
		return scopes->last_domain;
	domain = g_hash_table_lookup(scopes->domains, trace);
	if (!domain) {
		host = bt_trace_borrow_environment_entry_value_by_name_const(trace, "hostname");
		if (host && bt_value_is_string(host))
			unique = g_strdup(bt_value_string_get(host));
		else
			unique = g_strdup_printf("\1%p", (const void *) trace);
		name = g_hash_table_lookup(scopes->hosts, unique);
		if (name) {
			g_free(unique);
		} else {
			name = unique;
			g_hash_table_add(scopes->hosts, name);
		}
		domain = name;
		bt_trace_get_ref(trace);
		g_hash_table_insert(scopes->domains, (gpointer) trace, (gpointer) domain);
	}
	scopes->last_trace = trace;
	scopes->last_domain = domain;
	return domain;
}

/* The host name of a domain, or NULL when it is a trace without one. */
static const char *host_of(const void *domain)
{
	const char *name = domain;

	return name[0] == '\1' ? NULL : name;
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

static int64_t integer_value(const bt_field *field)
{
	if (bt_field_class_type_is(bt_field_get_class_type(field), BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
		return bt_field_integer_signed_get_value(field);
	return (int64_t) bt_field_integer_unsigned_get_value(field);
}

/* The event's key, its string borrowed from the event. */
static struct asr_scope_key key_of(const struct role_class *rc, const bt_event *event)
{
	struct asr_scope_key key = { rc->key_kind, 0, NULL };
	const bt_field *field;

	if (rc->key_kind == ASR_SCOPE_KEY_NONE)
		return key;
	field = bt_field_structure_borrow_member_field_by_index_const(
		bt_event_borrow_payload_field_const(event), rc->key_index);
	if (rc->key_kind == ASR_SCOPE_KEY_STRING)
		key.string = (char *) (bt_field_string_get_length(field) == 0 ? "" :
				       bt_field_string_get_value(field));
	else
		key.bits = (uint64_t) integer_value(field);
	return key;
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

int asr_scopes_event(struct asr_scopes *scopes, bt_self_component *self, const bt_message *msg)
{
	const bt_event *event = bt_message_event_borrow_event_const(msg);
	const struct role_class *rc = role_of(scopes, self, bt_event_borrow_class_const(event));
	const bt_field *context;
	struct asr_scope_key key;
	struct asr_scope *scope;
	struct thread *t;
	bool has_time = false;
	int64_t tid, ns = 0;
	gint i;

	if (!rc)
		return -1;
	if (rc->role == ROLE_OTHER)
		return 0;
	context = bt_event_borrow_common_context_field_const(event);
	tid = integer_value(bt_field_structure_borrow_member_field_by_index_const(context,
										  rc->tid_index));
	if (rc->has_clock)
		has_time = bt_clock_snapshot_get_ns_from_origin(
			bt_message_event_borrow_default_clock_snapshot_const(msg), &ns) ==
			BT_CLOCK_SNAPSHOT_GET_NS_FROM_ORIGIN_STATUS_OK;
	key = key_of(rc, event);
	t = thread_for(scopes, domain_of(scopes, bt_stream_borrow_trace_const(
				bt_event_borrow_stream_const(event))), tid, true);
	i = find_open(t, &key);
	if (rc->role == ROLE_END) {
		if (i < 0) {
			scopes->unmatched_ends++;
			return 0;
		}
		scope = g_ptr_array_steal_index(t->open, (guint) i);
		scope->open = false;
		scope->has_end = has_time;
		scope->end_ns = ns;
		scope->rate_hint = t->last_rate ? t->last_rate : scopes->last_rate;
		scopes->open--;
		return 0;
	}
	/* A second begin of an open instance (without a key: any begin on a
	 * thread with an open instance) is nested or lost its end: the open
	 * instance goes on, and the begin is counted. */
	if (i >= 0) {
		scopes->unmatched_begins++;
		return 0;
	}
	scope = g_new0(struct asr_scope, 1);
	scope->host = host_of(t->id.domain);
	scope->vtid = tid;
	scope->has_vpid = rc->has_vpid;
	if (rc->has_vpid)
		scope->vpid = integer_value(bt_field_structure_borrow_member_field_by_index_const(
			context, rc->pid_index));
	scope->key = key;
	scope->key.string = g_strdup(key.string);
	scope->has_start = has_time;
	scope->start_ns = ns;
	scope->open = true;
	g_ptr_array_add(scopes->instances, scope);
	g_ptr_array_add(t->open, scope);
	scopes->open++;
	return 0;
}

void asr_scopes_sample(struct asr_scopes *scopes, const struct asr_sample *sample)
{
	struct thread *t = NULL;
	struct asr_scope *scope;

	scopes->last_rate = sample->rate;
	if (sample->has_vtid)
		t = thread_for(scopes, domain_of(scopes, sample->trace), sample->vtid, false);
	if (!t || t->open->len == 0) {
		scopes->samples_outside++;
		return;
	}
	t->last_rate = sample->rate;
	scope = g_ptr_array_index(t->open, t->open->len - 1);
	asr_rates_add(&scope->rates, sample->rate, sample->size, sample->offset);
	scopes->samples_inside++;
}

static struct as_estimate_options options_of(const struct asr_params *params)
{
	return (struct as_estimate_options) { params->confidence, params->boundary_compensation };
}

int asr_scope_estimate(const struct asr_scopes *scopes, const struct asr_scope *scope,
		       const struct asr_params *params, struct as_estimate *out)
{
	struct as_estimate_options options = options_of(params);
	struct as_estimate_accum empty = { 0 };

	if (scope->rates.n > 0)
		return as_estimate_compute(scope->rates.accums, scope->rates.n, 1, &options, out);
	/* No sample: "below F^-1((1+C)/2; 1)" at the thread's rate; with no
	 * sample in the whole trace there is no rate to say it with. */
	empty.rate = scope->rate_hint ? scope->rate_hint : scopes->last_rate;
	if (empty.rate == 0) {
		memset(out, 0, sizeof *out);
		return 0;
	}
	return as_estimate_compute(&empty, 1, 1, &options, out);
}

double asr_scope_weighted(const struct asr_scope *scope)
{
	long double w = 0;
	size_t i;

	for (i = 0; i < scope->rates.n; i++)
		w += scope->rates.accums[i].weighted;
	return (double) w;
}

static int compare_doubles(const void *pa, const void *pb)
{
	double a = *(const double *) pa, b = *(const double *) pb;

	return (a > b) - (a < b);
}

/* The nearest-rank percentile of sorted values: the smallest value with
 * at least `p` of the values at or below it. */
static double percentile(const double *sorted, uint64_t n, double p)
{
	uint64_t rank = (uint64_t) ceil(p * (double) n);

	return sorted[rank > 0 ? rank - 1 : 0];
}

int asr_scopes_stats(const struct asr_scopes *scopes, const struct asr_params *params,
		     struct asr_scope_stats *out)
{
	struct as_estimate_options options = options_of(params);
	struct asr_rates all = { 0 };
	double *values;
	uint64_t n = 0;
	guint i;
	int status = 0;

	memset(out, 0, sizeof *out);
	values = g_new(double, scopes->instances->len + 1);
	for (i = 0; i < scopes->instances->len; i++) {
		const struct asr_scope *s = g_ptr_array_index(scopes->instances, i);

		if (s->open)
			continue;
		values[n++] = asr_scope_weighted(s);
		asr_rates_merge(&all, &s->rates);
	}
	out->closed = n;
	if (n > 0) {
		qsort(values, n, sizeof *values, compare_doubles);
		out->p50 = percentile(values, n, 0.50);
		out->p90 = percentile(values, n, 0.90);
		out->p99 = percentile(values, n, 0.99);
		/* The sum over n instances is n cut streams: S - n and S + n
		 * samples (doc/estimation.md, "Scopes"); the mean is its n-th. */
		if (all.n == 0) {
			struct as_estimate_accum empty = { .rate = scopes->last_rate };

			if (empty.rate)
				status = as_estimate_compute(&empty, 1, n, &options, &out->mean);
		} else {
			status = as_estimate_compute(all.accums, all.n, n, &options, &out->mean);
		}
		out->mean.weighted /= (double) n;
		out->mean.negbin /= (double) n;
		out->mean.lower /= (double) n;
		out->mean.upper /= (double) n;
	}
	asr_rates_fini(&all);
	g_free(values);
	return status;
}

static int compare_weighted_desc(gconstpointer pa, gconstpointer pb)
{
	double a = asr_scope_weighted(*(const struct asr_scope *const *) pa);
	double b = asr_scope_weighted(*(const struct asr_scope *const *) pb);

	return (a < b) - (a > b);
}

GPtrArray *asr_scopes_rows(const struct asr_scopes *scopes, guint limit)
{
	GPtrArray *rows = g_ptr_array_sized_new(scopes->instances->len);
	guint i;

	for (i = 0; i < scopes->instances->len; i++)
		g_ptr_array_add(rows, g_ptr_array_index(scopes->instances, i));
	if (limit == 0 || rows->len <= limit)
		return rows;
	/* Stable, so that equal estimates keep their begin order. */
	g_ptr_array_sort(rows, compare_weighted_desc);
	g_ptr_array_set_size(rows, limit);
	return rows;
}

char *asr_scope_key_text(const struct asr_scope_key *key)
{
	switch (key->kind) {
	case ASR_SCOPE_KEY_SIGNED:
		return g_strdup_printf("%" PRId64, (int64_t) key->bits);
	case ASR_SCOPE_KEY_UNSIGNED:
		return g_strdup_printf("%" PRIu64, key->bits);
	case ASR_SCOPE_KEY_STRING:
		return g_strdup(key->string);
	case ASR_SCOPE_KEY_NONE:
		break;
	}
	return NULL;
}
