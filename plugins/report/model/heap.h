/*
 * heap.h - the heap over time as the report shows it: each process's curve
 * of live bytes (and the total's), a point per instant of the grid with
 * its interval, and the peak, chosen among those instants, with an
 * interval that allows for the choice (doc/estimation.md, "The heap over
 * time" and "The peak").
 */
#ifndef ALLOCSAMPLE_REPORT_MODEL_HEAP_H
#define ALLOCSAMPLE_REPORT_MODEL_HEAP_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "estimate/estimate.h"
#include "model/summary.h"
#include "rates.h"

struct asr_heap;

/* One cell's live samples at its process's peak (borrowed from the
 * aggregate), and the peak's instant and confidence. */
struct asr_peak_cell {
	struct asr_rates live;
	int64_t ns;
	double confidence;
};

/* One point of a curve. */
struct asr_heap_point_row {
	int64_t t_ns;                /* the clock of the samples, as first_ns */
	struct as_estimate live;     /* the bytes live then, at the report's C:
				      * this instant's interval alone */
	struct as_estimate band;     /* the same at the peak's 1 - (1 - C) / K:
				      * with the curve's other K - 1 points', a
				      * band that holds the whole curve at C */
	struct as_estimate allocated;  /* the bytes allocated up to then */
};

struct asr_heap_curve {
	const struct asr_group *process;  /* NULL: the total of every process */
	GArray *points;              /* struct asr_heap_point_row in time order:
				      * the grid's instants from the process's
				      * first sample or free, then its last one's;
				      * NULL when the format draws no curve */
	int64_t end_ns;              /* the last point's instant */
	unsigned candidates;         /* K: the points the peak was chosen among */
	double peak_confidence;      /* 1 - (1 - C) / K */
	int64_t peak_ns;             /* the point of the largest live estimate */
	struct as_estimate peak;     /* its live bytes at peak_confidence */
	bool incomplete;             /* the live figures are (a trace lost
				      * events, or samples were not tracked) */
};

/*
 * What the model knows of the heap over time.  Built in two steps: the
 * peaks first, which the groups' `peak_live` need (`peak_cells`), then,
 * once the process groups exist, the curves.
 */
struct asr_heap_view {
	/* const struct asr_cell * -> struct asr_peak_cell *: every cell of a
	 * process whose trace tracks frees; owned. */
	GHashTable *peak_cells;
	GPtrArray *curves;           /* struct asr_heap_curve *: the total's
				      * first, then the processes' in report
				      * order; owned */
};

/* The instant of the curve's last point: its process's (or the run's)
 * last sample or free, never before its peak. */
static inline int64_t asr_heap_curve_end_ns(const struct asr_heap_curve *curve)
{
	return curve->end_ns;
}

/* The confidence of an interval that holds at `confidence` although its
 * instant was chosen among `candidates` (Bonferroni). */
static inline double asr_heap_peak_confidence(double confidence, unsigned candidates)
{
	return 1.0 - (1.0 - confidence) / candidates;
}

/* Chooses each process's peak among the instants of its curve, at
 * confidence `confidence` for one instant. */
void asr_heap_view_peaks(struct asr_heap_view *view, const struct asr_heap *heap,
			 double confidence);

/* Makes the curves, each with the T of its process group in `summary`:
 * the processes whose live figures are known (some sample tracked to its
 * free), and the total when one is; every point estimated when `points`
 * (a format that draws the curves), else only the peaks.  Returns 0, or
 * -1 if the estimator refused the options. */
int asr_heap_view_curves(struct asr_heap_view *view, const struct asr_heap *heap,
			 const struct asr_summary *summary,
			 const struct as_estimate_options *options, bool points);

void asr_heap_view_fini(struct asr_heap_view *view);

#endif
