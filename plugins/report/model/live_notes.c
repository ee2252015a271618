/* live_notes.c - the sentences on the live figures (see live_notes.h). */
#include <inttypes.h>

#include "common/counts.h"
#include "model/live_notes.h"

const char *asr_live_unknown_reason(const struct asr_summary *summary)
{
	const struct asr_live_notes *n = &summary->live_notes;

	if (asr_summary_empty(summary))
		return NULL;
	if (n->traces_old > 0)
		return summary->live_known ?
			"Some traces come from an allocsample before free tracking (event schema 1 or 2): their groups have no live figures.  Record them again with this version's allocsample." :
			"Live bytes unknown, and with them the heap over time and its peak: the trace comes from an allocsample before free tracking (event schema 1 or 2).  Record it again with this version's allocsample.";
	if (n->traces_no_free > 0)
		return summary->live_known ?
			"Some traces did not record allocsample:SampledFree: their groups have no live figures.  Record with:  " ASR_FREE_EVENTS_HINT :
			"Live bytes unknown, and with them the heap over time and its peak: the session did not record allocsample:SampledFree.  Record it with:  " ASR_FREE_EVENTS_HINT;
	if (!summary->live_known && n->tracking)
		return "Live bytes unknown, and with them the heap over time and its peak: no sample was tracked to its free (the typed API with the program's own allocator, ALLOCSAMPLE_TRACK_FREES=0, a full set of tracked blocks, or an allocsample that does not track frees yet).";
	return NULL;
}

/* What an attach (allocsample-record -p) leaves out of every figure, and
 * of the live ones. */
static char *attach_note(const struct asr_live_notes *n, bool live)
{
	GString *note = g_string_new(NULL);

	if (n->attaches == 1)
		g_string_append(note, "The process was attached to while it ran (allocsample:Attached, allocsample-record -p): every figure is of the span it was attached for.");
	else
		g_string_append_printf(note, "Processes were attached to while they ran (%" PRIu64 " allocsample:Attached, allocsample-record -p): every figure is of the spans they were attached for.",
				       n->attaches);
	if (live)
		g_string_append(note, "  The blocks allocated before an attach are unknown to the live figures, and their frees ignored.");
	if (live && n->detaches > 0)
		g_string_append(note, "  A block still live at a detach counts as live at the end: its free went unseen.");
	return g_string_free(note, FALSE);
}

GPtrArray *asr_live_caveats(const struct asr_summary *summary)
{
	const struct asr_live_notes *n = &summary->live_notes;
	GPtrArray *out = g_ptr_array_new_with_free_func(g_free);

	if (n->attaches > 0)
		g_ptr_array_add(out, attach_note(n, summary->live_known));
	if (!summary->live_known)
		return out;
	if (n->unrecorded > 0)
		g_ptr_array_add(out, g_strdup_printf(
			"%" PRIu64 " %s drawn before the trace recorded %s (allocsample:SamplesUnrecorded: before the process registered with the session daemon, or before the session started): the blocks allocated then are unknown to the live figures.",
			n->unrecorded, as_plural(n->unrecorded, "sample was", "samples were"),
			as_plural(n->unrecorded, "it", "them")));
	if (n->unmatched_frees > 0)
		g_ptr_array_add(out, g_strdup_printf(
			"%" PRIu64 " %s of sampled blocks not in the trace (allocated before %s, or in a parent before fork) ignored.",
			n->unmatched_frees, as_plural(n->unmatched_frees, "free", "frees"),
			n->snapshot ? "the snapshot's window and freed before its checkpoint" : "the session"));
	if (n->untracked > 0)
		g_ptr_array_add(out, g_strdup_printf(
			"%" PRIu64 " %s not tracked to %s (allocsample_record, a custom allocator, a full set, or ALLOCSAMPLE_TRACK_FREES=0): left out of the live figures, which are marked incomplete.",
			n->untracked, as_plural(n->untracked, "sample", "samples"),
			as_plural(n->untracked, "its free", "their free")));
	if (n->lost_frees > 0)
		g_ptr_array_add(out, g_strdup_printf(
			"%" PRIu64 " sampled %s allocated again while still live: the %s lost, the earlier %s taken as freed; the live figures are marked incomplete.",
			n->lost_frees, as_plural(n->lost_frees, "address", "addresses"),
			as_plural(n->lost_frees, "free was", "frees were"),
			as_plural(n->lost_frees, "block", "blocks")));
	if (n->no_checkpoint > 0)
		g_ptr_array_add(out, g_strdup_printf(
			"%" PRIu64 " %s no complete checkpoint in the window: the blocks %s allocated before it are unknown, so %s live figures are marked incomplete.",
			n->no_checkpoint, as_plural(n->no_checkpoint, "process had", "processes had"),
			as_plural(n->no_checkpoint, "it", "they"),
			as_plural(n->no_checkpoint, "its", "their")));
	if (summary->incomplete)
		g_ptr_array_add(out, g_strdup(
			"The trace lost events or was cut short: a lost free makes its block look live, so the live figures are marked incomplete."));
	return out;
}
