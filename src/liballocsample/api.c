/* api.c - the typed-allocation API of allocsample.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "allocsample.h"
#include "emit.h"
#include "export.h"
#include "sampler/sampled_set.h"
#include "thread_state.h"
#include "type_scope.h"

#define AS_CALLER_IP() __builtin_return_address(0)

/* Set by liballocsample-preload.so's constructor (atomic): then free is
 * ours, and a typed block allocated page-aligned has its free tracked. */
static int preload_loaded;

AS_EXPORT void allocsample_internal_note_preload(void)
{
	__atomic_store_n(&preload_loaded, 1, __ATOMIC_RELAXED);
}

/*
 * A sampled typed block whose free the shim will see: page-aligned through
 * posix_memalign (ours, passing through while the caller holds the sampler),
 * zeroed for calloc.  NULL, errno untouched, when tracking is not wanted or
 * the aligned request fails: the caller then allocates as usual.
 */
static void *trackable_block(size_t size, bool zero)
{
	int saved_errno = errno;
	void *ptr;

	if (!__atomic_load_n(&preload_loaded, __ATOMIC_RELAXED) || !allocsample_internal_track_wanted())
		return NULL;
	if (posix_memalign(&ptr, AS_SAMPLED_SET_ALIGN, size > AS_TRACK_MIN_BYTES ? size : AS_TRACK_MIN_BYTES) != 0) {
		errno = saved_errno;
		return NULL;
	}
	if (zero)
		memset(ptr, 0, size);
	return ptr;
}

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
	bool trackable = false;
	void *ptr = NULL;

	{
		struct as_sampler *held __attribute__((cleanup(release_hold))) = sampler;

		as_sampler_hold(held);
		/* Only malloc's blocks are known to be released by free; the
		 * program's own allocator's are not tracked. */
		if (sampled && allocate == malloc)
			ptr = trackable_block(size, false);
		trackable = ptr != NULL;
		if (!ptr)
			ptr = allocate(size);
	}
	if (sampled && ptr)
		as_emit_sample(type, size, offset, ptr, trackable, ip);
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
	bool sampled, trackable;
	void *ptr;

	if (__builtin_mul_overflow(nmemb, size, &bytes))
		return calloc(nmemb, size); /* libc's NULL and ENOMEM; no trial */
	sampled = as_thread_account(bytes, &offset);
	as_sampler_hold(sampler);
	ptr = sampled ? trackable_block(bytes, true) : NULL;
	trackable = ptr != NULL;
	if (!ptr)
		ptr = calloc(nmemb, size);
	as_sampler_release(sampler);
	if (sampled && ptr)
		as_emit_sample(type, bytes, offset, ptr, trackable, AS_CALLER_IP());
	return ptr;
}

AS_EXPORT void allocsample_record(const char *type, size_t size)
{
	uint64_t offset;

	if (as_thread_account(size, &offset))
		as_emit_sample(type, size, offset, NULL, false, AS_CALLER_IP());
}

AS_EXPORT void allocsample_scope_push(const char *name)
{
	as_type_scope_push(name);
}

AS_EXPORT void allocsample_scope_pop(void)
{
	as_type_scope_pop();
}
