/* timeline.h - estimates per group and time window, computed one window at a time. */
#ifndef ALLOCSAMPLE_REPORT_TIMELINE_H
#define ALLOCSAMPLE_REPORT_TIMELINE_H

#include <stdint.h>

#include "estimate/estimate.h"
#include "summary.h"
#include "window.h"

struct asr_report_view;

/* One group in one window. */
struct asr_window_row {
	const struct asr_group *group;  /* the group over the whole report: keys, marks */
	int64_t window;                 /* 0, 1, ... from the earliest window */
	int64_t start_ns;               /* the window is [start_ns, end_ns) */
	int64_t end_ns;
	uint64_t threads;               /* threads with samples in the window */
	struct as_estimate est;
};

/* Receives each row; returns 0 to go on, anything else to stop. */
typedef int (*asr_window_row_fn)(void *data, const struct asr_window_row *row);

/*
 * Calls `fn` for every window in time order, and in each window for the
 * total, then for every thread (group-by has thread) and type (group-by has
 * type) group the report shows, in the report's order, including the
 * groups without samples in that window.  Each window's groups are built
 * from the window's samples alone, so that the memory is that of one
 * window at a time.  Both ends of a window cut every thread's trial stream
 * (doc/estimation.md, "Time windows"): the lower end uses S - T with the T
 * threads that have samples in the window, the upper end S + T with every
 * thread of the group.  Returns 0, the first non-zero value of `fn`, or -1
 * if the estimator refused the options.
 */
int asr_timeline_each(const struct asr_report_view *view, asr_window_row_fn fn, void *data);

#endif
