/* units.h - bytes for people, the same in every text the analysis tools print. */
#ifndef ALLOCSAMPLE_COMMON_UNITS_H
#define ALLOCSAMPLE_COMMON_UNITS_H

/*
 * Human bytes: binary units, two decimals below 10 of a unit and one
 * above, so that every figure has two or three significant digits
 * ("512 B", "9.38 KiB", "122.8 KiB").  To g_free.
 */
char *as_human_bytes(double bytes);

#endif
