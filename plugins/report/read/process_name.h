/* process_name.h - reads lttng-ust's statedump of a process's name (lttng_ust_statedump:procname). */
#ifndef ALLOCSAMPLE_REPORT_READ_PROCESS_NAME_H
#define ALLOCSAMPLE_REPORT_READ_PROCESS_NAME_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>
#include <glib.h>

#include "read/class_cache.h"

#define ASR_PROCNAME_EVENT "lttng_ust_statedump:procname"

/* A process's name as lttng-ust read it at registration: the executable's
 * (its main thread's comm), whatever its threads call themselves later. */
struct asr_process_name {
	const bt_trace *trace;
	int64_t vpid;
	const char *name;        /* borrowed from the event message */
};

struct asr_process_name_reader {
	struct asr_class_cache classes;  /* layouts */
};

/* GLib aborts when out of memory, so init cannot fail. */
void asr_process_name_reader_init(struct asr_process_name_reader *reader);
void asr_process_name_reader_fini(struct asr_process_name_reader *reader);

/* Whether `msg`, an event message, is a statedump of a process's name with
 * a vpid context; fills `out` if so.  Any other event costs one pointer
 * comparison, or one hash look-up for a new class. */
bool asr_process_name_read(struct asr_process_name_reader *reader, const bt_message *msg,
			   struct asr_process_name *out);

#endif
