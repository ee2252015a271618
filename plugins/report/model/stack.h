/*
 * stack.h - call stacks as the model gives them to the formats: each
 * recorded return address mapped to its binary and resolved to function,
 * file and line (inlined calls expanded), and the call tree of all stacks
 * with an estimate for every node.
 *
 * Stacks, frames and mappings are interned: equal contents, one pointer,
 * owned by the report for its whole life.  Formats compare pointers.
 */
#ifndef ALLOCSAMPLE_REPORT_MODEL_STACK_H
#define ALLOCSAMPLE_REPORT_MODEL_STACK_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "estimate/estimate.h"

/* One object mapped into a traced process, from lttng-ust's statedump
 * (lttng_ust_statedump:bin_info, build_id, debug_link) or its dlopen
 * events (lttng_ust_dl:*). */
struct asr_mapping {
	const char *path;        /* as recorded */
	const char *build_id;    /* lowercase hex; NULL: none recorded */
	uint64_t start;          /* runtime addresses [start, end) */
	uint64_t end;
};

/* One frame.  A return address inside inlined code gives several frames
 * with the same `address`: the innermost inlined function first, each
 * `inlined` into the frame after it, the last the function that holds the
 * code out of line. */
struct asr_frame {
	const char *label;       /* its name for people, in every format: the
				  * function, else "BINARY+0xOFFSET" (the binary's
				  * file name), else "[unknown]" */
	const char *function;    /* demangled, without parameters; NULL: unknown */
	const char *file;        /* NULL: unknown */
	uint64_t line;           /* 0: unknown */
	const struct asr_mapping *mapping;  /* NULL: the address is in no known object */
	uint64_t address;        /* the return address as recorded */
	uint64_t offset;         /* address - mapping->start (0 without a mapping) */
	bool inlined;
};

struct asr_stack {
	guint n;                 /* frames, innermost first; 0: recorded empty */
	const struct asr_frame **frames;
	bool truncated;          /* the walk stopped at the depth limit */
};

/* A trace as the report names it. */
struct asr_trace_id {
	const char *name;        /* NULL: the trace has none */
	const char *host;        /* environment `hostname`; NULL: none */
};

/* Which file names a binary's frames (symbols/locate.h). */
struct asr_located;

/* How the events that name frames are recorded (read/mapping_event.h reads
 * them): the hint of every warning about them. */
#define ASR_MAPPING_EVENTS_HINT \
	"lttng enable-event -u 'lttng_ust_statedump:*,lttng_ust_dl:*' and LD_PRELOAD=liblttng-ust-dl.so"

/* Why some frames have no name, and which were named from another file
 * than the recorded one (doc/report-formats.md, "Stacks").  A binary is
 * its path and recorded build id, listed once in each list that says
 * something of it, the lists in the order of path and build id. */
struct asr_stack_problems {
	GArray *traces_without_maps;     /* struct asr_trace_id: stacks, but no
					  * statedump or dlopen event */
	GPtrArray *changed;              /* const struct asr_located *: the
					  * file at the recorded path is of
					  * another build, never used */
	GPtrArray *unreadable;           /* const struct asr_located *: the
					  * file at the recorded path cannot be
					  * read */
	GPtrArray *by_build_id;          /* const struct asr_located *: named
					  * from a file found by build id */
	GPtrArray *unnamed;              /* const struct asr_located *: some
					  * frames left BINARY+0xOFFSET for want
					  * of a file of its build with a symbol
					  * table (its `search` says why) */
	uint64_t addresses;              /* distinct (object, address) resolved */
	uint64_t unknown_addresses;      /* of which in no known object */
};

/* A set of interned stacks: a stack (g_malloc'd, its frames too) is its
 * own key, owned by the table; its frames are compared by pointer. */
GHashTable *asr_stack_table_new(void);

/* A node of the call tree: all stacks through one path of frames,
 * outermost first, under a root per process.  Its estimates are those of
 * the union of those stacks' samples (never a sum of intervals): the bytes
 * allocated, those still live at the end and those live at the process's
 * peak, and those of its blocks freed within `temporary`, as a group's
 * (struct asr_group). */
struct asr_call_node {
	const struct asr_frame *frame;      /* NULL for the root of a process */
	const char *label;                  /* frame->label, or the process's
					     * name for a root */
	struct as_estimate est;
	bool live_known;                    /* some stack through it is of a
					     * trace that tracked frees */
	struct as_estimate live;            /* valid when live_known */
	bool peak_known;                    /* its process's peak is known */
	struct as_estimate peak_live;       /* at the peak's confidence; valid
					     * when peak_known */
	uint64_t threads;
	bool temporary_known;               /* the stacks' traces tracked frees */
	struct as_estimate temporary;       /* the bytes of its stacks' blocks
					     * freed within `temporary`
					     * (model/temporary.c) */
	GPtrArray *children;                /* struct asr_call_node *, largest
					     * estimate first */
	bool lines_differ;                  /* it merges frames of one function
					     * at several files or lines: `frame`
					     * is the first of them */
};

#endif
