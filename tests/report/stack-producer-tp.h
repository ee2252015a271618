/*
 * stack-producer-tp.h - the provider `allocsample` with its schema-2
 * AllocationSampled event (doc/design.md section 2), as the shim records
 * it, for tests/report/stack-producer.cc.  BAD_STACK set: the `stack`
 * field is a string instead, which the report must refuse.  SCHEMA_1 set:
 * the event of schema 1, without stacks.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER allocsample

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "stack-producer-tp.h"

#if !defined(STACK_PRODUCER_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define STACK_PRODUCER_TP_H

#include <stdint.h>
#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(allocsample, AllocationSampled,
	LTTNG_UST_TP_ARGS(
		const char *, type,
		uint64_t, size,
		uint64_t, offset,
		uint64_t, rate,
		const uint64_t *, stack,
		uint32_t, depth,
		uint8_t, truncated),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(type, type)
		lttng_ust_field_integer(uint64_t, size, size)
		lttng_ust_field_integer(uint64_t, offset, offset)
		lttng_ust_field_integer(uint64_t, rate, rate)
		lttng_ust_field_integer_hex(uint64_t, ptr, 0)
#if defined(SCHEMA_1)
		lttng_ust_field_unused(stack)
		lttng_ust_field_unused(depth)
		lttng_ust_field_unused(truncated)
#elif defined(BAD_STACK)
		lttng_ust_field_string(stack, "0x1234")
		lttng_ust_field_unused(stack)
		lttng_ust_field_unused(depth)
		lttng_ust_field_integer(uint8_t, stack_truncated, truncated)
#else
		lttng_ust_field_sequence_hex(uint64_t, stack, stack, uint32_t, depth)
		lttng_ust_field_integer(uint8_t, stack_truncated, truncated)
#endif
	)
)
LTTNG_UST_TRACEPOINT_LOGLEVEL(allocsample, AllocationSampled, LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)
#ifdef SCHEMA_1
LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(allocsample, AllocationSampled, "urn:x-allocsample:schema:1")
#else
LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(allocsample, AllocationSampled, "urn:x-allocsample:schema:2")
#endif

#endif /* STACK_PRODUCER_TP_H */

#include <lttng/tracepoint-event.h>
