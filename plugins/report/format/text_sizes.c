/* text_sizes.c - each process's size classes, a table each (see text.h). */
#include <inttypes.h>
#include <math.h>

#include "common/units.h"
#include "format/text.h"
#include "model/sizes.h"

static void write_process(FILE *out, const struct asr_model *model, const struct asr_group *g,
			  unsigned *marks)
{
	struct as_grid grid;
	GPtrArray *row;
	guint i;

	as_grid_init(&grid, "lrrrrrrll");
	row = as_grid_row(&grid);
	cell(row, "SIZE");
	cell(row, "SAMPLES");
	cell(row, "OBJECTS");
	cell(row, "AT LEAST");
	cell(row, "AT MOST");
	cell(row, "BYTES");
	cell(row, "%g%% INTERVAL", model->confidence * 100.0);
	cell(row, "NOTE");
	for (i = 0; i < g->sizes->rows->len; i++) {
		const struct asr_size_row *r = &g_array_index(g->sizes->rows, struct asr_size_row, i);

		row = as_grid_row(&grid);
		g_ptr_array_add(row, as_size_class_label(r->min, r->max));
		cell(row, "%" PRIu64, r->samples);
		cell(row, "%" PRIu64, asr_bytes_round(r->objects.estimate));
		cell(row, "%" PRIu64, asr_bytes_round(floor(r->objects.lower)));
		if (isfinite(r->objects.upper))
			cell(row, "%" PRIu64, asr_bytes_round(ceil(r->objects.upper)));
		else
			cell(row, "-");
		cell_bytes(row, r->est.weighted);
		cell_interval(row, &r->est);
		cell_marks(row, &r->est, g->incomplete, false, marks);
	}
	fprintf(out, "\nSizes of %s, pid ", procname_of(g));
	if (g->has_vpid)
		fprintf(out, "%" PRId64, g->vpid);
	else
		fputc('?', out);
	fputs(": objects and bytes per size class\n", out);
	as_grid_print(out, &grid);
	as_grid_fini(&grid);
}

void text_sizes(FILE *out, const struct asr_model *model, unsigned *marks)
{
	const GPtrArray *processes = model->shown[ASR_KIND_PROCESS];
	guint i;

	for (i = 0; i < processes->len; i++) {
		const struct asr_group *g = g_ptr_array_index(processes, i);

		if (g->sizes && g->sizes->rows->len)
			write_process(out, model, g, marks);
	}
}
