/*
 * bad-producer-tp.h - an LTTng-UST provider named allocsample whose
 * AllocationSampled event breaks schema 1 in one way, chosen by BAD_VARIANT:
 *   1  `size` is a string
 *   2  `offset` is missing
 *   3  the fields are right but the EMF URI names schema 2
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER allocsample

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "bad-producer-tp.h"

#if !defined(BAD_PRODUCER_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define BAD_PRODUCER_TP_H

#include <stdint.h>
#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(allocsample, AllocationSampled,
	LTTNG_UST_TP_ARGS(
		const char *, type,
		uint64_t, size,
		uint64_t, offset),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(type, type)
#if BAD_VARIANT == 1
		lttng_ust_field_string(size, "64")
		lttng_ust_field_unused(size)
#else
		lttng_ust_field_integer(uint64_t, size, size)
#endif
#if BAD_VARIANT == 2
		lttng_ust_field_unused(offset)
#else
		lttng_ust_field_integer(uint64_t, offset, offset)
#endif
		lttng_ust_field_integer(uint64_t, rate, 1024)
		lttng_ust_field_integer_hex(uint64_t, ptr, 0)
	)
)
#if BAD_VARIANT == 3
LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(allocsample, AllocationSampled, "urn:x-allocsample:schema:99")
#endif

#endif /* BAD_PRODUCER_TP_H */

#include <lttng/tracepoint-event.h>
