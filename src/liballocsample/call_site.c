/*
 * call_site.c - the allocating call site of a sampled object: the first
 * return address outside the allocator and language runtimes; and whether
 * the allocation was lttng-ust's rather than the program's.
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
 * The same look up the stack tells the tracer's allocations apart: lttng-ust
 * allocates in the traced process (registering with the session daemon,
 * its state dump, its dlopen and fork wrappers' bookkeeping, its threads),
 * mostly through the C library, and none of it is the program's.  The first
 * frame outside the runtimes then lies in lttng-ust (doc/sampling.md, "The
 * tracer's own allocations").
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
#include "unwind/unloads.h"

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

/* Whether the file name of `path` starts with one of `prefixes`. */
static bool named(const char *path, const char *const *prefixes, size_t count)
{
	const char *base = strrchr(path, '/');
	size_t i;

	base = base ? base + 1 : path;
	for (i = 0; i < count; i++) {
		if (strncmp(base, prefixes[i], strlen(prefixes[i])) == 0)
			return true;
	}
	return false;
}

#define NAMED(path, prefixes) named(path, prefixes, sizeof prefixes / sizeof prefixes[0])

/* The system's runtimes and the tracer's objects, by file name: they may be
 * loaded after us (a C++ plugin dlopen'ed late), so their link maps cannot
 * be cached up front.  libnuma is lttng-ust's dependency and may be the
 * program's: a runtime, whose callers decide. */
static enum as_origin origin_by_name(const char *path)
{
	static const char *const runtimes[] = {
		"libc.so.", "libstdc++.so.", "libgcc_s.so.", "ld-linux", "libc++.so.",
		"libc++abi.so.", "liballocsample", "libnuma.so.",
	};
	static const char *const tracer[] = {
		"liblttng-ust.so.", "liblttng-ust-common.so.", "liblttng-ust-tracepoint.so.",
	};

	if (NAMED(path, runtimes))
		return AS_ORIGIN_RUNTIME;
	if (NAMED(path, tracer))
		return AS_ORIGIN_TRACER;
	if (strstr(path, "/liblttng-ust-") || strncmp(path, "liblttng-ust-", 13) == 0)
		return AS_ORIGIN_WRAPPER;
	return AS_ORIGIN_PROGRAM;
}

static enum as_origin map_origin(const struct link_map *map, unsigned noted_now)
{
	for (unsigned i = 0; i < noted_now && i < MAX_NOTED; i++) {
		if (__atomic_load_n(&noted[i], __ATOMIC_ACQUIRE) == map)
			return AS_ORIGIN_RUNTIME;
	}
	/* The main program's name is empty. */
	return map->l_name ? origin_by_name(map->l_name) : AS_ORIGIN_PROGRAM;
}

/*
 * The last object this thread asked about, and the answer: a thread's
 * samples come from a few objects, and the question costs a lookup and
 * a dozen string comparisons.  Trusted only in the unload generation and
 * with the notes it was made with (unloads.h); written and read by its
 * thread alone (a signal handler cannot reach it: the sampler is held).
 */
struct last_object {
	uintptr_t start, length;
	uint32_t generation;
	unsigned noted;
	bool valid;
	enum as_origin origin;
};

static __thread struct last_object last_object __attribute__((tls_model("initial-exec")));

/* The origin of `address`; leaves the object's bounds in last_object. */
static enum as_origin origin_of(const void *address)
{
	struct last_object *last = &last_object;
	uintptr_t at = (uintptr_t) address;
	unsigned noted_now = __atomic_load_n(&noted_count, __ATOMIC_ACQUIRE);
	uint32_t generation = 0;
	bool cached = as_unloads_generation(&generation);
	struct dl_find_object found;

	if (cached && last->valid && at - last->start < last->length && last->generation == generation &&
	    last->noted == noted_now)
		return last->origin;
	/* Code outside every object (a JIT's) belongs to the program. */
	if (_dl_find_object((void *) address, &found) != 0) {
		last->valid = false;
		return AS_ORIGIN_PROGRAM;
	}
	*last = (struct last_object) {
		.start = (uintptr_t) found.dlfo_map_start,
		.length = (uintptr_t) found.dlfo_map_end - (uintptr_t) found.dlfo_map_start,
		.generation = generation,
		.noted = noted_now,
		.valid = cached,
		.origin = map_origin(found.dlfo_link_map, noted_now),
	};
	return last->origin;
}

enum as_origin as_call_site_origin(const void *ip)
{
	return origin_of(ip);
}

/* Whether `address` lies in the object origin_of() looked up last. */
static bool in_last_object(const void *address)
{
	return (uintptr_t) address - last_object.start < last_object.length;
}

bool as_call_site(void *const *frames, unsigned n, const void *ip, const void **site)
{
	for (unsigned i = 0; i < n; i++) {
		switch (origin_of(frames[i])) {
		case AS_ORIGIN_PROGRAM:
			*site = frames[i];
			return false;
		case AS_ORIGIN_TRACER:
			return true;
		case AS_ORIGIN_WRAPPER:
			/* Called by the wrapper's own code: its bookkeeping. */
			if (i + 1 < n && in_last_object(frames[i + 1]))
				return true;
			break;
		case AS_ORIGIN_RUNTIME:
			break;
		}
	}
	*site = ip;
	return false;
}

#else

AS_EXPORT void allocsample_internal_note_runtime(const void *address)
{
	(void) address;
}

enum as_origin as_call_site_origin(const void *ip)
{
	(void) ip;
	return AS_ORIGIN_PROGRAM;
}

bool as_call_site(void *const *frames, unsigned n, const void *ip, const void **site)
{
	(void) frames;
	(void) n;
	*site = ip;
	return false;
}

#endif

/* This library is a runtime object however it was installed or renamed. */
__attribute__((constructor)) static void note_self(void)
{
	allocsample_internal_note_runtime((const void *) as_call_site_origin);
}
