/*
 * model.h - the report as one finished, read-only result: every group with
 * its estimate and interval, the window rows, the scope instances and their
 * distribution, the losses and the hints.  Built once from the aggregated
 * tables after the last message (and at each live update); every output
 * format walks it and none estimates.
 */
#ifndef ALLOCSAMPLE_REPORT_MODEL_MODEL_H
#define ALLOCSAMPLE_REPORT_MODEL_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>
#include <glib.h>

#include "estimate/estimate.h"
#include "model/heap.h"
#include "model/sizes.h"
#include "model/stack.h"
#include "model/summary.h"
#include "model/timeline.h"
#include "params.h"

/* What the model is built from, which the formats never see. */
struct asr_aggregate;
struct asr_resolution;
struct asr_symbols;

/* The lines a user runs to record a missing context. */
#define ASR_VTID_HINT "lttng add-context -u -t vtid"
#define ASR_VPID_HINT "lttng add-context -u -t vpid"

/* One scope instance the report prints, with its estimate. */
struct asr_scope_row {
	const char *host;        /* trace environment `hostname`; NULL: none */
	int64_t vpid;            /* valid when has_vpid */
	int64_t vtid;
	char *key;               /* its scope-key as text (an integer in
				  * decimal); NULL without scope-key; owned */
	bool key_is_string;      /* a string key, not an integer */
	int64_t start_ns;        /* valid when has_start */
	int64_t end_ns;          /* valid when has_end */
	bool has_vpid;
	bool has_start;
	bool has_end;
	bool open;               /* no end event by the end of the trace */
	struct as_estimate est;
};

/* What the report says about scopes (`scope-begin`, `scope-end`). */
struct asr_scope_model {
	const char *begin;       /* event names and key field, from the params */
	const char *end;
	const char *key;         /* NULL: instances per thread */
	guint instances;
	uint64_t closed;
	uint64_t open;
	uint64_t unmatched_begins;
	uint64_t unmatched_ends;
	uint64_t samples_inside;
	uint64_t samples_outside;
	struct as_estimate mean; /* bytes per closed instance; valid when closed > 0 */
	double p50, p90, p99;    /* of the closed instances' point estimates */
	bool has_origin;         /* the start of the first instance with a time */
	int64_t origin_ns;
	GArray *rows;            /* struct asr_scope_row: all of them in begin order
				  * when they fit the format's limit, else the
				  * largest point estimates, largest first */
};

/* What one stream (one ring buffer) of a trace said it lost. */
struct asr_loss {
	struct asr_trace_id trace;
	uint64_t stream_id;
	uint64_t events;         /* the counts the trace gave */
	uint64_t packets;
	bool events_unknown;     /* a discarded-events message had no count */
	bool packets_unknown;
	bool lost_events;        /* it lost events (a discarded-events message) */
	bool lost_packets;
};

/* What a format asks of the model. */
struct asr_model_options {
	unsigned group_by;       /* enum asr_group_by bits: the groups shown */
	guint scope_rows;        /* the most scope instances printed; 0: all */
	bool stack_cells;        /* fill `stack_cells` (with group-by stack) */
	bool call_tree;          /* build `call_tree` (with group-by stack) */
	/* Which groups each table shows (model/selection.c): */
	uint64_t top;            /* at most this many, the largest; 0: all */
	double min_share;        /* none under this percentage of their
				  * table's bytes; 0: none hidden */
	unsigned figures;        /* enum asr_figures bits (model/summary.h):
				  * what the format shows of each group */
	bool survival;           /* the survival curves of the groups a page
				  * lists (model/survival.c); needs lifetimes */
	bool curve_points;       /* every point of the heap's curves, not only
				  * their peaks (model/heap.h) */
	bool hide_freed;         /* with sort=live, no stack with nothing live
				  * at the end (text's leaks view); with
				  * sort=temporary, none with nothing
				  * temporary */
};

/* Why groups are left out of a table, and how many for each reason. */
struct asr_hidden {
	guint freed;             /* nothing live at the end, or nothing
				  * temporary (hide_freed) */
	guint small;             /* under min_share of the table */
	guint beyond_top;        /* smaller than the table's `top` largest */
};

/* A report of a snapshot: traces whose streams begin late (buffers that
 * overwrite), read from their window (doc/report-formats.md, "A
 * snapshot"). */
struct asr_snapshot_view {
	bool late;               /* the report is of a snapshot's window */
	const char *reason;      /* `snapshot-reason`'s value; NULL: not given */
	int64_t start_ns;        /* the window, on the samples' clock; its */
	int64_t end_ns;          /* end the trace's, the snapshot's instant */
	uint64_t no_checkpoint;  /* processes with no complete checkpoint in it */
	uint64_t before;         /* allocsample events left out as before it */
};

struct asr_model {
	/* 0 from the component.  allocsample-profile's: how many pprof files
	 * it summed (each a profile or a sum of them), whose groups are keyed
	 * by names alone (a process's, never its host, pid or threads: a sum
	 * over runs and hosts), without times, live figures or losses. */
	unsigned profiles;
	double confidence;
	bool boundary_compensation;
	unsigned group_by;       /* enum asr_group_by bits */
	int64_t window_ns;       /* 0: no windows */
	int64_t temporary_ns;    /* a block freed within this is temporary */
	/* With `at`: every live figure is the bytes live at at_t_ns (on the
	 * samples' clock), at_ns after the trace's first sample or free,
	 * instead of those at the end (model/at.h). */
	bool has_at;
	int64_t at_ns;
	int64_t at_t_ns;
	struct asr_summary summary;        /* every group, the total, the flags */
	GPtrArray *shown[ASR_KIND_COUNT];  /* const struct asr_group *: the groups
					    * the report shows, in report order */
	struct asr_hidden hidden[ASR_KIND_COUNT];  /* those the options left
						    * out of `shown` */
	uint64_t top;            /* the options that chose `shown` */
	double min_share;
	GArray *rates;           /* uint64_t: the total's rates, ascending */
	GArray *losses;          /* struct asr_loss, trace by trace */
	struct asr_snapshot_view snapshot;
	char *cut;               /* why the traces were read only up to a cut
				  * (traces.h, asr_traces_cut); NULL: they
				  * were read to their end */
	GArray *windows;         /* struct asr_window_row in time order, in each
				  * window the total first; NULL: no `window` */
	const struct asr_window_row *live_peak;  /* the total's window row with
						  * the largest live estimate at
						  * its end; NULL: none */
	enum asr_sort sort;      /* how groups are ordered (`sort`) */
	bool sizes_shown;        /* text shows the size classes (`sizes`) */
	struct asr_heap_view heap;         /* the heap over time and its peaks */
	GPtrArray *sizes;        /* struct asr_size_histogram *, one per process
				  * group, which points at its own (model/sizes.h) */
	struct asr_scope_model *scopes;    /* NULL: no `scope-begin` */
	/* With group-by stack (NULL otherwise): */
	GPtrArray *call_tree;    /* struct asr_call_node *: one root per
				  * process, in the order of the process groups;
				  * NULL too when the format shows none */
	GPtrArray *stack_cells;  /* const struct asr_group * of kind STACK, one
				  * per thread x type x stack of the stack groups
				  * shown, with procname, vtid and type set
				  * (format=pprof's samples; their estimates add
				  * up to those stack groups'); NULL unless
				  * options->stack_cells */
	/* With stacks read (group-by stack, or site on a schema-2 trace; NULL
	 * otherwise): what owns the frames, stacks and mappings above, and why
	 * some frames have no name (model/resolve.h). */
	struct asr_resolution *resolution;
	const struct asr_stack_problems *stack_problems;
};

/*
 * Builds `model` from the aggregated tables `agg` with the parameters
 * `params` and what the format asks, `options`, naming the frames of its
 * stacks with `symbols` (the binaries and addresses already looked up, for
 * the life of the component: a live report builds a model per update).
 * The model borrows from `agg`, `symbols` and `params`, which must outlive
 * it and stay unchanged.  Returns 0,
 * or -1 with a cause appended to `self` (the estimator refused the options,
 * or the trace needs more windows than allowed); the model is then empty
 * and asr_model_fini() may still be called.
 */
int asr_model_build(struct asr_model *model, const struct asr_aggregate *agg,
		    struct asr_symbols *symbols, const struct asr_params *params,
		    const struct asr_model_options *options, bt_self_component *self);

void asr_model_fini(struct asr_model *model);

/* The most groups of each kind that get a survival curve: the page's
 * MAX_BARS, the largest by bytes allocated. */
#define ASR_SURVIVAL_GROUPS 40

/*
 * The survival curves (as_lifetime_survival) of the total and, of each
 * kind, the ASR_SURVIVAL_GROUPS largest groups the report shows whose
 * lifetimes are known: about a millisecond per bucket holding samples,
 * too costly for every stack (doc/report-formats.md, "Temporary
 * allocations and lifetimes").  Returns 0, or -1 if the estimator refused
 * the options.
 */
int asr_model_survival(struct asr_model *model, const struct as_estimate_options *options);

/*
 * Fills `model->shown` with the groups of each kind the report shows, in
 * report order, and `model->hidden` with how many the options left out
 * (selection.c): the kinds `group_by` asks for (thread rows need a thread
 * id); then, with `hide_freed` and sort=live, no stack group with nothing
 * live at the end; then none under `min_share` percent of the bytes of
 * its table (live bytes with sort=live; a group whose live bytes are
 * unknown is never small); then, of those left, the `top` largest.  With
 * the stack groups chosen, keeps only the stack cells of those shown.
 */
void asr_model_select(struct asr_model *model, const struct asr_model_options *options);

/* Whether the report shows groups of `kind` (processes always) under
 * `group_by`, and whether it shows `g`: thread rows need a thread id
 * (without vtid the estimates are per process). */
bool asr_kind_shown(enum asr_kind kind, unsigned group_by);
bool asr_group_shown(const struct asr_group *g, unsigned group_by);

/* The name in a group's `procname` column: the thread's for thread and
 * thread x type groups, the process's for the others; NULL: unknown. */
const char *asr_group_name(const struct asr_group *g);

/* The name of a kind in CSV and JSON ("process", "thread", "type",
 * "thread-type", "site", "stack"): as_kind_name(). */
const char *asr_kind_name(enum asr_kind kind);

#endif
