/*
 * unloads.c - the count of unloads that tags cached unwind rules
 * (unloads.h).
 *
 * The generation counts the dlclose calls that unloaded at least one
 * object, by the loader's own count (dl_phdr_info.dlpi_subs) read before
 * and after.  While a dlclose is under way, no walk uses the cache: an
 * object it unmaps could be replaced before the generation moves.
 */
#include <link.h>
#include <stddef.h>

#include "export.h"
#include "rule_cache.h"
#include "unloads.h"

static uint32_t generation;     /* atomic: dlclose calls that unloaded something */
static unsigned in_progress;    /* atomic: dlclose calls under way */
static int watched;             /* atomic: the preload shim reports dlclose */

bool as_unloads_generation(uint32_t *out)
{
	if (!__atomic_load_n(&watched, __ATOMIC_ACQUIRE) ||
	    __atomic_load_n(&in_progress, __ATOMIC_SEQ_CST) != 0)
		return false;
	*out = __atomic_load_n(&generation, __ATOMIC_SEQ_CST);
	return true;
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
	 * once more than needed only costs a few lookups. */
	if (unloaded != unloaded_before &&
	    __atomic_add_fetch(&generation, 1, __ATOMIC_SEQ_CST) % AS_RULE_CACHE_GENERATIONS == 0)
		as_rule_cache_clear();
	__atomic_sub_fetch(&in_progress, 1, __ATOMIC_SEQ_CST);
}

AS_EXPORT void allocsample_internal_unloads_watched(void)
{
	__atomic_store_n(&watched, 1, __ATOMIC_RELEASE);
}
