/* live_notes.h - what a report says once about its live figures: why they are unknown, what they leave out. */
#ifndef ALLOCSAMPLE_REPORT_MODEL_LIVE_NOTES_H
#define ALLOCSAMPLE_REPORT_MODEL_LIVE_NOTES_H

#include <glib.h>

#include "model/summary.h"

/* The line that records the events of the live figures. */
#define ASR_FREE_EVENTS_HINT "lttng enable-event -u allocsample:SampledFree,allocsample:SamplesUnrecorded"

/* Why the report has no live figure (NULL: it has them), one sentence
 * naming what fixes it: a newer allocsample, or the event to enable. */
const char *asr_live_unknown_reason(const struct asr_summary *summary);

/* The sentences on what the figures leave out or may overstate (an
 * attach's span, and for the live figures: frees of blocks not in the
 * trace, a session that missed the start, samples not tracked, lost frees,
 * processes of a snapshot with no complete checkpoint, lost events), g_free'd strings in a GPtrArray that frees them; empty
 * when there is nothing to say.  Without live figures, only the attach's
 * span is said. */
GPtrArray *asr_live_caveats(const struct asr_summary *summary);

#endif
