/* writers.c - which writer each format has, and how many rows it prints (see writer.h). */
#include "format/writer.h"

/* How many scope instances JSON (and the page drawn from it) and text
 * print at most: CSV, read by scripts, prints every one.  Folded stacks
 * and pprof print none, and 0 would mean all: the model estimates one. */
#define JSON_SCOPE_ROWS 1000
#define NO_SCOPE_ROWS 1

/* What text shows of each table unless told otherwise: the 10 largest
 * groups (as pprof's `top`), none under 1% of the table's bytes, so that
 * the report of a simple program fits a screen and a wrapper's dozens of
 * tiny shell processes do not bury the program; the last line says what
 * it left out.  Its scope table shows as many instances.  doc/design.md,
 * "Which groups a table shows", says why these figures. */
#define TEXT_TOP 10
#define TEXT_MIN_SHARE 1.0

const struct asr_writer *asr_writer_for(enum asr_format format)
{
	static const struct asr_writer writers[] = {
		[ASR_FORMAT_TEXT] = { .write = asr_write_text, .scope_rows = TEXT_TOP, .top = TEXT_TOP,
				      .min_share = TEXT_MIN_SHARE, .hide_freed = true },
		[ASR_FORMAT_CSV] = { .write = asr_write_csv, .every_figure = true },
		[ASR_FORMAT_JSON] = { .write = asr_write_json, .scope_rows = JSON_SCOPE_ROWS,
				      .call_tree = true, .every_figure = true, .survival = true },
		[ASR_FORMAT_HTML] = { .write = asr_write_html, .scope_rows = JSON_SCOPE_ROWS,
				      .call_tree = true, .every_figure = true, .survival = true },
		[ASR_FORMAT_FOLDED] = { .write = asr_write_folded, .scope_rows = NO_SCOPE_ROWS },
		[ASR_FORMAT_PPROF] = { .write = asr_write_pprof, .scope_rows = NO_SCOPE_ROWS,
				       .stack_cells = true },
	};

	return &writers[format];
}

/* What text, folded stacks and pprof show of each group beyond its bytes
 * and live bytes: the peak's view shows the bytes at the peak, the
 * temporary view the temporary bytes and the lifetimes. */
static unsigned figures_of_view(enum asr_sort sort)
{
	switch (sort) {
	case ASR_SORT_PEAK:
		return ASR_FIGURES_PEAK;
	case ASR_SORT_TEMPORARY:
		return ASR_FIGURES_TEMPORARY | ASR_FIGURES_LIFETIMES;
	case ASR_SORT_ALLOCATED:
	case ASR_SORT_LIVE:
		break;
	}
	return 0;
}

struct asr_model_options asr_writer_options(const struct asr_params *params)
{
	const struct asr_writer *writer = asr_writer_for(params->format);
	bool prints_scopes = writer->scope_rows != NO_SCOPE_ROWS;

	return (struct asr_model_options) {
		.group_by = params->group_by,
		.scope_rows = prints_scopes && params->has_top ? (guint) MIN(params->top, G_MAXUINT) :
								writer->scope_rows,
		.stack_cells = writer->stack_cells,
		.call_tree = writer->call_tree,
		.top = params->has_top ? params->top : writer->top,
		.min_share = params->has_min_share ? params->min_share : writer->min_share,
		.figures = writer->every_figure ? ASR_FIGURES_ALL : figures_of_view(params->sort),
		.survival = writer->survival,
		/* The formats of every figure draw the curves (JSON, CSV,
		 * the page); the others show the peak alone. */
		.curve_points = writer->every_figure,
		.hide_freed = writer->hide_freed,
	};
}
