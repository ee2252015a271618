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
 * around the call so those bytes are not sampled twice.  The deletes only
 * forward; they exist so that every entry point is ours to extend.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "preload.h"

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

static void *sampled_new(enum cxx_new variant, size_t size, size_t alignment,
			 const void *nothrow, const void *ip)
{
	struct as_sampler *sampler = as_thread_sampler;
	bool array = variant == NEW_ARRAY || variant == NEW_ARRAY_NOTHROW ||
		     variant == NEW_ARRAY_ALIGNED || variant == NEW_ARRAY_ALIGNED_NOTHROW;
	uint64_t offset;
	bool sampled = as_thread_account(size, &offset);
	void *ptr;

	{
		struct as_sampler *held __attribute__((cleanup(release_hold))) = sampler;

		as_sampler_hold(held);
		ptr = call_new(variant, size, alignment, nothrow);
	}
	if (sampled && ptr)
		allocsample_internal_report_untyped(array ? "operator new[]" : "operator new",
						    size, offset, ptr, ip);
	return ptr;
}

#define NEW_ENTRY(name, symbol) AS_EXPORT void *name __asm__(symbol)

NEW_ENTRY(as_new(size_t size), "_Znwm");
void *as_new(size_t size)
{
	return sampled_new(NEW, size, 0, NULL, AS_CALLER_IP());
}

NEW_ENTRY(as_new_array(size_t size), "_Znam");
void *as_new_array(size_t size)
{
	return sampled_new(NEW_ARRAY, size, 0, NULL, AS_CALLER_IP());
}

NEW_ENTRY(as_new_nothrow(size_t size, const void *nothrow), "_ZnwmRKSt9nothrow_t");
void *as_new_nothrow(size_t size, const void *nothrow)
{
	return sampled_new(NEW_NOTHROW, size, 0, nothrow, AS_CALLER_IP());
}

NEW_ENTRY(as_new_array_nothrow(size_t size, const void *nothrow), "_ZnamRKSt9nothrow_t");
void *as_new_array_nothrow(size_t size, const void *nothrow)
{
	return sampled_new(NEW_ARRAY_NOTHROW, size, 0, nothrow, AS_CALLER_IP());
}

NEW_ENTRY(as_new_aligned(size_t size, size_t alignment), "_ZnwmSt11align_val_t");
void *as_new_aligned(size_t size, size_t alignment)
{
	return sampled_new(NEW_ALIGNED, size, alignment, NULL, AS_CALLER_IP());
}

NEW_ENTRY(as_new_array_aligned(size_t size, size_t alignment), "_ZnamSt11align_val_t");
void *as_new_array_aligned(size_t size, size_t alignment)
{
	return sampled_new(NEW_ARRAY_ALIGNED, size, alignment, NULL, AS_CALLER_IP());
}

NEW_ENTRY(as_new_aligned_nothrow(size_t size, size_t alignment, const void *nothrow),
	  "_ZnwmSt11align_val_tRKSt9nothrow_t");
void *as_new_aligned_nothrow(size_t size, size_t alignment, const void *nothrow)
{
	return sampled_new(NEW_ALIGNED_NOTHROW, size, alignment, nothrow, AS_CALLER_IP());
}

NEW_ENTRY(as_new_array_aligned_nothrow(size_t size, size_t alignment, const void *nothrow),
	  "_ZnamSt11align_val_tRKSt9nothrow_t");
void *as_new_array_aligned_nothrow(size_t size, size_t alignment, const void *nothrow)
{
	return sampled_new(NEW_ARRAY_ALIGNED_NOTHROW, size, alignment, nothrow, AS_CALLER_IP());
}

/* Without a C++ runtime's delete (none loaded yet), its memory came from a
 * malloc-compatible new, which is what libstdc++'s delete assumes too. */
static void *next_delete(enum cxx_delete variant)
{
	void *fn = resolve(&next_delete_fn[variant], delete_symbols[variant]);

	return fn ? fn : (void *) as_next.free;
}

#define DELETE_ENTRY(name, symbol) AS_EXPORT void name __asm__(symbol)
typedef void (*delete_fn)(void *);
typedef void (*delete_with_fn)(void *, size_t);
typedef void (*delete_with2_fn)(void *, size_t, size_t);

DELETE_ENTRY(as_delete(void *ptr), "_ZdlPv");
void as_delete(void *ptr)
{
	((delete_fn) next_delete(DELETE))(ptr);
}

DELETE_ENTRY(as_delete_array(void *ptr), "_ZdaPv");
void as_delete_array(void *ptr)
{
	((delete_fn) next_delete(DELETE_ARRAY))(ptr);
}

DELETE_ENTRY(as_delete_sized(void *ptr, size_t size), "_ZdlPvm");
void as_delete_sized(void *ptr, size_t size)
{
	((delete_with_fn) next_delete(DELETE_SIZED))(ptr, size);
}

DELETE_ENTRY(as_delete_array_sized(void *ptr, size_t size), "_ZdaPvm");
void as_delete_array_sized(void *ptr, size_t size)
{
	((delete_with_fn) next_delete(DELETE_ARRAY_SIZED))(ptr, size);
}

DELETE_ENTRY(as_delete_nothrow(void *ptr, const void *nothrow), "_ZdlPvRKSt9nothrow_t");
void as_delete_nothrow(void *ptr, const void *nothrow)
{
	((delete_with_fn) next_delete(DELETE_NOTHROW))(ptr, (size_t) nothrow);
}

DELETE_ENTRY(as_delete_array_nothrow(void *ptr, const void *nothrow), "_ZdaPvRKSt9nothrow_t");
void as_delete_array_nothrow(void *ptr, const void *nothrow)
{
	((delete_with_fn) next_delete(DELETE_ARRAY_NOTHROW))(ptr, (size_t) nothrow);
}

DELETE_ENTRY(as_delete_aligned(void *ptr, size_t alignment), "_ZdlPvSt11align_val_t");
void as_delete_aligned(void *ptr, size_t alignment)
{
	((delete_with_fn) next_delete(DELETE_ALIGNED))(ptr, alignment);
}

DELETE_ENTRY(as_delete_array_aligned(void *ptr, size_t alignment), "_ZdaPvSt11align_val_t");
void as_delete_array_aligned(void *ptr, size_t alignment)
{
	((delete_with_fn) next_delete(DELETE_ARRAY_ALIGNED))(ptr, alignment);
}

DELETE_ENTRY(as_delete_sized_aligned(void *ptr, size_t size, size_t alignment), "_ZdlPvmSt11align_val_t");
void as_delete_sized_aligned(void *ptr, size_t size, size_t alignment)
{
	((delete_with2_fn) next_delete(DELETE_SIZED_ALIGNED))(ptr, size, alignment);
}

DELETE_ENTRY(as_delete_array_sized_aligned(void *ptr, size_t size, size_t alignment),
	     "_ZdaPvmSt11align_val_t");
void as_delete_array_sized_aligned(void *ptr, size_t size, size_t alignment)
{
	((delete_with2_fn) next_delete(DELETE_ARRAY_SIZED_ALIGNED))(ptr, size, alignment);
}

DELETE_ENTRY(as_delete_aligned_nothrow(void *ptr, size_t alignment, const void *nothrow),
	     "_ZdlPvSt11align_val_tRKSt9nothrow_t");
void as_delete_aligned_nothrow(void *ptr, size_t alignment, const void *nothrow)
{
	((delete_with2_fn) next_delete(DELETE_ALIGNED_NOTHROW))(ptr, alignment, (size_t) nothrow);
}

DELETE_ENTRY(as_delete_array_aligned_nothrow(void *ptr, size_t alignment, const void *nothrow),
	     "_ZdaPvSt11align_val_tRKSt9nothrow_t");
void as_delete_array_aligned_nothrow(void *ptr, size_t alignment, const void *nothrow)
{
	((delete_with2_fn) next_delete(DELETE_ARRAY_ALIGNED_NOTHROW))(ptr, alignment, (size_t) nothrow);
}
