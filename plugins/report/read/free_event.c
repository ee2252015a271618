/* free_event.c - reads SampledFree, SamplesUnrecorded, Attached and Detached; checks each event class once (see free_event.h). */
#include <string.h>

#include "read/fields.h"
#include "read/free_event.h"

/* Where a class keeps its one payload field and the vpid context. */
struct layout {
	enum asr_free_kind kind;
	bool broken;             /* checked and refused: every event errs */
	uint64_t value;          /* `ptr`, `count` or `recorder` */
	int64_t procname;        /* Attached's `procname` (schema 5); -1: none */
	int64_t vpid;            /* -1: no vpid context */
	bool vpid_signed;
	bool has_clock;          /* the stream class has a default clock */
};

void asr_free_reader_init(struct asr_free_reader *reader)
{
	asr_class_cache_init(&reader->classes);
}

void asr_free_reader_fini(struct asr_free_reader *reader)
{
	asr_class_cache_fini(&reader->classes);
}

/* The layout of class `ec`; a broken one with a cause appended when its
 * field is missing or not an unsigned integer. */
static struct layout *check_class(bt_self_component *self, const bt_event_class *ec)
{
	const bt_field_class *payload = bt_event_class_borrow_payload_field_class_const(ec);
	const bt_field_class *context = bt_stream_class_borrow_event_common_context_field_class_const(
		bt_event_class_borrow_stream_class_const(ec));
	const char *name = bt_event_class_get_name(ec);
	struct layout *layout = g_new0(struct layout, 1);

	static const struct {
		const char *event;
		enum asr_free_kind kind;
		const char *field;
	} known[] = {
		{ ASR_FREE_EVENT, ASR_FREE_SAMPLED, "ptr" },
		{ ASR_UNRECORDED_EVENT, ASR_FREE_UNRECORDED, "count" },
		{ ASR_ATTACHED_EVENT, ASR_FREE_ATTACHED, "recorder" },
		{ ASR_DETACHED_EVENT, ASR_FREE_DETACHED, "recorder" },
	};
	const char *field = NULL;
	int64_t index;

	for (size_t i = 0; name && i < G_N_ELEMENTS(known); i++) {
		if (strcmp(name, known[i].event) == 0) {
			layout->kind = known[i].kind;
			field = known[i].field;
		}
	}
	if (!field)
		return layout;
	index = asr_member_index(payload, field);
	if (index < 0 || !asr_class_is(asr_member_class(payload, index),
				       BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER)) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
			"Event `%s`: payload field `%s` is %s, expected an unsigned integer (schema `urn:x-allocsample:schema:4` or later): the trace comes from an incompatible producer.",
			name, field, index < 0 ? "missing" :
			asr_class_description(asr_member_class(payload, index)));
		layout->broken = true;
		return layout;
	}
	layout->value = (uint64_t) index;
	layout->procname = layout->kind == ASR_FREE_ATTACHED ? asr_member_index(payload, "procname") : -1;
	if (layout->procname >= 0 &&
	    !asr_class_is(asr_member_class(payload, layout->procname), BT_FIELD_CLASS_TYPE_STRING))
		layout->procname = -1;
	layout->vpid = asr_member_index(context, "vpid");
	if (layout->vpid >= 0 &&
	    !asr_class_is(asr_member_class(context, layout->vpid), BT_FIELD_CLASS_TYPE_INTEGER))
		layout->vpid = -1;
	layout->has_clock = bt_stream_class_borrow_default_clock_class_const(
		bt_event_class_borrow_stream_class_const(ec)) != NULL;
	layout->vpid_signed = layout->vpid >= 0 &&
		asr_class_is(asr_member_class(context, layout->vpid), BT_FIELD_CLASS_TYPE_SIGNED_INTEGER);
	return layout;
}

enum asr_free_kind asr_free_event_read(struct asr_free_reader *reader, bt_self_component *self,
				       const bt_message *msg, struct asr_free_event *out)
{
	const bt_event *event = bt_message_event_borrow_event_const(msg);
	const bt_event_class *ec = bt_event_borrow_class_const(event);
	const struct layout *layout = asr_class_cache_find(&reader->classes, ec);
	uint64_t value;

	if (!layout)
		layout = asr_class_cache_add(&reader->classes, ec, check_class(self, ec));
	if (layout->kind == ASR_FREE_OTHER)
		return ASR_FREE_OTHER;
	if (layout->broken) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
			"Event `%s` comes from an incompatible producer (see the first error).",
			bt_event_class_get_name(ec));
		return ASR_FREE_ERROR;
	}
	value = bt_field_integer_unsigned_get_value(
		asr_member(bt_event_borrow_payload_field_const(event), layout->value));
	out->trace = bt_stream_borrow_trace_const(bt_event_borrow_stream_const(event));
	out->ptr = layout->kind == ASR_FREE_SAMPLED ? value : 0;
	out->count = layout->kind == ASR_FREE_UNRECORDED ? value : 0;
	out->recorder = layout->kind == ASR_FREE_ATTACHED || layout->kind == ASR_FREE_DETACHED ? value : 0;
	out->procname = layout->procname >= 0 ?
		asr_string_value(asr_member(bt_event_borrow_payload_field_const(event),
					    (uint64_t) layout->procname)) : NULL;
	if (out->procname && !*out->procname)
		out->procname = NULL;
	out->has_vpid = layout->vpid >= 0;
	out->vpid = out->has_vpid ?
		asr_integer_value_as(asr_member(bt_event_borrow_common_context_field_const(event),
						(uint64_t) layout->vpid), layout->vpid_signed) : 0;
	out->has_time = asr_event_time(msg, layout->has_clock, &out->ns);
	return layout->kind;
}
