/* query.c - sink.allocsample.report's queries: `params-check`, the parameters judged as initialization judges them. */
#include <string.h>

#include "params.h"
#include "query.h"

/* The verdict on `params` into a new map `*result`: `valid`, and `error`
 * when they are refused. */
static bt_component_class_query_method_status params_check(bt_self_component_class *self_class,
	const bt_value *params, const bt_value **result)
{
	bt_component_class_query_method_status status;
	struct asr_params_error error;
	struct asr_params parsed;
	enum asr_params_status verdict;
	bt_value *map = NULL;

	if (!bt_value_is_map(params)) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT_CLASS(self_class,
			"Query `params-check`: expecting the parameters to check as a map, such as -p 'format=\"json\"'.");
		status = BT_COMPONENT_CLASS_QUERY_METHOD_STATUS_ERROR;
		goto end;
	}
	verdict = asr_params_parse(params, &parsed, &error);
	if (verdict == ASR_PARAMS_NO_MEMORY) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT_CLASS(self_class, "%s", error.text);
		status = BT_COMPONENT_CLASS_QUERY_METHOD_STATUS_MEMORY_ERROR;
		goto end;
	}
	asr_params_fini(&parsed);
	map = bt_value_map_create();
	if (!map || bt_value_map_insert_bool_entry(map, "valid", verdict == ASR_PARAMS_OK) ||
	    (verdict != ASR_PARAMS_OK && bt_value_map_insert_string_entry(map, "error", error.text))) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT_CLASS(self_class,
			"Out of memory while writing the result of query `params-check`.");
		status = BT_COMPONENT_CLASS_QUERY_METHOD_STATUS_MEMORY_ERROR;
		goto end;
	}
	*result = map;
	map = NULL;
	status = BT_COMPONENT_CLASS_QUERY_METHOD_STATUS_OK;
end:
	BT_VALUE_PUT_REF_AND_RESET(map);
	return status;
}

bt_component_class_query_method_status asr_query(bt_self_component_class_sink *self_class,
	bt_private_query_executor *executor, const char *object, const bt_value *params,
	void *method_data, const bt_value **result)
{
	(void) executor;
	(void) method_data;
	if (strcmp(object, "params-check") == 0)
		return params_check(bt_self_component_class_sink_as_self_component_class(self_class),
				    params, result);
	/* Not an error in babeltrace2's sense: no cause may be left behind. */
	return BT_COMPONENT_CLASS_QUERY_METHOD_STATUS_UNKNOWN_OBJECT;
}
