/*
 * next.c - resolving the next allocator, and a bootstrap allocator for the
 * allocations that dlsym itself makes before there is one.
 *
 * The approach of lttng-ust's libc wrapper: until the table is resolved, its
 * entries point at bootstrap functions.  The thread that resolves marks
 * itself, and the allocations dlsym makes meanwhile come from a static
 * buffer.  No lock is taken: threads that race here each resolve (dlsym is
 * thread-safe and gives them the same answers), so none can deadlock on
 * another, including against the dynamic linker's own lock.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "liballocsample/call_site.h"
#include "next.h"
#include "slots.h"
#include "liballocsample/thread_state.h"

#define BOOTSTRAP_BYTES (64 * 1024)
#define BOOTSTRAP_ALIGN 16

/*
 * volatile: glibc declares dlsym with the `leaf` attribute, which lets the
 * compiler assume dlsym never re-enters this file and move the store past
 * the call; the nested malloc would then not see it (lttng-ust hit this as an
 * infinite recursion, commit f02baefb).
 */
static __thread volatile bool resolving __attribute__((tls_model("initial-exec")));

static _Alignas(BOOTSTRAP_ALIGN) char bootstrap_area[BOOTSTRAP_BYTES];
static size_t bootstrap_used; /* atomic */

/* Each block is preceded by its size, for realloc and malloc_usable_size. */
static void *bootstrap_alloc(size_t size, size_t alignment)
{
	size_t header = BOOTSTRAP_ALIGN, need, start;

	if (alignment > BOOTSTRAP_ALIGN || size > BOOTSTRAP_BYTES) {
		errno = ENOMEM;
		return NULL;
	}
	need = header + ((size + BOOTSTRAP_ALIGN - 1) & ~(size_t) (BOOTSTRAP_ALIGN - 1));
	start = __atomic_fetch_add(&bootstrap_used, need, __ATOMIC_SEQ_CST);
	if (start + need > BOOTSTRAP_BYTES) {
		errno = ENOMEM;
		return NULL;
	}
	memcpy(bootstrap_area + start, &size, sizeof(size));
	return bootstrap_area + start + header; /* static storage: already zero */
}

static bool from_bootstrap(const void *ptr)
{
	return (const char *) ptr >= bootstrap_area && (const char *) ptr < bootstrap_area + BOOTSTRAP_BYTES;
}

static size_t bootstrap_size(const void *ptr)
{
	size_t size;

	memcpy(&size, (const char *) ptr - BOOTSTRAP_ALIGN, sizeof(size));
	return size;
}

/* After resolution, these stand in for free, realloc and malloc_usable_size
 * only if the bootstrap buffer was ever used: its blocks are never freed. */
static struct as_next real;

static void checked_free(void *ptr)
{
	if (!from_bootstrap(ptr))
		real.free(ptr);
}

static void *checked_realloc(void *ptr, size_t size)
{
	void *moved;

	if (!from_bootstrap(ptr))
		return real.realloc(ptr, size);
	if (size == 0)
		return NULL; /* glibc's realloc(p, 0) frees p and returns NULL */
	moved = real.malloc(size);
	if (moved)
		memcpy(moved, ptr, bootstrap_size(ptr) < size ? bootstrap_size(ptr) : size);
	return moved;
}

static size_t checked_malloc_usable_size(void *ptr)
{
	return from_bootstrap(ptr) ? bootstrap_size(ptr) : real.malloc_usable_size(ptr);
}

/*
 * Whether the program's malloc is ours (atomic; set by the first
 * resolution): the shim was preloaded, and "next" is the definition after
 * it (RTLD_NEXT).  Otherwise allocsample-record attached it with dlopen
 * (attach.c): nothing binds to it, and "next" is the definition the
 * program's calls bind to, the first in the loader's order but the
 * shim's (as_slots_definition: not dlsym(RTLD_DEFAULT), which gives a
 * program built without -fPIE its own PLT entry).
 */
static int interposing;

static bool shim_defines(const void *fn)
{
	Dl_info info, here;

	return fn && dladdr(fn, &info) && dladdr((const void *) shim_defines, &here) &&
	       info.dli_fbase == here.dli_fbase;
}

static void *next_definition(const char *symbol)
{
	if (__atomic_load_n(&interposing, __ATOMIC_ACQUIRE))
		return dlsym(RTLD_NEXT, symbol);
	return as_slots_definition(symbol, (const void *) shim_defines);
}

static void *lookup_required(const char *symbol)
{
	void *fn = next_definition(symbol);

	if (!fn) {
		static const char message[] = "allocsample: no next definition of an allocator function "
					      "(is liballocsample-preload.so the only malloc?)\n";

		ssize_t ignored = write(STDERR_FILENO, message, sizeof(message) - 1);

		(void) ignored; /* we exit either way */
		_exit(127);
	}
	return fn;
}

#define PUBLISH(field, value) __atomic_store_n(&as_next.field, (value), __ATOMIC_SEQ_CST)

void as_next_resolve(void)
{
	static int resolved; /* atomic */

	if (__atomic_load_n(&resolved, __ATOMIC_ACQUIRE))
		return;
	resolving = true;
	__atomic_store_n(&interposing, shim_defines(as_slots_definition("malloc", NULL)), __ATOMIC_RELEASE);
	real.malloc = lookup_required("malloc");
	real.free = lookup_required("free");
	real.calloc = lookup_required("calloc");
	real.realloc = lookup_required("realloc");
	real.memalign = lookup_required("memalign");
	real.aligned_alloc = lookup_required("aligned_alloc");
	real.posix_memalign = lookup_required("posix_memalign");
	real.valloc = lookup_required("valloc");
	real.pvalloc = lookup_required("pvalloc");
	real.malloc_usable_size = lookup_required("malloc_usable_size");
	resolving = false;
	/* Call sites are looked for outside the shim and the allocator it
	 * chains to (say jemalloc, whose entry points may call one another),
	 * whatever their file names. */
	allocsample_internal_note_runtime((const void *) as_next_resolve);
	allocsample_internal_note_runtime((const void *) real.malloc);

	PUBLISH(malloc, real.malloc);
	PUBLISH(calloc, real.calloc);
	PUBLISH(memalign, real.memalign);
	PUBLISH(aligned_alloc, real.aligned_alloc);
	PUBLISH(posix_memalign, real.posix_memalign);
	PUBLISH(valloc, real.valloc);
	PUBLISH(pvalloc, real.pvalloc);
	/* Checked only after publishing, and with sequentially consistent
	 * atomics: a racing resolver that used the bootstrap buffer either did
	 * so before this load, or publishes the checked versions after us.
	 * The shim's free entry follows the same order. */
	if (__atomic_load_n(&bootstrap_used, __ATOMIC_SEQ_CST) == 0) {
		PUBLISH(free, real.free);
		PUBLISH(realloc, real.realloc);
		PUBLISH(malloc_usable_size, real.malloc_usable_size);
		as_free_entry_direct(real.free);
	}
	if (__atomic_load_n(&bootstrap_used, __ATOMIC_SEQ_CST) != 0) {
		PUBLISH(free, checked_free);
		PUBLISH(realloc, checked_realloc);
		PUBLISH(malloc_usable_size, checked_malloc_usable_size);
		as_free_entry_undecided(real.free);
	}
	__atomic_store_n(&resolved, 1, __ATOMIC_RELEASE);
}

bool as_next_interposing(void)
{
	as_next_resolve();
	return __atomic_load_n(&interposing, __ATOMIC_ACQUIRE);
}

/* The sampler is held: whatever the loader allocates for this lookup is
 * the shim's, not the program's. */
void *as_next_lookup(const char *symbol, const char *fallback_library)
{
	struct as_sampler *sampler = as_thread_sampler;
	void *fn, *library;

	as_next_resolve();
	as_sampler_hold(sampler);
	fn = next_definition(symbol);
	/* A C++ runtime loaded later with RTLD_LOCAL is not after us in the
	 * global scope, but its definitions are still the ones to call. */
	if (!fn && fallback_library) {
		library = dlopen(fallback_library, RTLD_LAZY | RTLD_NOLOAD);
		if (library) {
			fn = dlsym(library, symbol);
			dlclose(library);
		}
	}
	as_sampler_release(sampler);
	return fn;
}

/* The bootstrap entries: the resolving thread is served from the static
 * buffer, any other call resolves the table and goes on through it. */

static void *bootstrap_malloc(size_t size)
{
	if (resolving)
		return bootstrap_alloc(size, 1);
	as_next_resolve();
	return as_next.malloc(size);
}

static void bootstrap_free(void *ptr)
{
	if (from_bootstrap(ptr))
		return;
	as_next_resolve();
	as_next.free(ptr);
}

static void *bootstrap_calloc(size_t nmemb, size_t size)
{
	size_t bytes;

	if (resolving) {
		if (__builtin_mul_overflow(nmemb, size, &bytes)) {
			errno = ENOMEM;
			return NULL;
		}
		return bootstrap_alloc(bytes, 1);
	}
	as_next_resolve();
	return as_next.calloc(nmemb, size);
}

static void *bootstrap_realloc(void *ptr, size_t size)
{
	void *moved;

	if (resolving) {
		moved = bootstrap_alloc(size, 1);
		if (moved && ptr)
			memcpy(moved, ptr, bootstrap_size(ptr) < size ? bootstrap_size(ptr) : size);
		return moved;
	}
	as_next_resolve();
	return as_next.realloc(ptr, size);
}

static void *bootstrap_memalign(size_t alignment, size_t size)
{
	if (resolving)
		return bootstrap_alloc(size, alignment);
	as_next_resolve();
	return as_next.memalign(alignment, size);
}

static void *bootstrap_aligned_alloc(size_t alignment, size_t size)
{
	if (resolving)
		return bootstrap_alloc(size, alignment);
	as_next_resolve();
	return as_next.aligned_alloc(alignment, size);
}

static int bootstrap_posix_memalign(void **out, size_t alignment, size_t size)
{
	void *ptr;

	if (resolving) {
		ptr = bootstrap_alloc(size, alignment);
		if (!ptr)
			return ENOMEM;
		*out = ptr;
		return 0;
	}
	as_next_resolve();
	return as_next.posix_memalign(out, alignment, size);
}

/* dlsym never asks for page-aligned memory: refuse it while resolving. */
static void *bootstrap_valloc(size_t size)
{
	if (resolving) {
		errno = ENOMEM;
		return NULL;
	}
	as_next_resolve();
	return as_next.valloc(size);
}

static void *bootstrap_pvalloc(size_t size)
{
	if (resolving) {
		errno = ENOMEM;
		return NULL;
	}
	as_next_resolve();
	return as_next.pvalloc(size);
}

static size_t bootstrap_malloc_usable_size(void *ptr)
{
	if (from_bootstrap(ptr))
		return bootstrap_size(ptr);
	as_next_resolve();
	return as_next.malloc_usable_size(ptr);
}

struct as_next as_next = {
	.malloc = bootstrap_malloc,
	.free = bootstrap_free,
	.calloc = bootstrap_calloc,
	.realloc = bootstrap_realloc,
	.memalign = bootstrap_memalign,
	.aligned_alloc = bootstrap_aligned_alloc,
	.posix_memalign = bootstrap_posix_memalign,
	.valloc = bootstrap_valloc,
	.pvalloc = bootstrap_pvalloc,
	.malloc_usable_size = bootstrap_malloc_usable_size,
};

/* Resolve while the process is most likely still single-threaded. */
__attribute__((constructor(101))) static void resolve_early(void)
{
	as_next_resolve();
}
