/* shown.c - which groups a report shows, what each kind is called and how its figures round, the same in every format (see model.h). */
#include <math.h>

#include "model/model.h"

bool asr_kind_shown(enum asr_kind kind, unsigned group_by)
{
	switch (kind) {
	case ASR_KIND_PROCESS:
		return true;
	case ASR_KIND_THREAD:
		return group_by & ASR_GROUP_BY_THREAD;
	case ASR_KIND_TYPE:
		return group_by & ASR_GROUP_BY_TYPE;
	case ASR_KIND_THREAD_TYPE:
		return group_by & ASR_GROUP_BY_THREAD_TYPE;
	case ASR_KIND_SITE:
		return group_by & ASR_GROUP_BY_SITE;
	case ASR_KIND_STACK:
		return group_by & ASR_GROUP_BY_STACK;
	case ASR_KIND_FUNCTION:
		return group_by & ASR_GROUP_BY_FUNCTION;
	case ASR_KIND_BINARY:
		return group_by & ASR_GROUP_BY_BINARY;
	case ASR_KIND_COUNT:
		break;
	}
	return false;
}

bool asr_group_shown(const struct asr_group *g, unsigned group_by)
{
	if (!asr_kind_shown(g->kind, group_by))
		return false;
	if (g->kind == ASR_KIND_THREAD || g->kind == ASR_KIND_THREAD_TYPE)
		return g->has_vtid;
	return true;
}

/* The report's kinds are common/kinds.h's (model/summary.h). */
const char *asr_kind_name(enum asr_kind kind)
{
	return as_kind_name((enum as_kind) kind);
}

const char *asr_group_name(const struct asr_group *g)
{
	return g->kind == ASR_KIND_THREAD || g->kind == ASR_KIND_THREAD_TYPE ? g->procname :
									 g->process;
}

uint64_t asr_bytes_round(double bytes)
{
	if (!(bytes > 0.0))
		return 0;
	if (bytes >= 18446744073709551615.0)
		return UINT64_MAX;
	return (uint64_t) floor(bytes + 0.5);
}
