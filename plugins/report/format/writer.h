/* writer.h - the output formats of a report (doc/report-formats.md): each walks a finished model. */
#ifndef ALLOCSAMPLE_REPORT_FORMAT_WRITER_H
#define ALLOCSAMPLE_REPORT_FORMAT_WRITER_H

#include <stdbool.h>
#include <stdio.h>

#include "model/model.h"
#include "params.h"

/* Writes the whole report to `out`; returns 0, or -1 if a write failed
 * (errno set). */
typedef int (*asr_write_fn)(FILE *out, const struct asr_model *model);

/* A format: its writer, and what it asks of the model. */
struct asr_writer {
	asr_write_fn write;
	guint scope_rows;        /* scope instances it prints at most; 0: all */
	bool stack_cells;        /* it needs the model's `stack_cells` */
	bool call_tree;          /* and its call tree (with group-by stack) */
	/* Which groups each table shows when the parameters `top` and
	 * `min-share` are not given (the model's options of those names):
	 * text shows a first look, the other formats every group. */
	uint64_t top;
	double min_share;
	bool every_figure;       /* it shows every group's peak and temporary
				  * bytes and lifetimes, whatever the sort */
	bool survival;           /* it shows the survival curves */
	bool hide_freed;         /* no stack with nothing live in the leaks view */
};

/* The writer of `format`. */
const struct asr_writer *asr_writer_for(enum asr_format format);

/* What the format of `params` asks of the model: what its writer needs,
 * and the rows each table shows, those `top` and `min-share` choose when
 * given (scope instances too), else the format's own. */
struct asr_model_options asr_writer_options(const struct asr_params *params);

int asr_write_text(FILE *out, const struct asr_model *model);
int asr_write_csv(FILE *out, const struct asr_model *model);
int asr_write_json(FILE *out, const struct asr_model *model);
int asr_write_html(FILE *out, const struct asr_model *model);
int asr_write_folded(FILE *out, const struct asr_model *model);
int asr_write_pprof(FILE *out, const struct asr_model *model);

/*
 * Writes a report of a component that makes updates (update-interval):
 * text gets a header line with the time (`update` says whether this is an
 * update, and `updates` counts those already written), JSON one document
 * per line (JSON Lines), CSV an empty line before every document but the
 * first.  Returns the writer's status.
 */
int asr_write_update(FILE *out, enum asr_format format, const struct asr_model *model,
		     unsigned updates, bool update);

/* Prints the warnings a finished report calls for to the standard error,
 * each prefixed with `component` (its name). */
void asr_warn(const char *component, const struct asr_model *model);

#endif
