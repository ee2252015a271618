/* text_heap.c - the peak of the live heap, in a line or a few (see text.h). */
#include <inttypes.h>

#include "common/units.h"
#include "format/text.h"

/* "12.3 MiB [11.0 MiB, 13.9 MiB] at 1.52 s" */
static char *peak_text(const struct asr_heap_curve *curve, int64_t origin)
{
	char *est = as_human_bytes(curve->peak.weighted), *lo = as_human_bytes(curve->peak.lower);
	char *hi = as_human_bytes(curve->peak.upper), *at = human_elapsed(curve->peak_ns - origin);
	char *text = g_strdup_printf("%s [%s, %s] at %s%s", est, lo, hi, at,
				     curve->incomplete ? "  ~" : "");

	g_free(est);
	g_free(lo);
	g_free(hi);
	g_free(at);
	return text;
}

void text_heap(FILE *out, const struct asr_model *model)
{
	const GPtrArray *curves = model->heap.curves;
	const struct asr_summary *sum = &model->summary;
	const struct asr_heap_curve *total;
	int64_t origin = sum->total.first_ns;
	char *text, *end;
	guint i;

	if (!curves || curves->len == 0 || !sum->total.has_time)
		return;
	total = g_ptr_array_index(curves, 0);
	text = peak_text(total, origin);
	/* The run ends at its last event, the curve's last point: a free may
	 * come after the last sample, and the peak with it (just after the
	 * last sample, before the frees), so the samples' own end would put
	 * the peak after the run's end. */
	end = human_elapsed(asr_heap_curve_end_ns(total) - origin);
	fprintf(out, "\nPeak of the live heap: %s of %s (the largest of %u instants; its interval at %.4g%% allows for the choice).\n",
		text, end, total->candidates, total->peak_confidence * 100.0);
	g_free(text);
	g_free(end);
	if (model->sort != ASR_SORT_PEAK || curves->len <= 2)
		return;
	for (i = 1; i < curves->len; i++) {
		const struct asr_heap_curve *c = g_ptr_array_index(curves, i);

		if (!g_ptr_array_find(model->shown[ASR_KIND_PROCESS], c->process, NULL))
			continue;
		text = peak_text(c, origin);
		fprintf(out, "  %s, pid ", procname_of(c->process));
		if (c->process->has_vpid)
			fprintf(out, "%" PRId64, c->process->vpid);
		else
			fputc('?', out);
		fprintf(out, ": %s\n", text);
		g_free(text);
	}
}
