/* grid.c - the cells of the text format's tables: figures in human units, marks, names (see text.h). */
#include <inttypes.h>

#include "format/text.h"

void cell(GPtrArray *row, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	g_ptr_array_add(row, g_strdup_vprintf(fmt, ap));
	va_end(ap);
}

void cell_bytes(GPtrArray *row, double bytes)
{
	g_ptr_array_add(row, as_human_bytes(bytes));
}

void cell_interval(GPtrArray *row, const struct as_estimate *est)
{
	char *lo = as_human_bytes(est->lower), *hi = as_human_bytes(est->upper);

	cell(row, "[%s, %s]", lo, hi);
	g_free(lo);
	g_free(hi);
}

void cell_marks(GPtrArray *row, const struct as_estimate *est, bool incomplete, bool tracer,
		unsigned *used)
{
	char marks[5];
	size_t n = 0;

	if (as_estimate_imprecise(est)) {
		marks[n++] = '*';
		*used |= MARK_IMPRECISE;
	}
	if (incomplete) {
		marks[n++] = '!';
		*used |= MARK_INCOMPLETE;
	}
	if (est->mixed_rates) {
		marks[n++] = '+';
		*used |= MARK_MIXED_RATES;
	}
	if (tracer) {
		marks[n++] = 'T';
		*used |= MARK_TRACER;
	}
	marks[n] = '\0';
	cell(row, "%s", marks);
}

const char *procname_of(const struct asr_group *g)
{
	return asr_group_name(g) ? asr_group_name(g) : "?";
}

void cell_pid(GPtrArray *row, const struct asr_group *g)
{
	if (g->has_vpid)
		cell(row, "%" PRId64, g->vpid);
	else
		cell(row, "?");
}

char *human_duration(int64_t ns)
{
	if (ns % 60000000000 == 0)
		return g_strdup_printf("%" PRId64 " min", ns / 60000000000);
	if (ns >= 1000000000)
		return g_strdup_printf("%g s", (double) ns / 1e9);
	if (ns >= 1000000)
		return g_strdup_printf("%g ms", (double) ns / 1e6);
	if (ns >= 1000)
		return g_strdup_printf("%g us", (double) ns / 1e3);
	return g_strdup_printf("%" PRId64 " ns", ns);
}

char *human_elapsed(int64_t ns)
{
	double s = (double) ns / 1e9;

	if (s >= 1.0)
		return g_strdup_printf("%.3g s", s);
	if (s >= 1e-3)
		return g_strdup_printf("%.3g ms", s * 1e3);
	return g_strdup_printf("%.3g us", s * 1e6);
}

char *live_when(const struct asr_model *model)
{
	char *duration, *when;

	if (!model->has_at)
		return g_strdup("at the end");
	duration = human_duration(model->at_ns);
	when = g_strdup_printf("at %s", duration);
	g_free(duration);
	return when;
}

bool live_says(const struct asr_model *model, const struct asr_group *g)
{
	return g->live_known && (model->sort == ASR_SORT_LIVE || g->live.samples > 0);
}

struct held held_of(const struct asr_model *model, const struct asr_group *g)
{
	if (model->sort == ASR_SORT_PEAK)
		return (struct held) { g->peak_known, g->live_incomplete, &g->peak_live };
	return (struct held) { g->live_known, g->live_incomplete, &g->live };
}

bool held_says(const struct asr_model *model, const struct asr_group *g)
{
	return model->sort == ASR_SORT_PEAK ? g->peak_known : live_says(model, g);
}

/*
 * Whether a thread of the program (not one of lttng-ust's, whose own
 * allocation of about 100 KiB stays live to the end in every traced
 * process, sampled or not by chance) holds sampled bytes at the end, so
 * that the columns do not come and go from one run of a program to the
 * next.  Without thread groups (no vtid), the total says.
 */
static bool program_live(const struct asr_model *model)
{
	const GPtrArray *threads = model->summary.groups[ASR_KIND_THREAD];
	guint i;

	if (!threads || threads->len == 0)
		return model->summary.total.live.samples > 0;
	for (i = 0; i < threads->len; i++) {
		const struct asr_group *t = g_ptr_array_index(threads, i);

		if (!t->tracer && t->live.samples > 0)
			return true;
	}
	return false;
}

bool live_columns(const struct asr_model *model)
{
	const GPtrArray *curves = model->heap.curves;

	if (model->sort == ASR_SORT_PEAK)
		return curves && curves->len > 0;
	return model->summary.total.live_known && (model->sort == ASR_SORT_LIVE || program_live(model));
}

void held_titles(GPtrArray *row, const struct asr_model *model)
{
	char *at = model->has_at ? human_duration(model->at_ns) : NULL;

	if (model->sort == ASR_SORT_PEAK)
		cell(row, "AT PEAK");
	else
		cell(row, "LIVE AT %s", at ? at : "END");
	g_free(at);
	cell(row, model->sort == ASR_SORT_PEAK ? "PEAK INTERVAL" : "LIVE INTERVAL");
}

void cell_live(GPtrArray *row, bool known, const struct as_estimate *live)
{
	if (!known) {
		cell(row, "-");
		cell(row, "-");
		return;
	}
	cell_bytes(row, live->weighted);
	cell_interval(row, live);
}

void note_live(GPtrArray *row, bool known, bool incomplete, unsigned *used)
{
	char *note;

	if (!known || !incomplete || row->len == 0)
		return;
	note = g_ptr_array_index(row, row->len - 1);
	row->pdata[row->len - 1] = g_strconcat(note, "~", NULL);
	g_free(note);
	*used |= MARK_LIVE_INCOMPLETE;
}
