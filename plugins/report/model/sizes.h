/* sizes.h - each process's histogram of requested sizes: its size classes estimated. */
#ifndef ALLOCSAMPLE_REPORT_MODEL_SIZES_H
#define ALLOCSAMPLE_REPORT_MODEL_SIZES_H

#include <stdint.h>

#include <glib.h>

#include "estimate/estimate.h"
#include "model/summary.h"

/* What the histogram is built from, which the formats never see. */
struct asr_sizes;

/* One size class of a process: the objects of `min` to `max` bytes it
 * allocated, their bytes with the process's T, and their count with both
 * ends (doc/estimation.md, "Sizes"). */
struct asr_size_row {
	uint64_t min;
	uint64_t max;
	uint64_t samples;
	struct as_estimate est;
	struct asr_objects objects;
};

/* A process's classes, smallest first: every class from the smallest
 * with samples to the largest with samples, those without any between
 * them at 0 with their "below" ends; the others are not listed. */
struct asr_size_histogram {
	GArray *rows;            /* struct asr_size_row */
};

/*
 * Gives each process group of `summary` its histogram (`sizes` of struct
 * asr_group), from the size classes of `sizes` (aggregate/sizes.h), and
 * returns the histograms, owned by the caller (free with
 * g_ptr_array_free).  Returns NULL if the estimator refused `options`.
 */
GPtrArray *asr_size_histograms_build(struct asr_summary *summary, const struct asr_sizes *sizes,
				     const struct as_estimate_options *options);

#endif
