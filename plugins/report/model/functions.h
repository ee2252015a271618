/*
 * functions.h - the functions of a stack, for group-by function: its leaf's
 * (the function whose self bytes its samples are) and every function from
 * the leaf outwards, each once (those whose total bytes they are), as pprof's
 * flat and cumulative columns count them (doc/report-formats.md, "By
 * function").
 */
#ifndef ALLOCSAMPLE_REPORT_MODEL_FUNCTIONS_H
#define ALLOCSAMPLE_REPORT_MODEL_FUNCTIONS_H

#include <glib.h>

#include "model/stack.h"

struct asr_stack_functions {
	const char *self;        /* the leaf's label (asr_stack_leaf); "[unknown]"
				  * for an empty stack */
	guint n;
	const char **names;      /* labels, each once, from the leaf outwards:
				  * self first; a recursive function once */
};

/* A table of each stack's functions, filled as they are asked for. */
GHashTable *asr_stack_functions_table(void);

/* The functions of `stack`, computed once per stack in `table`, which
 * owns them. */
const struct asr_stack_functions *asr_stack_functions_of(GHashTable *table,
							 const struct asr_stack *stack);

#endif
