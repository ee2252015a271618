/* scope.h - scopes from other events: instances between a begin and an end event, their samples. */
#ifndef ALLOCSAMPLE_REPORT_SCOPE_H
#define ALLOCSAMPLE_REPORT_SCOPE_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>
#include <glib.h>

#include "estimate/estimate.h"
#include "params.h"
#include "rates.h"
#include "sample.h"

/* How many instance rows JSON and text print at most (CSV prints all). */
#define ASR_SCOPE_JSON_ROWS 1000
#define ASR_SCOPE_TEXT_ROWS 10

enum asr_scope_key_kind {
	ASR_SCOPE_KEY_NONE,      /* no scope-key */
	ASR_SCOPE_KEY_SIGNED,
	ASR_SCOPE_KEY_UNSIGNED,
	ASR_SCOPE_KEY_STRING,
};

struct asr_scope_key {
	enum asr_scope_key_kind kind;
	uint64_t bits;           /* an integer key, two's complement when signed */
	char *string;            /* a string key, owned */
};

/*
 * One instance: from a begin event on a thread to the matching end event
 * on the same thread.  Constant memory: no sample is kept, only the sums.
 */
struct asr_scope {
	const char *host;        /* trace environment `hostname`, NULL: none */
	int64_t vpid;            /* valid when has_vpid */
	int64_t vtid;
	struct asr_scope_key key;
	int64_t start_ns;        /* valid when has_start */
	int64_t end_ns;          /* valid when has_end */
	bool has_vpid;
	bool has_start;
	bool has_end;
	bool open;               /* no end event by the end of the trace */
	uint64_t rate_hint;      /* the thread's rate, for an instance without samples */
	struct asr_rates rates;
};

struct asr_scopes {
	const char *begin;       /* event class names, borrowed from the params */
	const char *end;
	const char *key;         /* payload field, NULL: instances per thread */
	GHashTable *classes;     /* const bt_event_class * (reference held) -> role */
	const bt_event_class *last_class;
	const void *last_role;
	GHashTable *domains;     /* const bt_trace * (reference held) -> thread domain */
	const bt_trace *last_trace;
	const void *last_domain;
	GHashTable *hosts;       /* interned host names */
	GHashTable *threads;     /* (domain, tid) -> open instances of the thread */
	GPtrArray *instances;    /* struct asr_scope *, owned, in begin order */
	uint64_t open;           /* instances still open */
	uint64_t unmatched_begins;  /* begins while the same instance was open */
	uint64_t unmatched_ends;    /* ends with no open instance to close */
	uint64_t samples_inside;
	uint64_t samples_outside;
	uint64_t last_rate;      /* of the latest sample, for empty instances */
};

/* What the report prints about the closed instances as a whole. */
struct asr_scope_stats {
	uint64_t closed;
	struct as_estimate mean;  /* bytes per closed instance: estimates and interval */
	double p50, p90, p99;     /* of the instances' point estimates */
};

/* Set up from the scope parameters, whose names stay borrowed from
 * `params`.  GLib aborts when out of memory, so init cannot fail. */
void asr_scopes_init(struct asr_scopes *scopes, const struct asr_params *params);
void asr_scopes_fini(struct asr_scopes *scopes);

/*
 * Handles an event that is not a sample: a begin or an end event opens or
 * closes an instance, any other event costs one pointer comparison (or one
 * hash look-up for a new class).  The first event of a begin or end class
 * checks it: without a thread context (`vtid`, or `tid` for kernel events)
 * or without the scope-key field (integer or string), returns -1 with a
 * cause appended naming the parameter, the event and the field.
 */
int asr_scopes_event(struct asr_scopes *scopes, bt_self_component *self, const bt_message *msg);

/* Attributes a sample (a possible one, already in the table) to the
 * instance open on its thread, the latest begun when several are. */
void asr_scopes_sample(struct asr_scopes *scopes, const struct asr_sample *sample);

/* The instance's estimate and interval (T = 1: both ends cut its thread's
 * stream).  Returns 0, or -1 if the estimator refused the options. */
int asr_scope_estimate(const struct asr_scopes *scopes, const struct asr_scope *scope,
		       const struct asr_params *params, struct as_estimate *out);

/* The point estimate alone (the weighted sum), cheap. */
double asr_scope_weighted(const struct asr_scope *scope);

/* The distribution over closed instances.  Returns 0, or -1 if the
 * estimator refused the options. */
int asr_scopes_stats(const struct asr_scopes *scopes, const struct asr_params *params,
		     struct asr_scope_stats *out);

/* The instances to print, at most `limit` (0: all): all of them in begin
 * order when they fit, else the `limit` largest point estimates, largest
 * first.  The array borrows the instances; free it with g_ptr_array_unref. */
GPtrArray *asr_scopes_rows(const struct asr_scopes *scopes, guint limit);

/* A key as text (an integer in decimal), to g_free; NULL without a key. */
char *asr_scope_key_text(const struct asr_scope_key *key);

#endif
