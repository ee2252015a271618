/*
 * mapping_event.h - reads the events by which lttng-ust says which objects
 * a process maps: its statedump (lttng_ust_statedump:bin_info, build_id,
 * debug_link), and with liblttng-ust-dl.so preloaded its dlopen events
 * (lttng_ust_dl:dlopen, dlmopen, build_id, debug_link, dlclose) and their
 * summaries (lttng_ust_lib:load, build_id, debug_link, unload).
 */
#ifndef ALLOCSAMPLE_REPORT_READ_MAPPING_EVENT_H
#define ALLOCSAMPLE_REPORT_READ_MAPPING_EVENT_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>
#include <glib.h>

#include "read/class_cache.h"

enum asr_mapping_kind {
	ASR_MAPPING_LOAD,        /* an object mapped at baddr: path, memsz */
	ASR_MAPPING_BUILD_ID,    /* the build id of the object at baddr */
	ASR_MAPPING_DEBUG_LINK,  /* its .gnu_debuglink file name */
	ASR_MAPPING_CLOSE,       /* the object at baddr unmapped (or dlclose'd) */
};

/* One event, its strings and bytes borrowed from the event message. */
struct asr_mapping_event {
	enum asr_mapping_kind kind;
	const bt_trace *trace;
	int64_t vpid;            /* valid when has_vpid */
	bool has_vpid;
	uint64_t baddr;          /* the run-time address of the first PT_LOAD */
	uint64_t memsz;          /* LOAD: the span of its PT_LOAD segments */
	const char *path;        /* LOAD */
	const char *debug_link;  /* DEBUG_LINK */
	const uint8_t *build_id; /* BUILD_ID: `build_id_len` bytes, borrowed from
				  * the reader until its next event */
	size_t build_id_len;
};

struct asr_mapping_reader {
	struct asr_class_cache classes;  /* layouts */
	GByteArray *build_id;    /* the last build id read */
};

/* GLib aborts when out of memory, so init cannot fail. */
void asr_mapping_reader_init(struct asr_mapping_reader *reader);
void asr_mapping_reader_fini(struct asr_mapping_reader *reader);

/* Whether `msg`, an event message, is one of the events above with the
 * fields lttng-ust 2.13 gives them; fills `out` if so.  Each class is
 * checked once: any other event costs one pointer comparison, or one hash
 * look-up when its class differs from the last one's. */
bool asr_mapping_event_read(struct asr_mapping_reader *reader, const bt_message *msg,
			    struct asr_mapping_event *out);

#endif
