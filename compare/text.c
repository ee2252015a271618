/*
 * text.c - the comparison for a person: the groups that changed first,
 * largest change in bytes first, then the others; human units, both
 * intervals, the change and the ratio's interval; the notes that explain
 * the marks.  Scripts should read CSV or JSON: this layout may change.
 */
#include <glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/units.h"
#include "compare/compare.h"

/* Columns: 'l' left-aligned, 'r' right-aligned. */
static const char align[] = "lllrlrlrll";
#define COLUMNS (sizeof(align) - 1)

static void add_row(GPtrArray *rows, char **cells)
{
	g_ptr_array_add(rows, cells);
}

static void print_rows(FILE *out, GPtrArray *rows)
{
	size_t width[COLUMNS] = { 0 }, c;
	guint r;

	for (r = 0; r < rows->len; r++) {
		char **cells = g_ptr_array_index(rows, r);

		for (c = 0; c < COLUMNS; c++) {
			size_t w = g_utf8_strlen(cells[c], -1);

			if (w > width[c])
				width[c] = w;
		}
	}
	for (r = 0; r < rows->len; r++) {
		char **cells = g_ptr_array_index(rows, r);
		GString *line = g_string_new("  ");

		for (c = 0; c < COLUMNS; c++) {
			size_t pad = width[c] - g_utf8_strlen(cells[c], -1);

			if (c)
				g_string_append(line, "  ");
			if (align[c] == 'r')
				g_string_append_printf(line, "%*s%s", (int) pad, "", cells[c]);
			else
				g_string_append_printf(line, "%s%*s", cells[c], (int) pad, "");
		}
		while (line->len && line->str[line->len - 1] == ' ')
			g_string_truncate(line, line->len - 1);
		fprintf(out, "%s\n", line->str);
		g_string_free(line, TRUE);
	}
}

static bool imprecise(const struct as_estimate *e)
{
	return e->upper - e->lower > e->weighted;
}

/* One side's estimate and interval: "-", "below 30.4 KiB" for a side
 * without the group. */
static void side_cells(const struct asc_group *g, const struct as_estimate *e, char **estimate,
		       char **interval)
{
	char *lo, *hi;

	if (!g) {
		hi = as_human_bytes(e->upper);
		*estimate = g_strdup("-");
		*interval = g_strdup_printf("below %s", hi);
		g_free(hi);
		return;
	}
	lo = as_human_bytes(e->lower);
	hi = as_human_bytes(e->upper);
	*estimate = as_human_bytes(e->weighted);
	*interval = g_strdup_printf("[%s, %s]", lo, hi);
	g_free(lo);
	g_free(hi);
}

static char *notes_of(const struct asc_pair *p)
{
	GString *s = g_string_new(NULL);

	if ((p->base && imprecise(&p->stats.base)) || (p->new_ && imprecise(&p->stats.new_)))
		g_string_append_c(s, '*');
	if ((p->base && p->base->incomplete) || (p->new_ && p->new_->incomplete))
		g_string_append_c(s, '!');
	if (p->stats.base.mixed_rates || p->stats.new_.mixed_rates)
		g_string_append_c(s, '+');
	if (p->withheld)
		g_string_append_c(s, 'L');
	if ((p->base && p->base->tracer) || (p->new_ && p->new_->tracer))
		g_string_append_c(s, 'T');
	return g_string_free(s, FALSE);
}

static char **row_of(const struct asc_pair *p)
{
	char **cells = g_new0(char *, COLUMNS + 1);
	char *lo = asc_human_ratio(p->stats.ratio_lower), *hi = asc_human_ratio(p->stats.ratio_upper);

	cells[0] = g_strdup(p->withheld ? "unchanged (L)" : asc_verdict_name(p->verdict));
	cells[1] = g_strdup(asc_kind_name(p->key->kind));
	cells[2] = g_strdup(p->label);
	side_cells(p->base, &p->stats.base, &cells[3], &cells[4]);
	side_cells(p->new_, &p->stats.new_, &cells[5], &cells[6]);
	cells[7] = p->base ? (p->new_ ? asc_human_change(p->stats.ratio) : g_strdup("gone"))
			   : g_strdup("new");
	cells[8] = g_strdup_printf("[%s, %s]", lo, hi);
	cells[9] = notes_of(p);
	g_free(lo);
	g_free(hi);
	return cells;
}

static char **header(double confidence)
{
	char **cells = g_new0(char *, COLUMNS + 1);
	char level[32];

	snprintf(level, sizeof(level), "%g%%", confidence * 100);
	cells[0] = g_strdup("VERDICT");
	cells[1] = g_strdup("KIND");
	cells[2] = g_strdup("GROUP");
	cells[3] = g_strdup("BASELINE");
	cells[4] = g_strdup_printf("%s INTERVAL", level);
	cells[5] = g_strdup("NEW");
	cells[6] = g_strdup_printf("%s INTERVAL", level);
	cells[7] = g_strdup("CHANGE");
	cells[8] = g_strdup("RATIO INTERVAL");
	cells[9] = g_strdup("NOTE");
	return cells;
}

static double change_bytes(const struct asc_pair *p)
{
	return fabs(p->stats.new_.weighted - p->stats.base.weighted);
}

/* Changed first, by the size of the change; then the rest, largest first. */
static int text_order(const void *a, const void *b)
{
	const struct asc_pair *x = *(const struct asc_pair *const *) a;
	const struct asc_pair *y = *(const struct asc_pair *const *) b;
	double dx, dy;

	if (x->significant != y->significant)
		return x->significant ? -1 : 1;
	if (x->significant) {
		dx = change_bytes(x);
		dy = change_bytes(y);
	} else {
		dx = fmax(x->stats.base.weighted, x->stats.new_.weighted);
		dy = fmax(y->stats.base.weighted, y->stats.new_.weighted);
	}
	if (dx != dy)
		return dx > dy ? -1 : 1;
	return strcmp(x->sort_key, y->sort_key);
}

static void section(FILE *out, const struct asc_comparison *cmp, const struct asc_pair **order,
		    size_t from, size_t to)
{
	GPtrArray *rows = g_ptr_array_new_with_free_func((GDestroyNotify) g_strfreev);
	size_t i;

	add_row(rows, header(cmp->options->confidence));
	for (i = from; i < to; i++)
		add_row(rows, row_of(order[i]));
	print_rows(out, rows);
	g_ptr_array_free(rows, TRUE);
}

static const char *input_kind(const struct asc_run *run)
{
	return run->from_trace ? "trace directory" : "JSON report";
}

int asc_write_text(FILE *out, const struct asc_comparison *cmp)
{
	const struct asc_options *o = cmp->options;
	const struct asc_pair **order = calloc(cmp->n_pairs + 1, sizeof(*order));
	double level = o->confidence * 100;
	bool marks[5] = { false };
	size_t i, changed = 0;

	if (!order)
		return -1;
	for (i = 0; i < cmp->n_pairs; i++) {
		const struct asc_pair *p = &cmp->pairs[i];
		char *n = notes_of(p);

		order[i] = p;
		changed += p->significant;
		marks[0] |= strchr(n, '*') != NULL;
		marks[1] |= strchr(n, '!') != NULL;
		marks[2] |= strchr(n, '+') != NULL;
		marks[3] |= strchr(n, 'L') != NULL;
		marks[4] |= strchr(n, 'T') != NULL;
		g_free(n);
	}
	qsort(order, cmp->n_pairs, sizeof(*order), text_order);

	fprintf(out, "allocsample comparison: bytes allocated in NEW against BASELINE, with %g%% intervals.\n",
		level);
	fprintf(out, "  BASELINE  %s (%s)\n", cmp->base.path, input_kind(&cmp->base));
	fprintf(out, "  NEW       %s (%s)\n", cmp->new_.path, input_kind(&cmp->new_));
	if (o->correction == ASC_HOLM)
		fprintf(out,
			"Verdicts at %g%% with %s over %zu groups: if nothing changed, the chance of any\n"
			"increase or decrease verdict is at most %g%%.\n",
			level, asc_correction_name(o->correction), cmp->n_pairs, 100 - level);
	else if (o->correction == ASC_BH)
		fprintf(out,
			"Verdicts at %g%% with %s over %zu groups: on average at most %g%% of the\n"
			"increase and decrease verdicts are false.\n",
			level, asc_correction_name(o->correction), cmp->n_pairs, 100 - level);
	else
		fprintf(out,
			"Verdicts at %g%% for each group, with no correction for the %zu groups compared:\n"
			"expect %g%% of unchanged groups to get a verdict by chance.\n",
			level, cmp->n_pairs, 100 - level);

	fprintf(out, "\nChanged: %zu of %zu groups, largest change first\n", changed, cmp->n_pairs);
	if (changed)
		section(out, cmp, order, 0, changed);
	else
		fprintf(out, "  none\n");
	if (changed < cmp->n_pairs) {
		fprintf(out, "\nNo significant change: %zu groups, largest first\n", cmp->n_pairs - changed);
		section(out, cmp, order, changed, cmp->n_pairs);
	}

	fprintf(out, "\nCHANGE is NEW/BASELINE - 1; RATIO INTERVAL the %g%% interval of NEW/BASELINE.\n", level);
	if (marks[0])
		fprintf(out, "* imprecise: an interval wider than its estimate; read the intervals.\n");
	if (marks[1])
		fprintf(out, "! incomplete: a side lost events, its true value is at least its lower bound.\n");
	if (marks[2])
		fprintf(out, "+ mixed rates: a side's samples were taken at several rates.\n");
	if (marks[3])
		fprintf(out, "L a change in the direction lost events can cause (a decrease when NEW lost events,\n"
			     "  an increase when BASELINE did): not called.\n");
	if (marks[4])
		fprintf(out, "T lttng-ust's own threads.\n");
	free(order);
	fflush(out);
	return ferror(out) ? -1 : 0;
}
