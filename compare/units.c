/* units.c - numbers for people: ratios and changes (bytes: common/units.h). */
#include <glib.h>
#include <math.h>

#include "compare/compare.h"

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
