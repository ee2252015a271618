/* type_scope.c - per-thread type scopes: untyped allocations inside one take
 * its name. */
#include <stddef.h>
#include <stdint.h>

#include "type_scope.h"

struct as_type_scope_stack {
	const char *names[AS_TYPE_SCOPE_MAX_DEPTH];
	uint32_t depth; /* may exceed AS_TYPE_SCOPE_MAX_DEPTH */
};

static __thread struct as_type_scope_stack scopes __attribute__((tls_model("initial-exec")));

void as_type_scope_push(const char *name)
{
	if (scopes.depth < AS_TYPE_SCOPE_MAX_DEPTH)
		scopes.names[scopes.depth] = name;
	scopes.depth++;
}

void as_type_scope_pop(void)
{
	if (scopes.depth > 0)
		scopes.depth--;
}

const char *as_type_scope_current(void)
{
	uint32_t depth = scopes.depth;

	if (depth == 0)
		return NULL;
	if (depth > AS_TYPE_SCOPE_MAX_DEPTH)
		depth = AS_TYPE_SCOPE_MAX_DEPTH;
	return scopes.names[depth - 1];
}
