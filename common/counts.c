/* counts.c - a count and its noun (see counts.h). */
#include <inttypes.h>

#include <glib.h>

#include "common/counts.h"

const char *as_plural(uint64_t n, const char *one, const char *other)
{
	return n == 1 ? one : other;
}

char *as_count(uint64_t n, const char *one, const char *other)
{
	return g_strdup_printf("%" PRIu64 " %s", n, as_plural(n, one, other));
}
