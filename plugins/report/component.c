/* component.c - sink.allocsample.report: initialize, graph-is-configured, consume, finalize. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "aggregate/aggregate.h"
#include "component.h"
#include "format/writer.h"
#include "messages.h"
#include "model/model.h"
#include "params.h"
#include "symbols/symbols.h"

struct asr_component {
	bt_self_component *self;
	bt_logging_level log_level;
	bt_message_iterator *iterator;
	struct asr_params params;
	FILE *out;
	struct asr_readers readers;
	struct asr_aggregate agg;
	struct asr_worker *worker;  /* adds samples and frees to `agg` */
	/* What the model learns of the binaries: each opened once and each
	 * address looked up once for the life of the component, since a
	 * live report builds a model per update. */
	struct asr_symbols symbols;
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
	asr_symbols_fini(&comp->symbols);
	asr_worker_free(comp->worker);
	asr_aggregate_fini(&comp->agg);
	asr_readers_fini(&comp->readers);
	asr_params_fini(&comp->params);
	free(comp);
}

bt_component_class_initialize_method_status asr_component_init(bt_self_component_sink *self_sink,
	bt_self_component_sink_configuration *config, const bt_value *params, void *init_data)
{
	bt_self_component *self = bt_self_component_sink_as_self_component(self_sink);
	bt_component_class_initialize_method_status status;
	bt_self_component_add_port_status port_status;
	struct asr_params_error params_error;
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
	switch (asr_params_parse(params, &comp->params, &params_error)) {
	case ASR_PARAMS_OK:
		break;
	case ASR_PARAMS_NO_MEMORY:
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self, "%s", params_error.text);
		status = BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_MEMORY_ERROR;
		goto error;
	default:
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self, "%s", params_error.text);
		status = BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_ERROR;
		goto error;
	}
	asr_readers_init(&comp->readers, &comp->params);
	asr_aggregate_init(&comp->agg, &comp->params);
	if (comp->params.cut)
		asr_traces_cut(&comp->agg.traces, comp->params.cut);
	comp->worker = asr_worker_new(&comp->agg);
	asr_symbols_init(&comp->symbols);
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

/* Builds the model and writes the report, or an update of it: no warnings
 * (the final report gives them), and in text only processes, threads and
 * the total.  Returns 0, or -1 with a cause appended. */
static int report(struct asr_component *comp, bool update)
{
	const struct asr_writer *writer = asr_writer_for(comp->params.format);
	struct asr_model_options options = asr_writer_options(&comp->params);
	struct asr_model model;
	int status = -1;

	if (update && comp->params.format == ASR_FORMAT_TEXT)
		options.group_by = ASR_GROUP_BY_THREAD;
	comp->reported = !update;
	asr_worker_drain(comp->worker);
	if (asr_model_build(&model, &comp->agg, &comp->symbols, &comp->params, &options,
			    comp->self))
		goto end;
	if (!update && comp->log_level <= BT_LOGGING_LEVEL_WARNING)
		asr_warn(bt_component_get_name(bt_self_component_as_component(comp->self)), &model);
	if (comp->params.update_interval_ns ?
		    asr_write_update(comp->out, comp->params.format, &model, comp->updates, update) :
		    writer->write(comp->out, &model)) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(comp->self,
			"Cannot write the report to %s: %s.",
			comp->params.path ? comp->params.path : "the standard output", strerror(errno));
		goto end;
	}
	comp->updates += update;
	status = 0;
end:
	asr_model_fini(&model);
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

/* Takes the current thread's error, which the source left, and records
 * its innermost cause (the first appended) as where the traces were cut:
 * the report then succeeds, saying so, instead of failing. */
static void cut(struct asr_component *comp)
{
	const bt_error *error = bt_current_thread_take_error();
	const char *cause = NULL;
	char *reason, *statement;

	if (error && bt_error_get_cause_count(error) > 0)
		cause = bt_error_cause_get_message(bt_error_borrow_cause_by_index(error, 0));
	/* The cause in parentheses, without its full stop. */
	reason = g_strstrip(g_strdup(cause && *cause ? cause : "no cause given"));
	if (g_str_has_suffix(reason, "."))
		reason[strlen(reason) - 1] = '\0';
	statement = g_strdup_printf("reading the trace failed (%s)", reason);
	asr_worker_drain(comp->worker);
	asr_traces_cut(&comp->agg.traces, statement);
	g_free(statement);
	g_free(reason);
	if (error)
		bt_error_release(error);
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
		if (comp->agg.traces.list->len > 0) {
			/* The source failed inside the traces (a damaged
			 * packet): what it gave before is reported, said to be
			 * cut there (doc/report-formats.md, "A trace cut
			 * short").  Its error becomes the report's statement. */
			BT_MESSAGE_ITERATOR_PUT_REF_AND_RESET(comp->iterator);
			cut(comp);
			status = report(comp, false) ? BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_ERROR :
						BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_END;
			goto end;
		}
		comp->failed = true;
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(comp->self,
			"Cannot get messages from upstream.");
		status = BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_ERROR;
		goto end;
	}

	status = BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_OK;
	for (i = 0; i < count; i++) {
		/* After an error the remaining messages are only put. */
		if (!comp->failed && !asr_message_handle(&comp->readers, &comp->agg, comp->worker,
							 comp->self, msgs[i])) {
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
