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

LTTNG_UST_TRACEPOINT_EVENT(allocsample, AllocationSampled,
	LTTNG_UST_TP_ARGS(
		const char *, type,
		uint64_t, size,
		uint64_t, offset,
		uint64_t, rate,
		const void *, ptr,
		const void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(type, type)
		lttng_ust_field_integer(uint64_t, size, size)
		lttng_ust_field_integer(uint64_t, offset, offset)
		lttng_ust_field_integer(uint64_t, rate, rate)
		lttng_ust_field_integer_hex(uint64_t, ptr, (uint64_t) (uintptr_t) ptr)
		lttng_ust_field_unused(ip)
	)
)
LTTNG_UST_TRACEPOINT_LOGLEVEL(allocsample, AllocationSampled, LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)
LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(allocsample, AllocationSampled, "urn:x-allocsample:schema:1")

#endif /* SCHEMA1_TP_H */

#include <lttng/tracepoint-event.h>
