/*
 * runtime.h - which objects and functions are the runtimes': the C and C++
 * runtimes, the loader, allocsample's own libraries and the allocators it
 * chains to, and the C++ standard library's templates compiled into a
 * program.  Their frames are never a call site: the report names a
 * stack's site by its first frame outside the runtimes' objects
 * (doc/report-formats.md, "Stacks"), and allocsample-compare labels a
 * stack from its first frame outside both (doc/compare.md, "Matching").
 */
#ifndef ALLOCSAMPLE_COMMON_RUNTIME_H
#define ALLOCSAMPLE_COMMON_RUNTIME_H

#include <stdbool.h>

/* Whether the object at `path` (a full path, or a file name) is a
 * runtime's, by the start of its file name. */
bool as_runtime_object(const char *path);

/* Whether `function`, a name as the report gives it (demangled, without
 * parameters or return type), is the C++ runtime's whatever object holds
 * it: the standard library's templates (`std::`, `__gnu_cxx::`,
 * `__cxxabiv1::`), the global `operator new` and `operator delete`, and
 * allocsample.h's inline helpers (`allocsample::`).  False for NULL. */
bool as_runtime_function(const char *function);

#endif
