/* table.h - the grouping table: samples per trace, process, thread, type and site. */
#ifndef ALLOCSAMPLE_REPORT_AGGREGATE_TABLE_H
#define ALLOCSAMPLE_REPORT_AGGREGATE_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>
#include <glib.h>

#include "aggregate/lifetimes.h"
#include "aggregate/stacks.h"
#include "aggregate/traces.h"
#include "rates.h"
#include "read/sample.h"
#include "symbols/site.h"

struct asr_heap_series;
struct asr_process_sizes;

/* The finest group: one thread's samples of one type from one call site
 * (or with one raw stack) in one trace.  The report's groups are unions of
 * cells. */
struct asr_cell {
	struct asr_trace *trace;
	const char *procname;   /* NULL: not recorded; in the table's `names` */
	const char *type;       /* in the table's `names` */
	uint64_t type_len;      /* strlen(type) */
	const struct asr_site *site;  /* NULL unless grouping by site from debug-info */
	const struct asr_raw_stack *stack;  /* NULL unless reading stacks */
	struct asr_cell *next_of_stack;     /* the next cell of `stack` */
	int64_t vpid;           /* valid when has_vpid */
	int64_t vtid;           /* valid when has_vtid */
	bool has_vpid;
	bool has_vtid;
	bool has_time;
	int64_t first_ns;
	int64_t last_ns;
	struct asr_rates rates;
	/* The samples still live (aggregate/live.h): added at the sample,
	 * removed at its free; only tracked samples of traces whose frees are
	 * known. */
	struct asr_rates live;
	uint64_t tracked;       /* samples tracked to their free */
	uint64_t untracked;     /* samples not tracked to their free */
	bool live_changed;      /* `live` changed since the last window's end
				 * (in the live table's `changed`) */
	struct asr_heap_series *heap;  /* its process's curve (aggregate/heap.h) */
	/* Its process's size classes (aggregate/sizes.h), found at its first
	 * sample: no look-up per sample. */
	struct asr_process_sizes *sizes;
	struct asr_cell_lifetimes lifetimes;  /* what its freed samples' lifetimes
					       * say */
};

/* Slots of the cache of recent cells: a power of 2. */
#define ASR_RECENT_CELLS 256

struct asr_table {
	struct asr_traces *traces;  /* borrowed */
	GHashTable *cells;      /* struct asr_cell * (key and value) */
	GHashTable *names;      /* the cells' types and thread names, one copy
				 * each: a few, shared by many cells, so that
				 * comparing them stays in cache */
	/* The cells found last, by a cheap hash of their key: the threads'
	 * busiest cells are found with one comparison, without hashing the
	 * type string and the table's look-up.  Never stale: a cell lives
	 * as long as the table. */
	struct asr_cell *recent[ASR_RECENT_CELLS];
	/* The probabilities of the sizes weighed last (rates.h). */
	struct asr_recent_probability recent_probabilities[ASR_RECENT_PROBABILITIES];
	uint64_t samples;       /* samples in cells */
	uint64_t skipped;       /* impossible samples, not in cells */
};

/* GLib aborts when out of memory, so none of these can fail.  Cells refer
 * to the records of `traces`, which must outlive the table. */
void asr_table_init(struct asr_table *table, struct asr_traces *traces);
void asr_table_fini(struct asr_table *table);

/* Adds a sample, with its interned raw stack (NULL: none read), to its
 * cell and returns the cell; a stack lists its cells, which are found
 * there rather than in the table's hash.  `*weighed` is the sample as
 * the cell's accumulators took it, for the other groups it goes into.
 * Returns NULL when the sample is impossible (offset >= size, size 0,
 * rate 0): it is counted in `skipped` only. */
struct asr_cell *asr_table_add(struct asr_table *table, const struct asr_sample *sample,
			       struct asr_raw_stack *stack, struct asr_weighed *weighed);

/* The cell of a block that a checkpoint says is live, allocated before the
 * trace's window: weighed into `*weighed` but not added to the cell's
 * allocated samples (aggregate/checkpoints.h), though the cell gets an
 * accumulator at its rate.  NULL when impossible, as
 * asr_table_add. */
struct asr_cell *asr_table_seed(struct asr_table *table, const struct asr_sample *sample,
				struct asr_raw_stack *stack, struct asr_weighed *weighed);

/* The names the table's cells give the threads of process `vpid` of
 * `trace`: vtid (gint64 *) -> const char *, borrowed from the table; the
 * caller destroys the hash table. */
GHashTable *asr_table_thread_names(const struct asr_table *table, const struct asr_trace *trace,
				   bool has_vpid, int64_t vpid);

#endif
