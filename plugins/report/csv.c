/* csv.c - the report as CSV (RFC 4180 quoting, LF line ends), one row per group. */
#include <inttypes.h>
#include <string.h>

#include "writer.h"

static const char *const kind_names[ASR_KIND_COUNT] = {
	[ASR_KIND_PROCESS] = "process",
	[ASR_KIND_THREAD] = "thread",
	[ASR_KIND_TYPE] = "type",
	[ASR_KIND_THREAD_TYPE] = "thread-type",
	[ASR_KIND_SITE] = "site",
};

/* A field, quoted when it holds a separator, a quote or a line break. */
static void put_field(FILE *out, const char *s)
{
	if (!s)
		return;
	if (!strpbrk(s, ",\"\n")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

static const char *boolean(bool b)
{
	return b ? "true" : "false";
}

static void put_row(FILE *out, const char *kind, const struct asr_group *g, bool total,
		    const struct asr_params *params)
{
	fprintf(out, "%s,", kind);
	if (!total) {
		put_field(out, g->host);
		fputc(',', out);
		if (g->has_vpid)
			fprintf(out, "%" PRId64, g->vpid);
		fputc(',', out);
		put_field(out, g->procname);
		fputc(',', out);
		if (g->has_vtid)
			fprintf(out, "%" PRId64, g->vtid);
		fputc(',', out);
		put_field(out, g->type);
	} else {
		fputs(",,,,", out);
	}
	fprintf(out, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.15g,",
		g->kind == ASR_KIND_THREAD || g->kind == ASR_KIND_THREAD_TYPE ? 1 : g->threads,
		g->est.samples, asr_bytes_round(g->est.weighted), asr_bytes_round(g->est.negbin),
		asr_bytes_round(g->est.lower), asr_bytes_round(g->est.upper), params->confidence);
	if (g->has_time)
		fprintf(out, "%" PRId64 ",%" PRId64, g->first_ns, g->last_ns);
	else
		fputc(',', out);
	fprintf(out, ",%s,%s,%s,", boolean(g->incomplete), boolean(asr_group_imprecise(g)),
		boolean(g->est.mixed_rates));
	/* The site's columns come last, so that those before keep their
	 * positions for scripts written before sites. */
	if (g->site) {
		put_field(out, g->site->function);
		fputc(',', out);
		put_field(out, g->site->file);
		fputc(',', out);
		if (g->site->file)
			fprintf(out, "%" PRIu64, g->site->line);
		fputc(',', out);
		put_field(out, g->site->binary);
	} else {
		fputs(",,,", out);
	}
	fputc('\n', out);
}

int asr_write_csv(FILE *out, const struct asr_report_view *view)
{
	const struct asr_summary *sum = view->summary;
	enum asr_kind kind;
	guint i;

	fputs("kind,host,pid,procname,tid,type,threads,samples,estimate,negbin_estimate,lower,upper,"
	      "confidence,first_ns,last_ns,incomplete,imprecise,mixed_rates,function,file,line,binary\n", out);
	for (kind = 0; kind < ASR_KIND_COUNT; kind++) {
		for (i = 0; i < sum->groups[kind]->len; i++) {
			const struct asr_group *g = g_ptr_array_index(sum->groups[kind], i);

			if (asr_group_shown(g, view->params))
				put_row(out, kind_names[kind], g, false, view->params);
		}
	}
	if (sum->samples > 0)
		put_row(out, "total", &sum->total, true, view->params);
	fflush(out);
	return ferror(out) ? -1 : 0;
}
