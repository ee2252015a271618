/*
 * unloads.c - whether the calling thread may trust libunwind's frame cache
 * (unloads.h says why it may not).
 *
 * A process-wide generation counts the dlclose calls that unloaded at least
 * one object (the loader's own count, dl_phdr_info.dlpi_subs, read before
 * and after).  Each thread notes the generation of its first cached walk;
 * once an unload moves the generation past it, the thread's cache may
 * describe code that is gone, and its walks go to libgcc's unwinder for
 * the rest of its life: a thread that started after the unload has a clean
 * cache and keeps the fast walk.  While any dlclose is under way, every
 * walk takes the slow one: an object unmapped by it could be replaced
 * before the generation moves.
 */
#include <link.h>
#include <stddef.h>
#include <stdint.h>

#include "export.h"
#include "unloads.h"

static uint64_t generation;     /* atomic: dlclose calls that unloaded something */
static unsigned in_progress;    /* atomic: dlclose calls under way */
static int watched;             /* atomic: the preload shim reports dlclose */

/* The generation + 1 when the thread's cache was begun; 0: not yet. */
static __thread uint64_t thread_epoch __attribute__((tls_model("initial-exec")));

bool as_unloads_cache_trusted(void)
{
	uint64_t now;

	if (!__atomic_load_n(&watched, __ATOMIC_ACQUIRE) ||
	    __atomic_load_n(&in_progress, __ATOMIC_SEQ_CST) != 0)
		return false;
	now = __atomic_load_n(&generation, __ATOMIC_SEQ_CST) + 1;
	if (thread_epoch == 0)
		thread_epoch = now;
	return thread_epoch == now;
}

static int read_unloaded(struct dl_phdr_info *info, size_t size, void *data)
{
	if (size >= offsetof(struct dl_phdr_info, dlpi_subs) + sizeof(info->dlpi_subs))
		*(unsigned long long *) data = info->dlpi_subs;
	return 1; /* every object carries the same counts: the first tells */
}

AS_EXPORT unsigned long long allocsample_internal_unload_begin(void)
{
	unsigned long long unloaded = 0;

	__atomic_add_fetch(&in_progress, 1, __ATOMIC_SEQ_CST);
	dl_iterate_phdr(read_unloaded, &unloaded);
	return unloaded;
}

AS_EXPORT void allocsample_internal_unload_end(unsigned long long unloaded_before)
{
	unsigned long long unloaded = unloaded_before;

	dl_iterate_phdr(read_unloaded, &unloaded);
	/* Another thread's unload counted here too: moving the generation
	 * once more than needed only costs speed. */
	if (unloaded != unloaded_before)
		__atomic_add_fetch(&generation, 1, __ATOMIC_SEQ_CST);
	__atomic_sub_fetch(&in_progress, 1, __ATOMIC_SEQ_CST);
}

AS_EXPORT void allocsample_internal_unloads_watched(void)
{
	__atomic_store_n(&watched, 1, __ATOMIC_RELEASE);
}
