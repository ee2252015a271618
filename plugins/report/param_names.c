/*
 * param_names.c - the names of the values of `group-by`, `sort` and
 * `snapshot-reason`, which
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

static const char *const snapshot_reason_names[] = {
	[ASR_SNAPSHOT_REASON_NONE] = NULL,
	[ASR_SNAPSHOT_REASON_EXIT] = "exit",
	[ASR_SNAPSHOT_REASON_SIGNAL] = "signal",
	[ASR_SNAPSHOT_REASON_HIGH_WATER] = "high-water",
	[ASR_SNAPSHOT_REASON_REQUEST] = "request",
};

const char *asr_snapshot_reason_name(enum asr_snapshot_reason reason)
{
	return snapshot_reason_names[reason];
}

int asr_snapshot_reason_parse(const char *name)
{
	size_t i;

	for (i = 1; i < sizeof snapshot_reason_names / sizeof snapshot_reason_names[0]; i++) {
		if (strcmp(name, snapshot_reason_names[i]) == 0)
			return (int) i;
	}
	return -1;
}
