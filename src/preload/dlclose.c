/*
 * dlclose.c - the program's dlclose, reported to liballocsample.so so that
 * stacks walked after an unload never trust a frame cache that may
 * describe code no longer there (src/unwind/unloads.h).
 *
 * The next dlclose is looked up on first use rather than at load: this
 * one can be called before the shim's constructors run (a constructor of
 * a library loaded before it).  dlsym never calls dlclose, so the lookup
 * cannot recurse.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>

#include "preload.h"
#include "unwind/unloads.h"

typedef int (*dlclose_fn)(void *);

static dlclose_fn next_dlclose(void)
{
	static dlclose_fn next; /* atomic */
	dlclose_fn fn = __atomic_load_n(&next, __ATOMIC_ACQUIRE);

	if (__builtin_expect(fn != NULL, 1))
		return fn;
	fn = (dlclose_fn) as_next_lookup("dlclose", NULL);
	if (!fn)
		abort(); /* no C library defines dlclose: nothing can unload */
	__atomic_store_n(&next, fn, __ATOMIC_RELEASE);
	return fn;
}

AS_EXPORT int dlclose(void *handle)
{
	dlclose_fn fn = next_dlclose();
	unsigned long long unloaded = allocsample_internal_unload_begin();
	int ret = fn(handle);
	int saved_errno = errno;

	allocsample_internal_unload_end(unloaded);
	errno = saved_errno;
	return ret;
}

__attribute__((constructor)) static void watch_unloads(void)
{
	allocsample_internal_unloads_watched();
}
