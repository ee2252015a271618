/* text.c - the report as aligned tables a person reads at a glance. */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include <glib.h>

#include "writer.h"

/* A table whose columns are as wide as their widest cell. */
struct grid {
	GPtrArray *rows;      /* GPtrArray of char * (owned) */
	const char *align;    /* one 'l' or 'r' per column */
};

static void grid_init(struct grid *grid, const char *align)
{
	grid->rows = g_ptr_array_new_with_free_func((GDestroyNotify) g_ptr_array_unref);
	grid->align = align;
}

static GPtrArray *grid_row(struct grid *grid)
{
	GPtrArray *row = g_ptr_array_new_with_free_func(g_free);

	g_ptr_array_add(grid->rows, row);
	return row;
}

static void cell(GPtrArray *row, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

static void cell(GPtrArray *row, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	g_ptr_array_add(row, g_strdup_vprintf(fmt, ap));
	va_end(ap);
}

/* Prints the grid indented by two spaces; the last column is never padded. */
static void grid_print(FILE *out, const struct grid *grid)
{
	size_t ncols = strlen(grid->align);
	size_t *width = g_new0(size_t, ncols);
	guint r;
	size_t c;

	for (r = 0; r < grid->rows->len; r++) {
		GPtrArray *row = g_ptr_array_index(grid->rows, r);

		for (c = 0; c < row->len && c < ncols; c++)
			width[c] = MAX(width[c], (size_t) g_utf8_strlen(g_ptr_array_index(row, c), -1));
	}
	for (r = 0; r < grid->rows->len; r++) {
		GPtrArray *row = g_ptr_array_index(grid->rows, r);
		GString *line = g_string_new("  ");

		for (c = 0; c < row->len && c < ncols; c++) {
			const char *s = g_ptr_array_index(row, c);
			size_t pad = width[c] - (size_t) g_utf8_strlen(s, -1);

			if (c > 0)
				g_string_append(line, "  ");
			if (grid->align[c] == 'r')
				g_string_append_printf(line, "%*s%s", (int) pad, "", s);
			else if (c + 1 < row->len)
				g_string_append_printf(line, "%s%*s", s, (int) pad, "");
			else
				g_string_append(line, s);
		}
		while (line->len > 0 && line->str[line->len - 1] == ' ')
			g_string_truncate(line, line->len - 1);
		fprintf(out, "%s\n", line->str);
		g_string_free(line, TRUE);
	}
	g_free(width);
}

static void grid_fini(struct grid *grid)
{
	g_ptr_array_free(grid->rows, TRUE);
}

/*
 * Human bytes: binary units, two decimals below 10 of a unit and one above,
 * so that every figure has two or three significant digits.
 */
static char *human_bytes(double bytes)
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

static void cell_bytes(GPtrArray *row, double bytes)
{
	g_ptr_array_add(row, human_bytes(bytes));
}

static void cell_interval(GPtrArray *row, const struct as_estimate *est)
{
	char *lo = human_bytes(est->lower), *hi = human_bytes(est->upper);

	cell(row, "[%s, %s]", lo, hi);
	g_free(lo);
	g_free(hi);
}

/* The marks explained by the footnotes. */
static void cell_marks(GPtrArray *row, const struct asr_group *g, unsigned *used)
{
	char marks[4];
	size_t n = 0;

	if (asr_group_imprecise(g)) {
		marks[n++] = '*';
		*used |= 1;
	}
	if (g->incomplete) {
		marks[n++] = '!';
		*used |= 2;
	}
	if (g->est.mixed_rates) {
		marks[n++] = '+';
		*used |= 4;
	}
	marks[n] = '\0';
	cell(row, "%s", marks);
}

static const char *procname_of(const struct asr_group *g)
{
	return g->procname ? g->procname : "?";
}

static void cell_pid(GPtrArray *row, const struct asr_group *g)
{
	if (g->has_vpid)
		cell(row, "%" PRId64, g->vpid);
	else
		cell(row, "?");
}

static const char *const kind_titles[ASR_KIND_COUNT] = {
	[ASR_KIND_PROCESS] = "By process",
	[ASR_KIND_THREAD] = "By thread",
	[ASR_KIND_TYPE] = "By type",
	[ASR_KIND_THREAD_TYPE] = "By thread and type",
	[ASR_KIND_SITE] = "By site",
};

/* A site's function, "file:line" (the file's base name: the full path is
 * in CSV and JSON) and binary base name; "?" for what is unknown. */
static void cells_site(GPtrArray *row, const struct asr_site *site)
{
	const char *file = site->file ? strrchr(site->file, '/') : NULL;

	cell(row, "%s", site->function ? site->function : "?");
	if (site->file)
		cell(row, "%s:%" PRIu64, file ? file + 1 : site->file, site->line);
	else
		cell(row, "?");
	cell(row, "%s", asr_site_binary_name(site));
}

static void write_section(FILE *out, const struct asr_report_view *view, enum asr_kind kind,
			  unsigned *marks)
{
	const struct asr_summary *sum = view->summary;
	bool hosts = sum->hosts > 1;
	bool thread = kind == ASR_KIND_THREAD || kind == ASR_KIND_THREAD_TYPE;
	bool type = kind == ASR_KIND_TYPE || kind == ASR_KIND_THREAD_TYPE;
	bool site = kind == ASR_KIND_SITE;
	bool threads = !thread;
	GString *align = g_string_new(NULL);
	struct grid grid;
	GPtrArray *row;
	guint i;

	if (hosts)
		g_string_append_c(align, 'l');
	g_string_append(align, "lr");
	if (thread)
		g_string_append_c(align, 'r');
	if (type)
		g_string_append_c(align, 'l');
	if (site)
		g_string_append(align, "lll");
	if (threads)
		g_string_append_c(align, 'r');
	g_string_append(align, "rrll");
	grid_init(&grid, align->str);

	row = grid_row(&grid);
	if (hosts)
		cell(row, "HOST");
	cell(row, "PROCESS");
	cell(row, "PID");
	if (thread)
		cell(row, "TID");
	if (type)
		cell(row, "TYPE");
	if (site) {
		cell(row, "FUNCTION");
		cell(row, "FILE:LINE");
		cell(row, "BINARY");
	}
	if (threads)
		cell(row, "THREADS");
	cell(row, "SAMPLES");
	cell(row, "ESTIMATE");
	cell(row, "%g%% INTERVAL", view->params->confidence * 100.0);
	cell(row, "NOTE");

	for (i = 0; i < sum->groups[kind]->len; i++) {
		const struct asr_group *g = g_ptr_array_index(sum->groups[kind], i);

		if (!asr_group_shown(g, view->params))
			continue;
		row = grid_row(&grid);
		if (hosts)
			cell(row, "%s", g->host ? g->host : "?");
		cell(row, "%s", procname_of(g));
		cell_pid(row, g);
		if (thread)
			cell(row, "%" PRId64, g->vtid);
		if (type)
			cell(row, "%s", g->type);
		if (site)
			cells_site(row, g->site);
		if (threads)
			cell(row, "%" PRIu64, g->threads);
		cell(row, "%" PRIu64, g->est.samples);
		cell_bytes(row, g->est.weighted);
		cell_interval(row, &g->est);
		cell_marks(row, g, marks);
	}
	fprintf(out, "\n%s\n", kind_titles[kind]);
	grid_print(out, &grid);
	grid_fini(&grid);
	g_string_free(align, TRUE);
}

static void write_total(FILE *out, const struct asr_report_view *view, unsigned *marks)
{
	const struct asr_summary *sum = view->summary;
	const struct asr_group *t = &sum->total;
	struct grid grid;
	GPtrArray *row;

	grid_init(&grid, "lrrrrll");
	row = grid_row(&grid);
	cell(row, "%s", "");
	cell(row, "PROCESSES");
	cell(row, "THREADS");
	cell(row, "SAMPLES");
	cell(row, "ESTIMATE");
	cell(row, "%g%% INTERVAL", view->params->confidence * 100.0);
	cell(row, "NOTE");
	row = grid_row(&grid);
	cell(row, "Total");
	cell(row, "%" PRIu64, sum->processes);
	cell(row, "%" PRIu64, t->threads);
	cell(row, "%" PRIu64, t->est.samples);
	cell_bytes(row, t->est.weighted);
	cell_interval(row, &t->est);
	cell_marks(row, t, marks);
	fprintf(out, "\n");
	grid_print(out, &grid);
	grid_fini(&grid);
}

static void write_rates(FILE *out, const struct asr_summary *sum)
{
	size_t i;

	fprintf(out, "Sampling: one sample per ");
	for (i = 0; i < sum->total.rates.n; i++)
		fprintf(out, "%s%" PRIu64, i == 0 ? "" : ", ", sum->total.rates.accums[i].rate);
	fprintf(out, " bytes on average.\n");
}

static void write_losses(FILE *out, const struct asr_table *table)
{
	guint i, j;

	for (i = 0; i < table->trace_list->len; i++) {
		const struct asr_trace *t = g_ptr_array_index(table->trace_list, i);

		for (j = 0; j < t->losses->len; j++) {
			const struct asr_stream_loss *l =
				&g_array_index(t->losses, struct asr_stream_loss, j);

			fprintf(out, "  Trace %s (host %s), stream %" PRIu64 " lost",
				t->name ? t->name : "?", t->host ? t->host : "?", l->stream_id);
			if (l->lost_events && l->events_unknown)
				fprintf(out, " events (count unknown)");
			else if (l->lost_events)
				fprintf(out, " %" PRIu64 " events", l->events);
			if (l->lost_events && l->lost_packets)
				fprintf(out, " and");
			if (l->lost_packets && l->packets_unknown)
				fprintf(out, " packets (count unknown)");
			else if (l->lost_packets)
				fprintf(out, " %" PRIu64 " packets", l->packets);
			fprintf(out, ".\n");
		}
	}
}

static void write_notes(FILE *out, const struct asr_report_view *view, unsigned marks)
{
	const struct asr_summary *sum = view->summary;

	if (!marks && !sum->vtid_missing && !sum->vpid_missing && !sum->skipped && !sum->incomplete)
		return;
	fprintf(out, "\n");
	if (marks & 1)
		fprintf(out, "* Fewer than %d samples: the estimate is imprecise; trust the interval.\n",
			ASR_FEW_SAMPLES);
	if (marks & 2 || sum->incomplete) {
		fprintf(out, "! Incomplete: the trace lost events, so the true value is at least the\n"
			     "  estimate's lower bound.\n");
		write_losses(out, view->table);
	}
	if (marks & 4)
		fprintf(out, "+ Samples taken at several rates: each rate estimated, then added.\n");
	if (sum->vtid_missing)
		fprintf(out, "No vtid context in the trace: estimates are per process.  For per-thread\n"
			     "estimates, record it with:  " ASR_VTID_HINT "\n");
	if (sum->vpid_missing)
		fprintf(out, "No vpid context in the trace: each trace counts as one process.  Record it\n"
			     "with:  " ASR_VPID_HINT "\n");
	if (sum->skipped)
		fprintf(out, "%" PRIu64 " sample%s with impossible values (offset >= size, size 0 or rate 0)\n"
			     "left out.\n", sum->skipped, sum->skipped == 1 ? "" : "s");
}

int asr_write_text(FILE *out, const struct asr_report_view *view)
{
	const struct asr_summary *sum = view->summary;
	unsigned marks = 0;
	enum asr_kind kind;

	fprintf(out, "allocsample report: bytes allocated, estimated with %g%% confidence intervals%s.\n",
		view->params->confidence * 100.0,
		view->params->boundary_compensation ? "" : " (no boundary compensation)");
	if (sum->samples == 0)
		fprintf(out, "No allocsample:AllocationSampled events: nothing to estimate.\n");
	else
		write_rates(out, sum);
	for (kind = 0; kind < ASR_KIND_COUNT; kind++) {
		if (asr_kind_shown(kind, view->params))
			write_section(out, view, kind, &marks);
	}
	if (sum->samples > 0)
		write_total(out, view, &marks);
	write_notes(out, view, marks);
	fflush(out);
	return ferror(out) ? -1 : 0;
}
