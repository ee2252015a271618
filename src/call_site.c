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
 * which tells the user nothing.  So, only when an event is about to be
 * emitted (the rare slow path, after the tracepoint was found enabled) and
 * only when the address lies in such an object, the stack is walked to the
 * first return address outside them: strdup called from parse_line() is
 * reported at parse_line()'s call.
 *
 * Objects are told apart with glibc's _dl_find_object (2.35 and later),
 * which takes no lock and does not allocate, so it is safe inside malloc
 * whatever the thread interrupted.  The walk uses libgcc's unwinder, which
 * since GCC 12 finds unwind tables through the same function.  The sampler
 * is held meanwhile (as_emit_sample), so an allocation the unwinder might
 * make is neither sampled nor recursive.  Without _dl_find_object the
 * address is reported as given.
 */
#include <dlfcn.h>
#include <link.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <unwind.h>

#include "call_site.h"
#include "export.h"

/* Frames examined at most, our own four or five included: deep enough for
 * libstdc++'s and libc's nesting, cheap enough for every sampled event. */
#define MAX_FRAMES 20

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

static bool in_runtime(const void *address)
{
	struct link_map *map = object_of(address);
	unsigned i, n = __atomic_load_n(&noted_count, __ATOMIC_ACQUIRE);

	/* Code outside every object (a JIT's) belongs to the program. */
	if (!map)
		return false;
	for (i = 0; i < n && i < MAX_NOTED; i++) {
		if (__atomic_load_n(&noted[i], __ATOMIC_ACQUIRE) == map)
			return true;
	}
	/* The main program's name is empty. */
	return map->l_name && runtime_name(map->l_name);
}

struct walk {
	const void *site;
	unsigned frames;
};

static _Unwind_Reason_Code visit(struct _Unwind_Context *context, void *data)
{
	struct walk *walk = data;
	int before = 0;
	uintptr_t pc = _Unwind_GetIPInfo(context, &before);

	if (pc == 0 || ++walk->frames > MAX_FRAMES)
		return _URC_NORMAL_STOP;
	if (in_runtime((const void *) pc))
		return _URC_NO_REASON;
	/* A frame interrupted by a signal gives the address of its next
	 * instruction, not a return address: make it look like one, since
	 * the analysis looks up the address minus one. */
	walk->site = (const void *) (pc + (before ? 1 : 0));
	return _URC_NORMAL_STOP;
}

const void *as_call_site(const void *ip)
{
	struct walk walk = { NULL, 0 };

	if (!in_runtime(ip))
		return ip;
	_Unwind_Backtrace(visit, &walk);
	return walk.site ? walk.site : ip;
}

#else

AS_EXPORT void allocsample_internal_note_runtime(const void *address)
{
	(void) address;
}

const void *as_call_site(const void *ip)
{
	return ip;
}

#endif

/* This library is a runtime object however it was installed or renamed. */
__attribute__((constructor)) static void note_self(void)
{
	allocsample_internal_note_runtime((const void *) as_call_site);
}
