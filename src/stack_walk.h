/* stack_walk.h - the return addresses on the calling thread's stack. */
#ifndef ALLOCSAMPLE_STACK_WALK_H
#define ALLOCSAMPLE_STACK_WALK_H

/*
 * Writes up to `max` addresses of the calling thread's stack into `frames`,
 * innermost first, beginning inside allocsample's own frames, and returns
 * how many.  Every one is a return address: the address of an instruction
 * interrupted by a signal is given plus one, so that address - 1 lies in
 * the instruction that was running, as it lies in the call for the others.
 * Fewer than `max` means the walk reached the outermost frame, or a frame
 * it cannot step over (code without unwind tables).
 *
 * libunwind's cached walk, or libgcc's when that cache cannot be trusted
 * (unloads.h).  Neither allocates nor takes a lock an allocator may hold;
 * the first walk of a thread through new code may take the dynamic
 * loader's lock (doc/sampling.md, "Stacks").  Call with the thread's
 * sampler held, so that nothing it calls samples or walks again.
 */
unsigned as_stack_walk(void **frames, unsigned max);

#endif
