/*
 * scopes-workload-tp.h - the LTTng-UST provider `scopetest` of
 * scopes-workload.c: a request's begin and end, paired by its id.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER scopetest

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "scopes-workload-tp.h"

#if !defined(SCOPES_WORKLOAD_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define SCOPES_WORKLOAD_TP_H

#include <stdint.h>
#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(scopetest, request_begin,
	LTTNG_UST_TP_ARGS(uint64_t, id),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(uint64_t, id, id))
)

LTTNG_UST_TRACEPOINT_EVENT(scopetest, request_end,
	LTTNG_UST_TP_ARGS(uint64_t, id),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(uint64_t, id, id))
)

#endif /* SCOPES_WORKLOAD_TP_H */

#include <lttng/tracepoint-event.h>
