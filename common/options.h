/*
 * options.h - what the analysis commands' option parsers share
 * (allocsample-compare, allocsample-profile): numbers read whole, lists
 * of kinds, and the one line that refuses an option.
 */
#ifndef ALLOCSAMPLE_COMMON_OPTIONS_H
#define ALLOCSAMPLE_COMMON_OPTIONS_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

/* A finite double from the whole of `text`. */
bool as_option_double(const char *text, double *out);

/* A count from the whole of `text`, digits only. */
bool as_option_count(const char *text, uint64_t *out);

/* "thread,type" -> the set of their kinds, bit (1u << kind) each (kinds.h);
 * false on an empty list, an unknown name or a kind outside `allowed` (a
 * set of the same form). */
bool as_option_kinds(const char *text, unsigned allowed, unsigned *kinds);

/* "ME: MESSAGE (see --help)", one line on standard error. */
void as_option_vrefuse(const char *me, const char *format, va_list args)
	__attribute__((format(printf, 2, 0)));

#endif
