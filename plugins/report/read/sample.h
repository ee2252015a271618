/* sample.h - reads allocsample:AllocationSampled event messages, checking their schema. */
#ifndef ALLOCSAMPLE_REPORT_READ_SAMPLE_H
#define ALLOCSAMPLE_REPORT_READ_SAMPLE_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>
#include <glib.h>

#include "read/class_cache.h"

#include "read/site.h"

/* The schemas this component reads (tp/allocsample-tp.h): 2 adds the
 * stack to 1; 3 adds free tracking (free_tracked, SampledFree,
 * SamplesUnrecorded) to 2; 4 adds the events Attached and Detached to 3,
 * AllocationSampled unchanged; 5 adds Attached's procname to 4; 6 adds
 * the checkpoint events to 5, AllocationSampled unchanged. */
#define ASR_SCHEMA_URI "urn:x-allocsample:schema:6"
#define ASR_SCHEMA_URI_V5 "urn:x-allocsample:schema:5"
#define ASR_SCHEMA_URI_V4 "urn:x-allocsample:schema:4"
#define ASR_SCHEMA_URI_V3 "urn:x-allocsample:schema:3"
#define ASR_SCHEMA_URI_V2 "urn:x-allocsample:schema:2"
#define ASR_SCHEMA_URI_V1 "urn:x-allocsample:schema:1"
#define ASR_EVENT_NAME "allocsample:AllocationSampled"

/* The most return addresses read from one sample: a deeper stack is cut
 * there and marked truncated.  The shim records at most 128. */
#define ASR_STACK_MAX 1024

/* One sample, its strings borrowed from the event message. */
struct asr_sample {
	const bt_trace *trace;
	const char *type;
	uint64_t type_len;     /* strlen(type) */
	const char *procname;  /* NULL: context not recorded */
	const struct asr_site *site;  /* NULL unless the reader resolves sites
				       * from debug-info (schema 1, or an empty stack) */
	const uint64_t *stack; /* return addresses, innermost first, borrowed from
				* the reader until its next sample; valid when
				* has_stack */
	uint32_t stack_len;
	bool stack_truncated;
	bool has_stack;        /* a schema-2 sample, and the reader reads stacks */
	uint64_t size;
	uint64_t offset;
	uint64_t rate;
	uint64_t ptr;          /* the block's address */
	bool has_free_tracked; /* schema 3: the class has free_tracked */
	bool free_tracked;     /* a SampledFree will say when it goes */
	bool frees_known;      /* schema 3, and the trace has the SampledFree
				* class: the live figures can be known */
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
	struct asr_class_cache classes;  /* layouts */
	bool resolve_sites;   /* group-by has `site` */
	bool read_stacks;     /* group-by has `stack` or `site` */
	bool require_stacks;  /* group-by has `stack`: schema 1 is an error */
	struct asr_site_resolver sites;
	uint64_t *stack;      /* the last sample's addresses */
	uint32_t stack_size;  /* room in `stack` */
};

enum asr_sample_status {
	ASR_SAMPLE_OK,
	ASR_SAMPLE_OTHER,         /* not an AllocationSampled event: ignore it */
	ASR_SAMPLE_ERROR,         /* incompatible schema: a cause names the field */
};

/* GLib aborts when out of memory, so these cannot fail.  `group_by` (enum
 * asr_group_by bits) says what the samples must give: with `site`, every
 * schema-1 sample gets its call site from debug-info (read/site.h) and
 * every schema-2 sample its stack, from which the model finds the site;
 * with `stack`, every sample its stack, and a schema-1 trace is refused. */
void asr_sample_reader_init(struct asr_sample_reader *reader, unsigned group_by);
void asr_sample_reader_fini(struct asr_sample_reader *reader);

/*
 * Reads the event message `msg` into `sample`.  The first event of each class
 * checks the class against the schema (event name, EMF URI, payload and
 * common context field types); an incompatible class gives ASR_SAMPLE_ERROR
 * with a cause appended to `self` naming the field, for every event of it;
 * so does a class without stacks (schema 1) when the reader requires them,
 * and a schema-1 sample whose call site cannot be found when the reader
 * resolves sites (no debug_info context, or binaries without their
 * directory).
 */
enum asr_sample_status asr_sample_read(struct asr_sample_reader *reader, bt_self_component *self,
				       const bt_message *msg, struct asr_sample *sample);

#endif
