/* writer.h - the output formats of a report (doc/report-formats.md). */
#ifndef ALLOCSAMPLE_REPORT_WRITER_H
#define ALLOCSAMPLE_REPORT_WRITER_H

#include <stdbool.h>
#include <stdio.h>

#include "params.h"
#include "scope.h"
#include "summary.h"
#include "table.h"
#include "window.h"

/* Everything a writer reads. */
struct asr_report_view {
	const struct asr_summary *summary;
	const struct asr_table *table;    /* traces and their losses */
	const struct asr_params *params;
	const struct asr_windows *windows; /* NULL: no `window` parameter */
	const struct asr_scopes *scopes;   /* NULL: no `scope-begin` parameter */
};

/* The vtid line a user runs to get per-thread estimates. */
#define ASR_VTID_HINT "lttng add-context -u -t vtid"
#define ASR_VPID_HINT "lttng add-context -u -t vpid"

/* Each writes the whole report to `out`; returns 0, or -1 if a write failed
 * (errno set). */
int asr_write_text(FILE *out, const struct asr_report_view *view);
int asr_write_csv(FILE *out, const struct asr_report_view *view);
int asr_write_json(FILE *out, const struct asr_report_view *view);
int asr_write_html(FILE *out, const struct asr_report_view *view);

/* Whether the report shows groups of `kind` (processes always), and whether
 * it shows `g`: thread rows need a thread id (without vtid the estimates
 * are per process). */
bool asr_kind_shown(enum asr_kind kind, const struct asr_params *params);
bool asr_group_shown(const struct asr_group *g, const struct asr_params *params);

/* The name of a kind in CSV and JSON ("process", "thread", "type",
 * "thread-type", "site"). */
const char *asr_kind_name(enum asr_kind kind);

/* Whether the group's point estimate rests on too few samples to be precise. */
bool asr_group_imprecise(const struct asr_group *g);

#endif
