/* component.h - sink.allocsample.report's four methods. */
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
