/* scope_event.h - reads the begin and end events that bound report scopes (`scope-begin`, `scope-end`). */
#ifndef ALLOCSAMPLE_REPORT_READ_SCOPE_EVENT_H
#define ALLOCSAMPLE_REPORT_READ_SCOPE_EVENT_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>
#include <glib.h>

#include "read/class_cache.h"

#include "params.h"

enum asr_scope_key_kind {
	ASR_SCOPE_KEY_NONE,      /* no scope-key */
	ASR_SCOPE_KEY_SIGNED,
	ASR_SCOPE_KEY_UNSIGNED,
	ASR_SCOPE_KEY_STRING,
};

/* What pairs a begin event with its end event, besides the thread. */
struct asr_scope_key {
	enum asr_scope_key_kind kind;
	uint64_t bits;           /* an integer key, two's complement when signed */
	char *string;            /* a string key */
};

enum asr_scope_role { ASR_SCOPE_OTHER, ASR_SCOPE_BEGIN, ASR_SCOPE_END };

/* One begin or end event, its key string borrowed from the event message. */
struct asr_scope_event {
	enum asr_scope_role role;
	const bt_trace *trace;
	int64_t tid;             /* vtid, or tid for kernel events */
	int64_t pid;             /* vpid, or pid; valid when has_pid */
	bool has_pid;
	struct asr_scope_key key;
	int64_t ns;              /* valid when has_time */
	bool has_time;
};

struct asr_scope_reader {
	const char *begin;       /* event class names, borrowed from the params */
	const char *end;
	const char *key;         /* payload field, NULL: instances per thread */
	struct asr_class_cache classes;  /* layouts (roles) */
};

/* Set up from the scope parameters, whose names stay borrowed from
 * `params`.  GLib aborts when out of memory, so init cannot fail. */
void asr_scope_reader_init(struct asr_scope_reader *reader, const struct asr_params *params);
void asr_scope_reader_fini(struct asr_scope_reader *reader);

/*
 * Reads event message `msg`: a begin or an end event fills `event`, any
 * other event is ASR_SCOPE_OTHER at the cost of one pointer comparison (or
 * one hash look-up for a new class).  The first event of a begin or end
 * class checks it: without a thread context (`vtid`, or `tid` for kernel
 * events) or without the scope-key field (integer or string), returns -1
 * with a cause appended naming the parameter, the event and the field.
 * Returns 0 otherwise.
 */
int asr_scope_event_read(struct asr_scope_reader *reader, bt_self_component *self,
			 const bt_message *msg, struct asr_scope_event *event);

#endif
