/* fields.c - the field-access helpers every reader shares (see fields.h). */
#include <string.h>

#include "read/fields.h"

int64_t asr_member_index(const bt_field_class *fc, const char *name)
{
	uint64_t i, n;

	if (!fc || !asr_class_is(fc, BT_FIELD_CLASS_TYPE_STRUCTURE))
		return -1;
	n = bt_field_class_structure_get_member_count(fc);
	for (i = 0; i < n; i++) {
		const bt_field_class_structure_member *m =
			bt_field_class_structure_borrow_member_by_index_const(fc, i);

		if (strcmp(bt_field_class_structure_member_get_name(m), name) == 0)
			return (int64_t) i;
	}
	return -1;
}

const bt_field_class *asr_member_class(const bt_field_class *fc, int64_t index)
{
	return bt_field_class_structure_member_borrow_field_class_const(
		bt_field_class_structure_borrow_member_by_index_const(fc, (uint64_t) index));
}

bool asr_class_is(const bt_field_class *fc, bt_field_class_type type)
{
	return bt_field_class_type_is(bt_field_class_get_type(fc), type);
}

const char *asr_class_description(const bt_field_class *fc)
{
	if (asr_class_is(fc, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
		return "an unsigned integer";
	if (asr_class_is(fc, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
		return "a signed integer";
	if (asr_class_is(fc, BT_FIELD_CLASS_TYPE_STRING))
		return "a string";
	if (asr_class_is(fc, BT_FIELD_CLASS_TYPE_REAL))
		return "a real number";
	if (asr_class_is(fc, BT_FIELD_CLASS_TYPE_ARRAY))
		return "an array";
	if (asr_class_is(fc, BT_FIELD_CLASS_TYPE_STRUCTURE))
		return "a structure";
	return "of another type";
}

bool asr_message_time(const bt_message *msg, int64_t *ns)
{
	const bt_clock_snapshot *cs = NULL;
	const bt_stream_class *sc;

	switch (bt_message_get_type(msg)) {
	case BT_MESSAGE_TYPE_EVENT:
		if (bt_message_event_borrow_stream_class_default_clock_class_const(msg))
			cs = bt_message_event_borrow_default_clock_snapshot_const(msg);
		break;
	case BT_MESSAGE_TYPE_PACKET_BEGINNING:
		sc = bt_stream_borrow_class_const(bt_packet_borrow_stream_const(
			bt_message_packet_beginning_borrow_packet_const(msg)));
		if (bt_stream_class_packets_have_beginning_default_clock_snapshot(sc))
			cs = bt_message_packet_beginning_borrow_default_clock_snapshot_const(msg);
		break;
	case BT_MESSAGE_TYPE_PACKET_END:
		sc = bt_stream_borrow_class_const(bt_packet_borrow_stream_const(
			bt_message_packet_end_borrow_packet_const(msg)));
		if (bt_stream_class_packets_have_end_default_clock_snapshot(sc))
			cs = bt_message_packet_end_borrow_default_clock_snapshot_const(msg);
		break;
	case BT_MESSAGE_TYPE_MESSAGE_ITERATOR_INACTIVITY:
		/* A live session with nothing to say until then: its windows
		 * reach that far, with no sample in them. */
		cs = bt_message_message_iterator_inactivity_borrow_clock_snapshot_const(msg);
		break;
	default:
		break;
	}
	return cs && bt_clock_snapshot_get_ns_from_origin(cs, ns) ==
		     BT_CLOCK_SNAPSHOT_GET_NS_FROM_ORIGIN_STATUS_OK;
}
