/*
 * heap.h - the live bytes of each process (and of all of them) over time:
 * their samples at the instants of a regular grid, and for the peak the
 * live samples of each of a process's cells at its best grid instant.
 */
#ifndef ALLOCSAMPLE_REPORT_AGGREGATE_HEAP_H
#define ALLOCSAMPLE_REPORT_AGGREGATE_HEAP_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "aggregate/traces.h"
#include "rates.h"

struct asr_cell;

/* The finest step of the grid; it doubles whenever the points would
 * outnumber the report's `timeline-points`. */
#define ASR_HEAP_STEP_NS INT64_C(100000)

/* The grid's coarsest level: 2^62 steps outlast any trace. */
#define ASR_HEAP_LEVELS 63

/* One instant of a curve: the samples live then, and all the samples
 * taken before it. */
struct asr_heap_point {
	int64_t k;                  /* the instant is origin + k * ASR_HEAP_STEP_NS */
	struct asr_rates live;
	struct asr_rates allocated;
};

/* One cell's live samples at one instant. */
struct asr_heap_cell_live {
	const struct asr_cell *cell;
	struct asr_rates live;
};

/* The live samples of a process's cells at one grid instant (those with
 * none left out), shared by the grid levels whose best instant it is. */
struct asr_heap_snapshot {
	unsigned refs;
	GArray *cells;              /* struct asr_heap_cell_live */
};

/* The grid instant of one level with the largest live point estimate so
 * far (the earliest of equals). */
struct asr_heap_best {
	bool set;
	int64_t k;
	double live;                /* its live point estimate, bytes */
	struct asr_heap_snapshot *snapshot;  /* NULL for the total */
};

/*
 * One process's curve (or the total's: `trace` NULL).  Memory: its cells'
 * list, at most `timeline-points` points and one snapshot per grid level,
 * never anything per event.
 */
struct asr_heap_series {
	const struct asr_trace *trace;
	bool has_vpid;
	int64_t vpid;
	struct asr_rates live;      /* its samples live now */
	struct asr_rates allocated; /* all its samples so far */
	GPtrArray *cells;           /* struct asr_cell *: the process's cells */
	bool has_time;              /* first_ns and last_ns: its samples' and */
	int64_t first_ns;           /* frees' times */
	int64_t last_ns;
	GArray *points;             /* struct asr_heap_point, in time order */
	/* best[l]: among the grid instants evaluated that are multiples of
	 * 2^l steps, valid for l >= the grid's level. */
	struct asr_heap_best best[ASR_HEAP_LEVELS];
	struct asr_heap_series *total;  /* NULL for the total itself */
	/* In a late-beginning report the live set is known only from the
	 * first complete checkpoint on (aggregate/checkpoints.h): no point
	 * before `known_ns`, and none at all unless `known`. */
	bool gated;
	bool known;
	int64_t known_ns;
	/* Its cells' live samples at the heap's `at` instant; NULL before
	 * it, and for a process that had no cell then. */
	struct asr_heap_snapshot *at;
};

/*
 * The grid: instant k is origin + k * ASR_HEAP_STEP_NS, origin the time of
 * the first sample or free; the instants recorded are the multiples of
 * 2^level steps.  When the next one would make more than `max_points`
 * points, the level goes up and every second point is dropped, so that
 * the points recorded stay where they were and need no event twice.
 */
struct asr_heap {
	unsigned max_points;        /* the grid's points, the end's aside */
	bool has_origin;
	int64_t origin;
	unsigned level;
	int64_t next_k;             /* the next instant to record */
	GHashTable *by_process;     /* (trace, vpid) -> struct asr_heap_series *, owned */
	GPtrArray *processes;       /* struct asr_heap_series *, in order of appearance */
	struct asr_heap_series total;
	/* The instant of the `at` parameter, at_offset after the origin: each
	 * process's cells are copied then, as for a peak (`at` of its series). */
	bool has_at;
	int64_t at_offset;
	bool at_reached;
	bool gated;                 /* series are made gated (asr_heap_gate) */
	/* Processes known (asr_heap_known_process) before they had a series:
	 * struct asr_heap_known *, owned; NULL until the first. */
	GHashTable *known_early;
};

/* GLib aborts when out of memory, so init cannot fail.  `max_points` >= 1. */
void asr_heap_init(struct asr_heap *heap, unsigned max_points);
void asr_heap_fini(struct asr_heap *heap);

/* Keeps each process's cells' live samples at `offset` after the origin
 * (the `at` parameter), before the first sample or free at or after it is
 * applied.  Before the first event. */
void asr_heap_keep_at(struct asr_heap *heap, int64_t offset);

/* Every series, and those made after, record no point until
 * asr_heap_known(): the report begins late. */
void asr_heap_gate(struct asr_heap *heap);

/* The live set of `series` is known from `ns` on; the total's from the
 * latest such instant of its processes. */
void asr_heap_known(struct asr_heap_series *series, int64_t ns);

/* The same for the process (trace, vpid), whose series may be made later
 * (a process whose first complete checkpoint listed nothing, before its
 * first sample); called with the worker drained. */
void asr_heap_known_process(struct asr_heap *heap, const struct asr_trace *trace, bool has_vpid,
			    int64_t vpid, int64_t ns);

/* The series of the process of a new cell, which it joins. */
struct asr_heap_series *asr_heap_series_of(struct asr_heap *heap, struct asr_cell *cell);

/*
 * Records every grid instant up to time `ns` (a sample's or a free's, in
 * time order: babeltrace2's muxer orders them) before that event changes
 * anything, and extends the span of `series` (NULL: none but the total's)
 * to it.
 */
void asr_heap_advance(struct asr_heap *heap, struct asr_heap_series *series, int64_t ns);

/* Extends the span of `series` (and the total's) to time `ns`. */
void asr_heap_extend(struct asr_heap_series *series, int64_t ns);

/* A sample of `series` (and so of the total): allocated, and when tracked
 * to its free, live until asr_heap_freed(). */
void asr_heap_allocated(struct asr_heap_series *series, const struct asr_weighed *weighed);
void asr_heap_live(struct asr_heap_series *series, const struct asr_weighed *weighed);
void asr_heap_freed(struct asr_heap_series *series, const struct asr_weighed *weighed);

/* A block of `series` a checkpoint says is live, sampled at `rate` before
 * the window: no allocation of it, but an accumulator at its rate in
 * `allocated` (and the total's), so that a process known only from its
 * passes estimates what it allocated in the window: nothing sampled. */
void asr_heap_rate(struct asr_heap_series *series, uint64_t rate);

/* The instant of grid point `k`. */
int64_t asr_heap_instant(const struct asr_heap *heap, int64_t k);

/* Where a series peaks, and among how many instants it was chosen. */
struct asr_heap_peak {
	const struct asr_heap_best *best;  /* NULL: at the end */
	unsigned candidates;    /* K: the points in the span and the end */
	guint points;           /* the points in the span, the first of
				 * `series->points` */
	int64_t ns;             /* the instant */
};

/*
 * The instant of the largest live point estimate among the grid's points
 * from the first sample or free of `series` to its last, and its end (the
 * earliest of equals).  After its last event a series is flat, and the
 * process may be gone: those points are not in its span.
 */
struct asr_heap_peak asr_heap_peak(const struct asr_heap *heap, const struct asr_heap_series *series);

/* The point estimate of the live bytes in `rates`: the weighted sum. */
double asr_heap_bytes(const struct asr_rates *rates);

#endif
