/*
 * maps.h - what each traced process mapped, and when: the objects of its
 * statedump and dlopen events, with the count of unmappings (dlclose) the
 * process had seen when each was mapped and unmapped.
 *
 * That count is a sample's epoch: its raw stack is interned with it
 * (aggregate/stacks.h), and the model resolves each address against the
 * objects alive at that epoch.  An object mapped after a sample but at the
 * same epoch (the statedump comes after the first samples) was mapped when
 * the sample was taken: nothing was unmapped in between.
 */
#ifndef ALLOCSAMPLE_REPORT_AGGREGATE_MAPS_H
#define ALLOCSAMPLE_REPORT_AGGREGATE_MAPS_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "aggregate/traces.h"
#include "read/mapping_event.h"

/* One object mapped into a process. */
struct asr_mapped_object {
	char *path;              /* as recorded */
	char *build_id;          /* lowercase hex; NULL: none recorded */
	char *debug_link;        /* NULL: none recorded */
	uint64_t start;          /* [start, end): baddr, baddr + memsz */
	uint64_t end;
	uint64_t born;           /* the process's epoch when it was mapped */
	uint64_t died;           /* the epoch from which it is unmapped;
				  * UINT64_MAX while mapped */
};

/* One process (one vpid of one trace, or a trace without vpid). */
struct asr_process_maps {
	struct asr_trace *trace;
	int64_t vpid;            /* valid when has_vpid */
	bool has_vpid;
	uint64_t epoch;          /* unmappings so far */
	GPtrArray *objects;      /* struct asr_mapped_object *, in order of mapping */
	uint64_t changes;        /* mappings and unmappings so far: a model's
				  * resolution is stale once this moved */
};

struct asr_maps {
	GHashTable *processes;   /* struct asr_process_maps * (key and value), owned */
	struct asr_process_maps *last;
};

/* GLib aborts when out of memory, so none of these can fail. */
void asr_maps_init(struct asr_maps *maps);
void asr_maps_fini(struct asr_maps *maps);

/* The record of process `vpid` (`has_vpid` false: the trace's only one) of
 * `trace`, made at its first sight.  Inline for the usual case of one
 * process after another: each sample with a stack asks. */
struct asr_process_maps *asr_maps_find(struct asr_maps *maps, struct asr_trace *trace,
				       bool has_vpid, int64_t vpid);

static inline struct asr_process_maps *asr_maps_process(struct asr_maps *maps,
							struct asr_trace *trace, bool has_vpid,
							int64_t vpid)
{
	struct asr_process_maps *p = maps->last;

	if (p && p->trace == trace && p->has_vpid == has_vpid && p->vpid == vpid)
		return p;
	return asr_maps_find(maps, trace, has_vpid, vpid);
}

/*
 * Records `event` in its process: a load maps an object (unless the same
 * object is mapped there already: lttng_ust_dl:dlopen and
 * lttng_ust_lib:load say it twice, a statedump again at every session), a
 * build id or debug link names the latest object mapped at its address, a
 * close unmaps the object mapped there and moves the epoch on (nothing else
 * when none is).
 */
void asr_maps_add(struct asr_maps *maps, struct asr_trace *trace,
		  const struct asr_mapping_event *event);

/*
 * The object of `process` holding `address` at `epoch`: the one mapped
 * then, else, the one mapped there the fewest epochs away (a dlclose that
 * left the object mapped, as when it was opened twice, or destructors that
 * ran after lttng_ust_dl:dlclose), else NULL.
 */
const struct asr_mapped_object *asr_maps_lookup(const struct asr_process_maps *process,
						uint64_t epoch, uint64_t address);

#endif
