/* preload.h - what every wrapper of liballocsample-preload.so shares. */
#ifndef ALLOCSAMPLE_PRELOAD_H
#define ALLOCSAMPLE_PRELOAD_H

#include "emit.h"
#include "export.h"
#include "next.h"
#include "thread_state.h"

/* The program's call site: the return address of the wrapper itself, as
 * lttng-ust's libc wrapper passes it. */
#define AS_CALLER_IP() __builtin_return_address(0)
/* Slow paths stay out of line so the wrappers remain a few instructions. */
#define AS_SLOW __attribute__((noinline, cold))

#endif
