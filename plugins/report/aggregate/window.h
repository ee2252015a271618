/* window.h - time windows: the span of the trace and each cell's samples per window. */
#ifndef ALLOCSAMPLE_REPORT_AGGREGATE_WINDOW_H
#define ALLOCSAMPLE_REPORT_AGGREGATE_WINDOW_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>
#include <glib.h>

#include "aggregate/table.h"
#include "rates.h"
#include "read/sample.h"

/* One cell's samples in one window.  Only windows with samples have one, so
 * the memory is at most one slot per sample and per (cell, window). */
struct asr_window_slot {
	const struct asr_cell *cell;
	int64_t index;          /* floor((ns - origin) / length) */
	struct asr_rates rates;
};

/* One cell's live samples at a window's end. */
struct asr_live_copy {
	const struct asr_cell *cell;
	struct asr_rates live;
};

/* The live samples, at the end of window `index`, of the cells whose live
 * samples changed in it (or in the windows without events just before):
 * the others are as the previous copies, or the start, left them. */
struct asr_live_end {
	int64_t index;
	GArray *cells;          /* struct asr_live_copy; a cell may have none left */
};

/*
 * Window k covers [origin + k * length, origin + (k + 1) * length), the
 * origin being the first time the component saw in the trace (its first
 * packet or event, through babeltrace2's muxer).  The report numbers the
 * windows from the earliest one with a time, so that a time before the
 * origin (a graph without a muxer) still has a window.
 */
struct asr_windows {
	int64_t length;         /* nanoseconds, > 0 */
	bool has_span;
	int64_t origin;
	int64_t first;          /* earliest and latest times seen */
	int64_t last;
	GHashTable *slots;      /* struct asr_window_slot * (key and value), owned */
	struct asr_window_slot *last_slot;
	bool too_many;          /* the span needs more than ASR_MAX_WINDOWS */
	GPtrArray *live_ends;   /* struct asr_live_end *, by index, owned */
};

/* GLib aborts when out of memory, so these cannot fail. */
void asr_windows_init(struct asr_windows *windows, int64_t length);
void asr_windows_fini(struct asr_windows *windows);

/* Extends the span to time `ns`.  Once the span needs more than
 * ASR_MAX_WINDOWS windows, sets `too_many` and drops every slot: the report
 * is then refused, but the span is still followed, so that the refusal can
 * say which window length would cover the whole trace. */
void asr_windows_see(struct asr_windows *windows, int64_t ns);

/* Adds a sample that asr_table_add() put in `cell` and weighed (one
 * without a time is in no window).  Call asr_windows_see() with its time
 * first.  Does nothing once there are too many windows. */
void asr_windows_add(struct asr_windows *windows, const struct asr_cell *cell,
		     const struct asr_sample *sample, const struct asr_weighed *weighed);

/* Before asr_windows_see(ns): when `ns` is in a later window than the
 * latest time seen, copies the live samples of the cells in `changed`
 * (struct asr_cell *, aggregate/live.h) as those at the end of the latest
 * time's window, clears their `live_changed` and empties `changed`.  So
 * memory grows with the cells that change in each window, like the
 * windows' own accumulators, not with every live cell at every window. */
void asr_windows_live_end(struct asr_windows *windows, GPtrArray *changed, int64_t ns);

/* The index of the earliest window, and the number of windows from it to
 * the latest (0 when no time was seen). */
int64_t asr_windows_first_index(const struct asr_windows *windows);
int64_t asr_windows_count(const struct asr_windows *windows);

/* A window length with which at most ASR_MAX_WINDOWS windows cover the
 * span: what to suggest when there are too many. */
int64_t asr_windows_length_needed(const struct asr_windows *windows);

#endif
