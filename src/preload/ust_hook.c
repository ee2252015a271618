/*
 * ust_hook.c - lttng-ust's hook for the process's malloc wrapper, which
 * registers allocsample's application context `$app.allocsample:run` before
 * lttng-ust's threads meet the session daemon (src/liballocsample/run_context.c).
 *
 * lttng-ust's constructor calls the first definition of
 * lttng_ust_libc_wrapper_malloc_ctor() the dynamic linker finds.  The
 * preload shim comes before every library, liblttng-ust included even
 * when the program links it itself (its own tracepoints), where
 * liballocsample.so comes after.
 */
#include <lttng/ust-libc-wrapper.h>

#include "preload.h"

AS_EXPORT void lttng_ust_libc_wrapper_malloc_ctor(void)
{
	allocsample_internal_run_context();
}
