/* emit.h - emitting allocsample:AllocationSampled for a sampled object. */
#ifndef ALLOCSAMPLE_EMIT_H
#define ALLOCSAMPLE_EMIT_H

#include <stdint.h>

/*
 * Emits one event for an object sampled by the calling thread's sampler, if a
 * session records it; otherwise does nothing.  `type` names the object's
 * type; `ptr` is the address given to the program (NULL when there is none);
 * `ip` the caller's return address, where the event's stack begins (its
 * ALLOCSAMPLE_STACK_DEPTH frames from there outward), reported as the
 * program's call site further up the stack when it lies in a runtime
 * (stack.h, call_site.h).  Preserves errno, and holds the sampler so that
 * the tracer's own allocations are neither sampled nor counted.
 */
void as_emit_sample(const char *type, uint64_t size, uint64_t offset, const void *ptr,
		    const void *ip);

/*
 * The same for an allocation made through a libc or C++ entry point: the type
 * is the thread's innermost scope (allocsample_scope_push), else `entry`.
 * Exported under a reserved name for liballocsample-preload.so.  The shim
 * links against that name, so it belongs to liballocsample.so's ABI and
 * keeps its spelling although the file is named for what it does.
 */
void allocsample_internal_report_untyped(const char *entry, uint64_t size, uint64_t offset,
					 const void *ptr, const void *ip);

#endif
