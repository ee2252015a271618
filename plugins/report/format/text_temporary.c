/* text_temporary.c - the text format's temporary view (sort=temporary): temporary bytes in the tables, and each stack's temporary bytes and lifetimes. */
#include <inttypes.h>
#include <math.h>

#include "common/width.h"
#include "format/text.h"

bool temporary_says(const struct asr_model *model, const struct asr_group *g)
{
	return model->sort == ASR_SORT_TEMPORARY && g->live_known;
}

bool temporary_columns(const struct asr_model *model)
{
	return temporary_says(model, &model->summary.total);
}

void cell_temporary(GPtrArray *row, const struct asr_group *g)
{
	if (!g->live_known) {
		cell(row, "-");
		cell(row, "-");
		return;
	}
	cell_bytes(row, g->temporary.weighted);
	cell_interval(row, &g->temporary);
}

/* A lifetime at three digits in its unit: "611 ns", "20.1 ms". */
static char *lifetime_text(double ns)
{
	static const struct { double ns; const char *unit; } units[] = {
		{ 1e9, "s" }, { 1e6, "ms" }, { 1e3, "us" },
	};

	if (!isfinite(ns))
		return g_strdup("longer than the trace");
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (ns >= units[i].ns)
			return g_strdup_printf("%.3g %s", ns / units[i].ns, units[i].unit);
	}
	return g_strdup_printf("%.0f ns", ns);
}

/* "2.61 us [2.05 us, 4.1 us]"; at the floor of what the timestamps
 * resolve, "under 1.02 us", with the interval when its upper end is above
 * the floor. */
static char *quantile_text(const struct as_lifetime_quantile *q)
{
	bool floored = q->estimate <= ASR_LIFETIME_FLOOR_NS;
	char *at = lifetime_text(q->estimate);
	char *estimate = floored ? g_strdup_printf("under %s", at) : g_strdup(at);
	char *lo = lifetime_text(q->lower), *hi = lifetime_text(q->upper);
	char *text = !isfinite(q->estimate) ? g_strdup_printf("%s (at least %s)", estimate, lo) :
		     floored && q->upper <= ASR_LIFETIME_FLOOR_NS ? g_strdup(estimate) :
		     g_strdup_printf("%s [%s, %s]", estimate, lo, hi);

	g_free(at);
	g_free(estimate);
	g_free(lo);
	g_free(hi);
	return text;
}

void put_stack_temporary(FILE *out, const struct asr_group *g, size_t width, unsigned *marks)
{
	char *estimate, *lo, *hi, *line;

	if (!g->live_known)
		return;
	estimate = as_human_bytes(g->temporary.weighted);
	lo = as_human_bytes(g->temporary.lower);
	hi = as_human_bytes(g->temporary.upper);
	line = g_strdup_printf("      temporary: %s [%s, %s]  %" PRIu64 " %s, ≈ %" PRIu64 " %s%s",
			       estimate, lo, hi, g->temporary.samples,
			       as_plural(g->temporary.samples, "sample", "samples"),
			       asr_bytes_round(g->temporary_objects.estimate),
			       as_plural(asr_bytes_round(g->temporary_objects.estimate), "object",
					 "objects"),
			       g->lifetime_incomplete ? "  ~" : "");
	*marks |= g->lifetime_incomplete ? MARK_LIVE_INCOMPLETE : 0;
	as_put_line(out, line, width);
	g_free(line);
	if (g->lifetime_known) {
		char *p50 = quantile_text(&g->lifetime_p50), *p90 = quantile_text(&g->lifetime_p90);

		line = g_strdup_printf("      bytes lived: median %s, 90%% %s", p50, p90);
		as_put_line(out, line, width);
		g_free(line);
		g_free(p50);
		g_free(p90);
	}
	g_free(estimate);
	g_free(lo);
	g_free(hi);
}
