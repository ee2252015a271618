/* units.h - bytes for people, the same in every text the analysis tools print. */
#ifndef ALLOCSAMPLE_COMMON_UNITS_H
#define ALLOCSAMPLE_COMMON_UNITS_H

#include <stdint.h>

/*
 * Human bytes: binary units, two decimals below 10 of a unit and one
 * above, so that every figure has two or three significant digits
 * ("512 B", "9.38 KiB", "122.8 KiB").  To g_free.
 */
char *as_human_bytes(double bytes);

/*
 * A size class of requests from `min` to `max` bytes (a power of two and
 * the next one less one), for every format that names it (the text's
 * table, the JSON's `label`, the page's bars): from `min` to the next
 * class's start, each end a whole number of its own binary unit, the unit
 * written once when both ends share it ("16–32 B", "512 B–1 KiB",
 * "4–8 KiB"); a class of one size is that size ("1 B").  To g_free.
 */
char *as_size_class_label(uint64_t min, uint64_t max);

#endif
