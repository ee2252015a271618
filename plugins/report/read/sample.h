/* sample.h - reads allocsample:AllocationSampled event messages, checking their schema. */
#ifndef ALLOCSAMPLE_REPORT_READ_SAMPLE_H
#define ALLOCSAMPLE_REPORT_READ_SAMPLE_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>
#include <glib.h>

#include "read/site.h"

/* The schemas this component reads (tp/allocsample-tp.h): 2 adds the
 * stack to 1. */
#define ASR_SCHEMA_URI "urn:x-allocsample:schema:2"
#define ASR_SCHEMA_URI_V1 "urn:x-allocsample:schema:1"
#define ASR_EVENT_NAME "allocsample:AllocationSampled"

/* One sample, its strings borrowed from the event message. */
struct asr_sample {
	const bt_trace *trace;
	const char *type;
	const char *procname;  /* NULL: context not recorded */
	const struct asr_site *site;  /* NULL unless the reader resolves sites */
	uint64_t size;
	uint64_t offset;
	uint64_t rate;
	int64_t vpid;
	int64_t vtid;
	int64_t ns;            /* nanoseconds from the clock's origin */
	bool has_vpid;
	bool has_vtid;
	bool has_time;
};

/* Where an event class keeps the fields we read, checked once per class;
 * and the call sites, which outlive every report made from the samples. */
struct asr_sample_reader {
	GHashTable *layouts;  /* const bt_event_class * (reference held) -> layout */
	const bt_event_class *last_class;  /* and its layout: the latest read */
	const void *last_layout;
	bool resolve_sites;   /* group-by has `site` */
	struct asr_site_resolver sites;
};

enum asr_sample_status {
	ASR_SAMPLE_OK,
	ASR_SAMPLE_OTHER,         /* not an AllocationSampled event: ignore it */
	ASR_SAMPLE_ERROR,         /* incompatible schema: a cause names the field */
};

/* GLib aborts when out of memory, so these cannot fail.  With
 * `resolve_sites`, every sample gets its call site (read/site.h). */
void asr_sample_reader_init(struct asr_sample_reader *reader, bool resolve_sites);
void asr_sample_reader_fini(struct asr_sample_reader *reader);

/*
 * Reads the event message `msg` into `sample`.  The first event of each class
 * checks the class against the schema (event name, EMF URI, payload and
 * common context field types); an incompatible class gives ASR_SAMPLE_ERROR
 * with a cause appended to `self` naming the field, for every event of it;
 * so does a sample whose call site cannot be found when the reader resolves
 * sites (no debug_info context, or binaries without their directory).
 */
enum asr_sample_status asr_sample_read(struct asr_sample_reader *reader, bt_self_component *self,
				       const bt_message *msg, struct asr_sample *sample);

#endif
