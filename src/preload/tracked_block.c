/*
 * tracked_block.c - where a tracked sampled block comes from, and where it
 * goes (doc/sampling.md, "Free tracking", "Small tracked blocks come back
 * from the allocator's cache").
 *
 * A tracked block is page-aligned and at least AS_TRACK_MIN_BYTES long.
 * glibc's posix_memalign carves one out of a larger free chunk and gives
 * the head and tail back, some 500 instructions, and the block's free
 * merges them again; yet a small tracked block, once freed, waits in the
 * freeing thread's cache (glibc's tcache bin of 1017 to 1032-byte
 * requests, which few programs use), where an ordinary malloc of its
 * usable size finds it, at its page-aligned address, in some 20.  So each
 * thread counts the small tracked blocks it released, and while that
 * count says one may be waiting, a small tracked block is first asked of
 * malloc: page-aligned, it is used as posix_memalign's would be (the same
 * size of chunk, the same usable size, the same checks on its free);
 * otherwise it goes straight back (another block took the place) and
 * posix_memalign is asked.  The allocator keeps every block all along:
 * nothing is held here, so a thread's exit, a fork or a detach leave
 * nothing behind.
 */
#include <errno.h>
#include <stdint.h>

#include "preload.h"

/* Enough for glibc's tcache bin (7 blocks); the count is a hint, so a
 * larger cache only sees fewer of its blocks asked for. */
#define SMALL_RELEASED_MAX 7

/* The small tracked blocks this thread released that its allocator's
 * cache may still hold. */
static __thread unsigned small_released __attribute__((tls_model("initial-exec")));

/* The next allocator's usable size for a page-aligned block of
 * AS_TRACK_MIN_BYTES, the smallest seen (atomic, relaxed: a hint, which
 * every thread brings to the same value; glibc gives a few bytes more
 * when the rest of a chunk was too small to split off); 0 until then. */
static size_t small_usable;

static bool page_aligned(const void *ptr)
{
	return ((uintptr_t) ptr & (AS_TRACK_ALIGN - 1)) == 0;
}

/* A small block the thread's cache held at a page-aligned address, or
 * NULL.  It asks for the usable size of a small tracked block, the size
 * of chunk such a block was given: AS_TRACK_MIN_BYTES for glibc, a page
 * where page-aligned requests round up to one (jemalloc). errno is the
 * caller's to restore. */
static void *cached_small_block(size_t usable)
{
	void *ptr;

	small_released--;
	ptr = as_next.malloc(usable);
	if (!ptr || page_aligned(ptr))
		return ptr;
	as_next.free(ptr);
	return NULL;
}

void *as_tracked_block(size_t alignment, size_t size)
{
	int saved_errno = errno;
	bool small = size <= AS_TRACK_MIN_BYTES && alignment <= AS_TRACK_ALIGN;
	size_t usable = __atomic_load_n(&small_usable, __ATOMIC_RELAXED);
	void *ptr = NULL;

	if (small && small_released > 0)
		ptr = cached_small_block(usable);
	if (ptr) {
		errno = saved_errno;
		return ptr;
	}
	if (as_next.posix_memalign(&ptr, alignment > AS_TRACK_ALIGN ? alignment : AS_TRACK_ALIGN,
				   small ? AS_TRACK_MIN_BYTES : size) != 0)
		ptr = NULL;
	if (ptr && small) {
		size_t got = as_next.malloc_usable_size(ptr);

		if (usable == 0 || got < usable)
			__atomic_store_n(&small_usable, got, __ATOMIC_RELAXED);
	}
	errno = saved_errno;
	return ptr;
}

void as_tracked_block_release(void *ptr)
{
	size_t usable = __atomic_load_n(&small_usable, __ATOMIC_RELAXED);

	if (small_released < SMALL_RELEASED_MAX && usable != 0 &&
	    as_next.malloc_usable_size(ptr) == usable)
		small_released++;
	as_next.free(ptr);
}
