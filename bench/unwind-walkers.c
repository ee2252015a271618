/*
 * unwind-walkers.c - the stack walks bench/unwinders compares, in a shared
 * object built like liballocsample.so, as the shim's walk is.
 */
#define UNW_LOCAL_ONLY
#include <dlfcn.h>
#include <libunwind.h>
#include <stdint.h>
#include <unwind.h>

#include "unwind/rule_cache.h"
#include "unwind/stack_walk.h"
#include "unwind/unloads.h"
#include "unwind-walkers.h"

#define EXPORT __attribute__((visibility("default")))

/* libgcc's, looked up in libgcc_s: libunwind defines the same names. */
static __typeof__(_Unwind_Backtrace) *libgcc_backtrace;
static __typeof__(_Unwind_GetIPInfo) *libgcc_ip_info;

struct libgcc_walk {
	uint64_t *frames;
	int n, max;
};

static _Unwind_Reason_Code visit(struct _Unwind_Context *context, void *data)
{
	struct libgcc_walk *walk = data;
	int interrupted = 0;
	uintptr_t pc;

	if (walk->n == walk->max)
		return _URC_NORMAL_STOP;
	pc = libgcc_ip_info(context, &interrupted);
	if (pc == 0)
		return _URC_END_OF_STACK;
	walk->frames[walk->n++] = pc + (interrupted ? 1 : 0);
	return _URC_NO_REASON;
}

/* The shim's own: src/unwind/stack_walk.c, its rule cache on as under the preload
 * shim (the constructor below says every dlclose is reported). */
EXPORT int walk_allocsample(uint64_t *frames, int max)
{
	void *raw[256];
	unsigned n = as_stack_walk(raw, max < 256 ? (unsigned) max : 256);

	for (unsigned i = 0; i < n; i++)
		frames[i] = (uintptr_t) raw[i];
	return (int) n;
}

EXPORT void clear_allocsample_cache(void)
{
	as_rule_cache_clear();
}

EXPORT int walk_libgcc(uint64_t *frames, int max)
{
	struct libgcc_walk walk = { frames, 0, max };

	libgcc_backtrace(visit, &walk);
	return walk.n;
}

/* `frames` holds uint64_t; unw_backtrace writes pointers of the same size. */
EXPORT int walk_unw_backtrace(uint64_t *frames, int max)
{
	void *raw[256];
	int n = unw_backtrace(raw, max < 256 ? max : 256);

	for (int i = 0; i < n; i++)
		frames[i] = (uintptr_t) raw[i];
	return n;
}

EXPORT int walk_unw_step(uint64_t *frames, int max)
{
	unw_context_t context;
	unw_cursor_t cursor;
	int n = 0;

	unw_getcontext(&context);
	if (unw_init_local(&cursor, &context) < 0)
		return 0;
	while (n < max && unw_step(&cursor) > 0) {
		unw_word_t ip;

		unw_get_reg(&cursor, UNW_REG_IP, &ip);
		frames[n++] = ip;
	}
	return n;
}

EXPORT void set_unw_policy(int global)
{
	unw_set_caching_policy(unw_local_addr_space, global ? UNW_CACHE_GLOBAL : UNW_CACHE_NONE);
}

/* The walk stops at the first frame built without frame pointers, whose
 * %rbp is no frame pointer, unless it happens to pass the checks. */
EXPORT int walk_frame_pointers(uint64_t *frames, int max, uintptr_t stack_end)
{
	const uintptr_t *fp = __builtin_frame_address(0);
	int n = 0;

	while (n < max) {
		uintptr_t next = fp[0];

		if (fp[1] == 0)
			break;
		frames[n++] = fp[1];
		if (next <= (uintptr_t) fp || next + 16 > stack_end || (next & 7) != 0)
			break;
		fp = (const uintptr_t *) next;
	}
	return n;
}

__attribute__((constructor)) static void find_libgcc(void)
{
	allocsample_internal_unloads_watched();
	as_stack_walk_init();
	void *libgcc = dlopen("libgcc_s.so.1", RTLD_NOW);

	if (libgcc) {
		libgcc_backtrace = (__typeof__(libgcc_backtrace)) dlsym(libgcc, "_Unwind_Backtrace");
		libgcc_ip_info = (__typeof__(libgcc_ip_info)) dlsym(libgcc, "_Unwind_GetIPInfo");
	}
}
