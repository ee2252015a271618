/* sizes.h - each process's samples by size class: its histogram of requested sizes. */
#ifndef ALLOCSAMPLE_REPORT_AGGREGATE_SIZES_H
#define ALLOCSAMPLE_REPORT_AGGREGATE_SIZES_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "aggregate/table.h"
#include "aggregate/traces.h"
#include "estimate/estimate.h"
#include "rates.h"

/*
 * One process's samples in each size class (as_size_class(): sizes 2^k to
 * 2^(k+1) - 1), one accumulator per rate, as a cell's
 * (doc/estimation.md, "Sizes").  Keyed as the cells are: trace and vpid,
 * and without a vpid the thread's name, which then tells processes apart
 * (model/summary.c).  Memory: a constant per process, and one accumulator
 * per rate and class with samples; never per sample.
 */
struct asr_process_sizes {
	struct asr_trace *trace;
	const char *procname;   /* NULL with a vpid; in the table's `names` */
	int64_t vpid;           /* valid when has_vpid */
	bool has_vpid;
	struct asr_rates classes[AS_SIZE_CLASSES];
};

struct asr_sizes {
	GHashTable *processes;  /* struct asr_process_sizes * (key and value), owned */
};

/* GLib aborts when out of memory, so init cannot fail. */
void asr_sizes_init(struct asr_sizes *sizes);
void asr_sizes_fini(struct asr_sizes *sizes);

/* The process of `cell`'s samples, made when missing; the cell keeps it. */
struct asr_process_sizes *asr_sizes_process(struct asr_sizes *sizes, const struct asr_cell *cell);

/* Adds a sample that asr_table_add() put in `cell` and weighed to its
 * process's class: one look at the cell and a count of leading zeros. */
static inline void asr_sizes_add(struct asr_sizes *sizes, struct asr_cell *cell,
				 const struct asr_weighed *weighed)
{
	if (!cell->sizes)
		cell->sizes = asr_sizes_process(sizes, cell);
	asr_rates_add(&cell->sizes->classes[as_size_class(weighed->size)], weighed);
}

#endif
