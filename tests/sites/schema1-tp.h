/*
 * schema1-tp.h - allocsample:AllocationSampled as schema 1 defined it
 * (before stacks): type, size, offset, rate, ptr, and the caller's ip for
 * the ip context.  Traces of older shims look like this; the report still
 * names their sites with filter.lttng-utils.debug-info.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER allocsample

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "schema1-tp.h"

#if !defined(SCHEMA1_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define SCHEMA1_TP_H

#include <stdint.h>
#include <lttng/tracepoint.h>

#ifndef SCHEMA1_SAMPLE_DEFINED
#define SCHEMA1_SAMPLE_DEFINED
/* A schema-1 sample's fields; its call site is the event's `ip` argument. */
struct schema1_sample {
	const char *type;
	uint64_t size, offset, rate;
	const void *ptr;
};
#endif

LTTNG_UST_TRACEPOINT_EVENT(allocsample, AllocationSampled,
	LTTNG_UST_TP_ARGS(const struct schema1_sample *, sample, const void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(type, sample->type)
		lttng_ust_field_integer(uint64_t, size, sample->size)
		lttng_ust_field_integer(uint64_t, offset, sample->offset)
		lttng_ust_field_integer(uint64_t, rate, sample->rate)
		lttng_ust_field_integer_hex(uint64_t, ptr, (uint64_t) (uintptr_t) sample->ptr)
		lttng_ust_field_unused(ip)
	)
)
LTTNG_UST_TRACEPOINT_LOGLEVEL(allocsample, AllocationSampled, LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)
LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(allocsample, AllocationSampled, "urn:x-allocsample:schema:1")

#endif /* SCHEMA1_TP_H */

#include <lttng/tracepoint-event.h>
