/*
 * malloc.c - the C allocation entry points of liballocsample-preload.so.
 *
 * Each wrapper accounts the requested size with the thread's sampler *before*
 * calling the next allocator.  On the fast path (no trial succeeded) it then
 * tail-calls that allocator, so `malloc` compiles to a thread-local subtract,
 * a branch and an indirect jump: errno, the return value and alignment are
 * the next allocator's, untouched.  Only the rare slow path calls the
 * allocator itself, to learn the pointer for the event.
 *
 * A request that fails still consumed its trials; a sample drawn in it emits
 * nothing, since nothing was allocated (doc/sampling.md).
 */
#include <errno.h>
#include <malloc.h>
#include <stdlib.h>

#include "preload.h"

AS_EXPORT void free(void *ptr)
{
	as_next.free(ptr);
}

AS_EXPORT size_t malloc_usable_size(void *ptr)
{
	return as_next.malloc_usable_size(ptr);
}

/*
 * The slow path of every entry point that takes just a size.  It is given
 * the table slot rather than the function, so that the fast path never
 * loads the function before its branch: `malloc` stays four instructions.
 */
static AS_SLOW void *sized_slow(void *(*const *slot)(size_t), size_t size, const char *entry,
				const void *ip)
{
	uint64_t offset;
	void *ptr;

	if (!allocsample_internal_sampler_slow(size, &offset))
		return (*slot)(size);
	ptr = (*slot)(size);
	if (ptr)
		allocsample_internal_report_untyped(entry, size, offset, ptr, ip);
	return ptr;
}

AS_EXPORT void *malloc(size_t size)
{
	if (as_sampler_fast(as_thread_sampler, size))
		return as_next.malloc(size);
	return sized_slow(&as_next.malloc, size, "malloc", AS_CALLER_IP());
}

static AS_SLOW void *calloc_slow(size_t nmemb, size_t size, size_t bytes, const void *ip)
{
	uint64_t offset;
	void *ptr;

	if (!allocsample_internal_sampler_slow(bytes, &offset))
		return as_next.calloc(nmemb, size);
	ptr = as_next.calloc(nmemb, size);
	if (ptr)
		allocsample_internal_report_untyped("calloc", bytes, offset, ptr, ip);
	return ptr;
}

AS_EXPORT void *calloc(size_t nmemb, size_t size)
{
	size_t bytes;

	/* An overflowing product allocates nothing: no trial, and the next
	 * calloc gives its own NULL and ENOMEM. */
	if (__builtin_mul_overflow(nmemb, size, &bytes))
		return as_next.calloc(nmemb, size);
	if (as_sampler_fast(as_thread_sampler, bytes))
		return as_next.calloc(nmemb, size);
	return calloc_slow(nmemb, size, bytes, AS_CALLER_IP());
}

/* realloc(p, 0) and realloc(NULL, 0) subtract nothing, so they never leave
 * the fast path: no trial, as doc/design.md section 1 asks. */
static AS_SLOW void *realloc_slow(void *old, size_t size, const char *entry, const void *ip)
{
	uint64_t offset;
	void *ptr;

	if (!allocsample_internal_sampler_slow(size, &offset))
		return as_next.realloc(old, size);
	ptr = as_next.realloc(old, size);
	if (ptr)
		allocsample_internal_report_untyped(entry, size, offset, ptr, ip);
	return ptr;
}

AS_EXPORT void *realloc(void *old, size_t size)
{
	if (as_sampler_fast(as_thread_sampler, size))
		return as_next.realloc(old, size);
	return realloc_slow(old, size, "realloc", AS_CALLER_IP());
}

/*
 * glibc's reallocarray calls realloc through the PLT, which would reach our
 * realloc and sample the bytes twice; so it is implemented here exactly as
 * glibc 2.36 does it: overflow check, then realloc.
 */
AS_EXPORT void *reallocarray(void *old, size_t nmemb, size_t size)
{
	size_t bytes;

	if (__builtin_mul_overflow(nmemb, size, &bytes)) {
		errno = ENOMEM;
		return NULL;
	}
	if (as_sampler_fast(as_thread_sampler, bytes))
		return as_next.realloc(old, bytes);
	return realloc_slow(old, bytes, "reallocarray", AS_CALLER_IP());
}

static AS_SLOW void *memalign_slow(void *(*const *slot)(size_t, size_t), size_t alignment,
				   size_t size, const char *entry, const void *ip)
{
	uint64_t offset;
	void *ptr;

	if (!allocsample_internal_sampler_slow(size, &offset))
		return (*slot)(alignment, size);
	ptr = (*slot)(alignment, size);
	if (ptr)
		allocsample_internal_report_untyped(entry, size, offset, ptr, ip);
	return ptr;
}

AS_EXPORT void *memalign(size_t alignment, size_t size)
{
	if (as_sampler_fast(as_thread_sampler, size))
		return as_next.memalign(alignment, size);
	return memalign_slow(&as_next.memalign, alignment, size, "memalign", AS_CALLER_IP());
}

AS_EXPORT void *aligned_alloc(size_t alignment, size_t size)
{
	if (as_sampler_fast(as_thread_sampler, size))
		return as_next.aligned_alloc(alignment, size);
	return memalign_slow(&as_next.aligned_alloc, alignment, size, "aligned_alloc", AS_CALLER_IP());
}

static AS_SLOW int posix_memalign_slow(void **out, size_t alignment, size_t size, const void *ip)
{
	uint64_t offset;
	int ret;

	if (!allocsample_internal_sampler_slow(size, &offset))
		return as_next.posix_memalign(out, alignment, size);
	ret = as_next.posix_memalign(out, alignment, size);
	if (ret == 0)
		allocsample_internal_report_untyped("posix_memalign", size, offset, *out, ip);
	return ret;
}

AS_EXPORT int posix_memalign(void **out, size_t alignment, size_t size)
{
	if (as_sampler_fast(as_thread_sampler, size))
		return as_next.posix_memalign(out, alignment, size);
	return posix_memalign_slow(out, alignment, size, AS_CALLER_IP());
}

AS_EXPORT void *valloc(size_t size)
{
	if (as_sampler_fast(as_thread_sampler, size))
		return as_next.valloc(size);
	return sized_slow(&as_next.valloc, size, "valloc", AS_CALLER_IP());
}

AS_EXPORT void *pvalloc(size_t size)
{
	if (as_sampler_fast(as_thread_sampler, size))
		return as_next.pvalloc(size);
	return sized_slow(&as_next.pvalloc, size, "pvalloc", AS_CALLER_IP());
}
