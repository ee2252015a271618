/* emit.c - the one place that calls the tracepoint. */
#include <errno.h>

#include "allocsample-tp.h"
#include "call_site.h"
#include "emit.h"
#include "export.h"
#include "thread_state.h"
#include "type_scope.h"

void as_emit_sample(const char *type, uint64_t size, uint64_t offset, const void *ptr,
		    const void *ip)
{
	struct as_sampler *sampler = as_thread_sampler;
	const void *site;
	int saved_errno;

	/* Asked only here, on the slow path: with no session recording the
	 * event, a sample costs a draw and nothing else. */
	if (!lttng_ust_tracepoint_enabled(allocsample, AllocationSampled))
		return;
	saved_errno = errno;
	as_sampler_hold(sampler);
	/* Held: the walk past the runtimes may allocate (call_site.c). */
	site = as_call_site(ip);
	lttng_ust_do_tracepoint(allocsample, AllocationSampled, type, size, offset,
				sampler->rate, ptr, site);
	as_sampler_release(sampler);
	errno = saved_errno;
}

AS_EXPORT void allocsample_internal_report_untyped(const char *entry, uint64_t size,
						   uint64_t offset, const void *ptr, const void *ip)
{
	const char *scope = as_type_scope_current();

	as_emit_sample(scope ? scope : entry, size, offset, ptr, ip);
}
