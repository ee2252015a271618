/* runtime.c - the runtimes' objects by file name, their functions by name
 * (see runtime.h). */
#include <string.h>

#include "common/labels.h"
#include "common/runtime.h"

/* Whether `s` starts with one of the `n` `prefixes`. */
static bool starts_with_any(const char *s, const char *const *prefixes, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (strncmp(s, prefixes[i], strlen(prefixes[i])) == 0)
			return true;
	}
	return false;
}

/* By the start of their file names: versions and suffixes vary
 * (libc.so.6, libc-2.31.so, ld-linux-x86-64.so.2, libjemalloc.so.2). */
static const char *const runtimes[] = {
	"libc.so", "libc-", "libstdc++.so", "libgcc_s.so", "ld-linux", "ld64.so", "ld-musl",
	"liballocsample", "libjemalloc", "libtcmalloc", "libmimalloc",
};

/*
 * By the start of their names.  A container's growth or an allocator
 * template (std::vector<long>::_M_realloc_insert,
 * std::__new_allocator<long>::allocate) is compiled into the program that
 * uses it, so its object does not tell it from the program's own code; its
 * namespace does.  libc++ nests its names in std:: too (std::__1::).  The
 * global operator new is the allocator's entry point even when a program
 * replaces it, as allocsample.h's typed one does; a class's own
 * (Pool::operator new) is the program's.
 */
static const char *const runtime_functions[] = {
	"std::", "__gnu_cxx::", "__cxxabiv1::", "operator new", "operator delete", "allocsample::",
};

bool as_runtime_object(const char *path)
{
	const char *base = as_base_name(path);

	return base && starts_with_any(base, runtimes, sizeof runtimes / sizeof runtimes[0]);
}

bool as_runtime_function(const char *function)
{
	size_t n = sizeof runtime_functions / sizeof runtime_functions[0];

	return function && starts_with_any(function, runtime_functions, n);
}
