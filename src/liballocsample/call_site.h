/* call_site.h - the program's call site of a sampled allocation, past the runtimes. */
#ifndef ALLOCSAMPLE_CALL_SITE_H
#define ALLOCSAMPLE_CALL_SITE_H

#include <stdbool.h>

/*
 * Where a return address lies, for the call site and for telling the
 * tracer's own allocations from the program's (doc/sampling.md, "The
 * tracer's own allocations").
 */
enum as_origin {
	/* The program's code, or code outside every object (a JIT's). */
	AS_ORIGIN_PROGRAM,
	/* allocsample's own objects, the C and C++ runtimes, libgcc_s, the
	 * dynamic linker, libnuma, the next allocator: code every caller
	 * shares, so the call site is further up the stack. */
	AS_ORIGIN_RUNTIME,
	/* lttng-ust itself (liblttng-ust, -common, -tracepoint): whatever it
	 * allocates is the tracer's. */
	AS_ORIGIN_TRACER,
	/* One of lttng-ust's preloaded wrappers (liblttng-ust-dl, -fork,
	 * -fd, ...): transparent where the program called it (its dlopen,
	 * fork or close goes on to the C library), the tracer's where it
	 * called its own code (reading an object's build id). */
	AS_ORIGIN_WRAPPER,
};

/* The origin of the object holding `ip`.  Lock-free and allocation-free. */
enum as_origin as_call_site_origin(const void *ip);

/*
 * Looks through the `n` return addresses `frames` (innermost first,
 * frames[0] being `ip`) for whose allocation this is.  Returns true when
 * it is the tracer's: the first frame that is neither a runtime's nor a
 * wrapper entered from outside lies in lttng-ust.  Otherwise sets *site
 * to that frame, the program's call site, or to `ip` when every frame is a
 * runtime's, and returns false.
 */
bool as_call_site(void *const *frames, unsigned n, const void *ip, const void **site);

/*
 * Counts the object that contains `address` as a runtime object: the
 * preload shim notes itself and the allocator it chains to.  Exported under
 * a reserved name for liballocsample-preload.so.  Lock-free and
 * allocation-free; notes beyond the first eight objects are ignored.
 */
void allocsample_internal_note_runtime(const void *address);

#endif
