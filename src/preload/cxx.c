/*
 * cxx.c - C++ operator new and delete, every variant, for
 * liballocsample-preload.so.
 *
 * Written in C under the Itanium ABI's mangled names, so that C programs do
 * not get libstdc++ loaded by the shim.  Built with -fexceptions: a throwing
 * operator new unwinds through these frames, and the cleanup attribute then
 * releases the sampler's hold.
 *
 * Each new is chained to the next definition (libstdc++'s, or that of an
 * allocator preloaded after us), so new_handler, std::bad_alloc, nothrow
 * and the pairing with the matching delete stay exactly theirs.  libstdc++'s
 * operator new calls malloc, which lands in our malloc: the sampler is held
 * around the call so those bytes are not sampled twice.  The deletes
 * forward, after the free-tracking test of malloc.c: a tracked sampled
 * block's SampledFree first (doc/sampling.md, "Free tracking").
 *
 * The common case gets a shortcut.  libstdc++'s plain operator new is
 * malloc(size ? size : 1) with a loop, on failure, that calls the
 * new_handler and throws std::bad_alloc; its operator delete is free, and
 * its array and sized forms call those.  When the next definitions are
 * libstdc++'s and the program's global ones are ours (nobody replaced them),
 * the fast paths of new, new[] and their deletes call malloc and free
 * directly, and only a failed malloc enters libstdc++'s loop.  That saves a
 * hold, a second trip through our malloc and libstdc++'s frames: C++
 * programs pay what C programs pay.
 */
#include <dlfcn.h>
#include <string.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "preload.h"
#include "slots.h"

enum cxx_new {
	NEW, NEW_ARRAY, NEW_NOTHROW, NEW_ARRAY_NOTHROW,
	NEW_ALIGNED, NEW_ARRAY_ALIGNED, NEW_ALIGNED_NOTHROW, NEW_ARRAY_ALIGNED_NOTHROW,
	CXX_NEW_COUNT
};

enum cxx_delete {
	DELETE, DELETE_ARRAY, DELETE_SIZED, DELETE_ARRAY_SIZED,
	DELETE_NOTHROW, DELETE_ARRAY_NOTHROW, DELETE_ALIGNED, DELETE_ARRAY_ALIGNED,
	DELETE_SIZED_ALIGNED, DELETE_ARRAY_SIZED_ALIGNED,
	DELETE_ALIGNED_NOTHROW, DELETE_ARRAY_ALIGNED_NOTHROW,
	CXX_DELETE_COUNT
};

static const char *const new_symbols[CXX_NEW_COUNT] = {
	[NEW] = "_Znwm",
	[NEW_ARRAY] = "_Znam",
	[NEW_NOTHROW] = "_ZnwmRKSt9nothrow_t",
	[NEW_ARRAY_NOTHROW] = "_ZnamRKSt9nothrow_t",
	[NEW_ALIGNED] = "_ZnwmSt11align_val_t",
	[NEW_ARRAY_ALIGNED] = "_ZnamSt11align_val_t",
	[NEW_ALIGNED_NOTHROW] = "_ZnwmSt11align_val_tRKSt9nothrow_t",
	[NEW_ARRAY_ALIGNED_NOTHROW] = "_ZnamSt11align_val_tRKSt9nothrow_t",
};

static const char *const delete_symbols[CXX_DELETE_COUNT] = {
	[DELETE] = "_ZdlPv",
	[DELETE_ARRAY] = "_ZdaPv",
	[DELETE_SIZED] = "_ZdlPvm",
	[DELETE_ARRAY_SIZED] = "_ZdaPvm",
	[DELETE_NOTHROW] = "_ZdlPvRKSt9nothrow_t",
	[DELETE_ARRAY_NOTHROW] = "_ZdaPvRKSt9nothrow_t",
	[DELETE_ALIGNED] = "_ZdlPvSt11align_val_t",
	[DELETE_ARRAY_ALIGNED] = "_ZdaPvSt11align_val_t",
	[DELETE_SIZED_ALIGNED] = "_ZdlPvmSt11align_val_t",
	[DELETE_ARRAY_SIZED_ALIGNED] = "_ZdaPvmSt11align_val_t",
	[DELETE_ALIGNED_NOTHROW] = "_ZdlPvSt11align_val_tRKSt9nothrow_t",
	[DELETE_ARRAY_ALIGNED_NOTHROW] = "_ZdaPvSt11align_val_tRKSt9nothrow_t",
};

/* The C++ runtime may be loaded after us (a dlopen'ed C++ plugin), so the
 * entries are resolved when first used; NULL means not yet. */
static void *next_new_fn[CXX_NEW_COUNT];
static void *next_delete_fn[CXX_DELETE_COUNT];

static void *resolve(void **slot, const char *symbol)
{
	void *fn = __atomic_load_n(slot, __ATOMIC_ACQUIRE);

	if (__builtin_expect(fn != NULL, 1))
		return fn;
	fn = as_next_lookup(symbol, "libstdc++.so.6");
	if (fn)
		__atomic_store_n(slot, fn, __ATOMIC_RELEASE);
	return fn;
}

static void *next_new(enum cxx_new variant)
{
	static const char message[] = "allocsample: operator new called, but no C++ runtime defines it\n";
	void *fn = resolve(&next_new_fn[variant], new_symbols[variant]);
	ssize_t ignored;

	if (fn)
		return fn;
	ignored = write(STDERR_FILENO, message, sizeof(message) - 1);
	(void) ignored; /* aborting either way */
	abort();
}

/* std::align_val_t is passed as a size_t and std::nothrow_t const & as a
 * pointer under the Itanium C++ ABI. */
static void *call_new(enum cxx_new variant, size_t size, size_t alignment, const void *nothrow)
{
	void *fn = next_new(variant);

	switch (variant) {
	case NEW:
	case NEW_ARRAY:
		return ((void *(*)(size_t)) fn)(size);
	case NEW_NOTHROW:
	case NEW_ARRAY_NOTHROW:
		return ((void *(*)(size_t, const void *)) fn)(size, nothrow);
	case NEW_ALIGNED:
	case NEW_ARRAY_ALIGNED:
		return ((void *(*)(size_t, size_t)) fn)(size, alignment);
	case NEW_ALIGNED_NOTHROW:
	case NEW_ARRAY_ALIGNED_NOTHROW:
	case CXX_NEW_COUNT:
		break;
	}
	return ((void *(*)(size_t, size_t, const void *)) fn)(size, alignment, nothrow);
}

static void release_hold(struct as_sampler **sampler)
{
	as_sampler_release(*sampler);
}

/* The next operator new, with our sampler held: its own malloc is not ours
 * to sample.  The cleanup attribute releases the hold if it throws. */
static void *held_call_new(enum cxx_new variant, size_t size, size_t alignment, const void *nothrow)
{
	struct as_sampler *held __attribute__((cleanup(release_hold))) = as_thread_sampler;

	as_sampler_hold(held);
	return call_new(variant, size, alignment, nothrow);
}


/* Whether every operator new and delete after us is libstdc++'s (atomic):
 * 0 not known yet, 1 yes, 2 no.  See tracked_new(). */
static int all_libstdcxx;

static bool next_all_libstdcxx(void);

/*
 * A sampled block for operator new whose deletes will be seen: libstdc++'s
 * operator new is malloc (or aligned_alloc) with a new_handler loop on
 * failure, and its deletes all end in free, so a page-aligned block from the
 * next allocator is one it can release.  Another runtime's (tcmalloc's, say)
 * may keep its own books: its blocks are left as it gives them, untracked.
 * NULL when tracking is not wanted or not possible, or the aligned request
 * fails; the caller then goes through the next operator new, loop and all.
 */
static void *tracked_new(size_t size, size_t alignment)
{
	if (!next_all_libstdcxx() || !allocsample_internal_track_wanted())
		return NULL;
	return as_tracked_block(alignment, size);
}

static AS_SLOW void *new_slow(enum cxx_new variant, size_t size, size_t alignment,
			      const void *nothrow, const void *ip)
{
	bool array = variant == NEW_ARRAY || variant == NEW_ARRAY_NOTHROW ||
		     variant == NEW_ARRAY_ALIGNED || variant == NEW_ARRAY_ALIGNED_NOTHROW;
	const char *entry = array ? "operator new[]" : "operator new";
	uint64_t offset;
	bool sampled = allocsample_internal_sampler_slow(size, &offset);
	void *ptr = sampled ? tracked_new(size, alignment) : NULL;

	if (ptr) {
		allocsample_internal_report_trackable(entry, size, offset, ptr, ip);
		return ptr;
	}
	ptr = held_call_new(variant, size, alignment, nothrow);
	if (sampled && ptr)
		allocsample_internal_report_untyped(entry, size, offset, ptr, ip);
	return ptr;
}

/* What the fast paths of the plain forms call: libstdc++'s behaviour
 * through malloc and free, or the next definitions, chained. */
struct cxx_fast {
	void *(*new_)(size_t);
	void *(*new_array)(size_t);
	void (*delete_)(void *);
	void (*delete_array)(void *);
	void (*delete_sized)(void *, size_t);
	void (*delete_array_sized)(void *, size_t);
};

static struct cxx_fast cxx_fast;

static void *new_through_malloc(size_t size)
{
	void *ptr = as_next.malloc(size ? size : 1);

	if (__builtin_expect(ptr != NULL, 1))
		return ptr;
	return held_call_new(NEW, size, 0, NULL);
}

static void *new_array_through_malloc(size_t size)
{
	void *ptr = as_next.malloc(size ? size : 1);

	if (__builtin_expect(ptr != NULL, 1))
		return ptr;
	return held_call_new(NEW_ARRAY, size, 0, NULL);
}

/* The check inline, not a jump through malloc.c's free entry: the deletes
 * are already reached through cxx_fast, so the entry would add a jump once
 * a block was tracked, to save two instructions where C++ pays less than
 * without the shim (doc/performance.md section 1). */
static void delete_through_free(void *ptr)
{
	if (AS_MAYBE_TRACKED(ptr))
		return as_preload_free_slow(ptr, AS_CALLER_IP());
	as_next.free(ptr);
}

static void delete_sized_through_free(void *ptr, size_t size)
{
	(void) size;
	if (AS_MAYBE_TRACKED(ptr))
		return as_preload_free_slow(ptr, AS_CALLER_IP());
	as_next.free(ptr);
}

static void *chained_new(size_t size)
{
	return held_call_new(NEW, size, 0, NULL);
}

static void *chained_new_array(size_t size)
{
	return held_call_new(NEW_ARRAY, size, 0, NULL);
}

/* Without a C++ runtime's delete (none loaded yet), its memory came from a
 * malloc-compatible new, which is what libstdc++'s delete assumes too. */
static void *next_delete(enum cxx_delete variant)
{
	void *fn = resolve(&next_delete_fn[variant], delete_symbols[variant]);

	return fn ? fn : (void *) as_next.free;
}

typedef void (*delete_fn)(void *);
typedef void (*delete_sized_fn)(void *, size_t);
typedef void (*delete_nothrow_fn)(void *, const void *);
typedef void (*delete_sized_aligned_fn)(void *, size_t, size_t);
typedef void (*delete_aligned_nothrow_fn)(void *, size_t, const void *);

/* Every delete that does not end in delete_through_free: a tracked block's
 * SampledFree before the next delete gets it. */
static inline __attribute__((always_inline)) void untrack(void *ptr, const void *ip)
{
	if (AS_MAYBE_TRACKED(ptr) && as_sampled_set_contains(ptr))
		allocsample_internal_sampled_free(ptr, ip);
}

static void chained_delete(void *ptr)
{
	untrack(ptr, AS_CALLER_IP());
	((delete_fn) next_delete(DELETE))(ptr);
}

static void chained_delete_array(void *ptr)
{
	untrack(ptr, AS_CALLER_IP());
	((delete_fn) next_delete(DELETE_ARRAY))(ptr);
}

static void chained_delete_sized(void *ptr, size_t size)
{
	untrack(ptr, AS_CALLER_IP());
	((delete_sized_fn) next_delete(DELETE_SIZED))(ptr, size);
}

static void chained_delete_array_sized(void *ptr, size_t size)
{
	untrack(ptr, AS_CALLER_IP());
	((delete_sized_fn) next_delete(DELETE_ARRAY_SIZED))(ptr, size);
}

static bool defined_in(const void *fn, const char *library)
{
	Dl_info info;

	return fn && dladdr(fn, &info) && info.dli_fname && strstr(info.dli_fname, library);
}

static bool defined_here(const void *fn)
{
	Dl_info info, here;

	return fn && dladdr(fn, &info) && dladdr((const void *) defined_here, &here) &&
	       info.dli_fbase == here.dli_fbase;
}

/* Whether the program's calls to `symbol` reach us in place of the next
 * definition: ours is the one calls bind to (preloaded), or the next is
 * and attaching rewrote the program's slots for it (src/preload/attach.c). */
static bool program_calls_us(const char *symbol)
{
	return !as_next_interposing() || defined_here(as_slots_definition(symbol, NULL));
}

/*
 * Chooses the fast paths once the C++ runtime is known.  Racing threads
 * choose the same; until a runtime is found, the chained versions look it
 * up on every call.
 */
static bool next_all_libstdcxx(void)
{
	int known = __atomic_load_n(&all_libstdcxx, __ATOMIC_ACQUIRE);
	struct as_sampler *sampler = as_thread_sampler;
	bool all = true;

	if (__builtin_expect(known != 0, 1))
		return known == 1;
	/* dladdr's allocations are the shim's, not the program's. */
	as_sampler_hold(sampler);
	for (int v = 0; v < CXX_NEW_COUNT; v++)
		all &= defined_in(resolve(&next_new_fn[v], new_symbols[v]), "/libstdc++.so");
	for (int v = 0; v < CXX_DELETE_COUNT; v++)
		all &= defined_in(resolve(&next_delete_fn[v], delete_symbols[v]), "/libstdc++.so");
	as_sampler_release(sampler);
	/* A runtime not loaded yet may still come: decide once there is one. */
	if (next_new_fn[NEW])
		__atomic_store_n(&all_libstdcxx, all ? 1 : 2, __ATOMIC_RELEASE);
	return all;
}

static void choose_fast_paths(void)
{
	struct as_sampler *sampler = as_thread_sampler;
	bool libstdcxx = true;

	as_next_resolve();
	/* dlsym's and dladdr's allocations are the shim's, not the program's. */
	as_sampler_hold(sampler);
	for (int v = NEW; v <= NEW_ARRAY; v++)
		libstdcxx &= defined_in(resolve(&next_new_fn[v], new_symbols[v]), "/libstdc++.so") &&
			     program_calls_us(new_symbols[v]);
	for (int v = DELETE; v <= DELETE_ARRAY_SIZED; v++)
		libstdcxx &= defined_in(resolve(&next_delete_fn[v], delete_symbols[v]), "/libstdc++.so") &&
			     program_calls_us(delete_symbols[v]);
	as_sampler_release(sampler);

	__atomic_store_n(&cxx_fast.new_, libstdcxx ? new_through_malloc : chained_new, __ATOMIC_RELEASE);
	__atomic_store_n(&cxx_fast.new_array, libstdcxx ? new_array_through_malloc : chained_new_array,
			 __ATOMIC_RELEASE);
	__atomic_store_n(&cxx_fast.delete_, libstdcxx ? delete_through_free : chained_delete,
			 __ATOMIC_RELEASE);
	__atomic_store_n(&cxx_fast.delete_array, libstdcxx ? delete_through_free : chained_delete_array,
			 __ATOMIC_RELEASE);
	__atomic_store_n(&cxx_fast.delete_sized,
			 libstdcxx ? delete_sized_through_free : chained_delete_sized, __ATOMIC_RELEASE);
	__atomic_store_n(&cxx_fast.delete_array_sized,
			 libstdcxx ? delete_sized_through_free : chained_delete_array_sized,
			 __ATOMIC_RELEASE);
}

static void *bootstrap_new(size_t size)
{
	choose_fast_paths();
	return cxx_fast.new_(size);
}

static void *bootstrap_new_array(size_t size)
{
	choose_fast_paths();
	return cxx_fast.new_array(size);
}

static void bootstrap_delete(void *ptr)
{
	choose_fast_paths();
	cxx_fast.delete_(ptr);
}

static void bootstrap_delete_array(void *ptr)
{
	choose_fast_paths();
	cxx_fast.delete_array(ptr);
}

static void bootstrap_delete_sized(void *ptr, size_t size)
{
	choose_fast_paths();
	cxx_fast.delete_sized(ptr, size);
}

static void bootstrap_delete_array_sized(void *ptr, size_t size)
{
	choose_fast_paths();
	cxx_fast.delete_array_sized(ptr, size);
}

static struct cxx_fast cxx_fast = {
	.new_ = bootstrap_new,
	.new_array = bootstrap_new_array,
	.delete_ = bootstrap_delete,
	.delete_array = bootstrap_delete_array,
	.delete_sized = bootstrap_delete_sized,
	.delete_array_sized = bootstrap_delete_array_sized,
};

#define NEW_ENTRY(name, symbol) AS_EXPORT void *name __asm__(symbol)

NEW_ENTRY(as_new(size_t size), "_Znwm");
void *as_new(size_t size)
{
	if (as_sampler_fast(as_thread_sampler, size))
		return cxx_fast.new_(size);
	return new_slow(NEW, size, 0, NULL, AS_CALLER_IP());
}

NEW_ENTRY(as_new_array(size_t size), "_Znam");
void *as_new_array(size_t size)
{
	if (as_sampler_fast(as_thread_sampler, size))
		return cxx_fast.new_array(size);
	return new_slow(NEW_ARRAY, size, 0, NULL, AS_CALLER_IP());
}

/* The rarer forms always chain, held. */
#define CHAINED_NEW(variant, size, alignment, nothrow)                                   \
	(as_sampler_fast(as_thread_sampler, size)                                        \
		 ? held_call_new(variant, size, alignment, nothrow)                      \
		 : new_slow(variant, size, alignment, nothrow, AS_CALLER_IP()))

NEW_ENTRY(as_new_nothrow(size_t size, const void *nothrow), "_ZnwmRKSt9nothrow_t");
void *as_new_nothrow(size_t size, const void *nothrow)
{
	return CHAINED_NEW(NEW_NOTHROW, size, 0, nothrow);
}

NEW_ENTRY(as_new_array_nothrow(size_t size, const void *nothrow), "_ZnamRKSt9nothrow_t");
void *as_new_array_nothrow(size_t size, const void *nothrow)
{
	return CHAINED_NEW(NEW_ARRAY_NOTHROW, size, 0, nothrow);
}

NEW_ENTRY(as_new_aligned(size_t size, size_t alignment), "_ZnwmSt11align_val_t");
void *as_new_aligned(size_t size, size_t alignment)
{
	return CHAINED_NEW(NEW_ALIGNED, size, alignment, NULL);
}

NEW_ENTRY(as_new_array_aligned(size_t size, size_t alignment), "_ZnamSt11align_val_t");
void *as_new_array_aligned(size_t size, size_t alignment)
{
	return CHAINED_NEW(NEW_ARRAY_ALIGNED, size, alignment, NULL);
}

NEW_ENTRY(as_new_aligned_nothrow(size_t size, size_t alignment, const void *nothrow),
	  "_ZnwmSt11align_val_tRKSt9nothrow_t");
void *as_new_aligned_nothrow(size_t size, size_t alignment, const void *nothrow)
{
	return CHAINED_NEW(NEW_ALIGNED_NOTHROW, size, alignment, nothrow);
}

NEW_ENTRY(as_new_array_aligned_nothrow(size_t size, size_t alignment, const void *nothrow),
	  "_ZnamSt11align_val_tRKSt9nothrow_t");
void *as_new_array_aligned_nothrow(size_t size, size_t alignment, const void *nothrow)
{
	return CHAINED_NEW(NEW_ARRAY_ALIGNED_NOTHROW, size, alignment, nothrow);
}

#define DELETE_ENTRY(name, symbol) AS_EXPORT void name __asm__(symbol)

DELETE_ENTRY(as_delete(void *ptr), "_ZdlPv");
void as_delete(void *ptr)
{
	cxx_fast.delete_(ptr);
}

DELETE_ENTRY(as_delete_array(void *ptr), "_ZdaPv");
void as_delete_array(void *ptr)
{
	cxx_fast.delete_array(ptr);
}

DELETE_ENTRY(as_delete_sized(void *ptr, size_t size), "_ZdlPvm");
void as_delete_sized(void *ptr, size_t size)
{
	cxx_fast.delete_sized(ptr, size);
}

DELETE_ENTRY(as_delete_array_sized(void *ptr, size_t size), "_ZdaPvm");
void as_delete_array_sized(void *ptr, size_t size)
{
	cxx_fast.delete_array_sized(ptr, size);
}

DELETE_ENTRY(as_delete_nothrow(void *ptr, const void *nothrow), "_ZdlPvRKSt9nothrow_t");
void as_delete_nothrow(void *ptr, const void *nothrow)
{
	untrack(ptr, AS_CALLER_IP());
	((delete_nothrow_fn) next_delete(DELETE_NOTHROW))(ptr, nothrow);
}

DELETE_ENTRY(as_delete_array_nothrow(void *ptr, const void *nothrow), "_ZdaPvRKSt9nothrow_t");
void as_delete_array_nothrow(void *ptr, const void *nothrow)
{
	untrack(ptr, AS_CALLER_IP());
	((delete_nothrow_fn) next_delete(DELETE_ARRAY_NOTHROW))(ptr, nothrow);
}

DELETE_ENTRY(as_delete_aligned(void *ptr, size_t alignment), "_ZdlPvSt11align_val_t");
void as_delete_aligned(void *ptr, size_t alignment)
{
	untrack(ptr, AS_CALLER_IP());
	((delete_sized_fn) next_delete(DELETE_ALIGNED))(ptr, alignment);
}

DELETE_ENTRY(as_delete_array_aligned(void *ptr, size_t alignment), "_ZdaPvSt11align_val_t");
void as_delete_array_aligned(void *ptr, size_t alignment)
{
	untrack(ptr, AS_CALLER_IP());
	((delete_sized_fn) next_delete(DELETE_ARRAY_ALIGNED))(ptr, alignment);
}

DELETE_ENTRY(as_delete_sized_aligned(void *ptr, size_t size, size_t alignment), "_ZdlPvmSt11align_val_t");
void as_delete_sized_aligned(void *ptr, size_t size, size_t alignment)
{
	untrack(ptr, AS_CALLER_IP());
	((delete_sized_aligned_fn) next_delete(DELETE_SIZED_ALIGNED))(ptr, size, alignment);
}

DELETE_ENTRY(as_delete_array_sized_aligned(void *ptr, size_t size, size_t alignment),
	     "_ZdaPvmSt11align_val_t");
void as_delete_array_sized_aligned(void *ptr, size_t size, size_t alignment)
{
	untrack(ptr, AS_CALLER_IP());
	((delete_sized_aligned_fn) next_delete(DELETE_ARRAY_SIZED_ALIGNED))(ptr, size, alignment);
}

DELETE_ENTRY(as_delete_aligned_nothrow(void *ptr, size_t alignment, const void *nothrow),
	     "_ZdlPvSt11align_val_tRKSt9nothrow_t");
void as_delete_aligned_nothrow(void *ptr, size_t alignment, const void *nothrow)
{
	untrack(ptr, AS_CALLER_IP());
	((delete_aligned_nothrow_fn) next_delete(DELETE_ALIGNED_NOTHROW))(ptr, alignment, nothrow);
}

DELETE_ENTRY(as_delete_array_aligned_nothrow(void *ptr, size_t alignment, const void *nothrow),
	     "_ZdaPvSt11align_val_tRKSt9nothrow_t");
void as_delete_array_aligned_nothrow(void *ptr, size_t alignment, const void *nothrow)
{
	untrack(ptr, AS_CALLER_IP());
	((delete_aligned_nothrow_fn) next_delete(DELETE_ARRAY_ALIGNED_NOTHROW))(ptr, alignment, nothrow);
}
