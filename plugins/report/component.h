/*
 * component.h - sink.allocsample.report's four methods.
 *
 * The sink works in stages, one sub-folder each, and data flows down this
 * list, never back up (doc/design.md section 4):
 *
 *   read/       event messages -> samples, call sites and scope events,
 *               each event class checked once; fields.h holds the field
 *               access every reader shares.
 *   aggregate/  what accumulates while messages flow, in memory that grows
 *               with groups, never with events: traces and their losses,
 *               cells (thread x type x site) of per-rate sums, time
 *               windows, scope instances.
 *   model/      one step, after the last message and at each live update:
 *               the aggregated tables become a finished, read-only report
 *               (model.h): every group with its estimate and interval,
 *               window rows, scope instances and their distribution, and
 *               every string a writer prints.  The only stage that calls
 *               the estimators (estimate/).
 *   format/     text, CSV, JSON, HTML (its page in page.html and page.js),
 *               folded stacks and pprof, live-update framing and warnings:
 *               each walks the model and writes; none estimates, none
 *               includes or calls anything of read/ or aggregate/
 *               (tests/report/stages.sh).  A new format is one file and
 *               one line in writers.c.
 *
 * Below the stages: symbols/ (what a binary's DWARF says of an address,
 * with libdw: the model names frames with it), rates.h (a group's per-rate
 * sums) and params.h.
 *
 * component.c holds the four methods of a babeltrace2 sink, passes
 * messages from one stage to the next and keeps what outlives every model
 * (the aggregate, the symbols cache); worker.c adds the samples and frees
 * to the aggregate on a thread of its own; params.c validates the parameters
 * from one table, for initialization and for the params-check query
 * (query.c) alike.
 */
#ifndef ALLOCSAMPLE_REPORT_COMPONENT_H
#define ALLOCSAMPLE_REPORT_COMPONENT_H

#include <babeltrace2/babeltrace.h>

bt_component_class_initialize_method_status asr_component_init(bt_self_component_sink *self_sink,
	bt_self_component_sink_configuration *config, const bt_value *params, void *init_data);

bt_component_class_sink_graph_is_configured_method_status asr_component_graph_is_configured(
	bt_self_component_sink *self_sink);

bt_component_class_sink_consume_method_status asr_component_consume(bt_self_component_sink *self_sink);

void asr_component_finalize(bt_self_component_sink *self_sink);

#endif
