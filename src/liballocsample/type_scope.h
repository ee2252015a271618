/* type_scope.h - the per-thread stack of type names the program pushes
 * (allocsample_scope_push). */
#ifndef ALLOCSAMPLE_TYPE_SCOPE_H
#define ALLOCSAMPLE_TYPE_SCOPE_H

/* Scopes deeper than this still nest correctly; allocations in them take
 * the name of the deepest recorded one. */
#define AS_TYPE_SCOPE_MAX_DEPTH 32

void as_type_scope_push(const char *name);
void as_type_scope_pop(void);

/* The innermost scope's name, or NULL outside any scope. */
const char *as_type_scope_current(void);

#endif
