/* query.h - the queries sink.allocsample.report answers (`babeltrace2 query`). */
#ifndef ALLOCSAMPLE_REPORT_QUERY_H
#define ALLOCSAMPLE_REPORT_QUERY_H

#include <babeltrace2/babeltrace.h>

/*
 * Object `params-check`: whether a component initialized with the query's
 * parameters would accept them, judged by params.c as initialization
 * judges them, with no side effect.  The result is a map: `valid` (a
 * boolean) and, when it is false, `error`, the line initialization would
 * give.  Another object: UNKNOWN_OBJECT; parameters that are not a map:
 * ERROR with a cause.
 */
bt_component_class_query_method_status asr_query(bt_self_component_class_sink *self_class,
	bt_private_query_executor *executor, const char *object, const bt_value *params,
	void *method_data, const bt_value **result);

#endif
