/* unloads.h - whether the calling thread may trust libunwind's frame cache, objects having been unloaded. */
#ifndef ALLOCSAMPLE_UNLOADS_H
#define ALLOCSAMPLE_UNLOADS_H

#include <stdbool.h>

/*
 * libunwind's fast walk (unw_backtrace) keeps a per-thread cache of how to
 * step over the frame at each return address, keyed by address alone, that
 * nothing can flush: unw_flush_cache does not reach it (libunwind 1.6.2 to
 * 1.8, src/x86_64/Gtrace.c).  After an object is unloaded, another may be
 * mapped at its addresses, and a cached step would then be applied to code
 * it does not describe: wrong frames, or a read through a wrong pointer.
 *
 * Returns true when the calling thread's cache cannot hold entries of an
 * unloaded object: the preload shim reports every dlclose, none is under
 * way, and none unloaded anything since the thread's first cached walk
 * (which this call records).  False sends the walk to libgcc's unwinder,
 * which caches nothing.  Lock-free, allocation-free.
 */
bool as_unloads_cache_trusted(void);

/*
 * The preload shim's dlclose calls these around the next dlclose:
 * begin returns the loader's count of unloaded objects, end compares it
 * with the count after.  Exported under reserved names.
 */
unsigned long long allocsample_internal_unload_begin(void);
void allocsample_internal_unload_end(unsigned long long unloaded_before);

/* Called once by the preload shim: every dlclose of the program goes
 * through it.  Without the shim (the typed API alone), no cache is trusted. */
void allocsample_internal_unloads_watched(void);

#endif
