/* process_name.c - reads lttng_ust_statedump:procname events; checks each event class once (see process_name.h). */
#include <string.h>

#include "read/fields.h"
#include "read/process_name.h"

/* Where a class keeps the name and the vpid; `is_name` false for every
 * other class, or for one without both fields (then nothing is read). */
struct layout {
	bool is_name;
	uint64_t name_index;
	uint64_t vpid_index;
};

void asr_process_name_reader_init(struct asr_process_name_reader *reader)
{
	asr_class_cache_init(&reader->classes);
}

void asr_process_name_reader_fini(struct asr_process_name_reader *reader)
{
	asr_class_cache_fini(&reader->classes);
}

static struct layout *check_class(const bt_event_class *ec)
{
	const bt_field_class *payload = bt_event_class_borrow_payload_field_class_const(ec);
	const bt_field_class *context = bt_stream_class_borrow_event_common_context_field_class_const(
		bt_event_class_borrow_stream_class_const(ec));
	const char *name = bt_event_class_get_name(ec);
	struct layout *layout = g_new0(struct layout, 1);
	int64_t name_index, vpid_index;

	if (!name || strcmp(name, ASR_PROCNAME_EVENT) != 0)
		return layout;
	name_index = asr_member_index(payload, "procname");
	vpid_index = asr_member_index(context, "vpid");
	layout->is_name = name_index >= 0 && vpid_index >= 0 &&
			  asr_class_is(asr_member_class(payload, name_index), BT_FIELD_CLASS_TYPE_STRING) &&
			  asr_class_is(asr_member_class(context, vpid_index), BT_FIELD_CLASS_TYPE_INTEGER);
	layout->name_index = layout->is_name ? (uint64_t) name_index : 0;
	layout->vpid_index = layout->is_name ? (uint64_t) vpid_index : 0;
	return layout;
}

bool asr_process_name_read(struct asr_process_name_reader *reader, const bt_message *msg,
			   struct asr_process_name *out)
{
	const bt_event *event = bt_message_event_borrow_event_const(msg);
	const bt_event_class *ec = bt_event_borrow_class_const(event);
	const struct layout *layout = asr_class_cache_find(&reader->classes, ec);

	if (!layout)
		layout = asr_class_cache_add(&reader->classes, ec, check_class(ec));
	if (!layout->is_name)
		return false;
	out->trace = bt_stream_borrow_trace_const(bt_event_borrow_stream_const(event));
	out->vpid = asr_integer_value(asr_member(bt_event_borrow_common_context_field_const(event),
						 layout->vpid_index));
	out->name = asr_string_value(asr_member(bt_event_borrow_payload_field_const(event),
						layout->name_index));
	return true;
}
