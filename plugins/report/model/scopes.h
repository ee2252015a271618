/* scopes.h - scope instances' estimates and their distribution, for the model. */
#ifndef ALLOCSAMPLE_REPORT_MODEL_SCOPES_H
#define ALLOCSAMPLE_REPORT_MODEL_SCOPES_H

#include "aggregate/scopes.h"
#include "estimate/estimate.h"
#include "model/model.h"
#include "params.h"

/* Fills `out` from the instances of `scopes`: counts, the mean bytes per
 * closed instance with its interval, percentiles, and the rows to print
 * (at most `limit`, 0: all) with their estimates.  Returns 0, or -1 if the
 * estimator refused the options (`out` then still needs
 * asr_scope_model_fini). */
int asr_scope_model_build(struct asr_scope_model *out, const struct asr_scopes *scopes,
			  const struct asr_params *params, guint limit,
			  const struct as_estimate_options *options);

void asr_scope_model_fini(struct asr_scope_model *model);

#endif
