/* warnings.c - the warnings of a finished report, on the standard error like the library's own (see writer.h). */
#include <inttypes.h>
#include <stdarg.h>

#include "common/counts.h"
#include "format/writer.h"
#include "symbols/locate.h"

static void warn(const char *component, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

static void warn(const char *component, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: warning: ", component);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void warn_about_scopes(const char *component, const struct asr_scope_model *scopes)
{
	if (scopes->instances == 0)
		warn(component, "no `%s` event: no scope instance.  Is it enabled in the session (lttng enable-event)?",
		     scopes->begin);
	if (scopes->unmatched_begins)
		warn(component, "%" PRIu64 " `%s` %s while the same scope instance was open on the thread (nested, or its end was lost): counted in the open instance.",
		     scopes->unmatched_begins, scopes->begin,
		     as_plural(scopes->unmatched_begins, "event", "events"));
	if (scopes->unmatched_ends)
		warn(component, "%" PRIu64 " `%s` %s with no open scope instance on the thread%s: ignored.",
		     scopes->unmatched_ends, scopes->end, as_plural(scopes->unmatched_ends, "event", "events"),
		     scopes->key ? " with the same key" : "");
	if (scopes->open)
		warn(component, "%" PRIu64 " scope %s still open at the end of the trace: reported as open, left out of the distribution.",
		     scopes->open, as_plural(scopes->open, "instance", "instances"));
}

static void warn_about_losses(const char *component, const GArray *losses)
{
	guint i;

	for (i = 0; i < losses->len; i++) {
		const struct asr_loss *l = &g_array_index(losses, struct asr_loss, i);
		char events[32] = "", packets[32] = "";

		if (l->lost_events && !l->events_unknown)
			snprintf(events, sizeof events, "%" PRIu64, l->events);
		if (l->lost_packets && !l->packets_unknown)
			snprintf(packets, sizeof packets, "%" PRIu64, l->packets);
		warn(component, "trace `%s` (host %s), stream %" PRIu64 ": discarded events: %s, discarded packets: %s; the estimates of this trace's groups are marked incomplete (their true value is at least the lower bound).",
		     l->trace.name ? l->trace.name : "?", l->trace.host ? l->trace.host : "?", l->stream_id,
		     !l->lost_events ? "0" : *events ? events : "unknown",
		     !l->lost_packets ? "0" : *packets ? packets : "unknown");
	}
}

/* Why the frames of `l` have no name: what its file is, and what the search
 * for another of its build met (symbols/locate.h). */
static void warn_unnamed(const char *component, const struct asr_located *l)
{
	const char *shown = l->binary ? "the frames its dynamic symbols do not name are shown as BINARY+0xOFFSET"
				      : "its frames are shown as BINARY+0xOFFSET";
	char *file;

	switch (l->file) {
	case ASR_FILE_UNREADABLE:
		file = g_strdup_printf("cannot read binary `%s` (moved or removed since the trace was recorded?)",
				       l->path);
		break;
	case ASR_FILE_OTHER_BUILD:
		file = g_strdup_printf("binary `%s` changed since the trace was recorded (build id %s recorded, %s now)",
				       l->path, l->build_id, l->file_build_id ? l->file_build_id : "none");
		break;
	default:
		file = g_strdup_printf("binary `%s` has no symbol table (stripped)", l->path);
		break;
	}
	warn(component, "%s, and no file of its build with a symbol table was found (%s): %s.", file, l->search, shown);
	g_free(file);
}

/* Why frames have no name, each cause once (model/stack.h). */
static void warn_about_stacks(const char *component, const struct asr_stack_problems *problems)
{
	guint i;

	for (i = 0; i < problems->traces_without_maps->len; i++) {
		const struct asr_trace_id *t =
			&g_array_index(problems->traces_without_maps, struct asr_trace_id, i);

		warn(component, "trace `%s` (host %s) has stacks but no lttng-ust statedump or dlopen event: its frames cannot be named and are shown as [unknown] with their addresses.  Record them with: " ASR_MAPPING_EVENTS_HINT ".",
		     t->name ? t->name : "?", t->host ? t->host : "?");
	}
	for (i = 0; i < problems->changed->len; i++) {
		const struct asr_located *l = g_ptr_array_index(problems->changed, i);

		if (l->found)
			warn(component, "binary `%s` changed since the trace was recorded (build id %s recorded, %s now): not used; its frames are named from %s, of the recorded build.",
			     l->path, l->build_id, l->file_build_id ? l->file_build_id : "none", l->found);
	}
	for (i = 0; i < problems->unnamed->len; i++)
		warn_unnamed(component, g_ptr_array_index(problems->unnamed, i));
	if (problems->unknown_addresses && problems->traces_without_maps->len == 0)
		warn(component, "%" PRIu64 " of %" PRIu64 " return %s in no object the statedump or dlopen events name (code generated at run time, or objects mapped without dlopen): shown as [unknown].",
		     problems->unknown_addresses, problems->addresses,
		     as_plural(problems->unknown_addresses, "address is", "addresses are"));
}

void asr_warn(const char *component, const struct asr_model *model)
{
	const struct asr_summary *sum = &model->summary;

	if (asr_summary_empty(sum) && model->snapshot.late && model->snapshot.before)
		warn(component, "the snapshot's window holds no allocsample event: it begins where a ring buffer's oldest packet does, after the %" PRIu64 " allocsample %s the trace holds (that CPU's buffer holds only later packets, such as the empty ones each snapshot adds): nothing can be estimated from it.  An earlier snapshot may hold them; fewer snapshots (ALLOCSAMPLE_HIGH_WATER_INTERVAL) or a larger flight recorder keep more.",
		     model->snapshot.before, as_plural(model->snapshot.before, "event", "events"));
	else if (asr_summary_empty(sum))
		warn(component, "no allocsample:AllocationSampled events: nothing to estimate.  Either the traced programs allocated too little to draw a sample (one per ALLOCSAMPLE_RATE bytes on average, 102400 by default), or the session did not record them (lttng enable-event -u 'allocsample:*'), or no traced program allocated through liballocsample (not preloaded, or a static or setuid program).");
	if (model->cut)
		warn(component, "the trace ends early: %s.  What came before is reported, every group marked incomplete (its true value is at least the lower bound).",
		     model->cut);
	warn_about_losses(component, model->losses);
	if (sum->vtid_missing)
		warn(component, "no vtid context: estimates are per process.  For per-thread estimates, record it with:  " ASR_VTID_HINT);
	if (sum->vpid_missing)
		warn(component, "no vpid context: each trace counts as one process.  Record it with:  " ASR_VPID_HINT);
	if (sum->skipped)
		warn(component, "%" PRIu64 " %s with impossible values (offset >= size, size 0 or rate 0) left out.",
		     sum->skipped, as_plural(sum->skipped, "sample", "samples"));
	if (model->scopes)
		warn_about_scopes(component, model->scopes);
	if (model->stack_problems)
		warn_about_stacks(component, model->stack_problems);
}
