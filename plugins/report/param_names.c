/*
 * param_names.c - the names of the values of `group-by` and `sort`, which
 * the formats print too (see params.h): apart from params.c, which reads
 * babeltrace2's values, so that the formats link no babeltrace2.
 */
#include <string.h>

#include "params.h"

const char *asr_group_by_name(enum asr_group_by bit)
{
	int k;

	for (k = AS_KIND_THREAD; k <= AS_KIND_BINARY; k++) {
		if (bit == ASR_GROUP_BY_BIT(k))
			return as_kind_name((enum as_kind) k);
	}
	return "?";
}

static const char *const sort_names[] = {
	[ASR_SORT_ALLOCATED] = "allocated",
	[ASR_SORT_LIVE] = "live",
	[ASR_SORT_TEMPORARY] = "temporary",
	[ASR_SORT_PEAK] = "peak",
};

const char *asr_sort_name(enum asr_sort sort)
{
	return sort_names[sort];
}

int asr_sort_parse(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof sort_names / sizeof sort_names[0]; i++) {
		if (strcmp(name, sort_names[i]) == 0)
			return (int) i;
	}
	return -1;
}
