/* call_tree.c - the call tree of every stack, per process (see call_tree.h). */
#include <string.h>

#include "model/call_tree.h"
#include "model/lifetime_parts.h"

/* A node while the tree grows: the node the formats see first, so that a
 * pointer to one is a pointer to the other.  Its samples are held as a
 * group's, so that it is estimated as one (asr_group_estimate). */
struct node {
	struct asr_call_node node;
	struct asr_group samples;  /* rates, live_rates, peak_rates,
				    * lifetime_parts and what says whether
				    * they are known */
	uint64_t last_thread;    /* the serial of the last thread counted */
	/* The samples whose estimates its figures are: its own, or those of
	 * the node at the end of its chain (same_as_child). */
	const struct asr_group *estimated;
};

/* What one node's children are found by: a function of a binary. */
struct child_key {
	const struct node *parent;
	const char *label;
	const char *binary;
};

static guint child_hash(gconstpointer p)
{
	const struct child_key *k = p;
	guint h = g_direct_hash(k->parent);

	return h * 31 + g_str_hash(k->label);
}

static gboolean child_equal(gconstpointer pa, gconstpointer pb)
{
	const struct child_key *a = pa, *b = pb;

	return a->parent == b->parent && strcmp(a->label, b->label) == 0 &&
	       g_strcmp0(a->binary, b->binary) == 0;
}

static struct node *node_new(const struct asr_frame *frame, const char *label)
{
	struct node *n = g_new0(struct node, 1);

	n->node.frame = frame;
	n->node.label = label;
	n->node.children = g_ptr_array_new();
	n->last_thread = UINT64_MAX;
	return n;
}

static void node_free(struct node *n)
{
	guint i;

	for (i = 0; i < n->node.children->len; i++)
		node_free(g_ptr_array_index(n->node.children, i));
	g_ptr_array_free(n->node.children, TRUE);
	asr_rates_fini(&n->samples.rates);
	asr_rates_fini(&n->samples.live_rates);
	asr_rates_fini(&n->samples.peak_rates);
	asr_lifetime_parts_free(n->samples.lifetime_parts);
	g_free(n);
}

void asr_call_tree_free(GPtrArray *roots)
{
	guint i;

	if (!roots)
		return;
	for (i = 0; i < roots->len; i++)
		node_free(g_ptr_array_index(roots, i));
	g_ptr_array_free(roots, TRUE);
}

/* The samples of `g` (of thread `thread`) in `n`: allocated, live at the
 * end and live at the peak, each known when it is for one of its stacks
 * (a process's stacks share its peak and its confidence). */
static void add(struct node *n, const struct asr_group *g, uint64_t thread)
{
	struct asr_group *s = &n->samples;

	asr_rates_merge(&s->rates, &g->rates);
	asr_rates_merge(&s->live_rates, &g->live_rates);
	asr_rates_merge(&s->peak_rates, &g->peak_rates);
	asr_lifetime_parts_merge(&s->lifetime_parts, g->lifetime_parts);
	s->live_known = s->live_known || g->live_known;
	if (g->peak_known) {
		s->peak_known = true;
		s->peak_confidence = g->peak_confidence;
	}
	if (n->last_thread != thread) {
		n->last_thread = thread;
		n->node.threads++;
	}
}

/* The child of `parent` for `frame`, made at its first sight, in
 * `children` (struct child_key * -> struct node *). */
static struct node *child_of(GHashTable *children, struct node *parent, const struct asr_frame *frame)
{
	struct child_key probe = { parent, frame->label, frame->mapping ? frame->mapping->path : NULL };
	struct child_key *key;
	struct node *n = g_hash_table_lookup(children, &probe);

	if (n) {
		if (n->node.frame->line != frame->line ||
		    g_strcmp0(n->node.frame->file, frame->file) != 0)
			n->node.lines_differ = true;
		return n;
	}
	n = node_new(frame, frame->label);
	key = g_memdup2(&probe, sizeof probe);
	g_hash_table_insert(children, key, n);
	g_ptr_array_add(parent->node.children, n);
	return n;
}

/* Whether two groups are of one thread. */
static bool same_thread(const struct asr_group *a, const struct asr_group *b)
{
	return a->has_vtid == b->has_vtid && a->vtid == b->vtid && a->has_vpid == b->has_vpid &&
	       a->vpid == b->vpid && a->anon_trace == b->anon_trace && g_strcmp0(a->host, b->host) == 0 &&
	       (a->has_vpid || g_strcmp0(a->procname, b->procname) == 0);
}

static gint compare_nodes(gconstpointer pa, gconstpointer pb)
{
	const struct asr_call_node *a = *(const struct asr_call_node *const *) pa;
	const struct asr_call_node *b = *(const struct asr_call_node *const *) pb;

	if (a->est.weighted != b->est.weighted)
		return a->est.weighted > b->est.weighted ? -1 : 1;
	return strcmp(a->label, b->label);
}

/* What a node shows of the estimates of its samples, `s`. */
static void set_figures(struct asr_call_node *node, const struct asr_group *s)
{
	node->est = s->est;
	node->live_known = s->live_known;
	node->live = s->live;
	node->peak_known = s->peak_known;
	node->peak_live = s->peak_live;
	node->temporary_known = s->live_known;
	node->temporary = s->temporary;
}

/* Estimates `n` like a group of its samples with its T: a root without
 * any stack gets 0 "below" at rate 1, and no live figures.  A node has
 * temporary bytes but no lifetimes: their quantiles, a search of about a
 * millisecond each, would cost seconds on a large tree. */
static int estimate(struct node *n, const struct as_estimate_options *options)
{
	static const struct as_estimate_accum none = { .rate = 1 };
	struct asr_group *s = &n->samples;
	uint64_t threads = n->node.threads ? n->node.threads : 1;

	if (s->rates.n == 0)
		return as_estimate_compute(&none, 1, 1, options, &n->node.est);
	if (asr_group_estimate(s, threads, ASR_FIGURES_PEAK | ASR_FIGURES_TEMPORARY, options))
		return -1;
	n->estimated = s;
	set_figures(&n->node, s);
	return 0;
}

/*
 * Whether `n` holds the very samples of its one child: no stack ends at
 * it.  A node gets the samples of every stack through it, its child's
 * among them, added in the same order, so the two have the same sums to
 * the last bit and the same figures.  Most nodes of deep stacks are such
 * links of a chain, and each estimate is some ten quantile searches.
 */
static bool same_as_child(const struct node *n)
{
	const struct node *child;

	if (n->node.children->len != 1)
		return false;
	child = g_ptr_array_index(n->node.children, 0);
	return child->estimated &&
	       asr_rates_samples(&n->samples.rates) == asr_rates_samples(&child->samples.rates);
}

/* Estimates `n` and its subtree, and orders its children. */
static int finish(struct node *n, const struct as_estimate_options *options)
{
	guint i;

	for (i = 0; i < n->node.children->len; i++) {
		if (finish(g_ptr_array_index(n->node.children, i), options))
			return -1;
	}
	g_ptr_array_sort(n->node.children, compare_nodes);
	if (!same_as_child(n) || n->samples.rates.n == 0)
		return estimate(n, options);
	n->estimated = ((const struct node *) g_ptr_array_index(n->node.children, 0))->estimated;
	set_figures(&n->node, n->estimated);
	return 0;
}

GPtrArray *asr_call_tree_build(const struct asr_summary *summary,
			       const struct as_estimate_options *options)
{
	const GPtrArray *processes = summary->groups[ASR_KIND_PROCESS];
	GHashTable *children = g_hash_table_new_full(child_hash, child_equal, g_free, NULL);
	GHashTable *roots_of = g_hash_table_new(g_direct_hash, g_direct_equal);
	GPtrArray *roots = g_ptr_array_new();
	const struct asr_group *previous = NULL;
	uint64_t thread = 0;
	guint i, k;

	for (i = 0; i < processes->len; i++) {
		const struct asr_group *p = g_ptr_array_index(processes, i);
		struct node *root = node_new(NULL, p->process ? p->process : "?");

		g_ptr_array_add(roots, root);
		g_hash_table_insert(roots_of, (gpointer) p, root);
	}
	/* thread_stacks come thread by thread: a thread's serial changes with
	 * its vtid or process. */
	for (i = 0; summary->thread_stacks && i < summary->thread_stacks->len; i++) {
		const struct asr_group *g = g_ptr_array_index(summary->thread_stacks, i);
		struct asr_group key = asr_process_key(g);
		struct node *n = g_hash_table_lookup(roots_of, asr_summary_find(summary, &key));

		if (!n)
			continue;
		if (previous && !same_thread(previous, g))
			thread++;
		previous = g;
		add(n, g, thread);
		for (k = g->stack->n; k > 0; k--) {
			n = child_of(children, n, g->stack->frames[k - 1]);
			add(n, g, thread);
		}
	}
	g_hash_table_destroy(children);
	g_hash_table_destroy(roots_of);
	for (i = 0; i < roots->len; i++) {
		if (finish(g_ptr_array_index(roots, i), options)) {
			asr_call_tree_free(roots);
			return NULL;
		}
	}
	return roots;
}
