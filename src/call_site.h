/* call_site.h - the program's call site of a sampled allocation, past the runtimes. */
#ifndef ALLOCSAMPLE_CALL_SITE_H
#define ALLOCSAMPLE_CALL_SITE_H

#include <stdbool.h>

/*
 * True when `ip`, the return address into whoever called the allocator
 * entry point, lies in a runtime object (allocsample's own, the C or C++
 * runtime, libgcc_s, the dynamic linker, the next allocator): the call
 * site is then further up the stack.  Lock-free and allocation-free.
 */
bool as_call_site_in_runtime(const void *ip);

/*
 * Returns the address to report as the allocation's call site: the first
 * of the `n` return addresses `frames` (innermost first, frames[0] being
 * `ip`) that lies outside the runtime objects; `ip` when there is none.
 */
const void *as_call_site(void *const *frames, unsigned n, const void *ip);

/*
 * Counts the object that contains `address` as a runtime object: the
 * preload shim notes itself and the allocator it chains to.  Exported under
 * a reserved name for liballocsample-preload.so.  Lock-free and
 * allocation-free; notes beyond the first eight objects are ignored.
 */
void allocsample_internal_note_runtime(const void *address);

#endif
