/* component.c - sink.allocsample.report: initialize, graph-is-configured, consume, finalize. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "component.h"
#include "params.h"
#include "sample.h"
#include "scope.h"
#include "summary.h"
#include "table.h"
#include "window.h"
#include "writer.h"

struct asr_component {
	bt_self_component *self;
	bt_logging_level log_level;
	bt_message_iterator *iterator;
	struct asr_params params;
	FILE *out;
	struct asr_sample_reader reader;
	struct asr_table table;
	struct asr_windows windows;  /* used with the `window` parameter */
	struct asr_scopes scopes;    /* used with `scope-begin` and `scope-end` */
	bool reported;  /* the report is written (or failed to be) */
	bool failed;    /* an error stopped the graph: no report */
	uint64_t next_update_ns;  /* CLOCK_MONOTONIC; 0: the clock is not started */
	unsigned updates;         /* updates written */
};

static const char in_port_name[] = "in";

static void destroy(struct asr_component *comp)
{
	if (!comp)
		return;
	BT_MESSAGE_ITERATOR_PUT_REF_AND_RESET(comp->iterator);
	if (comp->out && comp->out != stdout)
		fclose(comp->out);
	asr_sample_reader_fini(&comp->reader);
	asr_table_fini(&comp->table);
	asr_windows_fini(&comp->windows);
	asr_scopes_fini(&comp->scopes);
	asr_params_fini(&comp->params);
	free(comp);
}

bt_component_class_initialize_method_status asr_component_init(bt_self_component_sink *self_sink,
	bt_self_component_sink_configuration *config, const bt_value *params, void *init_data)
{
	bt_self_component *self = bt_self_component_sink_as_self_component(self_sink);
	bt_component_class_initialize_method_status status;
	bt_self_component_add_port_status port_status;
	struct asr_component *comp = calloc(1, sizeof *comp);

	(void) config;
	(void) init_data;
	if (!comp) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self, "Out of memory.");
		status = BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_MEMORY_ERROR;
		goto error;
	}
	comp->self = self;
	comp->log_level = bt_component_get_logging_level(bt_self_component_as_component(self));
	asr_sample_reader_init(&comp->reader);
	asr_table_init(&comp->table);

	if (asr_params_parse(self, params, &comp->params)) {
		status = BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_ERROR;
		goto error;
	}
	/* A page is written once: it has no place for updates. */
	if (comp->params.update_interval_ns && comp->params.format == ASR_FORMAT_HTML) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
			"Parameter `update-interval` does not go with format `html`: use `text`, `csv` or `json` for updates.");
		status = BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_ERROR;
		goto error;
	}
	asr_windows_init(&comp->windows, comp->params.window_ns);
	asr_scopes_init(&comp->scopes, &comp->params);
	/* Opened now so that a bad path is an initialization error, before
	 * the graph reads a whole trace. */
	comp->out = stdout;
	if (comp->params.path) {
		comp->out = fopen(comp->params.path, "w");
		if (!comp->out) {
			BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
				"Parameter `path`: cannot open `%s` for writing: %s.",
				comp->params.path, strerror(errno));
			status = BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_ERROR;
			goto error;
		}
	}
	port_status = bt_self_component_sink_add_input_port(self_sink, in_port_name, NULL, NULL);
	if (port_status != BT_SELF_COMPONENT_ADD_PORT_STATUS_OK) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self, "Cannot add the input port.");
		status = (int) port_status;
		goto error;
	}
	bt_self_component_set_data(self, comp);
	status = BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_OK;
	goto end;

error:
	destroy(comp);
end:
	return status;
}

bt_component_class_sink_graph_is_configured_method_status asr_component_graph_is_configured(
	bt_self_component_sink *self_sink)
{
	struct asr_component *comp =
		bt_self_component_get_data(bt_self_component_sink_as_self_component(self_sink));
	bt_message_iterator_create_from_sink_component_status create_status;
	bt_component_class_sink_graph_is_configured_method_status status;

	create_status = bt_message_iterator_create_from_sink_component(self_sink,
		bt_self_component_sink_borrow_input_port_by_name(self_sink, in_port_name),
		&comp->iterator);
	if (create_status != BT_MESSAGE_ITERATOR_CREATE_FROM_SINK_COMPONENT_STATUS_OK) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(comp->self,
			"Cannot create the input message iterator.");
		status = (int) create_status;
		goto end;
	}
	status = BT_COMPONENT_CLASS_SINK_GRAPH_IS_CONFIGURED_METHOD_STATUS_OK;
end:
	return status;
}

/* Warnings go to the standard error, like the library's own, unless the
 * component's log level hides them (`-l ERROR`). */
static void warn(const struct asr_component *comp, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

static void warn(const struct asr_component *comp, const char *fmt, ...)
{
	va_list ap;

	if (comp->log_level > BT_LOGGING_LEVEL_WARNING)
		return;
	fprintf(stderr, "%s: warning: ",
		bt_component_get_name(bt_self_component_as_component(comp->self)));
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void warn_about_scopes(const struct asr_component *comp, const struct asr_scopes *scopes)
{
	if (scopes->instances->len == 0)
		warn(comp, "no `%s` event: no scope instance.  Is it enabled in the session (lttng enable-event)?",
		     scopes->begin);
	if (scopes->unmatched_begins)
		warn(comp, "%" PRIu64 " `%s` event%s while the same scope instance was open on the thread (nested, or its end was lost): counted in the open instance.",
		     scopes->unmatched_begins, scopes->begin, scopes->unmatched_begins == 1 ? "" : "s");
	if (scopes->unmatched_ends)
		warn(comp, "%" PRIu64 " `%s` event%s with no open scope instance on the thread%s: ignored.",
		     scopes->unmatched_ends, scopes->end, scopes->unmatched_ends == 1 ? "" : "s",
		     scopes->key ? " with the same key" : "");
	if (scopes->open)
		warn(comp, "%" PRIu64 " scope instance%s still open at the end of the trace: reported as open, left out of the distribution.",
		     scopes->open, scopes->open == 1 ? "" : "s");
}

static void warn_about(const struct asr_component *comp, const struct asr_summary *sum)
{
	const struct asr_table *table = &comp->table;
	guint i, j;

	if (sum->samples == 0)
		warn(comp, "no allocsample:AllocationSampled events: nothing to estimate.  Record them with:  lttng enable-event -u 'allocsample:*'");
	for (i = 0; i < table->trace_list->len; i++) {
		const struct asr_trace *t = g_ptr_array_index(table->trace_list, i);

		for (j = 0; j < t->losses->len; j++) {
			const struct asr_stream_loss *l =
				&g_array_index(t->losses, struct asr_stream_loss, j);
			char events[32] = "", packets[32] = "";

			if (l->lost_events && !l->events_unknown)
				snprintf(events, sizeof events, "%" PRIu64, l->events);
			if (l->lost_packets && !l->packets_unknown)
				snprintf(packets, sizeof packets, "%" PRIu64, l->packets);
			warn(comp, "trace `%s` (host %s), stream %" PRIu64 ": discarded events: %s, discarded packets: %s; the estimates of this trace's groups are marked incomplete (their true value is at least the lower bound).",
			     t->name ? t->name : "?", t->host ? t->host : "?", l->stream_id,
			     !l->lost_events ? "0" : *events ? events : "unknown",
			     !l->lost_packets ? "0" : *packets ? packets : "unknown");
		}
	}
	if (sum->vtid_missing)
		warn(comp, "no vtid context: estimates are per process.  For per-thread estimates, record it with:  " ASR_VTID_HINT);
	if (sum->vpid_missing)
		warn(comp, "no vpid context: each trace counts as one process.  Record it with:  " ASR_VPID_HINT);
	if (sum->skipped)
		warn(comp, "%" PRIu64 " sample%s with impossible values (offset >= size, size 0 or rate 0) left out.",
		     sum->skipped, sum->skipped == 1 ? "" : "s");
	if (comp->params.scope_begin)
		warn_about_scopes(comp, &comp->scopes);
}

/*
 * Writes the report when the component makes updates (update-interval):
 * text gets a header line with the time, JSON one document per line (JSON
 * Lines), CSV an empty line before every document but the first.  Returns
 * the writer's status.
 */
static int write_updating(struct asr_component *comp, const struct asr_report_view *view,
			  int (*writer)(FILE *, const struct asr_report_view *), bool update)
{
	char when[32], *doc = NULL;
	size_t size = 0, i;
	time_t now = time(NULL);
	FILE *mem;
	int status;

	switch (comp->params.format) {
	case ASR_FORMAT_JSON:
		/* The writer's line breaks are all outside strings, which it
		 * escapes: without them the document is one line. */
		mem = open_memstream(&doc, &size);
		if (!mem)
			return -1;
		status = writer(mem, view);
		if (fclose(mem) != 0)
			status = -1;
		for (i = 0; status == 0 && i < size; i++) {
			if (doc[i] != '\n')
				fputc(doc[i], comp->out);
		}
		free(doc);
		if (status == 0)
			fputc('\n', comp->out);
		break;
	case ASR_FORMAT_CSV:
		if (comp->updates > 0)
			fputc('\n', comp->out);
		status = writer(comp->out, view);
		break;
	default:
		strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", localtime(&now));
		if (update)
			fprintf(comp->out, "%s=== allocsample update %u, %s: the report so far ===\n",
				comp->updates > 0 ? "\n" : "", comp->updates + 1, when);
		else
			fprintf(comp->out, "%s=== allocsample final report, %s ===\n",
				comp->updates > 0 ? "\n" : "", when);
		status = writer(comp->out, view);
		break;
	}
	if (fflush(comp->out) != 0 || ferror(comp->out))
		status = -1;
	return status;
}

/* Estimates and writes the report, or an update of it: no warnings (the
 * final report gives them), and in text only processes, threads and the
 * total.  Returns 0, or -1 with a cause appended. */
static int report(struct asr_component *comp, bool update)
{
	static int (*const writers[])(FILE *, const struct asr_report_view *) = {
		[ASR_FORMAT_TEXT] = asr_write_text,
		[ASR_FORMAT_CSV] = asr_write_csv,
		[ASR_FORMAT_JSON] = asr_write_json,
		[ASR_FORMAT_HTML] = asr_write_html,
	};
	struct asr_params params = comp->params;
	struct asr_summary summary;
	struct asr_report_view view = { &summary, &comp->table, &params,
					params.window_ns ? &comp->windows : NULL,
					params.scope_begin ? &comp->scopes : NULL };
	int status = -1;

	if (update && params.format == ASR_FORMAT_TEXT)
		params.group_by = ASR_GROUP_BY_THREAD;
	comp->reported = !update;
	/* Refused only now, so that the suggestion covers the whole trace. */
	if (params.window_ns && comp->windows.too_many) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(comp->self,
			"Parameter `window`: windows of %" PRId64 " ns cannot cover the trace's %" PRId64 " ns in at most %d windows: give a window of at least %" PRId64 " ns.",
			params.window_ns, comp->windows.last - comp->windows.first, ASR_MAX_WINDOWS,
			asr_windows_length_needed(&comp->windows));
		return -1;
	}
	if (asr_summary_build(&summary, &comp->table, &params)) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(comp->self,
			"The estimator refused confidence %g.", comp->params.confidence);
		goto end;
	}
	if (!update)
		warn_about(comp, &summary);
	if (comp->params.update_interval_ns ?
		    write_updating(comp, &view, writers[comp->params.format], update) :
		    writers[comp->params.format](comp->out, &view)) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(comp->self,
			"Cannot write the report to %s: %s.",
			comp->params.path ? comp->params.path : "the standard output", strerror(errno));
		goto end;
	}
	comp->updates += update;
	status = 0;
end:
	asr_summary_fini(&summary);
	return status;
}

/* Whether an update is due: update-interval has passed since the last one,
 * or since the first call. */
static bool update_due(struct asr_component *comp)
{
	struct timespec ts;
	uint64_t now;

	if (comp->params.update_interval_ns == 0)
		return false;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	now = (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
	if (comp->next_update_ns == 0) {
		comp->next_update_ns = now + comp->params.update_interval_ns;
		return false;
	}
	if (now < comp->next_update_ns)
		return false;
	comp->next_update_ns = now + comp->params.update_interval_ns;
	return true;
}

/*
 * Names the sample's call site for group-by=site.  Returns false with a
 * cause appended when the trace cannot say it: without the debug_info
 * context, or with debug-info's short binary names, which cannot be opened.
 */
static bool find_site(struct asr_component *comp, struct asr_sample *sample)
{
	if (!sample->bin) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(comp->self,
			"Parameter `group-by` has `site`, but event `%s` has no `debug_info` context field: place filter.lttng-utils.debug-info (with full-path=yes) before this sink, e.g. `babeltrace2 TRACE --debug-info --debug-info-full-path -c sink.allocsample.report ...`, and record the call sites with `lttng add-context -u -t vpid -t ip` and the events `lttng_ust_statedump:*`, `lttng_ust_dl:*` and `lttng_ust_lib:*` (allocsample-record --sites does all of this).",
			ASR_EVENT_NAME);
		return false;
	}
	/* debug-info gives "" for an address in no known object, and a path
	 * only with full-path=yes. */
	if (sample->bin[0] != '\0' && sample->bin[0] != '/') {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(comp->self,
			"Parameter `group-by` has `site`, but filter.lttng-utils.debug-info gives binary `%s` without its directory: give that filter full-path=yes (`--debug-info-full-path` with babeltrace2 convert), so that the binary can be read for file and line.",
			sample->bin);
		return false;
	}
	sample->site = asr_site_resolve(&comp->table.sites, sample->bin, sample->func);
	return true;
}

/* Handles one message; returns false with a cause appended when the trace
 * cannot be analysed. */
static bool handle(struct asr_component *comp, const bt_message *msg)
{
	const struct asr_cell *cell;
	struct asr_sample sample;
	uint64_t count;
	int64_t ns;

	if (comp->params.window_ns && asr_message_time(msg, &ns))
		asr_windows_see(&comp->windows, ns);

	switch (bt_message_get_type(msg)) {
	case BT_MESSAGE_TYPE_EVENT:
		switch (asr_sample_read(&comp->reader, comp->self, msg, &sample)) {
		case ASR_SAMPLE_OK:
			if ((comp->params.group_by & ASR_GROUP_BY_SITE) && !find_site(comp, &sample))
				return false;
			cell = asr_table_add(&comp->table, &sample);
			if (cell && comp->params.window_ns)
				asr_windows_add(&comp->windows, cell, &sample);
			if (cell && comp->params.scope_begin)
				asr_scopes_sample(&comp->scopes, &sample);
			break;
		case ASR_SAMPLE_OTHER:
			if (comp->params.scope_begin &&
			    asr_scopes_event(&comp->scopes, comp->self, msg))
				return false;
			break;
		case ASR_SAMPLE_ERROR:
			return false;
		}
		break;
	case BT_MESSAGE_TYPE_DISCARDED_EVENTS:
		/* The count may be missing (and is, behind debug-info 2.0.4). */
		asr_table_add_loss(&comp->table, bt_message_discarded_events_borrow_stream_const(msg), false,
			bt_message_discarded_events_get_count(msg, &count) ==
				BT_PROPERTY_AVAILABILITY_AVAILABLE ? &count : NULL);
		break;
	case BT_MESSAGE_TYPE_DISCARDED_PACKETS:
		asr_table_add_loss(&comp->table, bt_message_discarded_packets_borrow_stream_const(msg), true,
			bt_message_discarded_packets_get_count(msg, &count) ==
				BT_PROPERTY_AVAILABILITY_AVAILABLE ? &count : NULL);
		break;
	default:
		break;
	}
	return true;
}

bt_component_class_sink_consume_method_status asr_component_consume(bt_self_component_sink *self_sink)
{
	struct asr_component *comp =
		bt_self_component_get_data(bt_self_component_sink_as_self_component(self_sink));
	bt_component_class_sink_consume_method_status status;
	bt_message_array_const msgs;
	uint64_t count, i;

	switch (bt_message_iterator_next(comp->iterator, &msgs, &count)) {
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_OK:
		break;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_AGAIN:
		/* A live source says AGAIN most of the time: updates are
		 * checked here too. */
		status = BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_AGAIN;
		goto update;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_END:
		BT_MESSAGE_ITERATOR_PUT_REF_AND_RESET(comp->iterator);
		status = report(comp, false) ? BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_ERROR :
					BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_END;
		goto end;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_MEMORY_ERROR:
		comp->failed = true;
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(comp->self,
			"Out of memory while getting messages from upstream.");
		status = BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_MEMORY_ERROR;
		goto end;
	default:
		comp->failed = true;
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(comp->self,
			"Cannot get messages from upstream.");
		status = BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_ERROR;
		goto end;
	}

	status = BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_OK;
	for (i = 0; i < count; i++) {
		/* After an error the remaining messages are only put. */
		if (!comp->failed && !handle(comp, msgs[i])) {
			comp->failed = true;
			status = BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_ERROR;
		}
		bt_message_put_ref(msgs[i]);
	}
update:
	if (!comp->failed && update_due(comp) && report(comp, true)) {
		comp->failed = true;
		status = BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_ERROR;
	}
end:
	return status;
}

void asr_component_finalize(bt_self_component_sink *self_sink)
{
	struct asr_component *comp =
		bt_self_component_get_data(bt_self_component_sink_as_self_component(self_sink));

	/* A graph interrupted while running (Ctrl-C on a live session) still
	 * gets the report of what it read; one that never ran gets none.  An
	 * error cannot be returned from here; report() appended its cause. */
	if (comp->iterator && !comp->reported && !comp->failed)
		report(comp, false);
	destroy(comp);
}
