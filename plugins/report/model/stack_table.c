/* stack_table.c - the table that interns stacks (see stack.h): one for the component's resolution and allocsample-profile's. */
#include <string.h>

#include "model/stack.h"

/* Frames are interned already: a stack is its frames' pointers. */
static guint stack_hash(gconstpointer p)
{
	const struct asr_stack *s = p;
	guint h = s->truncated, i;

	for (i = 0; i < s->n; i++)
		h = h * 31 + g_direct_hash(s->frames[i]);
	return h;
}

static gboolean stack_equal(gconstpointer pa, gconstpointer pb)
{
	const struct asr_stack *a = pa, *b = pb;

	return a->n == b->n && a->truncated == b->truncated &&
	       (a->n == 0 || memcmp(a->frames, b->frames, a->n * sizeof a->frames[0]) == 0);
}

static void stack_free(gpointer p)
{
	struct asr_stack *s = p;

	g_free(s->frames);
	g_free(s);
}

GHashTable *asr_stack_table_new(void)
{
	return g_hash_table_new_full(stack_hash, stack_equal, stack_free, NULL);
}
