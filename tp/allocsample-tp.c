/*
 * allocsample-tp.c - expands the provider's probes into liballocsample.so,
 * the one object that registers them (a second registration would abort the
 * process).  Hidden definitions keep the tracepoint symbols private.
 *
 * Nothing may be included before the provider header: <lttng/tracepoint.h>
 * seen before LTTNG_UST_TRACEPOINT_DEFINE leaves the tracepoint symbols
 * undefined in lttng-ust 2.13.5.
 */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#define LTTNG_UST_TRACEPOINT_HIDDEN_DEFINITION
#define LTTNG_UST_TRACEPOINT_PROVIDER_HIDDEN_DEFINITION
#define LTTNG_UST_TP_IP_PARAM ip
#include "allocsample-tp.h"
