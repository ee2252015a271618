/* scope.c - per-thread type scopes: untyped allocations inside one take its name. */
#include <stddef.h>
#include <stdint.h>

#include "scope.h"

struct as_scope_stack {
	const char *names[AS_SCOPE_MAX_DEPTH];
	uint32_t depth; /* may exceed AS_SCOPE_MAX_DEPTH */
};

static __thread struct as_scope_stack scopes __attribute__((tls_model("initial-exec")));

void as_scope_push(const char *name)
{
	if (scopes.depth < AS_SCOPE_MAX_DEPTH)
		scopes.names[scopes.depth] = name;
	scopes.depth++;
}

void as_scope_pop(void)
{
	if (scopes.depth > 0)
		scopes.depth--;
}

const char *as_scope_current(void)
{
	uint32_t depth = scopes.depth;

	if (depth == 0)
		return NULL;
	if (depth > AS_SCOPE_MAX_DEPTH)
		depth = AS_SCOPE_MAX_DEPTH;
	return scopes.names[depth - 1];
}
