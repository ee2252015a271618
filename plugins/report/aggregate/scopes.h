/* scopes.h - report scopes: instances between a begin and an end event on a thread, and their samples. */
#ifndef ALLOCSAMPLE_REPORT_AGGREGATE_SCOPES_H
#define ALLOCSAMPLE_REPORT_AGGREGATE_SCOPES_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "aggregate/traces.h"
#include "rates.h"
#include "read/sample.h"
#include "read/scope_event.h"

/*
 * One instance: from a begin event on a thread to the matching end event
 * on the same thread.  Constant memory: no sample is kept, only the sums.
 */
struct asr_scope {
	const char *host;        /* trace environment `hostname`, NULL: none */
	int64_t vpid;            /* valid when has_vpid */
	int64_t vtid;
	struct asr_scope_key key;  /* its string owned */
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
	struct asr_traces *traces;  /* borrowed */
	GHashTable *threads;     /* (domain, tid) -> open instances of the thread */
	GPtrArray *instances;    /* struct asr_scope *, owned, in begin order */
	uint64_t open;           /* instances still open */
	uint64_t unmatched_begins;  /* begins while the same instance was open */
	uint64_t unmatched_ends;    /* ends with no open instance to close */
	uint64_t samples_inside;
	uint64_t samples_outside;
	uint64_t last_rate;      /* of the latest sample, for empty instances */
};

/* GLib aborts when out of memory, so init cannot fail.  `traces` must
 * outlive the scopes. */
void asr_scopes_init(struct asr_scopes *scopes, struct asr_traces *traces);
void asr_scopes_fini(struct asr_scopes *scopes);

/* A begin event opens an instance on its thread (or is counted unmatched
 * when the same instance is open); an end event closes the latest open
 * instance with its key (or is counted unmatched). */
void asr_scopes_event(struct asr_scopes *scopes, const struct asr_scope_event *event);

/* Attributes a sample (a possible one, already in the table, which weighed
 * it) to the instance open on its thread, the latest begun when several
 * are. */
void asr_scopes_sample(struct asr_scopes *scopes, const struct asr_sample *sample,
		       const struct asr_weighed *weighed);

/* The point estimate of an instance alone (the weighted sum), cheap. */
double asr_scope_weighted(const struct asr_scope *scope);

#endif
