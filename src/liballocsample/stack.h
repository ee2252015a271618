/* stack.h - the call stack and call site of a sampled allocation, and whether it was the tracer's. */
#ifndef ALLOCSAMPLE_STACK_H
#define ALLOCSAMPLE_STACK_H

#include <stdbool.h>

#include "sampler/settings.h"

/* allocsample's own frames a walk may begin with, before the return
 * address into the program: the walk's, as_emit_sample's, the entry
 * point's slow path, with room to spare. */
#define AS_STACK_OWN_FRAMES 8
/* How far past the caller a call site in a runtime is looked for. */
#define AS_STACK_SITE_FRAMES 20
#define AS_STACK_WALK_MAX \
	((AS_MAX_STACK_DEPTH > AS_STACK_SITE_FRAMES ? AS_MAX_STACK_DEPTH : AS_STACK_SITE_FRAMES) + \
	 AS_STACK_OWN_FRAMES + 1)

struct as_stack {
	void *const *frames;   /* n return addresses, innermost first; frames[0] is ip */
	unsigned n;            /* at most ALLOCSAMPLE_STACK_DEPTH; 0 when that is 0 */
	bool truncated;        /* frames beyond the n were left out */
	const void *site;      /* the call site past the runtimes (call_site.h) */
	bool tracer;           /* lttng-ust's own allocation, not the program's */
	void *walked[AS_STACK_WALK_MAX];
};

/*
 * Fills *stack for an object sampled on the calling thread, given `ip`, the
 * return address into whoever called the allocator entry point: the first
 * ALLOCSAMPLE_STACK_DEPTH return addresses from `ip` outward, whether more
 * were left, the call site, and whether the allocation was the tracer's
 * (then nothing else is filled in).  One walk at most, none when the depth
 * is 0 and `ip` lies in the program.  When the walk cannot get past
 * allocsample's own frames (never seen), the stack is `ip` alone, marked
 * truncated.  Call with the thread's sampler held (stack_walk.h).
 */
void as_stack_capture(struct as_stack *stack, const void *ip);

/*
 * Whether the object sampled with return address `ip` was the tracer's,
 * walking only as far as the question needs (usually not at all).  Call
 * with the thread's sampler held.
 */
bool as_stack_is_tracer(const void *ip);

#endif
