/* export.h - the one spelling of "this symbol is part of the library's
 * interface", for liballocsample.so and liballocsample-preload.so. */
#ifndef ALLOCSAMPLE_EXPORT_H
#define ALLOCSAMPLE_EXPORT_H

/*
 * Every in-process object is built with -fvisibility=hidden (src/local.mk),
 * so a symbol is exported only when its definition says so: the functions of
 * allocsample.h, the shim's allocator entry points, and the reserved
 * allocsample_internal_* names through which the shim reaches the library.
 */
#define AS_EXPORT __attribute__((visibility("default")))

#endif
