/*
 * group_key.c - a group's key: the hash and equality of the summary's
 * index, and the lookups the formats make in it (see summary.h).  Apart
 * from summary.c, which builds groups from the aggregate's cells, so that
 * a program printing a model built otherwise (allocsample-profile) finds
 * groups the same way.
 */
#include "model/summary.h"

static guint str_hash_null(const char *s)
{
	return s ? g_str_hash(s) : 0;
}

/* procname is the name of the thread that allocated (threads name
 * themselves, lttng-ust's is "<program>-ust"): with a vpid it only labels
 * the group, without one it tells processes apart. */
static const char *procname_key(const struct asr_group *g)
{
	return g->has_vpid ? NULL : g->procname;
}

/* Keys: the fields a kind does not use are left zero, so one hash and one
 * equality serve every kind. */
guint asr_group_hash(gconstpointer p)
{
	const struct asr_group *g = p;
	guint h = str_hash_null(g->host);

	h = h * 31 + str_hash_null(procname_key(g));
	h = h * 31 + str_hash_null(g->type);
	h = h * 31 + g_direct_hash(g->site);
	h = h * 31 + g_direct_hash(g->stack);
	h = h * 31 + str_hash_null(g->function);
	h = h * 31 + str_hash_null(g->binary);
	h = h * 31 + (guint) g->vpid;
	h = h * 31 + (guint) g->vtid;
	return h * 31 + g->anon_trace;
}

gboolean asr_group_equal(gconstpointer pa, gconstpointer pb)
{
	const struct asr_group *a = pa, *b = pb;

	return a->kind == b->kind && a->has_vpid == b->has_vpid && a->vpid == b->vpid &&
	       a->has_vtid == b->has_vtid && a->vtid == b->vtid && a->anon_trace == b->anon_trace &&
	       g_strcmp0(a->host, b->host) == 0 &&
	       g_strcmp0(procname_key(a), procname_key(b)) == 0 &&
	       g_strcmp0(a->type, b->type) == 0 && a->site == b->site && a->stack == b->stack &&
	       g_strcmp0(a->function, b->function) == 0 && g_strcmp0(a->binary, b->binary) == 0;
}

const struct asr_group *asr_summary_find(const struct asr_summary *summary,
					 const struct asr_group *key)
{
	return g_hash_table_lookup(summary->index, key);
}

struct asr_group asr_process_key(const struct asr_group *g)
{
	return (struct asr_group) {
		.kind = ASR_KIND_PROCESS,
		.host = g->host,
		.procname = g->procname,
		.vpid = g->vpid,
		.has_vpid = g->has_vpid,
		.anon_trace = g->anon_trace,
	};
}
