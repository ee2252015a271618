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

/*
 * Imprecise: the interval is wider than the point estimate itself, e.g.
 * below about 20 samples at 95% (doc/estimation.md, "When to distrust the
 * numbers").  Judged on the interval, not on the sample count, because
 * objects much larger than the rate are sampled almost surely: a few
 * samples of 1 GiB objects pin their bytes to a fraction of a percent.
 */
bool asr_estimate_imprecise(const struct as_estimate *est)
{
	return est->upper - est->lower > est->weighted;
}

const char *asr_kind_name(enum asr_kind kind)
{
	static const char *const names[ASR_KIND_COUNT] = {
		[ASR_KIND_PROCESS] = "process",
		[ASR_KIND_THREAD] = "thread",
		[ASR_KIND_TYPE] = "type",
		[ASR_KIND_THREAD_TYPE] = "thread-type",
		[ASR_KIND_SITE] = "site",
		[ASR_KIND_STACK] = "stack",
	};

	return names[kind];
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
