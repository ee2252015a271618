/*
 * leaf.c - the leaf of a stack, for a program that does not link the
 * report's resolution: the rule of model/resolve.c's asr_stack_leaf (see
 * resolve.h), which model/functions.c and the binary groups call.
 *
 * The one rule kept twice, for now: resolve.c is being changed elsewhere
 * (names by build id), and this copy is to replace its definition there,
 * moved to a file of the model's library, once that change has landed.
 */
#include "common/runtime.h"
#include "model/resolve.h"

const struct asr_frame *asr_stack_leaf(const struct asr_stack *stack, guint *first)
{
	const struct asr_frame *f = NULL;
	guint i;

	*first = 0;
	for (i = 0; i < stack->n; i++) {
		const struct asr_mapping *m = stack->frames[i]->mapping;

		if (!(m && as_runtime_object(m->path))) {
			*first = i;
			break;
		}
	}
	for (i = *first; i < stack->n && stack->frames[i]->address == stack->frames[*first]->address; i++)
		f = stack->frames[i];
	return f;
}
