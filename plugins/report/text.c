/* text.c - the report as aligned tables a person reads at a glance. */
#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <time.h>

#include <glib.h>

#include "timeline.h"
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

/* The timeline (`window` parameter): the rows, collected by group. */
struct timeline {
	const struct asr_summary *summary;
	GArray *total;          /* struct asr_window_row, the total's */
	GPtrArray *groups;      /* const struct asr_group *, in report order */
	GHashTable *estimates;  /* group -> GArray of struct asr_window_row */
};

static int collect_row(void *data, const struct asr_window_row *row)
{
	struct timeline *tl = data;
	GArray *rows;

	if (row->group == &tl->summary->total) {
		g_array_append_val(tl->total, *row);
		return 0;
	}
	rows = g_hash_table_lookup(tl->estimates, row->group);
	if (!rows) {
		rows = g_array_new(FALSE, FALSE, sizeof(struct asr_window_row));
		g_hash_table_insert(tl->estimates, (gpointer) row->group, rows);
		g_ptr_array_add(tl->groups, (gpointer) row->group);
	}
	g_array_append_val(rows, *row);
	return 0;
}

/* "2024-05-01 12:00:01.234 UTC": where window 0 starts. */
static char *utc_time(int64_t ns)
{
	time_t sec = (time_t) (ns / 1000000000);
	struct tm tm;
	char buf[32];

	gmtime_r(&sec, &tm);
	strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
	return g_strdup_printf("%s.%03d UTC", buf, (int) (ns % 1000000000 / 1000000));
}

/* A window length as a person writes it: "100 ms", "1.5 s". */
static char *human_duration(int64_t ns)
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

#define BAR_WIDTH 30

/* The interval as a bar against `scale` bytes (the largest upper bound):
 * solid up to the lower bound, shaded up to the upper bound. */
static char *interval_bar(const struct as_estimate *est, double scale)
{
	GString *bar = g_string_new(NULL);
	long lo = scale > 0 ? lround(est->lower / scale * BAR_WIDTH) : 0;
	long hi = scale > 0 ? lround(est->upper / scale * BAR_WIDTH) : 0;
	long i;

	for (i = 0; i < hi; i++)
		g_string_append(bar, i < lo ? "\u2588" : "\u2591");
	return g_string_free(bar, FALSE);
}

/* One mark per window, as high as its estimate against the group's largest;
 * a dot for a window without samples. */
static char *sparkline(const GArray *rows, double *peak)
{
	static const char *const levels[] = {
		"\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588",
	};
	GString *line = g_string_new(NULL);
	guint i;

	*peak = 0;
	for (i = 0; i < rows->len; i++)
		*peak = MAX(*peak, g_array_index(rows, struct asr_window_row, i).est.weighted);
	for (i = 0; i < rows->len; i++) {
		const struct asr_window_row *r = &g_array_index(rows, struct asr_window_row, i);
		long level = *peak > 0 ? lround(r->est.weighted / *peak * 7.0) : 0;

		g_string_append(line, r->est.samples == 0 ? "\u00b7" : levels[CLAMP(level, 0, 7)]);
	}
	return g_string_free(line, FALSE);
}

static void write_timeline_total(FILE *out, const struct asr_report_view *view,
				 const GArray *total, unsigned *marks)
{
	struct grid grid;
	GPtrArray *row;
	double scale = 0;
	guint i;

	for (i = 0; i < total->len; i++)
		scale = MAX(scale, g_array_index(total, struct asr_window_row, i).est.upper);
	grid_init(&grid, "rrrrlll");
	row = grid_row(&grid);
	cell(row, "WINDOW");
	cell(row, "START");
	cell(row, "SAMPLES");
	cell(row, "ESTIMATE");
	cell(row, "%g%% INTERVAL", view->params->confidence * 100.0);
	cell(row, "NOTE");
	cell(row, "%s", "");
	for (i = 0; i < total->len; i++) {
		const struct asr_window_row *r = &g_array_index(total, struct asr_window_row, i);
		struct asr_group marked = *r->group;

		marked.est = r->est;
		row = grid_row(&grid);
		cell(row, "%" PRId64, r->window);
		cell(row, "+%.3f s", (double) (r->start_ns - g_array_index(total,
			struct asr_window_row, 0).start_ns) / 1e9);
		cell(row, "%" PRIu64, r->est.samples);
		cell_bytes(row, r->est.weighted);
		cell_interval(row, &r->est);
		cell_marks(row, &marked, marks);
		g_ptr_array_add(row, interval_bar(&r->est, scale));
	}
	grid_print(out, &grid);
	grid_fini(&grid);
}

static void write_timeline_groups(FILE *out, const struct timeline *tl, bool hosts)
{
	struct grid grid;
	GPtrArray *row;
	guint i;

	grid_init(&grid, hosts ? "llrrlrl" : "lrrlrl");
	row = grid_row(&grid);
	if (hosts)
		cell(row, "HOST");
	cell(row, "PROCESS");
	cell(row, "PID");
	cell(row, "TID");
	cell(row, "TYPE");
	cell(row, "PEAK");
	cell(row, "WINDOWS");
	for (i = 0; i < tl->groups->len; i++) {
		const struct asr_group *g = g_ptr_array_index(tl->groups, i);
		double peak;
		char *line = sparkline(g_hash_table_lookup(tl->estimates, g), &peak);

		row = grid_row(&grid);
		if (hosts)
			cell(row, "%s", g->host ? g->host : "?");
		cell(row, "%s", procname_of(g));
		cell_pid(row, g);
		if (g->kind == ASR_KIND_THREAD)
			cell(row, "%" PRId64, g->vtid);
		else
			cell(row, "%s", "");
		cell(row, "%s", g->kind == ASR_KIND_TYPE ? g->type : "");
		cell_bytes(row, peak);
		g_ptr_array_add(row, line);
	}
	grid_print(out, &grid);
	grid_fini(&grid);
}

/*
 * The timeline: every window of the total, with its interval and a bar;
 * then one line per thread and type group, a mark per window (CSV and JSON
 * have every group's intervals).  Returns -1 if the estimator refused.
 */
static int write_timeline(FILE *out, const struct asr_report_view *view, unsigned *marks)
{
	struct timeline tl = {
		.summary = view->summary,
		.total = g_array_new(FALSE, FALSE, sizeof(struct asr_window_row)),
		.groups = g_ptr_array_new(),
		.estimates = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL,
						   (GDestroyNotify) g_array_unref),
	};
	char *length = human_duration(view->params->window_ns), *from = NULL;
	int status = asr_timeline_each(view, collect_row, &tl);

	if (status == 0 && tl.total->len > 0) {
		from = utc_time(g_array_index(tl.total, struct asr_window_row, 0).start_ns);
		fprintf(out, "\nTimeline: %u windows of %s from %s\n", tl.total->len, length, from);
		write_timeline_total(out, view, tl.total, marks);
		fprintf(out, "  Bars: \u2588 up to the lower bound, \u2591 up to the upper bound.\n");
		if (tl.groups->len > 0) {
			fprintf(out, "\n  Per group: a mark per window, as high as its estimate against the\n"
				     "  group's peak; \u00b7 no sample (CSV and JSON give every interval).\n");
			write_timeline_groups(out, &tl, view->summary->hosts > 1);
		}
	}
	g_free(from);
	g_free(length);
	g_hash_table_destroy(tl.estimates);
	g_ptr_array_free(tl.groups, TRUE);
	g_array_free(tl.total, TRUE);
	return status;
}

/* "12.3 ms": an instance's duration. */
static char *scope_duration(const struct asr_scope *s)
{
	if (!s->has_start || !s->has_end)
		return g_strdup(s->open ? "open" : "?");
	return human_duration(s->end_ns - s->start_ns);
}

/*
 * "By scope": the instance counts, the mean bytes per closed instance with
 * its interval, the percentiles of the instances' estimates, and the
 * largest instances (CSV has every one).  Returns -1 if the estimator
 * refused.
 */
static int write_scopes(FILE *out, const struct asr_report_view *view, unsigned *marks)
{
	const struct asr_scopes *scopes = view->scopes;
	bool hosts = view->summary->hosts > 1;
	struct asr_scope_stats stats;
	struct grid grid;
	GPtrArray *rows, *row;
	int64_t origin = 0;
	guint i;

	if (asr_scopes_stats(scopes, view->params, &stats))
		return -1;
	fprintf(out, "\nBy scope: from %s to %s", scopes->begin, scopes->end);
	if (scopes->key)
		fprintf(out, ", paired by %s", scopes->key);
	fprintf(out, "\n  Instances: %" PRIu64 " closed, %" PRIu64 " open; unmatched: %" PRIu64
		" begin%s, %" PRIu64 " end%s.  Samples: %" PRIu64 " in instances, %" PRIu64 " outside.\n",
		stats.closed, scopes->open, scopes->unmatched_begins,
		scopes->unmatched_begins == 1 ? "" : "s", scopes->unmatched_ends,
		scopes->unmatched_ends == 1 ? "" : "s", scopes->samples_inside, scopes->samples_outside);
	if (stats.closed > 0) {
		char *mean = human_bytes(stats.mean.weighted), *lo = human_bytes(stats.mean.lower),
		     *hi = human_bytes(stats.mean.upper), *p50 = human_bytes(stats.p50),
		     *p90 = human_bytes(stats.p90), *p99 = human_bytes(stats.p99);

		fprintf(out, "  Mean per closed instance: %s, %g%% interval [%s, %s].\n"
			     "  Estimates' percentiles: p50 %s, p90 %s, p99 %s (spread of noisy estimates:\n"
			     "  wider than the true spread when instances have few samples).\n",
			mean, view->params->confidence * 100.0, lo, hi, p50, p90, p99);
		g_free(mean);
		g_free(lo);
		g_free(hi);
		g_free(p50);
		g_free(p90);
		g_free(p99);
	}
	rows = asr_scopes_rows(scopes, ASR_SCOPE_TEXT_ROWS);
	if (rows->len == 0) {
		g_ptr_array_unref(rows);
		return 0;
	}
	for (i = 0; i < scopes->instances->len; i++) {
		const struct asr_scope *s = g_ptr_array_index(scopes->instances, i);

		if (s->has_start) {
			origin = s->start_ns;
			break;
		}
	}
	if (rows->len < scopes->instances->len)
		fprintf(out, "  The %u largest of %u instances (CSV has every one):\n", rows->len,
			scopes->instances->len);
	grid_init(&grid, hosts ? "lrrlrrrrll" : "rrlrrrrll");
	row = grid_row(&grid);
	if (hosts)
		cell(row, "HOST");
	cell(row, "PID");
	cell(row, "TID");
	cell(row, "KEY");
	cell(row, "START");
	cell(row, "DURATION");
	cell(row, "SAMPLES");
	cell(row, "ESTIMATE");
	cell(row, "%g%% INTERVAL", view->params->confidence * 100.0);
	cell(row, "NOTE");
	for (i = 0; i < rows->len; i++) {
		const struct asr_scope *s = g_ptr_array_index(rows, i);
		struct as_estimate est;
		char *key = asr_scope_key_text(&s->key);

		if (asr_scope_estimate(scopes, s, view->params, &est)) {
			g_free(key);
			grid_fini(&grid);
			g_ptr_array_unref(rows);
			return -1;
		}
		row = grid_row(&grid);
		if (hosts)
			cell(row, "%s", s->host ? s->host : "?");
		if (s->has_vpid)
			cell(row, "%" PRId64, s->vpid);
		else
			cell(row, "?");
		cell(row, "%" PRId64, s->vtid);
		cell(row, "%s", key ? key : "");
		if (s->has_start)
			cell(row, "+%.6f s", (double) (s->start_ns - origin) / 1e9);
		else
			cell(row, "?");
		g_ptr_array_add(row, scope_duration(s));
		cell(row, "%" PRIu64, est.samples);
		cell_bytes(row, est.weighted);
		cell_interval(row, &est);
		cell(row, "%s%s", est.samples < ASR_FEW_SAMPLES ? "*" : "", est.mixed_rates ? "+" : "");
		*marks |= (est.samples < ASR_FEW_SAMPLES ? 1 : 0) | (est.mixed_rates ? 4 : 0);
		g_free(key);
	}
	grid_print(out, &grid);
	grid_fini(&grid);
	g_ptr_array_unref(rows);
	return 0;
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
	if (view->windows && write_timeline(out, view, &marks))
		return -1;
	if (view->scopes && write_scopes(out, view, &marks))
		return -1;
	write_notes(out, view, marks);
	fflush(out);
	return ferror(out) ? -1 : 0;
}
