/* table.h - the grouping table: samples per trace, process, thread, type and site. */
#ifndef ALLOCSAMPLE_REPORT_TABLE_H
#define ALLOCSAMPLE_REPORT_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>
#include <glib.h>

#include "rates.h"
#include "sample.h"
#include "site.h"

/* What the trace said it lost in one of its streams (one ring buffer). */
struct asr_stream_loss {
	uint64_t stream_id;
	uint64_t events;        /* the counts the trace gave */
	uint64_t packets;
	bool events_unknown;    /* a discarded-events message had no count */
	bool packets_unknown;
	bool lost_events;       /* saw a discarded-events message */
	bool lost_packets;
};

struct asr_trace {
	const bt_trace *trace;  /* reference held, so that the pointer stays unique */
	char *host;             /* environment `hostname`; NULL when absent */
	char *name;             /* NULL when the trace has none */
	unsigned id;            /* 1, 2, ... in order of appearance */
	bool vpid_missing;      /* some samples had no vpid context */
	bool vtid_missing;
	GArray *losses;         /* struct asr_stream_loss; empty: complete */
};

/* The finest group: one thread's samples of one type from one call site in
 * one trace.  The report's groups are unions of cells. */
struct asr_cell {
	struct asr_trace *trace;
	char *procname;         /* NULL: not recorded */
	char *type;
	const struct asr_site *site;  /* NULL unless grouping by site */
	int64_t vpid;           /* valid when has_vpid */
	int64_t vtid;           /* valid when has_vtid */
	bool has_vpid;
	bool has_vtid;
	bool has_time;
	int64_t first_ns;
	int64_t last_ns;
	struct asr_rates rates;
};

struct asr_table {
	GHashTable *traces;     /* const bt_trace * -> struct asr_trace * */
	GPtrArray *trace_list;  /* struct asr_trace *, by id */
	GHashTable *cells;      /* struct asr_cell * (key and value) */
	struct asr_site_resolver sites;  /* owns the cells' sites */
	struct asr_trace *last_trace;
	struct asr_cell *last_cell;
	uint64_t samples;       /* samples in cells */
	uint64_t skipped;       /* impossible samples, not in cells */
};

/* GLib aborts when out of memory, so none of these can fail. */
void asr_table_init(struct asr_table *table);
void asr_table_fini(struct asr_table *table);

/* Adds a sample to its cell and returns the cell.  Returns NULL when the
 * sample is impossible (offset >= size, size 0, rate 0): it is counted in
 * `skipped` only. */
const struct asr_cell *asr_table_add(struct asr_table *table, const struct asr_sample *sample);

/* Records a discarded-events (`packets` false) or discarded-packets message
 * of stream `stream` (`count` NULL: the message had no count). */
void asr_table_add_loss(struct asr_table *table, const bt_stream *stream, bool packets,
			const uint64_t *count);

/* Whether the trace reported any loss. */
bool asr_trace_incomplete(const struct asr_trace *trace);

#endif
