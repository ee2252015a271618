/* kinds.c - the names of the kinds of group (see kinds.h). */
#include <string.h>

#include "common/kinds.h"

static const char *const names[AS_KIND_COUNT] = {
	[AS_KIND_PROCESS] = "process",
	[AS_KIND_THREAD] = "thread",
	[AS_KIND_TYPE] = "type",
	[AS_KIND_THREAD_TYPE] = "thread-type",
	[AS_KIND_SITE] = "site",
	[AS_KIND_STACK] = "stack",
	[AS_KIND_FUNCTION] = "function",
	[AS_KIND_BINARY] = "binary",
	[AS_KIND_TOTAL] = "total",
};

const char *as_kind_name(enum as_kind kind)
{
	return (unsigned) kind < AS_KIND_COUNT ? names[kind] : "?";
}

int as_kind_parse(const char *name)
{
	int k;

	for (k = 0; k < AS_KIND_COUNT; k++) {
		if (strcmp(name, names[k]) == 0)
			return k;
	}
	return -1;
}
