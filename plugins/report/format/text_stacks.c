/* text_stacks.c - the text format's "By stack" section: each process's largest stacks, leaf first, one frame a line. */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "common/labels.h"
#include "common/width.h"
#include "format/text.h"

/* The width of its lines when neither COLUMNS nor a terminal says it. */
#define FILE_WIDTH 100

/* Whether two frames print alike: a recursion prints once, with a count. */
static bool same_line(const struct asr_frame *a, const struct asr_frame *b)
{
	return g_strcmp0(a->function, b->function) == 0 && g_strcmp0(a->file, b->file) == 0 &&
	       a->line == b->line && a->mapping == b->mapping && (a->function || a->address == b->address);
}

/* A frame: its label, "file:line" (the file's base name) or the binary's
 * base name, and the marks. */
static char *frame_text(const struct asr_frame *f, guint repeats)
{
	GString *text = g_string_new("      ");
	g_string_append(text, f->label);
	if (f->file)
		g_string_append_printf(text, "  %s:%" PRIu64, as_base_name(f->file), f->line);
	else if (f->function && f->mapping)
		g_string_append_printf(text, "  (%s)", as_base_name(f->mapping->path));
	else if (!f->mapping)
		g_string_append_printf(text, "  0x%" PRIx64, f->address);
	if (f->inlined)
		g_string_append(text, "  [inlined]");
	if (repeats > 1)
		g_string_append_printf(text, "  (%u times)", repeats);
	return g_string_free(text, FALSE);
}

/* A group's objects: the estimate and the lower end, which is all the
 * samples can bound (doc/estimation.md, "Objects"), or the count where it
 * is exact (every sample at rate 1). */
static char *objects_text(const struct asr_objects *objects)
{
	uint64_t estimate = asr_bytes_round(objects->estimate);

	if (isfinite(objects->upper))
		return g_strdup_printf("exactly %" PRIu64 " %s", estimate,
				       as_plural(estimate, "object", "objects"));
	return g_strdup_printf("≈ %" PRIu64 " %s, at least %" PRIu64, estimate,
			       as_plural(estimate, "object", "objects"), asr_bytes_round(floor(objects->lower)));
}

/* One stack: its numbers (its live ones where they say something), then
 * its frames from the leaf. */
static void put_stack(FILE *out, const struct asr_model *model, const struct asr_group *g,
		      unsigned rank, size_t width, unsigned *marks)
{
	char *estimate = as_human_bytes(g->est.weighted), *lo = as_human_bytes(g->est.lower);
	char *hi = as_human_bytes(g->est.upper), *objects = objects_text(&g->objects), *line;
	GPtrArray *note = g_ptr_array_new_with_free_func(g_free);
	const struct asr_stack *s = g->stack;
	guint i, j;

	cell_marks(note, &g->est, g->incomplete, false, marks);
	line = g_strdup_printf("  #%u  %s  [%s, %s]  %" PRIu64 " %s, %" PRIu64 " %s, %s%s%s",
			       rank, estimate, lo, hi, g->est.samples,
			       as_plural(g->est.samples, "sample", "samples"), g->threads,
			       as_plural(g->threads, "thread", "threads"), objects,
			       *(const char *) g_ptr_array_index(note, 0) ? "  " : "",
			       (const char *) g_ptr_array_index(note, 0));
	as_put_line(out, line, width);
	g_free(line);
	if (held_says(model, g)) {
		const struct held held = held_of(model, g);
		char *live = as_human_bytes(held.est->weighted), *live_lo = as_human_bytes(held.est->lower);
		char *live_hi = as_human_bytes(held.est->upper), *when = live_when(model);

		line = g_strdup_printf("      %s%s: %s [%s, %s]  %" PRIu64 " %s%s",
				       model->sort == ASR_SORT_PEAK ? "at peak" : "live ",
				       model->sort == ASR_SORT_PEAK ? "" :
				       model->has_at ? when : "at end", live,
				       live_lo, live_hi, held.est->samples,
				       as_plural(held.est->samples, "sample", "samples"),
				       held.incomplete ? "  ~" : "");
		*marks |= held.incomplete ? MARK_LIVE_INCOMPLETE : 0;
		as_put_line(out, line, width);
		g_free(line);
		g_free(live);
		g_free(live_lo);
		g_free(live_hi);
		g_free(when);
	}
	if (temporary_says(model, g))
		put_stack_temporary(out, g, width, marks);
	if (s->n == 0)
		as_put_line(out, "      (empty: recorded without frames)", width);
	for (i = 0; i < s->n; i = j) {
		for (j = i + 1; j < s->n && same_line(s->frames[i], s->frames[j]); j++)
			;
		line = frame_text(s->frames[i], j - i);
		as_put_line(out, line, width);
		g_free(line);
	}
	if (s->truncated)
		as_put_line(out, "      ... (truncated: the walk stopped at its depth limit)", width);
	g_ptr_array_free(note, TRUE);
	g_free(estimate);
	g_free(lo);
	g_free(hi);
	g_free(objects);
}

/* What the section says of a process before its stacks: how many it has,
 * how many the leaks view leaves out as holding nothing live, and how many
 * the report's `top` and `min-share` left out. */
static char *process_line(const struct asr_model *model, const struct asr_group *process,
			  const struct asr_group *first, guint shown)
{
	const GPtrArray *all = model->summary.groups[ASR_KIND_STACK];
	bool hosts = model->summary.hosts > 1;
	guint count = 0, freed = 0, i;
	GString *line = g_string_new("  ");

	for (i = 0; i < all->len; i++) {
		const struct asr_group *g = g_ptr_array_index(all, i);
		struct asr_group key = asr_process_key(g);

		if (asr_summary_find(&model->summary, &key) != process)
			continue;
		count++;
		freed += g->live_known && (model->sort == ASR_SORT_LIVE ? g->live.samples == 0 :
					   model->sort == ASR_SORT_TEMPORARY && g->temporary.samples == 0);
	}
	if (hosts)
		g_string_append_printf(line, "%s ", first->host ? first->host : "?");
	g_string_append(line, procname_of(first));
	/* A sum of profiles has no pid. */
	if (first->has_vpid)
		g_string_append_printf(line, ", pid %" PRId64, first->vpid);
	else if (!model->profiles)
		g_string_append(line, ", pid ?");
	g_string_append_printf(line, ": %u %s", count, as_plural(count, "stack", "stacks"));
	if (freed && model->sort == ASR_SORT_LIVE) {
		char *when = live_when(model);

		g_string_append_printf(line, ", %u of them with nothing live %s (not shown)", freed, when);
		g_free(when);
	} else if (freed) {
		g_string_append_printf(line, ", %u of them with nothing temporary (not shown)", freed);
	}
	if (count - freed > shown)
		g_string_append_printf(line, ", %u smaller not shown", count - freed - shown);
	return g_string_free(line, FALSE);
}

void text_stacks(FILE *out, const struct asr_model *model, unsigned *marks)
{
	const GPtrArray *stacks = model->shown[ASR_KIND_STACK];
	size_t width = as_line_width(out, FILE_WIDTH);
	const struct asr_group *process = NULL;
	unsigned rank = 0;
	guint i, j, shown;
	char *line;

	fputc('\n', out);
	as_put_line(out, model->sort == ASR_SORT_LIVE ?
			 "By stack: the largest by live bytes first, leaf first" :
			 model->sort == ASR_SORT_PEAK ?
			 "By stack: the largest at the peak first, leaf first" :
			 model->sort == ASR_SORT_TEMPORARY ?
			 "By stack: the largest by temporary bytes first, leaf first" :
			 "By stack: the largest first, leaf first", width);
	for (i = 0; i < stacks->len; i++) {
		const struct asr_group *g = g_ptr_array_index(stacks, i);
		struct asr_group key = asr_process_key(g);
		const struct asr_group *p = asr_summary_find(&model->summary, &key);

		if (p != process || !process) {
			process = p;
			rank = 0;
			for (shown = 0, j = i; j < stacks->len; j++, shown++) {
				struct asr_group next = asr_process_key(g_ptr_array_index(stacks, j));

				if (asr_summary_find(&model->summary, &next) != p)
					break;
			}
			line = process_line(model, p, g, shown);
			fputc('\n', out);
			as_put_line(out, line, width);
			g_free(line);
		}
		put_stack(out, model, g, ++rank, width, marks);
	}
}
