/* stack_walk.h - the return addresses on the calling thread's stack. */
#ifndef ALLOCSAMPLE_STACK_WALK_H
#define ALLOCSAMPLE_STACK_WALK_H

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

/* How many walks were handed to libgcc's unwinder so far, for the tests. */
unsigned long as_stack_walk_handed_to_libgcc(void);

#endif
