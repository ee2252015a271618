/* class_cache.c - layouts per event class (see class_cache.h). */
#include <string.h>

#include "read/class_cache.h"

void asr_class_cache_init(struct asr_class_cache *cache)
{
	memset(cache, 0, sizeof *cache);
	cache->layouts = g_hash_table_new_full(g_direct_hash, g_direct_equal,
					       (GDestroyNotify) bt_event_class_put_ref, g_free);
}

void asr_class_cache_fini(struct asr_class_cache *cache)
{
	if (cache->layouts)
		g_hash_table_destroy(cache->layouts);
	memset(cache, 0, sizeof *cache);
}

void asr_class_cache_remember(struct asr_class_cache *cache, const bt_event_class *ec, void *layout)
{
	cache->recent_class[cache->next_recent] = ec;
	cache->recent_layout[cache->next_recent] = layout;
	cache->next_recent = (cache->next_recent + 1) % ASR_CLASS_CACHE_RECENT;
}

void *asr_class_cache_add(struct asr_class_cache *cache, const bt_event_class *ec, void *layout)
{
	bt_event_class_get_ref(ec);
	g_hash_table_insert(cache->layouts, (gpointer) ec, layout);
	asr_class_cache_remember(cache, ec, layout);
	return layout;
}
