/* class_cache.h - what a reader learned of each event class, checked once per class. */
#ifndef ALLOCSAMPLE_REPORT_READ_CLASS_CACHE_H
#define ALLOCSAMPLE_REPORT_READ_CLASS_CACHE_H

#include <babeltrace2/babeltrace.h>
#include <glib.h>

/* How many classes are answered without the hash table: a sample and its
 * free alternate, and a reader sees every event of the trace. */
#define ASR_CLASS_CACHE_RECENT 4

/*
 * Every reader checks an event class at its first event (which fields, at
 * which indices, whether the class is one it reads) and keeps the answer,
 * its "layout", for every later event of the class.  Events come in runs
 * of one class or alternate between a few (AllocationSampled and
 * SampledFree): the classes read last are answered by a comparison each,
 * the others by a hash look-up.
 */
struct asr_class_cache {
	GHashTable *layouts;     /* const bt_event_class * (reference held) -> layout (g_free'd) */
	/* The classes found last and their layouts, replaced in turn.  Never
	 * stale: a class is held until fini, and so is its layout. */
	const bt_event_class *recent_class[ASR_CLASS_CACHE_RECENT];
	void *recent_layout[ASR_CLASS_CACHE_RECENT];
	unsigned next_recent;    /* the entry the next class found replaces */
};

/* GLib aborts when out of memory, so init cannot fail. */
void asr_class_cache_init(struct asr_class_cache *cache);
void asr_class_cache_fini(struct asr_class_cache *cache);

/* Makes `ec` and its layout one of the recent classes. */
void asr_class_cache_remember(struct asr_class_cache *cache, const bt_event_class *ec, void *layout);

/* The layout kept for `ec`, or NULL when the class has not been checked. */
static inline void *asr_class_cache_find(struct asr_class_cache *cache, const bt_event_class *ec)
{
	void *layout;
	unsigned i;

	for (i = 0; i < ASR_CLASS_CACHE_RECENT; i++) {
		if (cache->recent_class[i] == ec)
			return cache->recent_layout[i];
	}
	layout = g_hash_table_lookup(cache->layouts, ec);
	if (layout)
		asr_class_cache_remember(cache, ec, layout);
	return layout;
}

/* Keeps `layout` (g_malloc'ed, now owned by the cache) for `ec`, and
 * returns it. */
void *asr_class_cache_add(struct asr_class_cache *cache, const bt_event_class *ec, void *layout);

#endif
