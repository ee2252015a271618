/* call_site.h - the program's call site of a sampled allocation, past the runtimes. */
#ifndef ALLOCSAMPLE_CALL_SITE_H
#define ALLOCSAMPLE_CALL_SITE_H

/*
 * Returns the address to report as the allocation's call site, given `ip`,
 * the return address into whoever called the allocator entry point.  When
 * `ip` lies in a runtime object (allocsample's own, the C or C++ runtime,
 * libgcc_s, the dynamic linker, the next allocator), returns the first
 * return address of the calling thread's stack outside those objects;
 * otherwise, or when the stack cannot be walked, returns `ip` unchanged.
 * Call only with the thread's sampler held: unwinding may allocate.
 */
const void *as_call_site(const void *ip);

/*
 * Counts the object that contains `address` as a runtime object: the
 * preload shim notes itself and the allocator it chains to.  Exported under
 * a reserved name for liballocsample-preload.so.  Lock-free and
 * allocation-free; notes beyond the first eight objects are ignored.
 */
void allocsample_internal_note_runtime(const void *address);

#endif
