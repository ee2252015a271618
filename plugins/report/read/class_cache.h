/* class_cache.h - what a reader learned of each event class, checked once per class. */
#ifndef ALLOCSAMPLE_REPORT_READ_CLASS_CACHE_H
#define ALLOCSAMPLE_REPORT_READ_CLASS_CACHE_H

#include <babeltrace2/babeltrace.h>
#include <glib.h>

/*
 * Every reader checks an event class at its first event (which fields, at
 * which indices, whether the class is one it reads) and keeps the answer,
 * its "layout", for every later event of the class.  Events come in runs of
 * one class: the class read last is answered by one comparison, the others
 * by a hash look-up.
 */
struct asr_class_cache {
	GHashTable *layouts;     /* const bt_event_class * (reference held) -> layout (g_free'd) */
	const bt_event_class *last_class;
	void *last_layout;
};

/* GLib aborts when out of memory, so init cannot fail. */
void asr_class_cache_init(struct asr_class_cache *cache);
void asr_class_cache_fini(struct asr_class_cache *cache);

/* The layout kept for `ec`, or NULL when the class has not been checked. */
static inline void *asr_class_cache_find(struct asr_class_cache *cache, const bt_event_class *ec)
{
	void *layout;

	if (ec == cache->last_class)
		return cache->last_layout;
	layout = g_hash_table_lookup(cache->layouts, ec);
	if (layout) {
		cache->last_class = ec;
		cache->last_layout = layout;
	}
	return layout;
}

/* Keeps `layout` (g_malloc'ed, now owned by the cache) for `ec`, and
 * returns it. */
void *asr_class_cache_add(struct asr_class_cache *cache, const bt_event_class *ec, void *layout);

#endif
