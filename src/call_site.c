/*
 * call_site.c - the allocating call site of a sampled object: the first
 * return address outside the allocator and language runtimes.
 *
 * The wrappers pass the return address into whoever called malloc or
 * operator new.  When the program called them itself, that is its call site.
 * But much of a program's memory is asked for on its behalf: strdup, fopen
 * and qsort are in the C library, std::string grows inside libstdc++, and an
 * allocator preloaded after us may route one entry point through another.
 * Their return address names a runtime function that every caller shares,
 * which tells the user nothing.  So, when the address lies in such an
 * object, the call site is the first frame of the sample's stack outside
 * them (stack.c walks it once, for the stack and the site alike): strdup
 * called from parse_line() is reported at parse_line()'s call.
 *
 * Objects are told apart with glibc's _dl_find_object (2.35 and later),
 * which takes no lock and does not allocate, so it is safe inside malloc
 * whatever the thread interrupted.  Without it every address counts as the
 * program's.
 */
#include <dlfcn.h>
#include <link.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "call_site.h"
#include "export.h"
#include "unloads.h"

/* Objects noted by the preload shim (itself, its next allocator) and this
 * library.  Written once each, read without a lock. */
#define MAX_NOTED 8

#ifdef DLFO_EH_SEGMENT_TYPE

static struct link_map *noted[MAX_NOTED];
static unsigned noted_count; /* atomic */

static struct link_map *object_of(const void *address)
{
	struct dl_find_object found;

	if (_dl_find_object((void *) address, &found) != 0)
		return NULL;
	return found.dlfo_link_map;
}

AS_EXPORT void allocsample_internal_note_runtime(const void *address)
{
	struct link_map *map = object_of(address);
	unsigned i, slot, n = __atomic_load_n(&noted_count, __ATOMIC_ACQUIRE);

	if (!map)
		return;
	/* Threads racing through the shim's resolution note the same
	 * objects; a duplicate that slips through only wastes a slot. */
	for (i = 0; i < n && i < MAX_NOTED; i++) {
		if (__atomic_load_n(&noted[i], __ATOMIC_ACQUIRE) == map)
			return;
	}
	slot = __atomic_fetch_add(&noted_count, 1, __ATOMIC_ACQ_REL);
	if (slot < MAX_NOTED)
		__atomic_store_n(&noted[slot], map, __ATOMIC_RELEASE);
}

/* The system's runtimes, by file name: they may be loaded after us (a C++
 * plugin dlopen'ed late), so their link maps cannot be cached up front. */
static bool runtime_name(const char *path)
{
	static const char *const prefixes[] = {
		"libc.so.", "libstdc++.so.", "libgcc_s.so.", "ld-linux", "libc++.so.",
		"libc++abi.so.", "liballocsample",
	};
	const char *base = strrchr(path, '/');
	size_t i;

	base = base ? base + 1 : path;
	for (i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
		if (strncmp(base, prefixes[i], strlen(prefixes[i])) == 0)
			return true;
	}
	return false;
}

static bool map_is_runtime(const struct link_map *map, unsigned noted_now)
{
	for (unsigned i = 0; i < noted_now && i < MAX_NOTED; i++) {
		if (__atomic_load_n(&noted[i], __ATOMIC_ACQUIRE) == map)
			return true;
	}
	/* The main program's name is empty. */
	return map->l_name && runtime_name(map->l_name);
}

/*
 * The last object this thread asked about, and the answer: a thread's
 * samples come from a few objects, and the question costs a lookup and
 * seven string comparisons.  Trusted only in the unload generation and
 * with the notes it was made with (unloads.h); written and read by its
 * thread alone (a signal handler cannot reach it: the sampler is held).
 */
struct last_object {
	uintptr_t start, length;
	uint32_t generation;
	unsigned noted;
	bool valid, runtime;
};

static __thread struct last_object last_object __attribute__((tls_model("initial-exec")));

static bool in_runtime(const void *address)
{
	struct last_object *last = &last_object;
	uintptr_t at = (uintptr_t) address;
	unsigned noted_now = __atomic_load_n(&noted_count, __ATOMIC_ACQUIRE);
	uint32_t generation = 0;
	bool cached = as_unloads_generation(&generation);
	struct dl_find_object found;

	if (cached && last->valid && at - last->start < last->length && last->generation == generation &&
	    last->noted == noted_now)
		return last->runtime;
	/* Code outside every object (a JIT's) belongs to the program. */
	if (_dl_find_object((void *) address, &found) != 0)
		return false;
	*last = (struct last_object) {
		.start = (uintptr_t) found.dlfo_map_start,
		.length = (uintptr_t) found.dlfo_map_end - (uintptr_t) found.dlfo_map_start,
		.generation = generation,
		.noted = noted_now,
		.valid = cached,
		.runtime = map_is_runtime(found.dlfo_link_map, noted_now),
	};
	return last->runtime;
}

bool as_call_site_in_runtime(const void *ip)
{
	return in_runtime(ip);
}

const void *as_call_site(void *const *frames, unsigned n, const void *ip)
{
	for (unsigned i = 0; i < n; i++) {
		if (!in_runtime(frames[i]))
			return frames[i];
	}
	return ip;
}

#else

AS_EXPORT void allocsample_internal_note_runtime(const void *address)
{
	(void) address;
}

bool as_call_site_in_runtime(const void *ip)
{
	(void) ip;
	return false;
}

const void *as_call_site(void *const *frames, unsigned n, const void *ip)
{
	(void) frames;
	(void) n;
	return ip;
}

#endif

/* This library is a runtime object however it was installed or renamed. */
__attribute__((constructor)) static void note_self(void)
{
	allocsample_internal_note_runtime((const void *) as_call_site_in_runtime);
}
