/*
 * kinds.h - the kinds of group the analysis tools print, one list and one
 * spelling for the report (its `group-by` parameter, CSV and JSON) and for
 * allocsample-compare (its --group-by option and outputs).
 */
#ifndef ALLOCSAMPLE_COMMON_KINDS_H
#define ALLOCSAMPLE_COMMON_KINDS_H

/* In the order every output lists them. */
enum as_kind {
	AS_KIND_PROCESS,
	AS_KIND_THREAD,
	AS_KIND_TYPE,
	AS_KIND_THREAD_TYPE,
	AS_KIND_SITE,
	AS_KIND_STACK,
	AS_KIND_FUNCTION,
	AS_KIND_BINARY,          /* allocsample-profile's only, so far */
	AS_KIND_TOTAL,
	AS_KIND_COUNT
};

/* A kind's name ("thread-type"), "?" for a value out of range. */
const char *as_kind_name(enum as_kind kind);

/* The kind of a name, or -1 when no kind has it. */
int as_kind_parse(const char *name);

#endif
