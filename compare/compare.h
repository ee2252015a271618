/*
 * compare.h - allocsample-compare's data: the two runs as read, the groups
 * matched across them, and each pair's statistics and verdict.
 *
 * The stages, each in its own file, data flowing down and never back up:
 *
 *   options.c  the command line -> struct asc_options
 *   source.c   a side's path: a JSON report, or a trace directory that
 *              trace.c turns into one with babeltrace2 and the report sink
 *              (through the trace's view when a file of it ends inside a
 *              packet, view/view.h)
 *   report.c   a JSON report (version >= 2) -> struct asc_run: its groups
 *              with their per-rate accumulators, hosts, losses, contexts
 *   match.c    the keys that survive a rerun; same-named groups of a run
 *              added up; BASELINE's and NEW's groups paired
 *   label.c    each pair's label for people, stacks told apart
 *   verdict.c  per pair: as_compare_compute, the correction over all pairs,
 *              the verdict, the losses rule, the gate
 *   text.c, csv.c, json.c, html.c  write a finished struct asc_comparison
 *
 * What the outputs share with the report's (kinds, labels, the runtimes'
 * objects, escaping, tables, the page) is in common/.  Decisions
 * (matching, verdicts, losses): doc/compare.md.  Analysis side,
 * GPL-3.0-or-later.
 */
#ifndef ALLOCSAMPLE_COMPARE_CLI_H
#define ALLOCSAMPLE_COMPARE_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "common/kinds.h"
#include "estimate/compare.h"
#include "estimate/estimate.h"

#define ASC_ME "allocsample-compare"

/* Exit statuses (doc/man/allocsample-compare.1). */
enum {
	ASC_EXIT_OK = 0,
	ASC_EXIT_REGRESSION = 1, /* --fail-above: a significant increase above the limit */
	ASC_EXIT_ERROR = 2,      /* usage, unreadable input, nothing to compare */
};

enum asc_correction { ASC_HOLM, ASC_BH, ASC_NONE };
enum asc_format { ASC_TEXT, ASC_CSV, ASC_JSON, ASC_HTML };

struct asc_options {
	const char *baseline, *new_;  /* the two paths, as given */
	double confidence;            /* C, default 0.95 */
	enum asc_correction correction;
	enum asc_format format;
	unsigned kinds;               /* bit per enum as_kind asked with --group-by */
	bool group_by_given;          /* --group-by was on the command line */
	bool fail_above_given;
	double fail_above;            /* PCT */
	const char *output;           /* --output FILE, or NULL: standard output */
};

/* Parses the command line.  Returns 0, or prints help/version and returns
 * -1 with *status 0, or prints a one-line error and returns -1 with
 * *status ASC_EXIT_ERROR. */
int asc_options_parse(int argc, char **argv, struct asc_options *out, int *status);

/* A stack group's frame as its label shows it. */
struct asc_frame {
	char *label;     /* as_code_label */
	bool runtime;    /* in a runtime's object, or one of the C++ runtime's
			  * functions (as_runtime_object, as_runtime_function) */
};

/*
 * A group's key: what survives a rerun (doc/compare.md, "Matching").  Strings
 * are NULL when not part of the kind's key or unknown.  `file` and
 * `binary` are kept whole for display; the matching key uses their base
 * names.
 */
struct asc_key {
	enum as_kind kind;
	char *host;
	char *process;   /* the process's name */
	char *thread;    /* thread and thread-type: the thread's own name */
	char *type;
	char *function, *file, *binary, *address;
	int64_t line;    /* -1: none */
	char *stack;     /* stack groups: the report's label (as_stack_label),
			  * the frames' labels, outermost first */
	/* Stack groups, for their label only: the frames innermost first, and
	 * whether the walk stopped at its depth limit. */
	struct asc_frame *frames;
	size_t n_frames;
	bool truncated;
};

/* Releases what a key holds. */
void asc_key_free(struct asc_key *key);

/* One group of one run; after match.c, all same-keyed groups added up. */
struct asc_group {
	struct asc_key key;
	struct as_estimate_accum *accums; /* per rate, ascending */
	size_t n_accums;
	uint64_t threads;  /* T: summed over the merged groups */
	unsigned merged;   /* how many of the report's groups it adds up */
	bool incomplete;   /* the report marked it (losses) */
	bool tracer;       /* one of lttng-ust's own threads */
};

/* One side, read. */
struct asc_run {
	const char *path;            /* as given */
	bool from_trace;             /* a trace directory, read through babeltrace2 */
	int64_t version;             /* the JSON report's version */
	struct asc_group *groups;    /* the report's groups and its total */
	size_t n_groups;
	unsigned kinds;              /* kinds the report has (group_by + process + total) */
	uint64_t max_rate;           /* largest sampling rate seen, 0 without samples */
	bool incomplete;             /* some of its traces lost events or packets,
				      * or were cut short */
	char *cut;                   /* where and why its traces were cut short
				      * (the report's `cut`), or NULL */
	size_t n_losses;             /* streams that lost events or packets */
	bool missing_vtid, missing_vpid;
	char **hosts;                /* distinct host names (NULL-terminated) */
	size_t n_hosts;
	int64_t discarded_events, discarded_packets; /* summed over streams; -1 unknown */
};

/* Reads a side: a JSON report file, or a trace directory reported through
 * babeltrace2 with the kinds asked.  Returns 0, or prints one line on
 * standard error and returns -1. */
int asc_source_read(const char *path, const char *role, unsigned kinds, struct asc_run *run);

/* The babeltrace2 plugin directory and the view maker the command runs
 * (parts.c); to be freed. */
char *asc_plugin_path(void);
char *asc_trace_view_path(void);

/* Runs babeltrace2 with the report sink on TRACE, JSON into `json_path`:
 * on the view of TRACE, and saying what it left out (`cut`), when a file
 * of TRACE ends inside a packet.  Returns 0, or prints one line and
 * returns -1. */
int asc_trace_report(const char *trace, const char *role, unsigned kinds, const char *json_path);

/* Parses a JSON report file into *run (run->path set by the caller).
 * Returns 0, or prints one line naming `role` and returns -1. */
int asc_report_read(const char *file, const char *role, struct asc_run *run);

void asc_run_free(struct asc_run *run);

/* Adds `from`'s accumulators into `into`'s (per rate), returns -1 on
 * memory exhaustion. */
int asc_group_add(struct asc_group *into, const struct asc_group *from);

enum asc_verdict {
	ASC_INCREASE,
	ASC_DECREASE,
	ASC_UNCHANGED,
	ASC_APPEARED,
	ASC_DISAPPEARED
};

const char *asc_verdict_name(enum asc_verdict verdict);

/* One group in both runs. */
struct asc_pair {
	const struct asc_group *base, *new_; /* NULL on the side that lacks it */
	const struct asc_key *key;           /* base's or new's */
	struct as_compare_result stats;
	bool significant;        /* after the correction and the losses rule */
	bool withheld;           /* significant, but in the direction losses can cause */
	bool increase;           /* the direction of the data (p_increase < p_decrease) */
	bool offending;          /* --fail-above's condition */
	enum asc_verdict verdict;
	char *label;             /* for people: "workload / worker: buffer" (label.c) */
	char *sort_key;          /* kind, then the key's fields */
};

struct asc_comparison {
	const struct asc_options *options;
	struct asc_run base, new_;
	bool match_hosts;        /* hosts are part of the key (several hosts on a side) */
	unsigned kinds;          /* kinds compared */
	struct asc_pair *pairs;  /* in output order: kind, then key */
	size_t n_pairs;
	size_t in_common;        /* pairs with both sides, the total left out */
	size_t changed, offending;
	char **warnings;         /* NULL-terminated lines for standard error and the outputs */
	size_t n_warnings;
};

/* Adds a warning line (printf format). */
void asc_warn(struct asc_comparison *cmp, const char *format, ...)
	__attribute__((format(printf, 2, 3)));

/* Which kinds to compare, from the options and what both runs carry.
 * Returns 0, or prints one line and returns -1. */
int asc_kinds_choose(struct asc_comparison *cmp);

/* Merges same-keyed groups in each run and pairs them (match.c), each pair
 * with its label (asc_label).  Returns 0, or -1 on memory exhaustion. */
int asc_match(struct asc_comparison *cmp);

/*
 * Every pair's label for people (label.c): "workload / worker: buffer";
 * a stack's, its first frame outside the runtimes and as many callers as
 * tell it from the other stacks of its process.  Uncut: the text cuts it
 * to the terminal's width, the page to its room.
 */
void asc_label(struct asc_comparison *cmp);

/* A label cut to `width` characters: a stack's keeps its last frame whole
 * (the caller that tells it apart) and cuts what precedes; any other
 * label loses its middle (as_cut_middle).  To g_free. */
char *asc_label_cut(const char *label, size_t width);

/* Statistics, correction, verdicts and the gate for every pair (verdict.c).
 * Returns 0, or -1 if the statistics refused a pair (a bug or no memory). */
int asc_verdicts(struct asc_comparison *cmp);

void asc_comparison_free(struct asc_comparison *cmp);

/* The writers: 0, or -1 on a write error. */
int asc_write_text(FILE *out, const struct asc_comparison *cmp);
int asc_write_csv(FILE *out, const struct asc_comparison *cmp);
int asc_write_json(FILE *out, const struct asc_comparison *cmp);
int asc_write_html(FILE *out, const struct asc_comparison *cmp);

/* A ratio with three significant digits, "inf" for +inf (malloc'd). */
char *asc_human_ratio(double ratio);
/* The change of a ratio as a percentage: "+30.2%", "-12%", "new", "gone". */
char *asc_human_change(double ratio);
/* The correction's name for people ("Holm's step-down"). */
const char *asc_correction_name(enum asc_correction correction);
/* Its name on the command line and in CSV/JSON ("holm", "bh", "none"). */
const char *asc_correction_id(enum asc_correction correction);

#endif
