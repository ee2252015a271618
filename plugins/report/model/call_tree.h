/* call_tree.h - every stack of a report as one tree per process, each node estimated from the union of its stacks' samples. */
#ifndef ALLOCSAMPLE_REPORT_MODEL_CALL_TREE_H
#define ALLOCSAMPLE_REPORT_MODEL_CALL_TREE_H

#include <glib.h>

#include "estimate/estimate.h"
#include "model/stack.h"
#include "model/summary.h"

/*
 * The call tree of `summary`'s stacks (its `thread_stacks`): a root per
 * process group, in their order, named after the process; under it a node
 * per path of functions from the outermost: the frames of one level merged
 * when they have the same label and binary, whatever their lines (a flame
 * graph's boxes; the node says when its lines differ).  Each node holds the samples of
 * every stack through it: their per-rate sums merged (allocated, live at
 * the end, live at the process's peak), T the distinct threads among them,
 * estimated like any group (asr_group_estimate, doc/estimation.md), and its
 * temporary bytes when the report's frees are known; its children by
 * decreasing allocated estimate.  A truncated stack hangs from its
 * outermost recorded frame.  Returns a GPtrArray of struct asr_call_node *
 * to free with asr_call_tree_free(), or NULL if the estimator refused the
 * options.
 */
GPtrArray *asr_call_tree_build(const struct asr_summary *summary,
			       const struct as_estimate_options *options);

void asr_call_tree_free(GPtrArray *roots);

#endif
