/*
 * label.c - what a person reads of each compared group: "workload / worker:
 * buffer", "workload: fill_malloc sites.c:21 (sites)", and for a stack
 * "workload: CA<long, 2>::allocate < … < build_index".
 *
 * A stack's innermost frames are often library code every stack of the
 * program goes through (an allocator, a container's growth), so a label of
 * its first few frames would say the same of many stacks and never name
 * the program's own function.  A stack is labelled instead from its first
 * frame outside the runtimes (common/runtime.h: their objects, by the rule
 * by which the report finds a stack's call site, and the C++ standard
 * library's templates compiled into the program, by their names, so that
 * std::vector's growth is skipped as libstdc++.so's own frames are),
 * followed by as many of its callers as it takes to tell it from every
 * other stack of its process in the comparison: the first caller in which
 * it differs from all of them is the last frame shown.  Frames between
 * the first and the last are elided ("…") when there are more than
 * MAX_BETWEEN of them.  A stack whose frames outside the runtimes are
 * those of another stack (they differ inside the C library) is labelled
 * from its innermost frame.
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "common/labels.h"
#include "common/runtime.h"
#include "common/width.h"
#include "compare/compare.h"

/* The frames shown between a stack's first frame and its last, at most;
 * more are elided. */
#define MAX_BETWEEN 1
/* Between a frame and its caller. */
#define FRAME_SEPARATOR " < "
/* What a cut stack label keeps before its last frame, at least. */
#define MIN_HEAD 12

/* What precedes a group's own name: "[HOST ]PROCESS". */
static char *prefix_of(const struct asc_key *k)
{
	return g_strdup_printf("%s%s%s", k->host ? k->host : "", k->host ? " " : "",
			       k->process ? k->process : "?");
}

/* The label of a group that is not a stack. */
static char *names_label(const struct asc_key *k)
{
	GString *s;
	char *prefix, *site;

	if (k->kind == AS_KIND_TOTAL)
		return g_strdup(as_kind_name(AS_KIND_TOTAL));
	prefix = prefix_of(k);
	s = g_string_new(prefix);
	g_free(prefix);
	if (k->kind == AS_KIND_THREAD || k->kind == AS_KIND_THREAD_TYPE)
		g_string_append_printf(s, " / %s", k->thread ? k->thread : "?");
	if (k->kind == AS_KIND_TYPE || k->kind == AS_KIND_THREAD_TYPE)
		g_string_append_printf(s, ": %s", k->type ? k->type : "?");
	if (k->kind == AS_KIND_FUNCTION)
		g_string_append_printf(s, ": %s", k->function ? k->function : "?");
	if (k->kind == AS_KIND_SITE) {
		site = as_site_label(k->function, k->binary, k->address, k->file, (uint64_t) MAX(k->line, 0));
		g_string_append_printf(s, ": %s", site);
		if (k->function && k->binary)
			g_string_append_printf(s, " (%s)", as_base_name(k->binary));
		g_free(site);
	}
	return g_string_free(s, FALSE);
}

/* The frames of one stack a label may show: from `start` to its outermost,
 * then "[truncated]" when the walk stopped at its depth limit (so that a
 * cut stack is told from a whole one of the same frames). */
struct view {
	struct asc_pair *pair;
	char *prefix;            /* stacks are told apart within one prefix */
	size_t start;            /* its first frame shown */
	size_t n;                /* frames from `start`, "[truncated]" included */
	size_t shown;            /* how many of them the label shows */
};

static const char *view_frame(const struct view *v, size_t i)
{
	const struct asc_key *k = v->pair->key;

	return v->start + i < k->n_frames ? k->frames[v->start + i].label : AS_LABEL_TRUNCATED;
}

/* The index of a stack's first frame outside the runtimes' objects and
 * functions, 0 when all are theirs. */
static size_t first_outside_runtimes(const struct asc_key *k)
{
	size_t i;

	for (i = 0; i < k->n_frames; i++) {
		if (!k->frames[i].runtime)
			return i;
	}
	return 0;
}

static void view_from(struct view *v, size_t start)
{
	const struct asc_key *k = v->pair->key;

	v->start = start;
	v->n = k->n_frames - start + (k->truncated ? 1 : 0);
}

/* How many frames two views have in common from their start. */
static size_t common_frames(const struct view *a, const struct view *b)
{
	size_t i;

	for (i = 0; i < a->n && i < b->n; i++) {
		if (strcmp(view_frame(a, i), view_frame(b, i)) != 0)
			break;
	}
	return i;
}

/* By prefix, then frame by frame (a view before the longer ones it
 * starts), so that the views closest to one another are neighbours. */
static int view_order(const void *pa, const void *pb)
{
	const struct view *a = pa, *b = pb;
	int c = strcmp(a->prefix, b->prefix);
	size_t i = common_frames(a, b);

	if (c != 0)
		return c;
	if (i < a->n && i < b->n)
		return strcmp(view_frame(a, i), view_frame(b, i));
	return a->n < b->n ? -1 : a->n > b->n;
}

/* Makes a view start at its innermost frame; false when it did already. */
static bool widen(struct view *v)
{
	if (v->start == 0)
		return false;
	view_from(v, 0);
	return true;
}

/*
 * Sets each view's `shown`: one frame more than it has in common with the
 * closest other view of its prefix (its neighbours once sorted), all of
 * them at most.  Two views alike to their ends (their frames from `start`
 * are the same) are widened to start at their innermost frame, where the
 * runtimes' frames tell them apart; returns whether one was, and the views
 * must be measured again.
 */
static bool measure_views(struct view *views, size_t n)
{
	bool widened = false;
	size_t i, same;

	qsort(views, n, sizeof(*views), view_order);
	for (i = 0; i < n; i++)
		views[i].shown = 1;
	for (i = 0; i + 1 < n; i++) {
		if (strcmp(views[i].prefix, views[i + 1].prefix) != 0)
			continue;
		same = common_frames(&views[i], &views[i + 1]);
		views[i].shown = MAX(views[i].shown, same + 1);
		views[i + 1].shown = MAX(views[i + 1].shown, same + 1);
		if (same == views[i].n && same == views[i + 1].n) {
			widened = widen(&views[i]) || widened;
			widened = widen(&views[i + 1]) || widened;
		}
	}
	for (i = 0; i < n; i++)
		views[i].shown = MIN(views[i].shown, MAX(views[i].n, 1));
	return widened;
}

/* "PREFIX: FIRST < … < LAST", or "PREFIX: [no stack]". */
static char *stack_label(const struct view *v)
{
	GString *s = g_string_new(v->prefix);
	size_t i;

	g_string_append(s, ": ");
	if (v->n == 0)
		g_string_append(s, AS_LABEL_NO_STACK);
	for (i = 0; i < v->shown && i < v->n; i++) {
		if (i > 0 && i < v->shown - 1 && v->shown - 2 > MAX_BETWEEN) {
			g_string_append(s, FRAME_SEPARATOR "…");
			i = v->shown - 2;
			continue;
		}
		g_string_append_printf(s, "%s%s", i ? FRAME_SEPARATOR : "", view_frame(v, i));
	}
	return g_string_free(s, FALSE);
}

char *asc_label_cut(const char *label, size_t width)
{
	const char *last = g_strrstr(label, FRAME_SEPARATOR);
	size_t length = (size_t) g_utf8_strlen(label, -1), tail;
	char *head, *cut;

	if (length <= width)
		return g_strdup(label);
	tail = last ? (size_t) g_utf8_strlen(last, -1) : 0;
	/* The last frame and a little of what precedes it, or the middle. */
	if (!last || tail + MIN_HEAD + 1 > width)
		return as_cut_middle(label, width);
	head = g_strndup(label, (gsize) (last - label));
	cut = as_cut_end(head, width - tail);
	g_free(head);
	head = g_strconcat(cut, last, NULL);
	g_free(cut);
	return head;
}

void asc_label(struct asc_comparison *cmp)
{
	struct view *views = g_new0(struct view, cmp->n_pairs + 1);
	size_t i, n = 0;

	for (i = 0; i < cmp->n_pairs; i++) {
		struct asc_pair *p = &cmp->pairs[i];

		if (p->key->kind != AS_KIND_STACK) {
			p->label = names_label(p->key);
			continue;
		}
		views[n].pair = p;
		views[n].prefix = prefix_of(p->key);
		view_from(&views[n], first_outside_runtimes(p->key));
		n++;
	}
	/* Each pass that widens a view starts one at 0 for good: at most one
	 * pass a view, and one more. */
	while (measure_views(views, n))
		;
	for (i = 0; i < n; i++) {
		views[i].pair->label = stack_label(&views[i]);
		g_free(views[i].prefix);
	}
	g_free(views);
}
