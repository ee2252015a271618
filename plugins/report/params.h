/* params.h - the component's initialization parameters, validated from one table. */
#ifndef ALLOCSAMPLE_REPORT_PARAMS_H
#define ALLOCSAMPLE_REPORT_PARAMS_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>

#include "common/kinds.h"

/* The bit of a grouping, by its kind (common/kinds.h): the kinds from
 * thread to stack, in their order. */
#define ASR_GROUP_BY_BIT(kind) (1u << ((kind) - AS_KIND_THREAD))

/* Groupings a report can show (bit set); per-process and grand totals are
 * always shown. */
enum asr_group_by {
	ASR_GROUP_BY_THREAD = ASR_GROUP_BY_BIT(AS_KIND_THREAD),
	ASR_GROUP_BY_TYPE = ASR_GROUP_BY_BIT(AS_KIND_TYPE),
	ASR_GROUP_BY_THREAD_TYPE = ASR_GROUP_BY_BIT(AS_KIND_THREAD_TYPE),
	ASR_GROUP_BY_SITE = ASR_GROUP_BY_BIT(AS_KIND_SITE),    /* schema 1: needs filter.lttng-utils.debug-info */
	ASR_GROUP_BY_STACK = ASR_GROUP_BY_BIT(AS_KIND_STACK),  /* schema 2 */
	ASR_GROUP_BY_FUNCTION = ASR_GROUP_BY_BIT(AS_KIND_FUNCTION),  /* schema 2 */
	/* allocsample-profile's only: the component refuses it */
	ASR_GROUP_BY_BINARY = ASR_GROUP_BY_BIT(AS_KIND_BINARY),
};

enum asr_format {
	ASR_FORMAT_TEXT,
	ASR_FORMAT_CSV,
	ASR_FORMAT_JSON,
	ASR_FORMAT_HTML,
	ASR_FORMAT_FOLDED,       /* needs group-by stack (implied) */
	ASR_FORMAT_PPROF,        /* needs `path`; group-by stack implied */
};

/* The most windows a report may have: more would be rows nobody reads, and
 * each costs memory per group. */
#define ASR_MAX_WINDOWS 100000

/* How each table orders its groups (`sort`). */
enum asr_sort {
	ASR_SORT_ALLOCATED,      /* bytes allocated (the default) */
	ASR_SORT_LIVE,           /* bytes still live at the end: the leaks view */
	ASR_SORT_TEMPORARY,      /* bytes freed within `temporary`: the
				  * temporary view */
	ASR_SORT_PEAK,           /* bytes live at the process's peak: the
				  * peak view */
};

/* What took the snapshot a report reads (`snapshot-reason`), said with
 * the snapshot's window (doc/report-formats.md, "A snapshot"). */
enum asr_snapshot_reason {
	ASR_SNAPSHOT_REASON_NONE,   /* not given */
	ASR_SNAPSHOT_REASON_EXIT,   /* the program exited */
	ASR_SNAPSHOT_REASON_SIGNAL, /* a signal */
	ASR_SNAPSHOT_REASON_HIGH_WATER, /* the live bytes passed a mark
					 * (allocsample:LiveHighWater) */
	ASR_SNAPSHOT_REASON_REQUEST,    /* someone asked */
};

/* The most points of a heap curve (`timeline-points`). */
#define ASR_MAX_TIMELINE_POINTS 100000

struct asr_params {
	double confidence;          /* 0 < C < 1 */
	bool boundary_compensation;
	unsigned group_by;          /* enum asr_group_by bits, never 0 */
	enum asr_format format;
	char *path;                 /* NULL: standard output; owned */
	int64_t window_ns;          /* time windows' length; 0: no windows */
	int64_t temporary_ns;       /* a block freed within this of its
				     * allocation is temporary (default 1 ms) */
	uint64_t update_interval_ns; /* 0: only the final report */
	char *scope_begin;          /* event class names; both NULL: no scopes; owned */
	char *scope_end;
	char *scope_key;            /* payload field pairing them; NULL: none; owned */
	enum asr_sort sort;         /* `sort` */
	unsigned timeline_points;   /* the most points of each heap curve */
	bool sizes;                 /* text shows each process's size classes */
	/* Which groups each table shows; when not given, the format's
	 * defaults (format/writers.c): */
	bool has_top;
	uint64_t top;               /* at most the `top` largest; 0: all */
	bool has_min_share;
	double min_share;           /* none under this percentage of the table */
	/* `at`: the live figures are those at this offset from the trace's
	 * first sample or free instead of at its end. */
	bool has_at;
	int64_t at_ns;
	/* `cut`: why the trace given was cut before the source read it
	 * (allocsample-trace-view's statement); NULL: it was not.  Owned. */
	char *cut;
	enum asr_snapshot_reason snapshot_reason;  /* `snapshot-reason` */
};

/* What asr_params_parse() found. */
enum asr_params_status {
	ASR_PARAMS_OK = 0,
	ASR_PARAMS_INVALID = -1,    /* a parameter is refused: the error says why */
	ASR_PARAMS_NO_MEMORY = -2,
};

/* Why a parameter map is refused: one line naming the parameter and what
 * it accepts, the same for initialization and the `params-check` query. */
struct asr_params_error {
	char text[512];
};

/*
 * Fills `params` from a parameter map, as initialization and the
 * `params-check` query both do, with no side effect (the `path` file is
 * opened by initialization alone): defaults for what is absent, the
 * combinations of parameters checked.  Returns ASR_PARAMS_OK, or another
 * status with `error` set and `params` holding nothing to release.
 */
enum asr_params_status asr_params_parse(const bt_value *map, struct asr_params *params,
					struct asr_params_error *error);

/* The value of `sort` that gives `sort`: "allocated", "live", "peak"
 * (param_names.c, as the two below). */
const char *asr_sort_name(enum asr_sort sort);

/* The order a value of `sort` names, or -1 when none. */
int asr_sort_parse(const char *name);

/* The value of `snapshot-reason` that gives `reason` ("exit", "signal",
 * "high-water", "request"), NULL for none; and the reason a value names,
 * or -1 when none. */
const char *asr_snapshot_reason_name(enum asr_snapshot_reason reason);
int asr_snapshot_reason_parse(const char *name);

/* Releases what asr_params_parse() allocated. */
void asr_params_fini(struct asr_params *params);

/* The name of a group-by bit: its kind's ("thread", "type", "thread-type",
 * "site", "stack", "function", "binary"). */
const char *asr_group_by_name(enum asr_group_by bit);

#endif
