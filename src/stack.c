/* stack.c - the call stack and call site of a sampled allocation (stack.h). */
#include "call_site.h"
#include "settings.h"
#include "stack.h"
#include "stack_walk.h"

void as_stack_capture(struct as_stack *stack, const void *ip)
{
	struct as_settings scratch;
	unsigned depth = as_settings(&scratch)->stack_depth, wanted, walked, start;
	bool site_in_runtime = as_call_site_in_runtime(ip);

	stack->frames = stack->walked;
	stack->n = 0;
	stack->truncated = false;
	stack->site = ip;
	if (depth == 0 && !site_in_runtime)
		return;

	/* One more than needed tells whether frames were left. */
	wanted = site_in_runtime && depth < AS_STACK_SITE_FRAMES ? AS_STACK_SITE_FRAMES : depth;
	walked = as_stack_walk(stack->walked, wanted + AS_STACK_OWN_FRAMES + 1);
	for (start = 0; start < walked && start < AS_STACK_OWN_FRAMES; start++) {
		if (stack->walked[start] == ip)
			break;
	}
	if (start == walked || start == AS_STACK_OWN_FRAMES) {
		stack->walked[0] = (void *) ip;
		stack->n = depth > 0;
		stack->truncated = depth > 0;
		return;
	}
	stack->frames = stack->walked + start;
	walked -= start;
	stack->n = walked < depth ? walked : depth;
	stack->truncated = walked > depth && depth > 0;
	if (site_in_runtime)
		stack->site = as_call_site(stack->frames, walked, ip);
}
