/* counts.h - a count and its noun, one grammar in every text the analysis tools print. */
#ifndef ALLOCSAMPLE_COMMON_COUNTS_H
#define ALLOCSAMPLE_COMMON_COUNTS_H

#include <stdint.h>

/*
 * The word that agrees with a count of `n`: `one` for exactly 1, `other`
 * for every other count, 0 included ("1 sample", "0 samples", "2
 * samples"; "1 sample was", "3 samples were").  For a noun or a verb after
 * a count printed apart.
 */
const char *as_plural(uint64_t n, const char *one, const char *other);

/* "N NOUN": the count and the noun that agrees with it ("1 sample",
 * "12 samples").  To g_free. */
char *as_count(uint64_t n, const char *one, const char *other);

#endif
