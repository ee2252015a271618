/*
 * malloc.c - the C allocation entry points of liballocsample-preload.so.
 *
 * Each wrapper accounts the requested size with the thread's sampler *before*
 * calling the next allocator.  On the fast path (no trial succeeded) it then
 * tail-calls that allocator, so `malloc` compiles to a thread-local subtract,
 * a branch and an indirect jump: errno, the return value and alignment are
 * the next allocator's, untouched.  Only the rare slow path calls the
 * allocator itself, to learn the pointer for the event.
 *
 * A request that fails still consumed its trials; a sample drawn in it emits
 * nothing, since nothing was allocated (doc/sampling.md).
 *
 * Free tracking (doc/sampling.md, "Free tracking"): while a session records,
 * a sampled block is allocated page-aligned and its address kept in the
 * set of sampled blocks.  `realloc`, `reallocarray` and, once a block has
 * been tracked, `free` let every address that is not page-aligned through
 * with one test; the others go out of line and ask the set.  Until then
 * `free` is a jump to the next free (free_entry, below).  When the
 * page-aligned request fails, the program's own request is made as it
 * asked, untracked, so it sees what the next allocator would have given it.
 */
#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "preload.h"

/* A tracked block: its SampledFree before it goes back, since once freed
 * another thread could be handed the same address and sample it. */
static AS_SLOW void free_tracked(void *ptr, const void *ip)
{
	allocsample_internal_sampled_free(ptr, ip);
	as_tracked_block_release(ptr);
}

/* Most page-aligned blocks were never sampled (a tracked block's address
 * goes on to blocks allocated after its free): the set is asked here,
 * inline, and a miss costs no frame. */
AS_SLOW void as_preload_free_slow(void *ptr, const void *ip)
{
	if (as_sampled_set_contains(ptr))
		return free_tracked(ptr, ip);
	as_next.free(ptr);
}

/*
 * The entry `free` jumps to (doc/sampling.md, "Free tracking").  A free
 * need only ask about its block once some block has been tracked, and most
 * processes never track one (no session, or ALLOCSAMPLE_TRACK_FREES=0), so
 * `free` is one indirect jump through `free_entry` (doc/performance.md
 * section 1: two instructions fewer per pair than the test it replaces,
 * one more once a block was tracked), which holds:
 *
 *   free_undecided  until the next allocator is resolved: checks, since a
 *                   thread may track a block through a wrapper published
 *                   while another still resolves.  For good if the
 *                   bootstrap buffer was used (next.c): its blocks must go
 *                   through as_next.free, which tells them;
 *   the next free   once resolved, as long as no block was ever tracked:
 *                   no instruction of ours but the jump;
 *   free_checking   for good, from just before the first block enters the
 *                   set (liballocsample calls free_checks_from_now).
 *
 * The resolution changes the entry only by compare-and-swap from the
 * other two values, so nothing takes free_checking back: once a block was
 * tracked, every free checks.  A block tracked by one thread and freed by
 * another is handed over through the program's own synchronization, which
 * orders the store of free_checking before the free's load.  A fork child
 * inherits the entry with the set; attaching (attach.c) points the
 * program's slots at `free`, and so at the entry.
 */
static void free_undecided(void *ptr);
static void (*free_entry)(void *) = free_undecided; /* atomic */

/* Reached by a tail jump from `free` (or free_undecided): the caller's
 * return address is still the program's call site. */
static void free_checking(void *ptr)
{
	if (AS_MAYBE_TRACKED(ptr))
		return as_preload_free_slow(ptr, AS_CALLER_IP());
	as_next.free(ptr);
}

/* A function of its own: the entry's first value must differ from
 * free_checking, which nothing replaces. */
static void free_undecided(void *ptr)
{
	free_checking(ptr);
}

/* The hook liballocsample calls before a block enters the set; it runs for
 * every tracked sample, so it writes the entry's cache line only once. */
static void free_checks_from_now(void)
{
	if (__atomic_load_n(&free_entry, __ATOMIC_RELAXED) != free_checking)
		__atomic_store_n(&free_entry, free_checking, __ATOMIC_SEQ_CST);
}

/* The hook first: a block tracked before it is registered makes the
 * registration call it, before the entry can leave free_undecided. */
void as_free_entry_direct(void (*next_free)(void *))
{
	void (*expected)(void *) = free_undecided;

	allocsample_internal_on_track(free_checks_from_now);
	__atomic_compare_exchange_n(&free_entry, &expected, next_free, false, __ATOMIC_SEQ_CST,
				    __ATOMIC_SEQ_CST);
}

/* Racing resolvers leave it so if any used the bootstrap buffer (next.c:
 * the last to publish sees that use). */
void as_free_entry_undecided(void (*next_free)(void *))
{
	void (*expected)(void *) = next_free;

	__atomic_compare_exchange_n(&free_entry, &expected, free_undecided, false, __ATOMIC_SEQ_CST,
				    __ATOMIC_SEQ_CST);
}

/* `jmp *free_entry(%rip)`: the program's return address stays where
 * free_checking finds it. */
AS_EXPORT void free(void *ptr)
{
	__atomic_load_n(&free_entry, __ATOMIC_RELAXED)(ptr);
}

/* Preloaded only: attached (src/preload/attach.c), free is ours until the
 * detach, after which a typed block tracked by liballocsample would be
 * freed unseen. */
__attribute__((constructor)) static void note_preload(void)
{
	if (as_next_interposing())
		allocsample_internal_note_preload();
}

AS_EXPORT size_t malloc_usable_size(void *ptr)
{
	return as_next.malloc_usable_size(ptr);
}

/*
 * The slow path of every entry point that takes just a size.  It is given
 * the table slot rather than the function, so that the fast path never
 * loads the function before its branch: `malloc` stays four instructions.
 * valloc's and pvalloc's blocks are page-aligned already: tracked as given.
 */
static AS_SLOW void *sized_slow(void *(*const *slot)(size_t), size_t size, const char *entry,
				const void *ip)
{
	uint64_t offset;
	void *ptr = NULL;

	if (!allocsample_internal_sampler_slow(size, &offset))
		return (*slot)(size);
	if (slot == &as_next.malloc && allocsample_internal_track_wanted())
		ptr = as_tracked_block(AS_TRACK_ALIGN, size);
	if (ptr) {
		allocsample_internal_report_trackable(entry, size, offset, ptr, ip);
		return ptr;
	}
	ptr = (*slot)(size);
	if (ptr)
		allocsample_internal_report_untyped(entry, size, offset, ptr, ip);
	return ptr;
}

static AS_SLOW void *valloc_slow(void *(*const *slot)(size_t), size_t size, const char *entry,
				 const void *ip)
{
	uint64_t offset;
	void *ptr;

	if (!allocsample_internal_sampler_slow(size, &offset))
		return (*slot)(size);
	ptr = (*slot)(size);
	if (!ptr)
		return ptr;
	if (allocsample_internal_track_wanted())
		allocsample_internal_report_trackable(entry, size, offset, ptr, ip);
	else
		allocsample_internal_report_untyped(entry, size, offset, ptr, ip);
	return ptr;
}

AS_EXPORT void *malloc(size_t size)
{
	if (as_sampler_fast(as_thread_sampler, size))
		return as_next.malloc(size);
	return sized_slow(&as_next.malloc, size, "malloc", AS_CALLER_IP());
}

static AS_SLOW void *calloc_slow(size_t nmemb, size_t size, size_t bytes, const void *ip)
{
	uint64_t offset;
	void *ptr = NULL;

	if (!allocsample_internal_sampler_slow(bytes, &offset))
		return as_next.calloc(nmemb, size);
	if (allocsample_internal_track_wanted())
		ptr = as_tracked_block(AS_TRACK_ALIGN, bytes);
	if (ptr) {
		memset(ptr, 0, bytes);
		allocsample_internal_report_trackable("calloc", bytes, offset, ptr, ip);
		return ptr;
	}
	ptr = as_next.calloc(nmemb, size);
	if (ptr)
		allocsample_internal_report_untyped("calloc", bytes, offset, ptr, ip);
	return ptr;
}

AS_EXPORT void *calloc(size_t nmemb, size_t size)
{
	size_t bytes;

	/* An overflowing product allocates nothing: no trial, and the next
	 * calloc gives its own NULL and ENOMEM. */
	if (__builtin_mul_overflow(nmemb, size, &bytes))
		return as_next.calloc(nmemb, size);
	if (as_sampler_fast(as_thread_sampler, bytes))
		return as_next.calloc(nmemb, size);
	return calloc_slow(nmemb, size, bytes, AS_CALLER_IP());
}

/*
 * Moves `old` (non-NULL) into a tracked block of `size` (> 0) bytes: the
 * contents up to the smaller of the two sizes, then `old` released, its
 * SampledFree first if it was tracked.  NULL, with no errno set and `old`
 * untouched, if the new block cannot be had.
 */
static void *move_block(void *old, size_t size, const void *ip)
{
	void *moved = as_tracked_block(AS_TRACK_ALIGN, size);
	size_t old_size;

	if (!moved)
		return NULL;
	old_size = as_next.malloc_usable_size(old);
	memcpy(moved, old, old_size < size ? old_size : size);
	as_preload_free_slow(old, ip);
	return moved;
}

/* Below glibc's default mmap threshold: a block that grows is copied
 * wherever it goes, unless it can grow in place. */
#define MOVED_BY_HAND_BELOW (128 * 1024)

/*
 * realloc of a tracked block (doc/sampling.md, "Free tracking").  Its
 * SampledFree comes first, since once the next realloc has released it
 * another thread may be handed its address and sample it; then the next
 * realloc resizes it as it would without the shim: in place, by mremap for
 * a mapped block, or by moving it.  Copying by hand cost the whole block
 * at every sampled resize of a large growing buffer.  A new size that is
 * sampled is tracked where the block now lies if that is page-aligned (in
 * place, or mremap's), else the block is moved into a tracked one, a
 * second copy: so a block under MOVED_BY_HAND_BELOW that grows to a
 * sampled size is moved by hand at once, one copy of a small block.  A
 * request no allocator grants (above PTRDIFF_MAX) fails before the
 * SampledFree, the block still tracked; any other failure of the next
 * realloc leaves the program its block, untracked, after its SampledFree.
 */
static void *realloc_tracked(void *old, size_t size, bool sampled, bool track, uint64_t offset,
			     const char *entry, const void *ip)
{
	size_t old_size;
	void *ptr, *moved;

	if (size > PTRDIFF_MAX)
		return as_next.realloc(old, size);
	if (track) {
		old_size = as_next.malloc_usable_size(old);
		if (size > old_size && old_size < MOVED_BY_HAND_BELOW &&
		    (moved = move_block(old, size, ip))) {
			allocsample_internal_report_trackable(entry, size, offset, moved, ip);
			return moved;
		}
	}
	allocsample_internal_sampled_free(old, ip);
	ptr = as_next.realloc(old, size);
	if (!ptr || !sampled)
		return ptr;
	if (track && AS_MAYBE_TRACKED(ptr)) {
		allocsample_internal_report_trackable(entry, size, offset, ptr, ip);
		return ptr;
	}
	if (track && (moved = move_block(ptr, size, ip))) {
		allocsample_internal_report_trackable(entry, size, offset, moved, ip);
		return moved;
	}
	allocsample_internal_report_untyped(entry, size, offset, ptr, ip);
	return ptr;
}

/*
 * realloc of a block whose trials were just accounted (sampled says how).
 * A tracked `old` goes to realloc_tracked (realloc(p, 0) included: the
 * next realloc frees it, or gives a minimal block in its place, and the
 * sampled block is gone either way); a sampled block is moved into a
 * tracked one when tracking is wanted.  Everything else is the next
 * realloc's.
 */
static void *realloc_accounted(void *old, size_t size, bool sampled, uint64_t offset,
			       const char *entry, const void *ip)
{
	bool track = sampled && allocsample_internal_track_wanted();
	void *ptr = NULL;

	if (AS_MAYBE_TRACKED(old) && old && allocsample_internal_is_tracked(old))
		return realloc_tracked(old, size, sampled, track, offset, entry, ip);
	if (track)
		ptr = old ? move_block(old, size, ip) : as_tracked_block(AS_TRACK_ALIGN, size);
	if (ptr) {
		allocsample_internal_report_trackable(entry, size, offset, ptr, ip);
		return ptr;
	}
	ptr = as_next.realloc(old, size);
	if (sampled && ptr)
		allocsample_internal_report_untyped(entry, size, offset, ptr, ip);
	return ptr;
}

/* The fast path's subtraction borrowed. */
static AS_SLOW void *realloc_slow(void *old, size_t size, const char *entry, const void *ip)
{
	uint64_t offset = 0;
	bool sampled = allocsample_internal_sampler_slow(size, &offset);

	return realloc_accounted(old, size, sampled, offset, entry, ip);
}

/* A page-aligned (or NULL) `old`: maybe tracked, so the trials are
 * accounted here, both paths. */
static AS_SLOW void *realloc_aligned_old(void *old, size_t size, const char *entry, const void *ip)
{
	uint64_t offset = 0;
	bool sampled = as_thread_account(size, &offset);

	return realloc_accounted(old, size, sampled, offset, entry, ip);
}

/* realloc(p, 0) and realloc(NULL, 0) subtract nothing, so they never
 * sample: no trial, as doc/design.md section 1 asks. */
AS_EXPORT void *realloc(void *old, size_t size)
{
	if (AS_MAYBE_TRACKED(old))
		return realloc_aligned_old(old, size, "realloc", AS_CALLER_IP());
	if (as_sampler_fast(as_thread_sampler, size))
		return as_next.realloc(old, size);
	return realloc_slow(old, size, "realloc", AS_CALLER_IP());
}

/*
 * glibc's reallocarray calls realloc through the PLT, which would reach our
 * realloc and sample the bytes twice; so it is implemented here exactly as
 * glibc 2.36 does it: overflow check, then realloc.
 */
AS_EXPORT void *reallocarray(void *old, size_t nmemb, size_t size)
{
	size_t bytes;

	if (__builtin_mul_overflow(nmemb, size, &bytes)) {
		errno = ENOMEM;
		return NULL;
	}
	if (AS_MAYBE_TRACKED(old))
		return realloc_aligned_old(old, bytes, "reallocarray", AS_CALLER_IP());
	if (as_sampler_fast(as_thread_sampler, bytes))
		return as_next.realloc(old, bytes);
	return realloc_slow(old, bytes, "reallocarray", AS_CALLER_IP());
}

/* Alignments we may raise to a page: powers of two.  Any other is left to
 * the next allocator's own verdict (EINVAL, or rounding up), untracked. */
static bool raisable(size_t alignment)
{
	return alignment != 0 && (alignment & (alignment - 1)) == 0;
}

static AS_SLOW void *memalign_slow(void *(*const *slot)(size_t, size_t), size_t alignment,
				   size_t size, const char *entry, const void *ip)
{
	uint64_t offset;
	void *ptr = NULL;

	if (!allocsample_internal_sampler_slow(size, &offset))
		return (*slot)(alignment, size);
	if (raisable(alignment) && allocsample_internal_track_wanted())
		ptr = as_tracked_block(alignment, size);
	if (ptr) {
		allocsample_internal_report_trackable(entry, size, offset, ptr, ip);
		return ptr;
	}
	ptr = (*slot)(alignment, size);
	if (ptr)
		allocsample_internal_report_untyped(entry, size, offset, ptr, ip);
	return ptr;
}

AS_EXPORT void *memalign(size_t alignment, size_t size)
{
	if (as_sampler_fast(as_thread_sampler, size))
		return as_next.memalign(alignment, size);
	return memalign_slow(&as_next.memalign, alignment, size, "memalign", AS_CALLER_IP());
}

AS_EXPORT void *aligned_alloc(size_t alignment, size_t size)
{
	if (as_sampler_fast(as_thread_sampler, size))
		return as_next.aligned_alloc(alignment, size);
	return memalign_slow(&as_next.aligned_alloc, alignment, size, "aligned_alloc", AS_CALLER_IP());
}

static AS_SLOW int posix_memalign_slow(void **out, size_t alignment, size_t size, const void *ip)
{
	uint64_t offset;
	void *ptr = NULL;
	int ret;

	if (!allocsample_internal_sampler_slow(size, &offset))
		return as_next.posix_memalign(out, alignment, size);
	/* posix_memalign also wants a multiple of sizeof(void *). */
	if (raisable(alignment) && alignment >= sizeof(void *) && allocsample_internal_track_wanted())
		ptr = as_tracked_block(alignment, size);
	if (ptr) {
		*out = ptr;
		allocsample_internal_report_trackable("posix_memalign", size, offset, ptr, ip);
		return 0;
	}
	ret = as_next.posix_memalign(out, alignment, size);
	if (ret == 0)
		allocsample_internal_report_untyped("posix_memalign", size, offset, *out, ip);
	return ret;
}

AS_EXPORT int posix_memalign(void **out, size_t alignment, size_t size)
{
	if (as_sampler_fast(as_thread_sampler, size))
		return as_next.posix_memalign(out, alignment, size);
	return posix_memalign_slow(out, alignment, size, AS_CALLER_IP());
}

AS_EXPORT void *valloc(size_t size)
{
	if (as_sampler_fast(as_thread_sampler, size))
		return as_next.valloc(size);
	return valloc_slow(&as_next.valloc, size, "valloc", AS_CALLER_IP());
}

AS_EXPORT void *pvalloc(size_t size)
{
	if (as_sampler_fast(as_thread_sampler, size))
		return as_next.pvalloc(size);
	return valloc_slow(&as_next.pvalloc, size, "pvalloc", AS_CALLER_IP());
}
