/* text.h - what the parts of the text format share: table cells, human units, marks. */
#ifndef ALLOCSAMPLE_REPORT_FORMAT_TEXT_H
#define ALLOCSAMPLE_REPORT_FORMAT_TEXT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <glib.h>

#include "common/counts.h"
#include "common/grid.h"
#include "common/units.h"
#include "format/writer.h"

/* A cell at the end of a row of a table (common/grid.h), from a printf
 * format; the cell_*() helpers below add the figures'. */
void cell(GPtrArray *row, const char *fmt, ...) G_GNUC_PRINTF(2, 3);


/* A duration as a person writes it: "100 ms", "1.5 s".  To g_free. */
char *human_duration(int64_t ns);
/* A measured time (since the first sample, a window's length), with three
 * significant digits: "1.52 s". */
char *human_elapsed(int64_t ns);

void cell_bytes(GPtrArray *row, double bytes);
void cell_interval(GPtrArray *row, const struct as_estimate *est);

/* The marks the footnotes explain, and their bits in `used`. */
#define MARK_IMPRECISE 1u     /* '*' */
#define MARK_INCOMPLETE 2u    /* '!' */
#define MARK_MIXED_RATES 4u   /* '+' */
#define MARK_TRACER 8u        /* 'T' */
#define MARK_LIVE_INCOMPLETE 16u  /* '~' */
void cell_marks(GPtrArray *row, const struct as_estimate *est, bool incomplete, bool tracer,
		unsigned *used);

/* Whether the text shows `g`'s live figures: when the report is about
 * leaks (sort=live, allocsample-record --leaks), or when some of its
 * samples are still live at the end.  Elsewhere "0 B [0 B, 368.9 KiB]"
 * on every row would say nothing CSV and JSON do not. */
bool live_says(const struct asr_model *model, const struct asr_group *g);

/* When the live figures are: "at the end", or with `at` "at 1.5 s" (from
 * the trace's first sample or free).  To g_free. */
char *live_when(const struct asr_model *model);

/* What a table's live columns show: with sort=peak, the bytes each group
 * held at its process's peak ("AT PEAK"), else those still live at the
 * end ("LIVE AT END").  held_says() is live_says(), or with sort=peak
 * whether the peak is known; held_title() the two headers. */
struct held {
	bool known;
	bool incomplete;
	const struct as_estimate *est;
};
struct held held_of(const struct asr_model *model, const struct asr_group *g);
bool held_says(const struct asr_model *model, const struct asr_group *g);
void held_titles(GPtrArray *row, const struct asr_model *model);

/* Whether the tables of groups and the total have the live columns: one
 * rule for the whole report, so that no column comes and goes from one
 * table to the next (doc/report-formats.md, "Which columns the tables
 * have").  With sort=peak, when the heap's curves are known; with
 * sort=live, when the live figures are; else when a thread of the program
 * (not lttng-ust's) holds sampled bytes at the end.  A row whose group
 * cannot say shows "-". */
bool live_columns(const struct asr_model *model);

/* The "LIVE AT END" and "LIVE INTERVAL" cells of a live figure ("-"
 * when the trace cannot say); note_live() marks the row's last cell, its
 * NOTE made by cell_marks(), '~' when the figure is incomplete. */
void cell_live(GPtrArray *row, bool known, const struct as_estimate *live);
void note_live(GPtrArray *row, bool known, bool incomplete, unsigned *used);

/* The temporary view (sort=temporary, allocsample-record --temporary;
 * text_temporary.c): whether the text shows `g`'s temporary figures, its
 * "TEMPORARY" and "TEMPORARY INTERVAL" cells ("-" when the trace cannot
 * say), and a stack's lines on them under its first: its temporary bytes
 * and the median and 90th percentile of its bytes' lifetimes ('~' when
 * incomplete, added to `marks`). */
bool temporary_says(const struct asr_model *model, const struct asr_group *g);
/* The same for the temporary columns: in the temporary view, when the
 * total's temporary figures are known. */
bool temporary_columns(const struct asr_model *model);
void cell_temporary(GPtrArray *row, const struct asr_group *g);
void put_stack_temporary(FILE *out, const struct asr_group *g, size_t width, unsigned *marks);

/* The name a group's row shows, or "?": the thread's for thread rows, the
 * process's for the others; its pid, or "?". */
const char *procname_of(const struct asr_group *g);
void cell_pid(GPtrArray *row, const struct asr_group *g);

/* The windows (`window` parameter) and the "By scope" section; each adds
 * the marks it used to `marks`. */
void text_timeline(FILE *out, const struct asr_model *model, unsigned *marks);
void text_scopes(FILE *out, const struct asr_model *model, unsigned *marks);

/* The "By stack" section (text_stacks.c): each process's largest stacks,
 * frames from the leaf, lines cut to the terminal's width (as_line_width,
 * 100 columns in a file); adds its marks to `marks`. */
void text_stacks(FILE *out, const struct asr_model *model, unsigned *marks);

/* The "By function" section (text_functions.c): each process's functions
 * by their self bytes, with their total; adds its marks to `marks`. */
void text_functions(FILE *out, const struct asr_model *model, unsigned *marks);

/* Each process's size classes (format/text_sizes.c), with `sizes`; adds its
 * marks to `marks`. */
void text_sizes(FILE *out, const struct asr_model *model, unsigned *marks);

/* The peak of the heap (format/text_heap.c): the total's, and with
 * sort=peak each process's shown, on a line each. */
void text_heap(FILE *out, const struct asr_model *model);

#endif
