/* functions.c - each stack's leaf function and the functions it passes through (see functions.h). */
#include <stdbool.h>
#include <string.h>

#include "model/functions.h"
#include "model/resolve.h"

static void functions_free(gpointer p)
{
	struct asr_stack_functions *f = p;

	g_free(f->names);
	g_free(f);
}

GHashTable *asr_stack_functions_table(void)
{
	return g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, functions_free);
}

static bool listed(const struct asr_stack_functions *f, const char *name)
{
	guint i;

	for (i = 0; i < f->n; i++) {
		if (strcmp(f->names[i], name) == 0)
			return true;
	}
	return false;
}

/*
 * The frames from the leaf outwards, each function once: the runtime's
 * frames inside the leaf (malloc, operator new) are how the program
 * allocated, not its calls, and a function on the stack twice (recursion)
 * holds a sample once.  Inlined frames are functions of their own, as
 * pprof counts them; the leaf's is the out-of-line one, as for sites.
 */
static struct asr_stack_functions *functions_new(const struct asr_stack *stack)
{
	struct asr_stack_functions *f = g_new0(struct asr_stack_functions, 1);
	guint first, i;
	const struct asr_frame *leaf = asr_stack_leaf(stack, &first);

	f->self = leaf ? leaf->label : "[unknown]";
	f->names = g_new(const char *, stack->n + 1);
	f->names[f->n++] = f->self;
	for (i = first; leaf && i < stack->n; i++) {
		if (!listed(f, stack->frames[i]->label))
			f->names[f->n++] = stack->frames[i]->label;
	}
	return f;
}

const struct asr_stack_functions *asr_stack_functions_of(GHashTable *table,
							 const struct asr_stack *stack)
{
	struct asr_stack_functions *f = g_hash_table_lookup(table, stack);

	if (!f) {
		f = functions_new(stack);
		g_hash_table_insert(table, (gpointer) stack, f);
	}
	return f;
}
