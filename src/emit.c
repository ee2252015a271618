/* emit.c - the one place that calls the tracepoint. */
#include <errno.h>

#include "allocsample-tp.h"
#include "emit.h"
#include "export.h"
#include "stack.h"
#include "thread_state.h"
#include "type_scope.h"

/* The event records return addresses as unsigned 64-bit integers. */
_Static_assert(sizeof(void *) == sizeof(uint64_t), "a return address is 64 bits");

void as_emit_sample(const char *type, uint64_t size, uint64_t offset, const void *ptr,
		    const void *ip)
{
	struct as_sampler *sampler = as_thread_sampler;
	struct as_stack stack;
	int saved_errno;

	/* Asked only here, on the slow path: with no session recording the
	 * event, a sample costs a draw and nothing else. */
	if (!lttng_ust_tracepoint_enabled(allocsample, AllocationSampled))
		return;
	saved_errno = errno;
	as_sampler_hold(sampler);
	/* Held: the tracer allocates, and so might libgcc's unwinder when
	 * the walk hands over to it (doc/sampling.md, "Stacks"). */
	as_stack_capture(&stack, ip);
	lttng_ust_do_tracepoint(allocsample, AllocationSampled, type, size, offset,
				sampler->rate, ptr, stack.frames, stack.n, stack.truncated, false, stack.site);
	as_sampler_release(sampler);
	errno = saved_errno;
}

AS_EXPORT void allocsample_internal_report_untyped(const char *entry, uint64_t size,
						   uint64_t offset, const void *ptr, const void *ip)
{
	const char *scope = as_type_scope_current();

	as_emit_sample(scope ? scope : entry, size, offset, ptr, ip);
}
