/*
 * pprof_build.h - a pprof profile under construction (format=pprof,
 * pprof.c): the tables that give strings, functions, mappings and
 * locations their ids once, and samples that refer to them by id, the way
 * Go's own profile builder works.  Every block the message points to
 * belongs to the builder.
 */
#ifndef ALLOCSAMPLE_REPORT_FORMAT_PPROF_BUILD_H
#define ALLOCSAMPLE_REPORT_FORMAT_PPROF_BUILD_H

#include <stddef.h>
#include <stdint.h>

#include <glib.h>

#include "format/profile.pb-c.h"
#include "model/stack.h"

struct asr_pprof {
	GPtrArray *owned;          /* every block the message points to */
	GPtrArray *strings;        /* char *: the string table, "" first */
	GHashTable *string_ids;    /* char * -> its index, as a pointer */
	GPtrArray *functions;      /* Function * in id order (ids from 1) */
	GHashTable *function_ids;  /* int64_t[2] (name, file indices) -> id */
	GPtrArray *mappings;       /* Mapping * */
	GHashTable *mapping_ids;   /* const struct asr_mapping * -> id */
	GPtrArray *locations;      /* Location * */
	GHashTable *location_ids;  /* (mapping id, address) -> id */
	uint64_t truncated_location;   /* 0: none made yet */
	uint64_t empty_location;
	GPtrArray *samples;        /* Sample * */
	GArray *comments;          /* int64_t string indices */
};

void asr_pprof_init(struct asr_pprof *b);
void asr_pprof_fini(struct asr_pprof *b);

/* The index of `s` in the string table, added if new; NULL and "" are 0. */
int64_t asr_pprof_string(struct asr_pprof *b, const char *s);

/* Adds a comment; takes `text`, a new string. */
void asr_pprof_comment(struct asr_pprof *b, char *text);

/*
 * Adds a sample of `stack` (NULL: none recorded) with room for `values`
 * values, zero, and `labels` labels, none yet: its locations are the
 * stack's return addresses, the leaf first, each with the lines of its
 * frames (inlined calls first), then "[truncated]" for a truncated stack;
 * an empty stack is the one location "[no stack]".
 */
Perftools__Profiles__Sample *asr_pprof_sample(struct asr_pprof *b, const struct asr_stack *stack,
					       size_t values, size_t labels);

/* Adds a label with a string value, or a numeric one, to `s`, which must
 * have room for it. */
void asr_pprof_label_string(struct asr_pprof *b, Perftools__Profiles__Sample *s, const char *key,
			    const char *value);
void asr_pprof_label_number(struct asr_pprof *b, Perftools__Profiles__Sample *s, const char *key,
			    int64_t value);

/* Points `profile`'s samples, mappings (in address order, the executable
 * first), locations, functions, comments and string table at the
 * builder's, which must outlive it.  Nothing may be added afterwards. */
void asr_pprof_finish(struct asr_pprof *b, Perftools__Profiles__Profile *profile);

#endif
