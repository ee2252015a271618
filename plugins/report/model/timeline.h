/* timeline.h - estimates per group and time window, built one window at a time. */
#ifndef ALLOCSAMPLE_REPORT_MODEL_TIMELINE_H
#define ALLOCSAMPLE_REPORT_MODEL_TIMELINE_H

#include <stdint.h>

#include <glib.h>

#include "estimate/estimate.h"
#include "model/summary.h"

struct asr_windows;

/* One group in one window. */
struct asr_window_row {
	const struct asr_group *group;  /* the group over the whole report: keys, marks */
	int64_t window;                 /* 0, 1, ... from the earliest window */
	int64_t start_ns;               /* the window is [start_ns, end_ns) */
	int64_t end_ns;
	uint64_t threads;               /* threads with samples in the window */
	struct as_estimate est;
	/* The group's samples still live at the window's end, estimated with
	 * the group's T; valid when group->live_known. */
	struct as_estimate live;
};

/*
 * Appends to `rows` (struct asr_window_row) every window in time order,
 * with the live figures at its end when the report has them (the copies
 * `windows` kept at window ends, the cells of `table_cells` for the last),
 * and in each window the total, then the thread and type groups of `whole`
 * that the report shows (`shown`, by kind), in the report's order,
 * including the groups without samples in that window.  Each window's groups are built from the window's samples alone
 * (`traces` gives their losses), so that the working memory is that of
 * one window at a time.  Both ends of a window cut every thread's trial
 * stream (doc/estimation.md, "Time windows"): the lower end uses S - T
 * with the T threads that have samples in the window, the upper end S + T
 * with every thread of the group.  Returns 0, or -1 if the estimator
 * refused the options.
 */
int asr_timeline_build(GArray *rows, const struct asr_summary *whole,
		       GPtrArray *const shown[ASR_KIND_COUNT], const struct asr_windows *windows,
		       GHashTable *table_cells, const GPtrArray *traces,
		       const struct as_estimate_options *options);

/* The window row of the total whose live estimate at the window's end is
 * the largest (the earliest of equals), or NULL: no window, or the live
 * figures unknown.  Not the true peak: the heap may have been larger
 * between two window ends (doc/estimation.md, "Live bytes"). */
const struct asr_window_row *asr_timeline_live_peak(const GArray *rows,
						    const struct asr_summary *whole);

#endif
