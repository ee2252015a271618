/*
 * match.c - which groups of two runs are the same group: the kinds
 * compared, the keys that survive a rerun, same-keyed groups of one run
 * added up, and the pairs (doc/compare.md, "Matching").
 *
 * A key holds names, never ids: process ids and thread ids change from run
 * to run.  So a run's groups with one key (two processes of one name, the
 * threads of one name in a process) are one group: their accumulators
 * added per rate (as_estimate_merge) and their thread counts T summed,
 * exactly as the report adds threads up into a process.
 */
#include <glib.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/labels.h"
#include "compare/compare.h"

void asc_warn(struct asc_comparison *cmp, const char *format, ...)
{
	char **grown = realloc(cmp->warnings, (cmp->n_warnings + 2) * sizeof(*grown));
	va_list args;

	if (!grown)
		return;
	cmp->warnings = grown;
	va_start(args, format);
	grown[cmp->n_warnings] = g_strdup_vprintf(format, args);
	va_end(args);
	grown[++cmp->n_warnings] = NULL;
}

/* The kinds asked that a run cannot give: dropped with a warning, or an
 * error when --group-by asked for them by name. */
static int check_kind(struct asc_comparison *cmp, const struct asc_run *run, const char *role,
		      enum as_kind kind)
{
	bool threads = kind == AS_KIND_THREAD || kind == AS_KIND_THREAD_TYPE;
	char *why;

	if (threads && run->missing_vtid)
		why = g_strdup_printf(
			"%s %s was recorded without the vtid context, so its threads cannot be told apart "
			"(record with `lttng add-context -u -t vtid`)",
			role, run->path);
	else if (!(run->kinds & 1u << kind))
		why = g_strdup_printf(
			"%s %s is a report without %s groups (regenerate it with group-by including \"%s\", "
			"or give its trace directory)",
			role, run->path, as_kind_name(kind), as_kind_name(kind));
	else
		return 0;
	if (cmp->options->group_by_given) {
		fprintf(stderr, ASC_ME ": %s: --group-by %s cannot be compared\n", why, as_kind_name(kind));
		g_free(why);
		return -1;
	}
	asc_warn(cmp, "%s: %s groups are not compared", why, as_kind_name(kind));
	g_free(why);
	cmp->kinds &= ~(1u << kind);
	return 0;
}

int asc_kinds_choose(struct asc_comparison *cmp)
{
	int k;

	cmp->kinds = cmp->options->kinds | 1u << AS_KIND_PROCESS | 1u << AS_KIND_TOTAL;
	for (k = 0; k < AS_KIND_COUNT; k++) {
		if (k == AS_KIND_PROCESS || k == AS_KIND_TOTAL || !(cmp->kinds & 1u << k))
			continue;
		if (check_kind(cmp, &cmp->base, "BASELINE", (enum as_kind) k) != 0 ||
		    check_kind(cmp, &cmp->new_, "NEW", (enum as_kind) k) != 0)
			return -1;
	}
	return 0;
}

static int rate_order(const void *a, const void *b)
{
	const struct as_estimate_accum *x = a, *y = b;

	return x->rate < y->rate ? -1 : x->rate > y->rate;
}

int asc_group_add(struct asc_group *into, const struct asc_group *from)
{
	size_t i, j;

	for (i = 0; i < from->n_accums; i++) {
		for (j = 0; j < into->n_accums; j++)
			if (into->accums[j].rate == from->accums[i].rate)
				break;
		if (j < into->n_accums) {
			as_estimate_merge(&into->accums[j], &from->accums[i]);
		} else {
			struct as_estimate_accum *grown =
				realloc(into->accums, (into->n_accums + 1) * sizeof(*grown));

			if (!grown)
				return -1;
			into->accums = grown;
			into->accums[into->n_accums++] = from->accums[i];
		}
	}
	qsort(into->accums, into->n_accums, sizeof(*into->accums), rate_order);
	into->threads += from->threads;
	into->merged += from->merged;
	into->incomplete = into->incomplete || from->incomplete;
	into->tracer = into->tracer || from->tracer;
	return 0;
}

/* The matching key as one string: the kind, then each field (file and
 * binary by base name), "\x1e" for a field that is absent. */
static char *key_string(const struct asc_key *k)
{
	const char *fields[] = { k->host, k->process, k->thread, k->type, k->function,
				 as_base_name(k->file), as_base_name(k->binary), k->address };
	GString *s = g_string_new(NULL);
	size_t i;

	g_string_append_printf(s, "%d", (int) k->kind);
	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		g_string_append_printf(s, "\x1f%s", fields[i] ? fields[i] : "\x1e");
	g_string_append_printf(s, "\x1f%020lld\x1f%s", (long long) k->line, k->stack ? k->stack : "\x1e");
	return g_string_free(s, FALSE);
}

static void group_drop(struct asc_group *g)
{
	asc_key_free(&g->key);
	free(g->accums);
	memset(g, 0, sizeof(*g));
}

/* Keeps the kinds compared, drops hosts from the keys unless they are
 * matched, and adds same-keyed groups up, in place.  `index` maps each key
 * string to its group. */
static int merge_run(struct asc_comparison *cmp, struct asc_run *run, GHashTable *index)
{
	size_t i, m = 0;

	for (i = 0; i < run->n_groups; i++) {
		struct asc_group g = run->groups[i];
		gpointer found;
		char *key;

		memset(&run->groups[i], 0, sizeof(run->groups[i]));
		if (!(cmp->kinds & 1u << g.key.kind)) {
			group_drop(&g);
			continue;
		}
		if (!cmp->match_hosts) {
			g_free(g.key.host);
			g.key.host = NULL;
		}
		key = key_string(&g.key);
		if (g_hash_table_lookup_extended(index, key, NULL, &found)) {
			int rc = asc_group_add(&run->groups[GPOINTER_TO_SIZE(found)], &g);

			group_drop(&g);
			g_free(key);
			if (rc != 0)
				return -1;
			continue;
		}
		g_hash_table_insert(index, key, GSIZE_TO_POINTER(m));
		run->groups[m++] = g;
	}
	run->n_groups = m;
	return 0;
}

static int pair_order(const void *a, const void *b)
{
	const struct asc_pair *x = a, *y = b;

	return strcmp(x->sort_key, y->sort_key);
}

static bool same_strings(char **a, char **b)
{
	return a && b && a[0] && b[0] && !a[1] && !b[1] && strcmp(a[0], b[0]) == 0;
}

/* The only process name of a run, or NULL when it has none or several. */
static const char *only_process(const struct asc_run *run)
{
	const char *name = NULL;
	size_t i;

	for (i = 0; i < run->n_groups; i++) {
		const struct asc_key *k = &run->groups[i].key;

		if (k->kind != AS_KIND_PROCESS)
			continue;
		if (!k->process || (name && strcmp(name, k->process) != 0))
			return NULL;
		name = k->process;
	}
	return name;
}

/*
 * Without the vtid context the report cannot tell a process's main thread,
 * and names the process after one of its threads ("worker" for
 * "workload").  When each run has one process, they are matched whatever
 * that name, under the other run's name.
 */
static void reconcile_names(struct asc_comparison *cmp, struct asc_run *run, const struct asc_run *other,
			    const char *role)
{
	const char *mine = only_process(run), *theirs = only_process(other);
	size_t i;

	if (!run->missing_vtid || other->missing_vtid || !mine || !theirs || strcmp(mine, theirs) == 0)
		return;
	asc_warn(cmp,
		 "%s %s was recorded without the vtid context, so the report named its process after one of "
		 "its threads (%s): each run having one process, it is matched with %s",
		 role, run->path, mine, theirs);
	for (i = 0; i < run->n_groups; i++) {
		struct asc_key *k = &run->groups[i].key;

		if (k->process) {
			g_free(k->process);
			k->process = g_strdup(theirs);
		}
	}
}

int asc_match(struct asc_comparison *cmp)
{
	GHashTable *base_index = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	GHashTable *new_index = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	GHashTableIter iter;
	gpointer key, value;
	size_t i;
	int rc = -1;

	/* One host on each side: the same program on two machines (a CI runner
	 * and a developer's) is still the same program. */
	cmp->match_hosts = cmp->base.n_hosts > 1 || cmp->new_.n_hosts > 1;
	if (!cmp->match_hosts && cmp->base.n_hosts == 1 && cmp->new_.n_hosts == 1 &&
	    !same_strings(cmp->base.hosts, cmp->new_.hosts))
		asc_warn(cmp, "the runs come from different hosts (BASELINE %s, NEW %s): groups are matched without their host",
			 cmp->base.hosts[0], cmp->new_.hosts[0]);
	reconcile_names(cmp, &cmp->base, &cmp->new_, "BASELINE");
	reconcile_names(cmp, &cmp->new_, &cmp->base, "NEW");
	if (merge_run(cmp, &cmp->base, base_index) != 0 || merge_run(cmp, &cmp->new_, new_index) != 0)
		goto end;

	cmp->pairs = calloc(cmp->base.n_groups + cmp->new_.n_groups + 1, sizeof(*cmp->pairs));
	if (!cmp->pairs)
		goto end;
	g_hash_table_iter_init(&iter, base_index);
	while (g_hash_table_iter_next(&iter, &key, &value)) {
		struct asc_pair *p = &cmp->pairs[cmp->n_pairs++];
		gpointer other;

		p->base = &cmp->base.groups[GPOINTER_TO_SIZE(value)];
		if (g_hash_table_lookup_extended(new_index, key, NULL, &other)) {
			p->new_ = &cmp->new_.groups[GPOINTER_TO_SIZE(other)];
			if (p->base->key.kind != AS_KIND_TOTAL)
				cmp->in_common++;
		}
		p->sort_key = g_strdup(key);
	}
	g_hash_table_iter_init(&iter, new_index);
	while (g_hash_table_iter_next(&iter, &key, &value)) {
		struct asc_pair *p;

		if (g_hash_table_contains(base_index, key))
			continue;
		p = &cmp->pairs[cmp->n_pairs++];
		p->new_ = &cmp->new_.groups[GPOINTER_TO_SIZE(value)];
		p->sort_key = g_strdup(key);
	}
	for (i = 0; i < cmp->n_pairs; i++) {
		struct asc_pair *p = &cmp->pairs[i];

		/* NEW's names when both sides have them: its file and binary
		 * paths are the current ones. */
		p->key = p->new_ ? &p->new_->key : &p->base->key;
	}
	qsort(cmp->pairs, cmp->n_pairs, sizeof(*cmp->pairs), pair_order);
	asc_label(cmp);
	rc = 0;
end:
	g_hash_table_destroy(base_index);
	g_hash_table_destroy(new_index);
	return rc;
}

void asc_comparison_free(struct asc_comparison *cmp)
{
	size_t i;

	for (i = 0; i < cmp->n_pairs; i++) {
		g_free(cmp->pairs[i].label);
		g_free(cmp->pairs[i].sort_key);
	}
	free(cmp->pairs);
	for (i = 0; i < cmp->n_warnings; i++)
		g_free(cmp->warnings[i]);
	free(cmp->warnings);
	for (i = 0; i < cmp->base.n_groups; i++)
		group_drop(&cmp->base.groups[i]);
	for (i = 0; i < cmp->new_.n_groups; i++)
		group_drop(&cmp->new_.groups[i]);
	cmp->base.n_groups = cmp->new_.n_groups = 0;
	asc_run_free(&cmp->base);
	asc_run_free(&cmp->new_);
}
