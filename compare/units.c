/* units.c - numbers for people: bytes in binary units as the report's text prints them, ratios and changes. */
#include <glib.h>
#include <math.h>

#include "compare/compare.h"

char *asc_human_bytes(double bytes)
{
	static const char *const units[] = { "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	size_t u = 0;
	double v;

	if (bytes < 1023.5)
		return g_strdup_printf("%.0f B", bytes < 0 ? 0.0 : bytes);
	v = bytes / 1024.0;
	while (v >= 1023.95 && u + 1 < sizeof units / sizeof units[0]) {
		v /= 1024.0;
		u++;
	}
	return g_strdup_printf(v < 9.995 ? "%.2f %s" : "%.1f %s", v, units[u]);
}

char *asc_human_ratio(double ratio)
{
	if (isnan(ratio))
		return g_strdup("?");
	if (isinf(ratio))
		return g_strdup("inf");
	if (ratio >= 100)
		return g_strdup_printf("%.0f", ratio);
	return g_strdup_printf(ratio >= 9.995 ? "%.1f" : ratio >= 0.9995 ? "%.2f" : "%.3f", ratio);
}

char *asc_human_change(double ratio)
{
	double pct = (ratio - 1) * 100;

	if (isnan(ratio))
		return g_strdup("?");
	if (isinf(ratio))
		return g_strdup("new");
	if (ratio == 0)
		return g_strdup("-100%");
	return g_strdup_printf(fabs(pct) < 9.95 ? "%+.1f%%" : "%+.0f%%", pct);
}
