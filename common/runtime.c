/* runtime.c - the runtimes' objects, by file name (see runtime.h). */
#include <string.h>

#include "common/labels.h"
#include "common/runtime.h"

/* By the start of their file names: versions and suffixes vary
 * (libc.so.6, libc-2.31.so, ld-linux-x86-64.so.2, libjemalloc.so.2). */
static const char *const runtimes[] = {
	"libc.so", "libc-", "libstdc++.so", "libgcc_s.so", "ld-linux", "ld64.so", "ld-musl",
	"liballocsample", "libjemalloc", "libtcmalloc", "libmimalloc",
};

bool as_runtime_object(const char *path)
{
	const char *base = as_base_name(path);
	size_t i;

	for (i = 0; i < sizeof runtimes / sizeof runtimes[0]; i++) {
		if (strncmp(base, runtimes[i], strlen(runtimes[i])) == 0)
			return true;
	}
	return false;
}
