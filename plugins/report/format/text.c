/* text.c - the report as aligned tables a person reads at a glance. */
#include <inttypes.h>
#include <string.h>

#include "common/labels.h"
#include "format/text.h"
#include "model/live_notes.h"
#include "model/program_notes.h"

static const char *const kind_titles[ASR_KIND_COUNT] = {
	[ASR_KIND_PROCESS] = "By process",
	[ASR_KIND_THREAD] = "By thread",
	[ASR_KIND_TYPE] = "By type",
	[ASR_KIND_THREAD_TYPE] = "By thread and type",
	[ASR_KIND_SITE] = "By site",
	[ASR_KIND_STACK] = "By stack",
	[ASR_KIND_FUNCTION] = "By function",
	[ASR_KIND_BINARY] = "By binary (that of the allocating function)",
};

/* A site's label, "file:line" (the file's base name: the full path is in
 * CSV and JSON) and binary's file name; "?" for what is unknown. */
static void cells_site(GPtrArray *row, const struct asr_group *g)
{
	cell(row, "%s", g->site_label);
	if (g->site->file)
		cell(row, "%s:%" PRIu64, as_base_name(g->site->file), g->site->line);
	else
		cell(row, "?");
	cell(row, "%s", g->site_binary);
}

static void write_section(FILE *out, const struct asr_model *model, enum asr_kind kind,
			  unsigned *marks)
{
	const struct asr_summary *sum = &model->summary;
	bool hosts = sum->hosts > 1;
	bool thread = kind == ASR_KIND_THREAD || kind == ASR_KIND_THREAD_TYPE;
	bool type = kind == ASR_KIND_TYPE || kind == ASR_KIND_THREAD_TYPE;
	bool site = kind == ASR_KIND_SITE;
	bool binary = kind == ASR_KIND_BINARY;
	bool threads = !thread;
	bool live = live_columns(model), temporary = temporary_columns(model);
	GString *align = g_string_new(NULL);
	struct as_grid grid;
	GPtrArray *row;
	guint i;

	if (hosts)
		g_string_append_c(align, 'l');
	/* A sum of profiles has no pid. */
	g_string_append(align, model->profiles ? "l" : "lr");
	if (thread)
		g_string_append_c(align, 'r');
	if (type)
		g_string_append_c(align, 'l');
	if (site)
		g_string_append(align, "lll");
	if (binary)
		g_string_append_c(align, 'l');
	if (threads)
		g_string_append_c(align, 'r');
	g_string_append(align, live ? "rrlrl" : "rrl");
	g_string_append(align, temporary ? "rll" : "l");
	as_grid_init(&grid, align->str);

	row = as_grid_row(&grid);
	if (hosts)
		cell(row, "HOST");
	cell(row, "PROCESS");
	if (!model->profiles)
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
	if (binary)
		cell(row, "BINARY");
	if (threads)
		cell(row, "THREADS");
	cell(row, "SAMPLES");
	cell(row, "ESTIMATE");
	cell(row, "%g%% INTERVAL", model->confidence * 100.0);
	if (live)
		held_titles(row, model);
	if (temporary) {
		cell(row, "TEMPORARY");
		cell(row, "TEMPORARY INTERVAL");
	}
	cell(row, "NOTE");

	for (i = 0; i < model->shown[kind]->len; i++) {
		const struct asr_group *g = g_ptr_array_index(model->shown[kind], i);
		const struct held held = held_of(model, g);

		row = as_grid_row(&grid);
		if (hosts)
			cell(row, "%s", g->host ? g->host : "?");
		cell(row, "%s", procname_of(g));
		if (!model->profiles)
			cell_pid(row, g);
		if (thread)
			cell(row, "%" PRId64, g->vtid);
		if (type)
			cell(row, "%s", g->type);
		if (site)
			cells_site(row, g);
		if (binary)
			cell(row, "%s", g->binary ? g->binary : AS_LABEL_UNKNOWN);
		if (threads)
			cell(row, "%" PRIu64, g->threads);
		cell(row, "%" PRIu64, g->est.samples);
		cell_bytes(row, g->est.weighted);
		cell_interval(row, &g->est);
		if (live)
			cell_live(row, held.known, held.est);
		if (temporary)
			cell_temporary(row, g);
		cell_marks(row, &g->est, g->incomplete, g->tracer, marks);
		note_live(row, (live && held.known) || (temporary && g->live_known),
			  (live && held.incomplete) || (temporary && g->lifetime_incomplete), marks);
	}
	fprintf(out, "\n%s\n", kind_titles[kind]);
	as_grid_print(out, &grid);
	as_grid_fini(&grid);
	g_string_free(align, TRUE);
}

static void write_total(FILE *out, const struct asr_model *model, unsigned *marks)
{
	const struct asr_summary *sum = &model->summary;
	const struct asr_group *t = &sum->total;
	const GPtrArray *curves = model->heap.curves;
	const struct asr_heap_curve *curve = curves && curves->len ? g_ptr_array_index(curves, 0) : NULL;
	/* The total's peak is its own instant, not the processes'. */
	const struct held held = model->sort != ASR_SORT_PEAK ? held_of(model, t) :
		(struct held) { curve != NULL, t->live_incomplete, curve ? &curve->peak : NULL };
	bool live = live_columns(model), temporary = temporary_columns(model);
	GString *align = g_string_new(live ? "lrrrrlrl" : "lrrrrl");
	struct as_grid grid;
	GPtrArray *row;

	g_string_append(align, temporary ? "rll" : "l");
	as_grid_init(&grid, align->str);
	row = as_grid_row(&grid);
	cell(row, "%s", "");
	cell(row, "PROCESSES");
	cell(row, "THREADS");
	cell(row, "SAMPLES");
	cell(row, "ESTIMATE");
	cell(row, "%g%% INTERVAL", model->confidence * 100.0);
	if (live)
		held_titles(row, model);
	if (temporary) {
		cell(row, "TEMPORARY");
		cell(row, "TEMPORARY INTERVAL");
	}
	cell(row, "NOTE");
	row = as_grid_row(&grid);
	cell(row, "Total");
	cell(row, "%" PRIu64, sum->processes);
	cell(row, "%" PRIu64, t->threads);
	cell(row, "%" PRIu64, t->est.samples);
	cell_bytes(row, t->est.weighted);
	cell_interval(row, &t->est);
	if (live)
		cell_live(row, held.known, held.est);
	if (temporary)
		cell_temporary(row, t);
	cell_marks(row, &t->est, t->incomplete, false, marks);
	note_live(row, live || temporary, (live && held.incomplete) ||
		  (temporary && t->lifetime_incomplete), marks);
	fprintf(out, "\n");
	as_grid_print(out, &grid);
	as_grid_fini(&grid);
	g_string_free(align, TRUE);
}

static void write_rates(FILE *out, const GArray *rates)
{
	guint i;

	fprintf(out, "Sampling: one sample per ");
	for (i = 0; i < rates->len; i++)
		fprintf(out, "%s%" PRIu64, i == 0 ? "" : ", ", g_array_index(rates, uint64_t, i));
	fprintf(out, " bytes on average.\n");
}

static void write_losses(FILE *out, const GArray *losses)
{
	guint i;

	for (i = 0; i < losses->len; i++) {
		const struct asr_loss *l = &g_array_index(losses, struct asr_loss, i);

		fprintf(out, "  Trace %s (host %s), stream %" PRIu64 " lost",
			l->trace.name ? l->trace.name : "?", l->trace.host ? l->trace.host : "?",
			l->stream_id);
		if (l->lost_events && l->events_unknown)
			fprintf(out, " events (count unknown)");
		else if (l->lost_events)
			fprintf(out, " %" PRIu64 " %s", l->events, as_plural(l->events, "event", "events"));
		if (l->lost_events && l->lost_packets)
			fprintf(out, " and");
		if (l->lost_packets && l->packets_unknown)
			fprintf(out, " packets (count unknown)");
		else if (l->lost_packets)
			fprintf(out, " %" PRIu64 " %s", l->packets, as_plural(l->packets, "packet", "packets"));
		fprintf(out, ".\n");
	}
}

/* Whether the live figures are known but none shown: nothing sampled was
 * live at the end, and the report is not about leaks. */
static bool nothing_live(const struct asr_model *model)
{
	const struct asr_summary *sum = &model->summary;

	return sum->samples > 0 && sum->live_known && !live_says(model, &sum->total);
}

/* Why the live figures are missing or not shown, or what they leave out:
 * each once. */
static void write_live_notes(FILE *out, const struct asr_model *model)
{
	const char *reason = asr_live_unknown_reason(&model->summary);
	GPtrArray *caveats = asr_live_caveats(&model->summary);
	char *upper, *when;
	guint i;

	if (reason)
		fprintf(out, "%s\n", reason);
	/* The temporary view's figures come from the same frees. */
	if (reason && model->sort == ASR_SORT_TEMPORARY)
		fprintf(out, "So are the temporary bytes and the lifetimes: they come from the same frees.\n");
	if (nothing_live(model)) {
		upper = as_human_bytes(model->summary.total.live.upper);
		when = live_when(model);
		fprintf(out, "Nothing sampled was still live %s: below %s (%g%% confidence).\n",
			when, upper, model->confidence * 100.0);
		g_free(upper);
		g_free(when);
	}
	for (i = 0; i < caveats->len; i++)
		fprintf(out, "%s\n", (const char *) g_ptr_array_index(caveats, i));
	g_ptr_array_free(caveats, TRUE);
}

static void write_notes(FILE *out, const struct asr_model *model, unsigned marks)
{
	const struct asr_summary *sum = &model->summary;
	GPtrArray *caveats = asr_live_caveats(sum);
	GPtrArray *programs = asr_program_notes(sum);
	bool live_notes = caveats->len > 0 || asr_live_unknown_reason(sum) || nothing_live(model);
	guint i;

	g_ptr_array_free(caveats, TRUE);
	if (!marks && !sum->vtid_missing && !sum->vpid_missing && !sum->skipped && !sum->incomplete &&
	    !live_notes && programs->len == 0) {
		g_ptr_array_free(programs, TRUE);
		return;
	}
	fprintf(out, "\n");
	if (marks & MARK_IMPRECISE)
		fprintf(out, "* Imprecise: the interval is wider than the estimate; trust the interval.\n");
	if (marks & MARK_INCOMPLETE || sum->incomplete) {
		fprintf(out, "! Incomplete: the trace lost events or was cut short, so the true value is at\n"
			     "  least the estimate's lower bound.\n");
		write_losses(out, model->losses);
	}
	if (marks & MARK_MIXED_RATES)
		fprintf(out, "+ Samples taken at several rates: each rate estimated, then added.\n");
	if (marks & MARK_LIVE_INCOMPLETE)
		fprintf(out, "~ %s figure incomplete: events were lost (a lost free makes a block look\n"
			     "  live), or some samples were not tracked to their free%s.\n",
			model->sort == ASR_SORT_TEMPORARY ? "Live or temporary" : "Live",
			model->sort == ASR_SORT_TEMPORARY ? " or had no time" : "");
	if (marks & MARK_TRACER)
		fprintf(out, "T lttng-ust's own thread: %" PRIu64 " %s of the tracer's allocations, in the\n"
			     "  process rows and the total.\n",
			sum->tracer_samples, as_plural(sum->tracer_samples, "sample", "samples"));
	if (sum->vtid_missing)
		fprintf(out, "No vtid context in the trace: estimates are per process.  For per-thread\n"
			     "estimates, record it with:  " ASR_VTID_HINT "\n");
	if (sum->vpid_missing)
		fprintf(out, "No vpid context in the trace: each trace counts as one process.  Record it\n"
			     "with:  " ASR_VPID_HINT "\n");
	if (sum->skipped)
		fprintf(out, "%" PRIu64 " %s with impossible values (offset >= size, size 0 or rate 0)\n"
			     "left out.\n", sum->skipped, as_plural(sum->skipped, "sample", "samples"));
	write_live_notes(out, model);
	for (i = 0; i < programs->len; i++)
		fprintf(out, "%s\n", (const char *) g_ptr_array_index(programs, i));
	g_ptr_array_free(programs, TRUE);
}

/*
 * Whether the table of `kind` would only repeat another, so that text
 * leaves it out (the other formats list every group): the process table
 * of a trace of one process, whose rows every other table names and whose
 * figures the total gives; the thread table when each process has one
 * thread, whose rows are the process table's.
 */
static bool table_repeats(const struct asr_model *model, enum asr_kind kind)
{
	const struct asr_summary *sum = &model->summary;
	const GPtrArray *groups = sum->groups[kind];
	guint i;

	if (kind == ASR_KIND_PROCESS)
		return groups->len == 1;
	if (kind != ASR_KIND_THREAD)
		return false;
	for (i = 0; i < groups->len; i++) {
		const struct asr_group *g = g_ptr_array_index(groups, i);
		struct asr_group key = asr_process_key(g);
		const struct asr_group *process = asr_summary_find(sum, &key);

		if (asr_group_shown(g, model->group_by) && (!process || process->threads > 1))
			return false;
	}
	return true;
}

/* Appends "N of M NOUNS" to `list`, the items joined by ", " and, before
 * the last one (the next call's), " and ". */
static void list_count(GPtrArray *list, guint n, guint of, const char *one, const char *other)
{
	if (n > 0)
		g_ptr_array_add(list, g_strdup_printf("%u of %u %s", n, of, as_plural(of, one, other)));
}

static char *join_list(const GPtrArray *list)
{
	GString *text = g_string_new(NULL);
	guint i;

	for (i = 0; i < list->len; i++) {
		if (i > 0)
			g_string_append(text, i + 1 == list->len ? " and " : ", ");
		g_string_append(text, g_ptr_array_index(list, i));
	}
	return g_string_free(text, FALSE);
}

/*
 * The last line, when the tables left groups out: how many of each kind,
 * why (under `min-share` of their table, beyond its `top` largest), and
 * the option of allocsample-record and the parameter that show them.  The
 * stacks the leaks view leaves out for holding nothing live are said by
 * their process's line.
 */
static void write_hidden(FILE *out, const struct asr_model *model)
{
	static const char *const nouns[ASR_KIND_COUNT][2] = {
		[ASR_KIND_PROCESS] = { "process", "processes" },
		[ASR_KIND_THREAD] = { "thread", "threads" },
		[ASR_KIND_TYPE] = { "type", "types" },
		[ASR_KIND_THREAD_TYPE] = { "thread-type group", "thread-type groups" },
		[ASR_KIND_SITE] = { "site", "sites" },
		[ASR_KIND_STACK] = { "stack", "stacks" },
		[ASR_KIND_FUNCTION] = { "function", "functions" },
		[ASR_KIND_BINARY] = { "binary", "binaries" },
	};
	const struct asr_scope_model *scopes = model->scopes;
	GPtrArray *list = g_ptr_array_new_with_free_func(g_free);
	guint small = 0, beyond_top = 0;
	enum asr_kind kind;
	char *items;

	for (kind = 0; kind < ASR_KIND_COUNT; kind++) {
		const struct asr_hidden *h = &model->hidden[kind];

		if (table_repeats(model, kind))
			continue;
		small += h->small;
		beyond_top += h->beyond_top;
		list_count(list, h->small + h->beyond_top,
			   model->shown[kind]->len + h->freed + h->small + h->beyond_top,
			   nouns[kind][0], nouns[kind][1]);
	}
	if (scopes && scopes->rows->len < scopes->instances) {
		beyond_top += scopes->instances - scopes->rows->len;
		list_count(list, scopes->instances - scopes->rows->len, scopes->instances,
			   "scope instance", "scope instances");
	}
	if (list->len > 0) {
		items = join_list(list);
		fprintf(out, "\nNot shown: %s (", items);
		if (small)
			fprintf(out, "under %g%% of their table's %s", model->min_share,
				model->sort == ASR_SORT_LIVE ? "live bytes" :
				model->sort == ASR_SORT_PEAK ? "bytes at the peak" :
				model->sort == ASR_SORT_TEMPORARY ? "temporary bytes" : "bytes");
		if (small && beyond_top)
			fprintf(out, ", or beyond its %" PRIu64 " largest", model->top);
		else if (beyond_top)
			fprintf(out, "beyond the %" PRIu64 " largest of their table", model->top);
		if (model->profiles)
			fprintf(out, "); to see them: allocsample-profile%s%s.\n",
				small ? " --min-share 0" : "", beyond_top ? " --top 0" : "");
		else
			fprintf(out, "); to see them: allocsample-record%s%s, or the %s %s%s%s.\n",
				small ? " --min-share 0" : "", beyond_top ? " --top 0" : "",
				small && beyond_top ? "parameters" : "parameter",
				small ? "min-share=0" : "", small && beyond_top ? "," : "",
				beyond_top ? "top=0" : "");
		g_free(items);
	}
	g_ptr_array_free(list, TRUE);
}

/* The line of a snapshot's report: what its figures are of. */
static void write_snapshot(FILE *out, const struct asr_snapshot_view *snapshot)
{
	char *length = human_elapsed(snapshot->end_ns - snapshot->start_ns);

	fprintf(out, "Snapshot%s%s%s: the trace holds its last %s; allocations and the peak are of that window, live bytes those at its end, with the blocks a checkpoint says were allocated before it; the heap over time begins at the first complete checkpoint.\n",
		snapshot->reason ? " (" : "", snapshot->reason ? snapshot->reason : "",
		snapshot->reason ? ")" : "", length);
	g_free(length);
}

int asr_write_text(FILE *out, const struct asr_model *model)
{
	const struct asr_summary *sum = &model->summary;
	unsigned marks = 0;
	enum asr_kind kind;
	char *when = live_when(model);

	fprintf(out, "allocsample report: bytes allocated%s%s, estimated with %g%% confidence intervals%s.\n",
		live_says(model, &sum->total) ? " and still live " : "",
		live_says(model, &sum->total) ? when : "", model->confidence * 100.0,
		model->boundary_compensation ? "" : " (no boundary compensation)");
	/* An instant is counted from where the peak's line counts it. */
	if (model->has_at)
		fprintf(out, "Live bytes %s after the trace's first sample or free (at=%" PRId64 "), not at its end.\n",
			when, model->at_ns);
	if (model->sort == ASR_SORT_LIVE)
		fprintf(out, "Groups ordered by the bytes still live %s (sort=live).\n", when);
	else if (model->sort == ASR_SORT_PEAK)
		fprintf(out, "Groups ordered by the bytes live at their process's peak (sort=peak).\n");
	g_free(when);
	if (model->sort == ASR_SORT_TEMPORARY) {
		char *temporary = human_duration(model->temporary_ns);

		fprintf(out, "Groups ordered by their temporary bytes: blocks freed within %s of their allocation (sort=temporary).\n",
			temporary);
		g_free(temporary);
	}
	if (model->profiles)
		fprintf(out, "From %u pprof %s, each a profile or a sum of profiles: each group adds up the processes of one name, of every host and run.\n",
			model->profiles, as_plural(model->profiles, "file", "files"));
	if (model->cut)
		fprintf(out, "Cut short: %s; reported up to there.\n", model->cut);
	if (model->snapshot.late)
		write_snapshot(out, &model->snapshot);
	if (asr_summary_empty(sum)) {
		/* Empty tables would say nothing more; scopes still have their
		 * instances to show. */
		if (model->snapshot.late && model->snapshot.before)
			fprintf(out, "The window holds no allocsample event: the trace's %" PRIu64 " %s earlier, left out; nothing can be estimated from this snapshot.\n",
				model->snapshot.before, as_plural(model->snapshot.before, "is", "are"));
		else
			fprintf(out, "No allocation was sampled: nothing to estimate.\n");
		if (model->scopes) {
			text_scopes(out, model, &marks);
			write_notes(out, model, marks);
		}
		fflush(out);
		return ferror(out) ? -1 : 0;
	}
	/* Groups without a sample: the live blocks of a snapshot's passes,
	 * of a program that allocated nothing in its window. */
	if (sum->samples == 0)
		fprintf(out, "No allocation was sampled in the window: its bytes allocated are estimated from no sample (0 B, their interval's upper end what could go unseen at the rate), its live bytes are the blocks a checkpoint says were allocated before it.\n");
	write_rates(out, model->rates);
	for (kind = 0; kind < ASR_KIND_COUNT; kind++) {
		if (kind == ASR_KIND_STACK && asr_kind_shown(kind, model->group_by))
			text_stacks(out, model, &marks);
		else if (kind == ASR_KIND_FUNCTION && asr_kind_shown(kind, model->group_by))
			text_functions(out, model, &marks);
		else if (asr_kind_shown(kind, model->group_by) && !table_repeats(model, kind))
			write_section(out, model, kind, &marks);
	}
	write_total(out, model, &marks);
	text_heap(out, model);
	if (model->sizes_shown)
		text_sizes(out, model, &marks);
	if (model->windows)
		text_timeline(out, model, &marks);
	if (model->scopes)
		text_scopes(out, model, &marks);
	write_notes(out, model, marks);
	write_hidden(out, model);
	fflush(out);
	return ferror(out) ? -1 : 0;
}
