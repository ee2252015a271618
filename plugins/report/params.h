/* params.h - the component's initialization parameters, validated from one table. */
#ifndef ALLOCSAMPLE_REPORT_PARAMS_H
#define ALLOCSAMPLE_REPORT_PARAMS_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>

/* Groupings a report can show (bit set); per-process and grand totals are
 * always shown. */
enum asr_group_by {
	ASR_GROUP_BY_THREAD = 1u << 0,
	ASR_GROUP_BY_TYPE = 1u << 1,
	ASR_GROUP_BY_THREAD_TYPE = 1u << 2,
	ASR_GROUP_BY_SITE = 1u << 3,    /* schema 1: needs filter.lttng-utils.debug-info */
	ASR_GROUP_BY_STACK = 1u << 4,   /* schema 2 */
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

struct asr_params {
	double confidence;          /* 0 < C < 1 */
	bool boundary_compensation;
	unsigned group_by;          /* enum asr_group_by bits, never 0 */
	enum asr_format format;
	char *path;                 /* NULL: standard output; owned */
	int64_t window_ns;          /* time windows' length; 0: no windows */
	uint64_t update_interval_ns; /* 0: only the final report */
	char *scope_begin;          /* event class names; both NULL: no scopes; owned */
	char *scope_end;
	char *scope_key;            /* payload field pairing them; NULL: none; owned */
	bool sort_live;             /* `sort`: order groups by live bytes */
	/* Which groups each table shows; when not given, the format's
	 * defaults (format/writers.c): */
	bool has_top;
	uint64_t top;               /* at most the `top` largest; 0: all */
	bool has_min_share;
	double min_share;           /* none under this percentage of the table */
};

/*
 * Fills `params` from the component's parameter map: defaults for what is
 * absent, and an error cause naming the parameter and its accepted values
 * for anything else.  Returns 0, or -1 with a cause appended (the strings
 * then freed and NULL).
 */
int asr_params_parse(bt_self_component *self, const bt_value *map, struct asr_params *params);

/* Releases what asr_params_parse() allocated. */
void asr_params_fini(struct asr_params *params);

/* The name of a group-by bit ("thread", "type", "thread-type", "site", "stack"). */
const char *asr_group_by_name(enum asr_group_by bit);

#endif
