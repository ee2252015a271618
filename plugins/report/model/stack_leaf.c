/* stack_leaf.c - a stack's leaf, the frame its call site is named by (see resolve.h): one rule for the component and allocsample-profile. */
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
