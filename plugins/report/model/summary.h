/* summary.h - the report's groups, unions of table cells, with their estimates. */
#ifndef ALLOCSAMPLE_REPORT_MODEL_SUMMARY_H
#define ALLOCSAMPLE_REPORT_MODEL_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "common/kinds.h"
#include "estimate/estimate.h"
#include "estimate/lifetimes.h"
#include "model/stack.h"
#include "params.h"
#include "rates.h"
#include "symbols/site.h"

struct asr_checkpoints;

/* The kinds of group (common/kinds.h), the total aside: the report keeps
 * it apart. */
enum asr_kind {
	ASR_KIND_PROCESS = AS_KIND_PROCESS,
	ASR_KIND_THREAD = AS_KIND_THREAD,
	ASR_KIND_TYPE = AS_KIND_TYPE,
	ASR_KIND_THREAD_TYPE = AS_KIND_THREAD_TYPE,
	ASR_KIND_SITE = AS_KIND_SITE,
	ASR_KIND_STACK = AS_KIND_STACK,
	ASR_KIND_FUNCTION = AS_KIND_FUNCTION,
	ASR_KIND_BINARY = AS_KIND_BINARY,
	ASR_KIND_COUNT,
};

/* How many objects a group's bytes were allocated in (Horvitz-Thompson:
 * each sample counts 1 / P(sampled | size)), and at least how many; no
 * upper end (+INFINITY) but where the count is exact (every sample at
 * rate 1; doc/estimation.md, "Objects"). */
struct asr_objects {
	double estimate;
	double lower;
	double upper;
};

struct asr_size_histogram;

struct asr_group {
	enum asr_kind kind;
	const char *host;       /* NULL: the trace has no `hostname` */
	const char *procname;   /* the name of the thread that allocated (kinds
				 * THREAD, THREAD_TYPE: the latest it had, so
				 * after an exec the new executable's), of one
				 * of the process's threads otherwise; NULL: not
				 * recorded */
	const char *process;    /* the process's name (names.c); NULL: unknown */
	bool tracer;            /* a thread of lttng-ust's own (kinds THREAD,
				 * THREAD_TYPE) */
	const char *type;       /* kinds TYPE and THREAD_TYPE */
	const struct asr_site *site;  /* kind SITE */
	const char *site_label;       /* kind SITE: as_code_label, its function,
				       * else "BINARY+0xOFFSET", else "[unknown]" */
	const char *site_binary;      /* kind SITE: the file name of its binary, or "?" */
	const struct asr_stack *stack;  /* kind STACK */
	/* Kind FUNCTION (model/functions.h): its name, a frame's label.  The
	 * group's samples, and so every figure below, are its total: those
	 * with the function anywhere in their stack; `self` holds those whose
	 * leaf it is. */
	const char *function;
	/* Kind BINARY: the path of the binary its samples' leaves are in (the
	 * frame a call site is named after); NULL: in no known binary. */
	const char *binary;
	struct asr_rates self_rates;
	uint64_t self_threads;  /* T of the self samples */
	struct as_estimate self;
	int64_t vpid;           /* valid when has_vpid */
	int64_t vtid;           /* valid when has_vtid (kinds THREAD, THREAD_TYPE) */
	bool has_vpid;
	bool has_vtid;
	unsigned anon_trace;    /* without vpid, one process per trace: its id */
	uint64_t threads;       /* T, the threads that contributed samples */
	bool incomplete;        /* a trace of the group lost events */
	bool has_time;
	int64_t first_ns;
	int64_t last_ns;
	struct asr_rates rates;
	struct as_estimate est;
	struct asr_objects objects;
	/* The bytes still live at the end (doc/design.md, "Live heap"): the
	 * group's samples not freed, estimated with the group's T. */
	bool live_known;        /* some trace of the group tracked frees; the
				 * fields below are valid only then */
	bool live_incomplete;   /* the trace lost events (a lost free makes a
				 * block look live), or some samples were not
				 * tracked, or came from a trace without frees */
	struct asr_rates live_rates;
	struct as_estimate live;
	struct asr_objects live_objects;
	/* The bytes it held at its process's peak (model/heap.h), at the
	 * peak's confidence: valid when peak_known. */
	bool peak_known;
	double peak_confidence;
	struct asr_rates peak_rates;
	struct as_estimate peak_live;
	struct asr_objects peak_objects;
	/* Kind PROCESS, with peak_known: the peak's instant and its live bytes
	 * (the process's peak_live). */
	int64_t peak_ns;
	/* Kind PROCESS: its histogram of requested sizes (model/sizes.h),
	 * owned by the model; NULL otherwise, and in a window's groups. */
	const struct asr_size_histogram *sizes;
	/* The blocks freed within the report's `temporary` of their
	 * allocation, and how long the group's bytes lived (model/temporary.c,
	 * model/lifetime_quantiles.c; doc/estimation.md): valid when
	 * live_known. */
	struct asr_lifetime_parts *lifetime_parts;  /* owned; NULL: none tracked */
	bool lifetime_incomplete;   /* live_incomplete, or tracked samples had
				     * no time */
	struct as_estimate temporary;  /* from the samples freed within it; the
					* upper end adds those live at the end
					* and younger than it */
	struct asr_objects temporary_objects;
	bool lifetime_known;        /* the quantiles are valid: some sample's
				     * lifetime is known, or its age */
	struct as_lifetime_quantile lifetime_p50, lifetime_p90;
	/* The survival curve of its bytes (model/survival.c), only for the
	 * groups a format asked it for; owned, NULL otherwise. */
	struct as_survival_point *survival;
	size_t survival_n;
};

/* The figures a group gets beyond its bytes and live bytes, each only
 * where a format shows it: the groups' peak bytes (a process's and the
 * total's always, for the heap's curve), temporary bytes, and the
 * quantiles of lifetimes (a search of about a millisecond each). */
enum asr_figures {
	ASR_FIGURES_PEAK = 1 << 0,
	ASR_FIGURES_TEMPORARY = 1 << 1,
	ASR_FIGURES_LIFETIMES = 1 << 2,
	ASR_FIGURES_ALL = (1 << 3) - 1,
};

/* What the report says once about the live figures, over every trace. */
struct asr_live_notes {
	uint64_t traces_old;        /* traces whose samples have no free_tracked
				     * (schema 1 or 2) */
	uint64_t traces_no_free;    /* schema 3 without the SampledFree class */
	uint64_t untracked;         /* samples not tracked to their free */
	uint64_t unmatched_frees;   /* frees of blocks not sampled in the trace */
	uint64_t lost_frees;        /* tracked samples at a live sample's address */
	uint64_t unrecorded;        /* samples drawn while nothing recorded */
	uint64_t attaches;          /* allocsample-record -p attached (schema 4) */
	uint64_t detaches;          /* and detached */
	uint64_t no_checkpoint;     /* processes of a late-beginning report with
				     * no complete checkpoint in its window */
	bool snapshot;              /* the report is of a snapshot's window */
	bool tracking;              /* some trace's frees are known */
};

struct asr_summary {
	GPtrArray *groups[ASR_KIND_COUNT];  /* struct asr_group *, in report order */
	GHashTable *index;                  /* every group of `groups`, by key */
	struct asr_group total;             /* valid unless asr_summary_empty() */
	uint64_t samples;
	uint64_t skipped;                   /* impossible samples left out */
	uint64_t processes;
	uint64_t hosts;
	bool vpid_missing;                  /* some trace lacks the vpid context */
	bool vtid_missing;
	bool incomplete;                    /* some trace lost events or packets */
	bool mixed_rates;                   /* some group mixes rates */
	bool live_known;                    /* the groups' live fields are valid */
	struct asr_live_notes live_notes;
	uint64_t tracer_threads;            /* lttng-ust's own threads that allocated */
	uint64_t tracer_samples;            /* and their samples (in every total) */
	GStringChunk *names;                /* process names made up here */
	/* With stacks (NULL otherwise): */
	GPtrArray *thread_stacks;           /* struct asr_group * of kind STACK per
					     * thread (vtid set), by process and
					     * thread: what the call tree is built
					     * from; not estimated */
	GPtrArray *stack_cells;             /* struct asr_group * of kind STACK per
					     * thread x type x stack, estimated;
					     * NULL unless asked */
};

struct asr_resolution;
struct asr_lifetime_parts;

/* What a summary is built from: the cells of a table (or of one time
 * window), and the traces they come from. */
struct asr_summary_input {
	GHashTable *cells;          /* struct asr_cell * */
	const GPtrArray *traces;    /* struct asr_trace *: losses, missing contexts */
	uint64_t samples;
	uint64_t skipped;
	/* What the cells' raw stacks became (model/resolve.h); NULL: no site
	 * from stacks, no stack group. */
	const struct asr_resolution *resolution;
	bool live;                  /* estimate the cells' `live` too */
	/* The live samples of each cell at its process's peak, and the
	 * peak's confidence (struct asr_peak_cell, model/heap.h); NULL: no
	 * peak. */
	GHashTable *peak_cells;
	/* The cells' lifetimes (struct asr_cell * -> struct
	 * asr_lifetime_parts *, model/lifetime_parts.h); NULL: none. */
	GHashTable *lifetime_parts;
	/* With `at`, each cell's live samples at that instant (struct
	 * asr_cell * -> struct asr_rates *, model/at.h; a cell absent held
	 * none), in place of those at the end; NULL: at the end. */
	GHashTable *at_cells;
	enum asr_sort sort;         /* order by these bytes */
	bool stacks;                /* build the stack groups */
	bool functions;             /* build the function groups */
	bool stack_cells;           /* and the thread x type x stack ones */
	unsigned figures;           /* enum asr_figures bits: what else to
				     * estimate */
	/* A late-beginning report's checkpoint passes (aggregate/checkpoints.h):
	 * the live figures of a process with no complete pass are
	 * incomplete.  NULL: the report does not begin late. */
	const struct asr_checkpoints *checkpoints;
};

/*
 * Groups the cells into processes, threads, types, thread x type, sites
 * (when cells have one, from debug-info or from their stack), stacks and
 * functions (when asked) with the total, and estimates each: bytes and objects.  Strings
 * are borrowed from the cells, which must outlive the summary.  Returns 0,
 * or -1 if the estimator refused the options.
 */
int asr_summary_build(struct asr_summary *summary, const struct asr_summary_input *in,
		      const struct as_estimate_options *options);

void asr_summary_fini(struct asr_summary *summary);

/*
 * Whether the summary has no group at all: no sample, and no block that
 * a checkpoint says is live.  A snapshot of a program gone idle has no
 * sample in its window but the live blocks of its passes: not empty, its
 * allocated bytes estimated from no sample (doc/report-formats.md, "A
 * snapshot").
 */
static inline bool asr_summary_empty(const struct asr_summary *summary)
{
	return summary->samples == 0 && summary->total.threads == 0;
}

/*
 * Names every group's process and marks lttng-ust's own threads (names.c).
 * A process is called after its executable when a trace of `traces` has
 * lttng-ust's statedump of its name, else after its main thread when it
 * allocated, else after lttng-ust's listener thread ("PROGRAM-ust") without
 * the suffix, else after its thread of smallest id.  Called by
 * asr_summary_build().
 */
void asr_summary_name_processes(struct asr_summary *summary, const GPtrArray *traces);

/* Gives every site group its label and its binary's file name, the same
 * in every format.  Called by asr_summary_build(). */
void asr_summary_name_sites(struct asr_summary *summary);

/* The hash and equality of a group's key (group_key.c): its kind and
 * the fields of the key that kind uses, the others zero. */
guint asr_group_hash(gconstpointer p);
gboolean asr_group_equal(gconstpointer a, gconstpointer b);

/* The group of `summary` with the kind and key of `key` (a group of another
 * summary of the same table's traces), or NULL. */
const struct asr_group *asr_summary_find(const struct asr_summary *summary,
					 const struct asr_group *key);

/* The key of the process group that holds `g`. */
struct asr_group asr_process_key(const struct asr_group *g);

/* The bytes a group is ordered by under `sort`: allocated, live at the
 * end, temporary, or live at its process's peak; a function's self bytes
 * allocated under any `sort`, as pprof's top; -1 for figures the trace
 * cannot say. */
double asr_group_sort_bytes(const struct asr_group *g, enum asr_sort sort);

/* Orders every list of `summary` (group_order.c): processes by host and
 * id; in a process, threads by id (by live, temporary or peak bytes with
 * those orders), types,
 * sites and stacks by decreasing bytes; the stacks per thread and the
 * stack cells thread by thread.  Called by asr_summary_build(). */
void asr_summary_order(struct asr_summary *summary, enum asr_sort sort);

/* Estimates `g` (group_estimates.c), its per-rate sums sorted by rate
 * first: bytes and objects, and with its live figures known the live ones
 * too, `threads` its T, and the `figures` (enum asr_figures) asked for: a
 * group without its peak asked for (and not a process's) is left
 * without (peak_known false).  `g` holds an accumulator at every rate of its
 * process already (asr_rates_cover); its live and peak samples get them
 * here.  Returns 0, or -1 if the estimator refused the
 * options.  Called by asr_summary_build(). */
int asr_group_estimate(struct asr_group *g, uint64_t threads, unsigned figures,
		       const struct as_estimate_options *options);

/* A group's temporary bytes and objects (model/temporary.c), with its
 * live figures known: from its lifetime parts, T = `threads`.  Returns 0,
 * or -1 if the estimator refused the options. */
int asr_group_temporary(struct asr_group *g, uint64_t threads,
			const struct as_estimate_options *options);

/*
 * The shortest lifetime the events' times can tell from zero: a block
 * freed at once shows the tracer's own latency between its two events
 * (the sample's stack and record, then the free's way to its event),
 * hundreds of nanoseconds (doc/estimation.md, "What the timestamps
 * resolve").  A bucket edge, so that no bucket straddles it.
 */
#define ASR_LIFETIME_FLOOR_NS 1024.0

/* A group's median and 90th percentile of its bytes' lifetimes
 * (model/lifetime_quantiles.c), when its parts hold a sample; T =
 * `threads`.  Floored at ASR_LIFETIME_FLOOR_NS: an estimate or an upper
 * end below it is raised to it, a lower end below it becomes 0, so that
 * "at most the floor" is all they say there.  Returns 0, or -1 if the
 * estimator refused the options. */
int asr_group_lifetimes(struct asr_group *g, uint64_t threads,
			const struct as_estimate_options *options);

/* Rounds a byte estimate to an integer for CSV and JSON. */
uint64_t asr_bytes_round(double bytes);

#endif
