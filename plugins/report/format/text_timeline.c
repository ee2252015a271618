/* text_timeline.c - the text format's windows (`window`): the total per window with bars, a sparkline per group.  Not the heap over time (text_heap.c). */
#include <inttypes.h>
#include <math.h>
#include <time.h>

#include "format/text.h"

/* The windows (`window` parameter): the rows, collected by group. */
struct timeline {
	const struct asr_summary *summary;
	GArray *total;          /* struct asr_window_row, the total's */
	GPtrArray *groups;      /* const struct asr_group *, in report order */
	GHashTable *estimates;  /* group -> GArray of struct asr_window_row */
};

static void collect_row(struct timeline *tl, const struct asr_window_row *row)
{
	GArray *rows;

	if (row->group == &tl->summary->total) {
		g_array_append_val(tl->total, *row);
		return;
	}
	rows = g_hash_table_lookup(tl->estimates, row->group);
	if (!rows) {
		rows = g_array_new(FALSE, FALSE, sizeof(struct asr_window_row));
		g_hash_table_insert(tl->estimates, (gpointer) row->group, rows);
		g_ptr_array_add(tl->groups, (gpointer) row->group);
	}
	g_array_append_val(rows, *row);
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
static char *sparkline(const GArray *rows, double *largest)
{
	static const char *const levels[] = {
		"\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588",
	};
	GString *line = g_string_new(NULL);
	guint i;

	*largest = 0;
	for (i = 0; i < rows->len; i++)
		*largest = MAX(*largest, g_array_index(rows, struct asr_window_row, i).est.weighted);
	for (i = 0; i < rows->len; i++) {
		const struct asr_window_row *r = &g_array_index(rows, struct asr_window_row, i);
		long level = *largest > 0 ? lround(r->est.weighted / *largest * 7.0) : 0;

		g_string_append(line, r->est.samples == 0 ? "\u00b7" : levels[CLAMP(level, 0, 7)]);
	}
	return g_string_free(line, FALSE);
}

static void write_timeline_total(FILE *out, const struct asr_model *model,
				 const GArray *total, unsigned *marks)
{
	bool live = model->summary.live_known;
	struct as_grid grid;
	GPtrArray *row;
	double scale = 0;
	guint i;

	for (i = 0; i < total->len; i++)
		scale = MAX(scale, g_array_index(total, struct asr_window_row, i).est.upper);
	as_grid_init(&grid, live ? "rrrrlrllll" : "rrrrlll");
	row = as_grid_row(&grid);
	cell(row, "WINDOW");
	cell(row, "START");
	cell(row, "SAMPLES");
	cell(row, "ESTIMATE");
	cell(row, "%g%% INTERVAL", model->confidence * 100.0);
	if (live) {
		cell(row, "LIVE AT END");
		cell(row, "LIVE INTERVAL");
	}
	cell(row, "NOTE");
	cell(row, "%s", "");
	for (i = 0; i < total->len; i++) {
		const struct asr_window_row *r = &g_array_index(total, struct asr_window_row, i);

		row = as_grid_row(&grid);
		cell(row, "%" PRId64, r->window);
		cell(row, "+%.3f s", (double) (r->start_ns - g_array_index(total,
			struct asr_window_row, 0).start_ns) / 1e9);
		cell(row, "%" PRIu64, r->est.samples);
		cell_bytes(row, r->est.weighted);
		cell_interval(row, &r->est);
		if (live)
			cell_live(row, true, &r->live);
		cell_marks(row, &r->est, r->group->incomplete, false, marks);
		note_live(row, live, r->group->live_incomplete, marks);
		g_ptr_array_add(row, interval_bar(&r->est, scale));
	}
	as_grid_print(out, &grid);
	as_grid_fini(&grid);
}

static void write_timeline_groups(FILE *out, const struct timeline *tl, bool hosts)
{
	struct as_grid grid;
	GPtrArray *row;
	guint i;

	as_grid_init(&grid, hosts ? "llrrlrl" : "lrrlrl");
	row = as_grid_row(&grid);
	if (hosts)
		cell(row, "HOST");
	cell(row, "PROCESS");
	cell(row, "PID");
	cell(row, "TID");
	cell(row, "TYPE");
	cell(row, "LARGEST");
	cell(row, "WINDOWS");
	for (i = 0; i < tl->groups->len; i++) {
		const struct asr_group *g = g_ptr_array_index(tl->groups, i);
		double largest;
		char *line = sparkline(g_hash_table_lookup(tl->estimates, g), &largest);

		row = as_grid_row(&grid);
		if (hosts)
			cell(row, "%s", g->host ? g->host : "?");
		cell(row, "%s", procname_of(g));
		cell_pid(row, g);
		if (g->kind == ASR_KIND_THREAD)
			cell(row, "%" PRId64, g->vtid);
		else
			cell(row, "%s", "");
		cell(row, "%s", g->kind == ASR_KIND_TYPE ? g->type : "");
		cell_bytes(row, largest);
		g_ptr_array_add(row, line);
	}
	as_grid_print(out, &grid);
	as_grid_fini(&grid);
}

/*
 * The windows: every window of the total, with its interval and a bar;
 * then one line per thread and type group, a mark per window (CSV and JSON
 * have every group's intervals).
 */
void text_timeline(FILE *out, const struct asr_model *model, unsigned *marks)
{
	struct timeline tl = {
		.summary = &model->summary,
		.total = g_array_new(FALSE, FALSE, sizeof(struct asr_window_row)),
		.groups = g_ptr_array_new(),
		.estimates = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL,
						   (GDestroyNotify) g_array_unref),
	};
	char *length = human_duration(model->window_ns), *from = NULL;
	guint i;

	for (i = 0; i < model->windows->len; i++)
		collect_row(&tl, &g_array_index(model->windows, struct asr_window_row, i));
	if (tl.total->len > 0) {
		from = utc_time(g_array_index(tl.total, struct asr_window_row, 0).start_ns);
		fprintf(out, "\nWindows: %u %s of %s from %s\n", tl.total->len,
			as_plural(tl.total->len, "window", "windows"), length, from);
		write_timeline_total(out, model, tl.total, marks);
		fprintf(out, "  Bars: \u2588 up to the lower bound, \u2591 up to the upper bound.\n");
		if (tl.groups->len > 0) {
			fprintf(out, "\n  Per group: a mark per window, as high as its estimate against the\n"
				     "  group's largest window (LARGEST); \u00b7 no sample (CSV and JSON give every interval).\n");
			write_timeline_groups(out, &tl, model->summary.hosts > 1);
		}
	}
	g_free(from);
	g_free(length);
	g_hash_table_destroy(tl.estimates);
	g_ptr_array_free(tl.groups, TRUE);
	g_array_free(tl.total, TRUE);
}
