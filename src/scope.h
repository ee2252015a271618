/* scope.h - the per-thread stack of type names pushed by the program. */
#ifndef ALLOCSAMPLE_SCOPE_H
#define ALLOCSAMPLE_SCOPE_H

/* Scopes deeper than this still nest correctly; allocations in them take
 * the name of the deepest recorded one. */
#define AS_SCOPE_MAX_DEPTH 32

void as_scope_push(const char *name);
void as_scope_pop(void);

/* The innermost scope's name, or NULL outside any scope. */
const char *as_scope_current(void);

#endif
