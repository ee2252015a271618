/*
 * text.c - the comparison for a person: the groups that changed first,
 * largest change in bytes first, then the others; human units, both
 * intervals, the change and the ratio's interval; the notes that explain
 * the marks.  The GROUP column is cut (asc_label_cut) so that lines fit the
 * terminal (as_line_width; FILE_WIDTH for a file), down to GROUP_MIN
 * characters.  Scripts should
 * read CSV or JSON: this layout may change.
 */
#include <glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/grid.h"
#include "common/units.h"
#include "common/width.h"
#include "compare/compare.h"

/* Columns: 'l' left-aligned, 'r' right-aligned; GROUP, the one cut to the
 * width, and the fewest characters it is cut to. */
static const char align[] = "lllrlrlrll";
#define GROUP 2
#define GROUP_MIN 30
/* The width of a line when neither COLUMNS nor a terminal says it: the
 * figures take about 110 columns, and a label needs some 50. */
#define FILE_WIDTH 160

/* One side's estimate and interval: "-", "below 30.4 KiB" for a side
 * without the group. */
static void side_cells(GPtrArray *row, const struct asc_group *g, const struct as_estimate *e)
{
	char *lo, *hi;

	hi = as_human_bytes(e->upper);
	if (!g) {
		g_ptr_array_add(row, g_strdup("-"));
		g_ptr_array_add(row, g_strdup_printf("below %s", hi));
		g_free(hi);
		return;
	}
	lo = as_human_bytes(e->lower);
	g_ptr_array_add(row, as_human_bytes(e->weighted));
	g_ptr_array_add(row, g_strdup_printf("[%s, %s]", lo, hi));
	g_free(lo);
	g_free(hi);
}

static char *notes_of(const struct asc_pair *p)
{
	GString *s = g_string_new(NULL);

	if ((p->base && as_estimate_imprecise(&p->stats.base)) ||
	    (p->new_ && as_estimate_imprecise(&p->stats.new_)))
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

static void add_row(struct as_grid *grid, const struct asc_pair *p)
{
	GPtrArray *row = as_grid_row(grid);
	char *lo = asc_human_ratio(p->stats.ratio_lower), *hi = asc_human_ratio(p->stats.ratio_upper);

	g_ptr_array_add(row, g_strdup(p->withheld ? "unchanged (L)" : asc_verdict_name(p->verdict)));
	g_ptr_array_add(row, g_strdup(as_kind_name(p->key->kind)));
	g_ptr_array_add(row, g_strdup(p->label));
	side_cells(row, p->base, &p->stats.base);
	side_cells(row, p->new_, &p->stats.new_);
	g_ptr_array_add(row, p->base ? (p->new_ ? asc_human_change(p->stats.ratio) : g_strdup("gone"))
				     : g_strdup("new"));
	g_ptr_array_add(row, g_strdup_printf("[%s, %s]", lo, hi));
	g_ptr_array_add(row, notes_of(p));
	g_free(lo);
	g_free(hi);
}

static void add_header(struct as_grid *grid, double confidence)
{
	GPtrArray *row = as_grid_row(grid);
	char level[32];

	snprintf(level, sizeof(level), "%g%%", confidence * 100);
	g_ptr_array_add(row, g_strdup("VERDICT"));
	g_ptr_array_add(row, g_strdup("KIND"));
	g_ptr_array_add(row, g_strdup("GROUP"));
	g_ptr_array_add(row, g_strdup("BASELINE"));
	g_ptr_array_add(row, g_strdup_printf("%s INTERVAL", level));
	g_ptr_array_add(row, g_strdup("NEW"));
	g_ptr_array_add(row, g_strdup_printf("%s INTERVAL", level));
	g_ptr_array_add(row, g_strdup("CHANGE"));
	g_ptr_array_add(row, g_strdup("RATIO INTERVAL"));
	g_ptr_array_add(row, g_strdup("NOTE"));
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
	struct as_grid grid;
	size_t i;

	as_grid_init(&grid, align);
	add_header(&grid, cmp->options->confidence);
	for (i = from; i < to; i++)
		add_row(&grid, order[i]);
	as_grid_fit(&grid, GROUP, as_line_width(out, FILE_WIDTH), GROUP_MIN, asc_label_cut);
	as_grid_print(out, &grid);
	as_grid_fini(&grid);
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
	if (cmp->base.cut)
		fprintf(out, "  BASELINE cut short: %s; compared up to there.\n", cmp->base.cut);
	if (cmp->new_.cut)
		fprintf(out, "  NEW cut short: %s; compared up to there.\n", cmp->new_.cut);
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
		fprintf(out, "! incomplete: a side lost events or was cut short, its true value is at least its lower bound.\n");
	if (marks[2])
		fprintf(out, "+ mixed rates: a side's samples were taken at several rates.\n");
	if (marks[3])
		fprintf(out, "L a change in the direction lost events or a cut can cause (a decrease when NEW lost\n"
			     "  events or was cut short, an increase when BASELINE was): not called.\n");
	if (marks[4])
		fprintf(out, "T lttng-ust's own threads.\n");
	free(order);
	fflush(out);
	return ferror(out) ? -1 : 0;
}
