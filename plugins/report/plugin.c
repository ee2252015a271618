/* plugin.c - declares the babeltrace2 plugin `allocsample` and its sink component class. */
#include <babeltrace2/babeltrace.h>

#include "component.h"
#include "query.h"

BT_PLUGIN_MODULE();

BT_PLUGIN(allocsample);
BT_PLUGIN_DESCRIPTION("Analyses of allocsample allocation samples.");
BT_PLUGIN_AUTHOR("The allocsample authors");
BT_PLUGIN_LICENSE("GPL-3.0-or-later");

BT_PLUGIN_SINK_COMPONENT_CLASS(report, asr_component_consume);
BT_PLUGIN_SINK_COMPONENT_CLASS_DESCRIPTION(report,
	"Estimate the bytes each process, thread and type allocated, with confidence intervals, "
	"from allocsample:AllocationSampled events.");
BT_PLUGIN_SINK_COMPONENT_CLASS_HELP(report,
	"See the babeltrace2-sink.allocsample.report(7) manual page.");
BT_PLUGIN_SINK_COMPONENT_CLASS_INITIALIZE_METHOD(report, asr_component_init);
BT_PLUGIN_SINK_COMPONENT_CLASS_GRAPH_IS_CONFIGURED_METHOD(report, asr_component_graph_is_configured);
BT_PLUGIN_SINK_COMPONENT_CLASS_FINALIZE_METHOD(report, asr_component_finalize);
BT_PLUGIN_SINK_COMPONENT_CLASS_QUERY_METHOD(report, asr_query);
