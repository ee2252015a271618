/*
 * at.h - the live bytes at an instant the user names (the `at` parameter):
 * the cells' live samples then, which take the place of those at the end
 * in every live figure of the report (doc/report-formats.md, "Live at an
 * instant"), estimated as the peak's are, at one instant chosen
 * independently of the samples.
 */
#ifndef ALLOCSAMPLE_REPORT_MODEL_AT_H
#define ALLOCSAMPLE_REPORT_MODEL_AT_H

#include <babeltrace2/babeltrace.h>
#include <glib.h>

#include "params.h"

struct asr_aggregate;

/*
 * The live samples of every cell of `agg` at the instant of `params->at_ns`
 * (const struct asr_cell * -> const struct asr_rates *, borrowed from the
 * aggregate; a cell absent held none), or NULL with a cause appended to
 * `self` when the trace cannot say: it tracked no free, or the instant is
 * past its last sample or free.  *t_ns is set to the instant on the
 * samples' clock.
 */
GHashTable *asr_at_cells(const struct asr_aggregate *agg, const struct asr_params *params,
			 int64_t *t_ns, bt_self_component *self);

#endif
