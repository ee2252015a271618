/* free_event.h - reads the events that bound the live figures: SampledFree and SamplesUnrecorded (schema 3), Attached and Detached (schema 4; Attached's procname, schema 5). */
#ifndef ALLOCSAMPLE_REPORT_READ_FREE_EVENT_H
#define ALLOCSAMPLE_REPORT_READ_FREE_EVENT_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>

#include "read/class_cache.h"

#define ASR_FREE_EVENT "allocsample:SampledFree"
#define ASR_UNRECORDED_EVENT "allocsample:SamplesUnrecorded"
#define ASR_ATTACHED_EVENT "allocsample:Attached"
#define ASR_DETACHED_EVENT "allocsample:Detached"

enum asr_free_kind {
	ASR_FREE_OTHER,          /* none of these: ignore it */
	ASR_FREE_SAMPLED,        /* a tracked block released: `ptr` */
	ASR_FREE_UNRECORDED,     /* `count` samples drawn while nothing recorded */
	ASR_FREE_ATTACHED,       /* allocsample-record `recorder` attached */
	ASR_FREE_DETACHED,       /* and detached */
	ASR_FREE_ERROR,          /* an incompatible class: a cause names the field */
};

struct asr_free_event {
	const bt_trace *trace;
	uint64_t ptr;            /* ASR_FREE_SAMPLED */
	uint64_t count;          /* ASR_FREE_UNRECORDED */
	uint64_t recorder;       /* ASR_FREE_ATTACHED, ASR_FREE_DETACHED */
	const char *procname;    /* ASR_FREE_ATTACHED: the process's name, borrowed
				  * from the message; NULL before schema 5 or empty */
	int64_t vpid;            /* valid when has_vpid */
	bool has_vpid;
	int64_t ns;              /* the event's time (the block's end, for its
				  * lifetime); valid when has_time */
	bool has_time;
};

struct asr_free_reader {
	struct asr_class_cache classes;  /* layouts */
};

/* GLib aborts when out of memory, so init cannot fail. */
void asr_free_reader_init(struct asr_free_reader *reader);
void asr_free_reader_fini(struct asr_free_reader *reader);

/*
 * Reads the event message `msg` into `out` when it is one of these
 * events.  The first event of each class checks it: a payload field of
 * the wrong type, or missing, gives ASR_FREE_ERROR with a cause appended
 * to `self` naming the field, for every event of the class.
 */
enum asr_free_kind asr_free_event_read(struct asr_free_reader *reader, bt_self_component *self,
				       const bt_message *msg, struct asr_free_event *out);

#endif
