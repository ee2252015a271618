/*
 * profile.h - allocsample-profile's data: pprof profiles written by the
 * report's format=pprof (or any sum of them that a pprof tool made), read,
 * summed, and printed as a report with the report's own estimators and
 * writers (allocsample-profile(1), doc/report-formats.md, "Sums of
 * profiles").
 *
 * The stages, each in its own file, data flowing down and never back up:
 *
 *   options.c  the command line -> struct asp_options
 *   read.c     a file (gzip-compressed or not) -> the pprof message,
 *              every id it refers to checked
 *   stacks.c   its locations -> the model's frames and stacks (model/stack.h),
 *              interned over every file
 *   samples.c  its samples -> struct asp_cell: the sums, the rate, the
 *              stream, checked to be a sum of samples
 *   sum.c      the cells -> the groups of the model (process, stack,
 *              function, binary, total), each with its per-rate sums and
 *              its T (the distinct streams, or a bound)
 *   report.c   the groups -> a struct asr_model estimated, ordered and
 *              chosen as the report's, then the report's writer
 *
 * What is the report's is reused, never copied: the model's types, its
 * estimates (asr_group_estimate), orders and choices, its writers
 * (plugins/report/libasrwriters.la), the names of the additive values
 * (format/pprof_values.h).  Analysis side, GPL-3.0-or-later.
 */
#ifndef ALLOCSAMPLE_PROFILE_PROFILE_H
#define ALLOCSAMPLE_PROFILE_PROFILE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <glib.h>

#include "estimate/estimate.h"
#include "format/profile.pb-c.h"
#include "model/stack.h"
#include "model/summary.h"
#include "params.h"

#define ASP_ME "allocsample-profile"

/* Exit statuses (doc/man/allocsample-profile.1). */
enum {
	ASP_EXIT_OK = 0,
	ASP_EXIT_ERROR = 2,      /* usage, a file unreadable or refused */
};

struct asp_options {
	enum asr_format format;  /* text, csv, json or html */
	unsigned group_by;       /* enum asr_group_by bits: stack, function, binary */
	bool has_top;
	uint64_t top;            /* the `top` largest of each table; 0: all */
	bool has_min_share;
	double min_share;        /* none under this percentage of its table */
	double confidence;       /* C, default 0.95 */
	const char *output;      /* --output FILE; NULL: standard output */
	char **files;            /* the profiles, as given (argv's) */
	int n_files;
};

/* Parses the command line.  Returns 0, or prints help or the version and
 * returns -1 with *status 0, or prints one line and returns -1 with
 * *status ASP_EXIT_ERROR. */
int asp_options_parse(int argc, char **argv, struct asp_options *out, int *status);

/* One pprof message and what its ids name.  Everything it points to is
 * the message's. */
struct asp_profile {
	const char *path;                        /* as given */
	Perftools__Profiles__Profile *message;
	GHashTable *locations;                   /* id -> Location * */
	GHashTable *functions;                   /* id -> Function * */
	GHashTable *mappings;                    /* id -> Mapping * */
};

/* Reads and checks `path`: a pprof profile, gzip-compressed or not, every
 * index into its string table and every id it refers to valid.  Returns
 * 0, or prints one line and returns -1. */
int asp_profile_read(const char *path, struct asp_profile *out);

void asp_profile_fini(struct asp_profile *profile);

/* The string at `index` of `p`'s table (checked by asp_profile_read). */
const char *asp_string(const struct asp_profile *p, int64_t index);

/* Stacks interned over every profile read: equal frames, one pointer, as
 * the model's formats compare them (model/stack.h). */
struct asp_stacks {
	GHashTable *mappings;    /* struct asr_mapping *, by path and build id */
	GHashTable *frames;      /* struct asr_frame * */
	GHashTable *stacks;      /* struct asr_stack * */
	GStringChunk *strings;   /* every string they hold */
};

void asp_stacks_init(struct asp_stacks *stacks);
void asp_stacks_fini(struct asp_stacks *stacks);

/* The stack of a sample of `p` (its location ids, leaf first), interned:
 * each location's lines its frames, innermost first; "[truncated]" at
 * the end a mark, "[no stack]" an empty stack. */
const struct asr_stack *asp_stack_of(struct asp_stacks *stacks, const struct asp_profile *p,
				     const Perftools__Profiles__Sample *sample);

/* One pprof sample: the sums of one rate's samples of some threads (one,
 * as the report wrote it; any number after a merge) with one stack. */
struct asp_cell {
	const char *process;     /* its `process` label, interned; NULL: none */
	const struct asr_stack *stack;
	struct as_estimate_accum accum;  /* rate, s, u, weighted, objects, objects_var */
	uint64_t threads;        /* allocsample_threads: at least its streams */
	bool incomplete;         /* some of its samples are of a trace that lost
				  * events: the truth is at least the lower end */
	bool has_stream;         /* the `stream` label: its one thread */
	int64_t stream;
};

/*
 * The trial streams a group holds, for its T (doc/estimation.md, "Several
 * threads"): the distinct `stream` labels of its cells, each one thread;
 * and for the cells without one (a tool dropped the label) a bound that
 * every sum keeps: their streams number at most their threads (each
 * stream added at least 1) and at most their samples (each stream
 * counted holds one).
 */
struct asp_streams {
	GHashTable *ids;              /* int64_t * of the streams, owned */
	uint64_t unlabeled_samples;
	uint64_t unlabeled_threads;
};

/* A group being summed: the model's group first (its key, its per-rate
 * sums), the streams of its samples and, for a function, of its self
 * samples. */
struct asp_group {
	struct asr_group g;
	struct asp_streams streams;
	struct asp_streams self_streams;
};

/* What the cells are added to: the groups of every kind the options ask
 * for, each process's (by name) and the total. */
struct asp_sum {
	unsigned group_by;       /* enum asr_group_by bits */
	GHashTable *index;       /* struct asp_group * by its key (asr_group_hash) */
	GPtrArray *groups;       /* struct asp_group *, owned, in the order made */
	struct asp_group total;
	GHashTable *functions;   /* each stack's functions (model/functions.h) */
	uint64_t samples;
};

/* T: the number of the streams of `s`, exact where they are labelled. */
uint64_t asp_streams_count(const struct asp_streams *s);

/* Reads every sample of `p` into `sum` as a cell.  Returns 0, or prints
 * one line saying what is missing or wrong and returns -1: sample types
 * without the additive values (a profile of another profiler, or of a
 * report before them), a sample without its rate, values that no sum of
 * samples has (a difference or a scaling of profiles). */
int asp_samples_read(const struct asp_profile *p, struct asp_stacks *stacks, struct asp_sum *sum);

void asp_sum_init(struct asp_sum *sum, unsigned group_by);
void asp_sum_fini(struct asp_sum *sum);

/* Adds a cell to the total and to the groups of its process: the
 * process's, its stack's, its functions' (self for its leaf's) and its
 * leaf's binary's, those that `group_by` asks for. */
void asp_sum_add(struct asp_sum *sum, const struct asp_cell *cell);

/* Estimates every group of `sum`, builds the model the report's writers
 * read and writes it in the format of `options` to `out`.  Returns 0, or
 * prints one line and returns -1. */
int asp_report_write(FILE *out, struct asp_sum *sum, const struct asp_options *options);

#endif
