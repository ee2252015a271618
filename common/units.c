/* units.c - bytes for people (see units.h). */
#include <glib.h>

#include "common/units.h"

char *as_human_bytes(double bytes)
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
