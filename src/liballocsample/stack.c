/* stack.c - the call stack and call site of a sampled allocation (stack.h). */
#include "call_site.h"
#include "sampler/settings.h"
#include "stack.h"
#include "unwind/stack_walk.h"

/* Where the walk of *stack reached the return address `ip`: its first
 * frames are allocsample's own.  AS_STACK_OWN_FRAMES when it never did. */
static unsigned skip_own_frames(const struct as_stack *stack, unsigned walked, const void *ip)
{
	unsigned start;

	for (start = 0; start < walked && start < AS_STACK_OWN_FRAMES; start++) {
		if (stack->walked[start] == ip)
			return start;
	}
	return AS_STACK_OWN_FRAMES;
}

/* `ip` in a runtime or in one of lttng-ust's wrappers: the frames further
 * up say whose allocation this is. */
static bool look_further(enum as_origin origin)
{
	return origin == AS_ORIGIN_RUNTIME || origin == AS_ORIGIN_WRAPPER;
}

void as_stack_capture(struct as_stack *stack, const void *ip)
{
	struct as_settings scratch;
	unsigned depth = as_settings(&scratch)->stack_depth, wanted, walked, start;
	enum as_origin origin = as_call_site_origin(ip);

	stack->frames = stack->walked;
	stack->n = 0;
	stack->truncated = false;
	stack->site = ip;
	stack->tracer = origin == AS_ORIGIN_TRACER;
	if (stack->tracer || (depth == 0 && !look_further(origin)))
		return;

	/* One more than needed tells whether frames were left. */
	wanted = look_further(origin) && depth < AS_STACK_SITE_FRAMES ? AS_STACK_SITE_FRAMES : depth;
	walked = as_stack_walk(stack->walked, wanted + AS_STACK_OWN_FRAMES + 1);
	start = skip_own_frames(stack, walked, ip);
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
	if (look_further(origin))
		stack->tracer = as_call_site(stack->frames, walked, ip, &stack->site);
}

bool as_stack_is_tracer(const void *ip)
{
	enum as_origin origin = as_call_site_origin(ip);
	struct as_stack stack;
	unsigned walked, start;

	if (!look_further(origin))
		return origin == AS_ORIGIN_TRACER;
	walked = as_stack_walk(stack.walked, AS_STACK_SITE_FRAMES + AS_STACK_OWN_FRAMES);
	start = skip_own_frames(&stack, walked, ip);
	if (start == walked || start == AS_STACK_OWN_FRAMES)
		return false;
	return as_call_site(stack.walked + start, walked - start, ip, &stack.site);
}
