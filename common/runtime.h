/*
 * runtime.h - which objects are the runtimes': the C and C++ runtimes, the
 * loader, allocsample's own libraries and the allocators it chains to.
 * Their frames are never a call site: the report names a stack's site by
 * its first frame outside them (doc/report-formats.md, "Stacks"), and
 * allocsample-compare labels a stack from that frame.
 */
#ifndef ALLOCSAMPLE_COMMON_RUNTIME_H
#define ALLOCSAMPLE_COMMON_RUNTIME_H

#include <stdbool.h>

/* Whether the object at `path` (a full path, or a file name) is a
 * runtime's, by the start of its file name. */
bool as_runtime_object(const char *path);

#endif
