/* api.c - the typed-allocation API of allocsample.h. */
#include <stdlib.h>

#include "allocsample.h"
#include "emit.h"
#include "export.h"
#include "thread_state.h"
#include "type_scope.h"

#define AS_CALLER_IP() __builtin_return_address(0)

static void release_hold(struct as_sampler **sampler)
{
	as_sampler_release(*sampler);
}

/*
 * Samples `size` bytes of `type`, then obtains them from allocate() while the
 * sampler is held: when liballocsample-preload.so is loaded, the malloc or
 * operator new inside allocate() must not sample the same bytes again.  The
 * cleanup attribute (this file is built with -fexceptions) releases the hold
 * when a C++ allocator throws through us.
 */
static void *allocate_typed(size_t size, const char *type, void *(*allocate)(size_t),
			    const void *ip)
{
	struct as_sampler *sampler = as_thread_sampler;
	uint64_t offset;
	bool sampled = as_thread_account(size, &offset);
	void *ptr;

	{
		struct as_sampler *held __attribute__((cleanup(release_hold))) = sampler;

		as_sampler_hold(held);
		ptr = allocate(size);
	}
	if (sampled && ptr)
		as_emit_sample(type, size, offset, ptr, ip);
	return ptr;
}

AS_EXPORT void *allocsample_allocate_typed(size_t size, const char *type, void *(*allocate)(size_t))
{
	return allocate_typed(size, type, allocate, AS_CALLER_IP());
}

AS_EXPORT void *allocsample_malloc_typed(size_t size, const char *type)
{
	return allocate_typed(size, type, malloc, AS_CALLER_IP());
}

AS_EXPORT void *allocsample_calloc_typed(size_t nmemb, size_t size, const char *type)
{
	struct as_sampler *sampler = as_thread_sampler;
	uint64_t offset;
	size_t bytes;
	bool sampled;
	void *ptr;

	if (__builtin_mul_overflow(nmemb, size, &bytes))
		return calloc(nmemb, size); /* libc's NULL and ENOMEM; no trial */
	sampled = as_thread_account(bytes, &offset);
	as_sampler_hold(sampler);
	ptr = calloc(nmemb, size);
	as_sampler_release(sampler);
	if (sampled && ptr)
		as_emit_sample(type, bytes, offset, ptr, AS_CALLER_IP());
	return ptr;
}

AS_EXPORT void allocsample_record(const char *type, size_t size)
{
	uint64_t offset;

	if (as_thread_account(size, &offset))
		as_emit_sample(type, size, offset, NULL, AS_CALLER_IP());
}

AS_EXPORT void allocsample_scope_push(const char *name)
{
	as_type_scope_push(name);
}

AS_EXPORT void allocsample_scope_pop(void)
{
	as_type_scope_pop();
}
