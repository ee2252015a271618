/* stack_walk.h - the return addresses on the calling thread's stack. */
#ifndef ALLOCSAMPLE_STACK_WALK_H
#define ALLOCSAMPLE_STACK_WALK_H

#include <stdbool.h>

/*
 * Writes up to `max` addresses of the calling thread's stack into `frames`,
 * innermost first, beginning with the return address into the caller of
 * as_stack_walk, and returns how many.  Every one is a return address: the
 * address of an instruction interrupted by a signal is given plus one, so
 * that address - 1 lies in the instruction that was running, as it lies in
 * the call for the others.  Fewer than `max` means the walk reached the
 * thread's first frame, or a frame without unwind information (code from
 * a JIT).
 *
 * Allocates nothing and takes no lock; safe in a signal handler and on any
 * stack (stack_walk.c, doc/sampling.md "Stacks").  Call with the thread's
 * sampler held, so that a signal handler's allocation cannot walk again
 * in the middle of this walk's libgcc fallback.
 */
unsigned as_stack_walk(void **frames, unsigned max);

/*
 * Finds libgcc's unwinder, the walk's fallback: libgcc_s is a dependency of
 * whoever links the walk, so RTLD_NOLOAD finds it (the reference is kept,
 * as the library stays loaded anyway).  Call once, at load, outside any
 * allocator (dlopen and dlsym take the loader's lock), and, in a traced
 * process, with the thread's sampler held: the loader allocates for it.
 * Without it the walk has no fallback.
 */
void as_stack_walk_init(void);

struct as_registers; /* frame_step.h */

/*
 * For the tests: the walk of a stack the caller made, from the frame whose
 * registers are *start (its pc a return address, or the next instruction
 * when start->exact).  Writes the return addresses of its callers into
 * `frames`, up to `max`, as as_stack_walk does, and returns how many.
 * Where as_stack_walk would hand the whole walk to libgcc's unwinder (a
 * rule it does not follow), this one stops and sets *unfollowed, as
 * libgcc can only walk the thread's own stack.  Reads the stack only
 * inside the frames the rules describe (frame_step.h).
 */
unsigned as_stack_walk_from(const struct as_registers *start, void **frames, unsigned max,
			    bool *unfollowed);

/* How many walks were handed to libgcc's unwinder so far, for the tests. */
unsigned long as_stack_walk_handed_to_libgcc(void);

#endif
