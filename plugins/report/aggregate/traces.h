/* traces.h - the traces a graph reads: host, name, what each lost. */
#ifndef ALLOCSAMPLE_REPORT_AGGREGATE_TRACES_H
#define ALLOCSAMPLE_REPORT_AGGREGATE_TRACES_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>
#include <glib.h>

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
	const char *host;       /* environment `hostname`, interned; NULL when absent */
	char *name;             /* NULL when the trace has none */
	unsigned id;            /* 1, 2, ... in order of appearance */
	bool vpid_missing;      /* some samples had no vpid context */
	bool vtid_missing;
	GArray *losses;         /* struct asr_stream_loss; empty: complete */
	GHashTable *process_names;  /* vpid (gint64 *) -> the executable's name, owned */
	GHashTable *attached_names; /* vpid (gint64 *) -> the name its Attached event
				     * gave (schema 5), owned: it outranks the
				     * statedump's, which names the thread that
				     * loaded lttng-ust */
	bool has_stacks;        /* some sample had a non-empty stack */
	/* The live heap (schema 3; aggregate/live.h): */
	bool free_tracking;     /* some sample had the free_tracked field */
	bool frees_known;       /* and the trace declares SampledFree */
	uint64_t untracked;     /* samples whose free the shim could not follow */
	uint64_t unmatched_frees; /* SampledFree with no live tracked sample */
	uint64_t lost_frees;    /* a tracked sample at a live sample's address */
	uint64_t unrecorded;    /* SamplesUnrecorded counts, added up */
	uint64_t attaches;      /* Attached events (schema 4) */
	uint64_t detaches;      /* Detached events */
	int64_t last_ns;        /* the latest tracked sample or free: the end
				 * that live samples' ages are taken at */
	uint64_t mapping_events; /* lttng-ust's statedump and dlopen events read */
	bool cut;               /* read only up to a cut (asr_traces_cut) */
};

/*
 * A report of traces some of whose streams begin late (a snapshot of
 * buffers that overwrite, read/first_packet.h): its figures are of the
 * window [start_ns, end_ns], from the latest of the late streams' first
 * packets, before which some streams are missing, to the last message.
 */
struct asr_snapshot_window {
	bool late;              /* some stream begins late */
	int64_t start_ns;       /* valid when late */
	uint64_t before;        /* allocsample samples, frees and checkpoint
				 * events left out as earlier than start_ns */
	int64_t end_ns;         /* valid when has_end */
	bool has_end;
};

struct asr_traces {
	struct asr_snapshot_window snapshot;
	GHashTable *by_trace;   /* const bt_trace * -> struct asr_trace * */
	GPtrArray *list;        /* struct asr_trace *, by id, owned */
	GHashTable *hosts;      /* interned host names */
	struct asr_trace *last;
	/* Why the traces were read only up to a cut (the statements given
	 * to asr_traces_cut, joined by "; "), or NULL: to their end.  Owned. */
	char *cut;
};

/* GLib aborts when out of memory, so none of these can fail. */
void asr_traces_init(struct asr_traces *traces);
void asr_traces_fini(struct asr_traces *traces);

/* The record of babeltrace2 trace `trace`, made at its first sight. */
struct asr_trace *asr_traces_find(struct asr_traces *traces, const bt_trace *trace);

/* The same, inline for the usual case of one trace after another: each
 * sample asks. */
static inline struct asr_trace *asr_traces_get(struct asr_traces *traces, const bt_trace *trace)
{
	if (traces->last && traces->last->trace == trace)
		return traces->last;
	return asr_traces_find(traces, trace);
}

/*
 * Where thread ids are unique: the host (user-space and kernel traces of
 * one host share them), or the trace itself when it names no host.  Two
 * traces are in one domain when this gives the same pointer.
 */
const void *asr_trace_domain(const struct asr_trace *trace);

/* Records a discarded-events (`packets` false) or discarded-packets message
 * of stream `stream` (`count` NULL: the message had no count). */
void asr_traces_add_loss(struct asr_traces *traces, const bt_stream *stream, bool packets,
			 const uint64_t *count);

/* Records that process `vpid` of trace `trace` is called `name`.  The
 * latest statedump wins: lttng-ust reads the name once, when the process
 * registers, so a later one comes from an exec and names the executable
 * that ran last (a session started later, or a regenerated statedump,
 * repeats the same name). */
void asr_traces_name_process(struct asr_traces *traces, const bt_trace *trace, int64_t vpid,
			     const char *name);

/* Records the name an Attached event gives process `vpid` (its main
 * thread's at the attach); the latest wins. */
void asr_traces_name_attached(struct asr_traces *traces, const bt_trace *trace, int64_t vpid,
			      const char *name);

/* The name recorded for process `vpid` of `trace`, an Attached event's
 * before the statedump's, or NULL. */
const char *asr_trace_process_name(const struct asr_trace *trace, int64_t vpid);

/*
 * Records that the traces are read only up to a cut, for `statement`
 * (copied, made one line without its full stop: the reports quote it):
 * the trace given was cut before the source read it (the parameter
 * `cut`), or the source failed inside the traces.  Every trace, read so
 * far or found later, is then incomplete, as neither cause says which of
 * the traces it cut.  A second statement follows the first.
 */
void asr_traces_cut(struct asr_traces *traces, const char *statement);

/* A stream whose first packet, at `begin_ns`, is not the first it wrote:
 * the window starts at it or later. */
void asr_traces_late_stream(struct asr_traces *traces, int64_t begin_ns);

/* Extends the window of a late-beginning report to a message's time. */
static inline void asr_traces_see(struct asr_traces *traces, int64_t ns)
{
	if (!traces->snapshot.has_end || ns > traces->snapshot.end_ns)
		traces->snapshot.end_ns = ns;
	traces->snapshot.has_end = true;
}

/* Whether the trace reported any loss, or was cut. */
bool asr_trace_incomplete(const struct asr_trace *trace);

#endif
