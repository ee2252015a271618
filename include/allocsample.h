/*
 * allocsample.h - name the types of your allocations for allocsample.
 *
 * Link with liballocsample (pkg-config allocsample).  Each call below is
 * sampled by the calling thread's sampler, the same one that samples
 * malloc when liballocsample-preload.so is preloaded, and a sampled call
 * emits the LTTng-UST event allocsample:AllocationSampled with `type` set to
 * the name given here.  See allocsample.h(3) and allocsample(7).
 *
 * Memory from allocsample_malloc_typed(), allocsample_calloc_typed() and
 * ALLOCSAMPLE_NEW() in C is released with free(); in C++, ALLOCSAMPLE_NEW()
 * objects are released with delete.
 *
 * Type names are copied into the trace when an event is emitted: a name must
 * stay valid while it can be used (string literals always are).
 */
#ifndef ALLOCSAMPLE_H
#define ALLOCSAMPLE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* malloc(size), sampled as an object of type `type`.  Returns what malloc
 * returns, with its errno. */
void *allocsample_malloc_typed(size_t size, const char *type);

/* calloc(nmemb, size), sampled as an object of nmemb * size bytes of type
 * `type`.  Returns what calloc returns (NULL and ENOMEM on overflow). */
void *allocsample_calloc_typed(size_t nmemb, size_t size, const char *type);

/*
 * Calls allocate(size) and samples the result as an object of `size` bytes of
 * type `type`; allocations made inside `allocate` are not sampled again.
 * Returns what allocate returns; an exception it throws passes through.
 */
void *allocsample_allocate_typed(size_t size, const char *type, void *(*allocate)(size_t));

/*
 * Reports an allocation of `size` bytes that did not go through malloc (an
 * arena, a pool, a slab of your own).  It is sampled like any other object;
 * a sampled one is recorded with ptr = 0.
 */
void allocsample_record(const char *type, size_t size);

/*
 * Opens a type scope on the calling thread: until the matching
 * allocsample_scope_pop(), allocations made through malloc, operator new
 * and the other untyped entry points take `name` as their type (typed calls
 * keep their own).  Scopes nest; the innermost one names the allocation.
 */
void allocsample_scope_push(const char *name);

/* Closes the innermost scope opened by this thread (nothing if none). */
void allocsample_scope_pop(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#ifndef __cplusplus

/* A new object of type T, typed "T": `struct foo *f = ALLOCSAMPLE_NEW(struct foo);`
 * Uninitialised like malloc; NULL on failure. */
#define ALLOCSAMPLE_NEW(T) ((T *) allocsample_malloc_typed(sizeof(T), #T))

#else /* __cplusplus */

#include <new>

namespace allocsample {
/* Selects the typed operator new below; holds the type name. */
struct type_tag {
	const char *name;
};
} /* namespace allocsample */

/* The program's own ::operator new (so that delete matches it), sampled as
 * the tag's type. */
inline void *operator new(std::size_t size, allocsample::type_tag tag)
{
	return allocsample_allocate_typed(size, tag.name,
		static_cast<void *(*)(std::size_t)>(&::operator new));
}

/* Called only when the constructor throws. */
inline void operator delete(void *p, allocsample::type_tag) noexcept
{
	::operator delete(p);
}

/* `Widget *w = ALLOCSAMPLE_NEW(Widget)(args...);` constructs a Widget typed
 * "Widget"; release it with delete. */
#define ALLOCSAMPLE_NEW(T) new (allocsample::type_tag{#T}) T

#endif /* __cplusplus */

#endif /* ALLOCSAMPLE_H */
