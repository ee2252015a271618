/* class_cache.c - layouts per event class (see class_cache.h). */
#include <string.h>

#include "read/class_cache.h"

void asr_class_cache_init(struct asr_class_cache *cache)
{
	cache->layouts = g_hash_table_new_full(g_direct_hash, g_direct_equal,
					       (GDestroyNotify) bt_event_class_put_ref, g_free);
	cache->last_class = NULL;
	cache->last_layout = NULL;
}

void asr_class_cache_fini(struct asr_class_cache *cache)
{
	if (cache->layouts)
		g_hash_table_destroy(cache->layouts);
	memset(cache, 0, sizeof *cache);
}

void *asr_class_cache_add(struct asr_class_cache *cache, const bt_event_class *ec, void *layout)
{
	bt_event_class_get_ref(ec);
	g_hash_table_insert(cache->layouts, (gpointer) ec, layout);
	cache->last_class = ec;
	cache->last_layout = layout;
	return layout;
}
