/* text_functions.c - the "By function" section: each function's self and total bytes, as pprof's top (see text.h). */
#include <inttypes.h>

#include "format/text.h"

void text_functions(FILE *out, const struct asr_model *model, unsigned *marks)
{
	const GPtrArray *shown = model->shown[ASR_KIND_FUNCTION];
	bool hosts = model->summary.hosts > 1;
	struct as_grid grid;
	GPtrArray *row;
	guint i;

	/* A sum of profiles has no pid. */
	as_grid_init(&grid, model->profiles ? "llrrlrrll" : hosts ? "llrlrrlrrll" : "lrlrrlrrll");
	row = as_grid_row(&grid);
	if (hosts)
		cell(row, "HOST");
	cell(row, "PROCESS");
	if (!model->profiles)
		cell(row, "PID");
	cell(row, "FUNCTION");
	cell(row, "SAMPLES");
	cell(row, "SELF");
	cell(row, "%g%% INTERVAL", model->confidence * 100.0);
	cell(row, "SAMPLES");
	cell(row, "TOTAL");
	cell(row, "%g%% INTERVAL", model->confidence * 100.0);
	cell(row, "NOTE");
	for (i = 0; i < shown->len; i++) {
		const struct asr_group *g = g_ptr_array_index(shown, i);
		/* One mark for the row: the less precise of its two figures, but
		 * for self bytes of no sample, whose "below" end is no news. */
		const struct as_estimate *marked =
			g->self.samples > 0 && as_estimate_imprecise(&g->self) ? &g->self : &g->est;

		row = as_grid_row(&grid);
		if (hosts)
			cell(row, "%s", g->host ? g->host : "?");
		cell(row, "%s", procname_of(g));
		if (!model->profiles)
			cell_pid(row, g);
		cell(row, "%s", g->function);
		cell(row, "%" PRIu64, g->self.samples);
		cell_bytes(row, g->self.weighted);
		cell_interval(row, &g->self);
		cell(row, "%" PRIu64, g->est.samples);
		cell_bytes(row, g->est.weighted);
		cell_interval(row, &g->est);
		cell_marks(row, marked, g->incomplete, false, marks);
	}
	fprintf(out, "\nBy function (self: the bytes of the allocations it made itself; total: those made with it anywhere on the stack)\n");
	as_grid_print(out, &grid);
	as_grid_fini(&grid);
}
