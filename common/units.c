/* units.c - bytes for people (see units.h). */
#include <inttypes.h>

#include <glib.h>

#include "common/units.h"

static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };

char *as_human_bytes(double bytes)
{
	size_t u = 1;
	double v;

	if (bytes < 1023.5)
		return g_strdup_printf("%.0f B", bytes < 0 ? 0.0 : bytes);
	v = bytes / 1024.0;
	while (v >= 1023.95 && u + 1 < G_N_ELEMENTS(units)) {
		v /= 1024.0;
		u++;
	}
	return g_strdup_printf(v < 9.995 ? "%.2f %s" : "%.1f %s", v, units[u]);
}

/* A power of two in the largest binary unit that divides it: 512 and
 * "B", 4 and "KiB".  A double, since the last class ends at 2^64. */
static uint64_t in_unit(double power, const char **unit)
{
	size_t u = 0;

	while (power >= 1024.0 && u + 1 < G_N_ELEMENTS(units)) {
		power /= 1024.0;
		u++;
	}
	*unit = units[u];
	return (uint64_t) power;
}

char *as_size_class_label(uint64_t min, uint64_t max)
{
	const char *lo_unit, *hi_unit;
	uint64_t lo, hi;

	if (min == max)
		return g_strdup_printf("%" PRIu64 " B", min);
	lo = in_unit((double) min, &lo_unit);
	hi = in_unit((double) max + 1.0, &hi_unit);
	if (lo_unit == hi_unit)
		return g_strdup_printf("%" PRIu64 "–%" PRIu64 " %s", lo, hi, hi_unit);
	return g_strdup_printf("%" PRIu64 " %s–%" PRIu64 " %s", lo, lo_unit, hi, hi_unit);
}
