/* fields.h - reading babeltrace2 field classes and fields: the helpers every reader shares. */
#ifndef ALLOCSAMPLE_REPORT_READ_FIELDS_H
#define ALLOCSAMPLE_REPORT_READ_FIELDS_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>

/* The index of member `name` of structure class `fc`, or -1 (also when
 * `fc` is NULL or not a structure). */
int64_t asr_member_index(const bt_field_class *fc, const char *name);

/* The class of member `index` (>= 0) of structure class `fc`. */
const bt_field_class *asr_member_class(const bt_field_class *fc, int64_t index);

/* Whether `fc` is of type `type` or of one of its subtypes. */
bool asr_class_is(const bt_field_class *fc, bt_field_class_type type);

/* "an unsigned integer", "a string", ...: for messages naming a field. */
const char *asr_class_description(const bt_field_class *fc);

/* These run for every field of every event read: inline. */

/* Member `index` of structure field `structure`. */
static inline const bt_field *asr_member(const bt_field *structure, uint64_t index)
{
	return bt_field_structure_borrow_member_field_by_index_const(structure, index);
}

/* An integer field's value, signed or unsigned (two's complement). */
static inline int64_t asr_integer_value(const bt_field *field)
{
	if (bt_field_class_type_is(bt_field_get_class_type(field), BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
		return bt_field_integer_signed_get_value(field);
	return (int64_t) bt_field_integer_unsigned_get_value(field);
}

/* The same, for a reader that knows from the field's class whether it is
 * signed (asr_class_is(fc, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER), checked
 * once per event class): asking each field for its class reads two more
 * objects per value. */
static inline int64_t asr_integer_value_as(const bt_field *field, bool is_signed)
{
	return is_signed ? bt_field_integer_signed_get_value(field) :
			   (int64_t) bt_field_integer_unsigned_get_value(field);
}

/* A string field's value.  Pitfall: babeltrace2 2.0.4 may leave a stale
 * value in a cleared string, so the length is trusted first. */
static inline const char *asr_string_value(const bt_field *field)
{
	return bt_field_string_get_length(field) == 0 ? "" : bt_field_string_get_value(field);
}

/* The same, and its length in `*length`. */
static inline const char *asr_string_value_length(const bt_field *field, uint64_t *length)
{
	*length = bt_field_string_get_length(field);
	return *length == 0 ? "" : bt_field_string_get_value(field);
}

/* The time of an event message from its default clock snapshot, in
 * nanoseconds from the clock's origin; false when the stream class has no
 * default clock (`has_clock`) or the time does not fit. */
static inline bool asr_event_time(const bt_message *msg, bool has_clock, int64_t *ns)
{
	return has_clock && bt_clock_snapshot_get_ns_from_origin(
		bt_message_event_borrow_default_clock_snapshot_const(msg), ns) ==
		BT_CLOCK_SNAPSHOT_GET_NS_FROM_ORIGIN_STATUS_OK;
}

/* The time of any message that has one: events, packet beginnings and
 * ends, message iterator inactivity.  Returns false when it has none. */
bool asr_message_time(const bt_message *msg, int64_t *ns);

#endif
