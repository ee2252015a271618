/* checkpoint_event.c - reads CheckpointBegin, CheckpointBlock and CheckpointEnd; checks each event class once (see checkpoint_event.h). */
#include <string.h>

#include "read/checkpoint_event.h"
#include "read/fields.h"

/* The payload fields, by the events that have them. */
enum { F_PASS, F_BLOCKS, F_TID, F_TYPE, F_SIZE, F_OFFSET, F_RATE, F_PTR, F_STACK, F_TRUNCATED,
       F_COUNT };

static const struct {
	const char *name;
	bt_field_class_type type;
	bool in_bounds;          /* Begin's and End's */
	bool in_block;           /* Block's */
} fields[F_COUNT] = {
	[F_PASS] = { "pass", BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER, true, true },
	[F_BLOCKS] = { "blocks", BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER, true, false },
	[F_TID] = { "tid", BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER, false, true },
	[F_TYPE] = { "type", BT_FIELD_CLASS_TYPE_STRING, false, true },
	[F_SIZE] = { "size", BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER, false, true },
	[F_OFFSET] = { "offset", BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER, false, true },
	[F_RATE] = { "rate", BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER, false, true },
	[F_PTR] = { "ptr", BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER, false, true },
	[F_STACK] = { "stack", BT_FIELD_CLASS_TYPE_ARRAY, false, true },
	[F_TRUNCATED] = { "stack_truncated", BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER, false, true },
};

struct layout {
	enum asr_checkpoint_kind kind;
	bool broken;             /* checked and refused: every event errs */
	uint64_t field[F_COUNT]; /* payload indexes of the kind's fields */
	int64_t vpid;            /* -1: no vpid context */
	bool vpid_signed;
	bool has_clock;          /* the stream class has a default clock */
};

void asr_checkpoint_reader_init(struct asr_checkpoint_reader *reader, bool read_stacks)
{
	asr_class_cache_init(&reader->classes);
	reader->read_stacks = read_stacks;
	reader->stack = NULL;
	reader->stack_size = 0;
}

void asr_checkpoint_reader_fini(struct asr_checkpoint_reader *reader)
{
	asr_class_cache_fini(&reader->classes);
	g_free(reader->stack);
	reader->stack = NULL;
	reader->stack_size = 0;
}

/* The layout of class `ec`; a broken one with a cause appended when one
 * of its fields is missing or of another type. */
static struct layout *check_class(bt_self_component *self, const bt_event_class *ec)
{
	const bt_field_class *payload = bt_event_class_borrow_payload_field_class_const(ec);
	const bt_stream_class *sc = bt_event_class_borrow_stream_class_const(ec);
	const bt_field_class *context = bt_stream_class_borrow_event_common_context_field_class_const(sc);
	const char *name = bt_event_class_get_name(ec);
	struct layout *layout = g_new0(struct layout, 1);

	if (!name)
		return layout;
	if (strcmp(name, ASR_CHECKPOINT_BEGIN_EVENT) == 0)
		layout->kind = ASR_CHECKPOINT_BEGIN;
	else if (strcmp(name, ASR_CHECKPOINT_BLOCK_EVENT) == 0)
		layout->kind = ASR_CHECKPOINT_BLOCK;
	else if (strcmp(name, ASR_CHECKPOINT_END_EVENT) == 0)
		layout->kind = ASR_CHECKPOINT_END;
	else
		return layout;
	for (size_t i = 0; i < F_COUNT; i++) {
		bool block = layout->kind == ASR_CHECKPOINT_BLOCK;
		int64_t index;

		if (block ? !fields[i].in_block : !fields[i].in_bounds)
			continue;
		index = asr_member_index(payload, fields[i].name);
		if (index < 0 || !asr_class_is(asr_member_class(payload, index), fields[i].type)) {
			BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
				"Event `%s`: payload field `%s` is %s, expected %s (schema `urn:x-allocsample:schema:6`): the trace comes from an incompatible producer.",
				name, fields[i].name, index < 0 ? "missing" :
				asr_class_description(asr_member_class(payload, index)),
				fields[i].type == BT_FIELD_CLASS_TYPE_STRING ? "a string" :
				fields[i].type == BT_FIELD_CLASS_TYPE_ARRAY ? "a sequence of unsigned integers" :
				"an unsigned integer");
			layout->broken = true;
			return layout;
		}
		layout->field[i] = (uint64_t) index;
	}
	layout->vpid = asr_member_index(context, "vpid");
	if (layout->vpid >= 0 &&
	    !asr_class_is(asr_member_class(context, layout->vpid), BT_FIELD_CLASS_TYPE_INTEGER))
		layout->vpid = -1;
	layout->vpid_signed = layout->vpid >= 0 &&
		asr_class_is(asr_member_class(context, layout->vpid), BT_FIELD_CLASS_TYPE_SIGNED_INTEGER);
	layout->has_clock = bt_stream_class_borrow_default_clock_class_const(sc) != NULL;
	return layout;
}

static uint64_t unsigned_member(const bt_field *payload, const struct layout *layout, int which)
{
	return bt_field_integer_unsigned_get_value(asr_member(payload, layout->field[which]));
}

/* Block's stack into the reader's array, when the report reads stacks. */
static void read_stack(struct asr_checkpoint_reader *reader, const bt_field *payload,
		       const struct layout *layout, struct asr_checkpoint_event *out)
{
	const bt_field *stack = asr_member(payload, layout->field[F_STACK]);
	uint64_t n = bt_field_array_get_length(stack);

	out->stack_truncated = unsigned_member(payload, layout, F_TRUNCATED) != 0;
	out->stack = NULL;
	out->stack_len = 0;
	out->has_stack = reader->read_stacks;
	if (!reader->read_stacks)
		return;
	if (n > reader->stack_size) {
		reader->stack_size = (uint32_t) n;
		reader->stack = g_renew(uint64_t, reader->stack, n);
	}
	for (uint64_t i = 0; i < n; i++)
		reader->stack[i] = bt_field_integer_unsigned_get_value(
			bt_field_array_borrow_element_field_by_index_const(stack, i));
	out->stack = reader->stack;
	out->stack_len = (uint32_t) n;
}

enum asr_checkpoint_kind asr_checkpoint_event_read(struct asr_checkpoint_reader *reader,
						   bt_self_component *self, const bt_message *msg,
						   struct asr_checkpoint_event *out)
{
	const bt_event *event = bt_message_event_borrow_event_const(msg);
	const bt_event_class *ec = bt_event_borrow_class_const(event);
	const struct layout *layout = asr_class_cache_find(&reader->classes, ec);
	const bt_field *payload;

	if (!layout)
		layout = asr_class_cache_add(&reader->classes, ec, check_class(self, ec));
	if (layout->kind == ASR_CHECKPOINT_OTHER)
		return ASR_CHECKPOINT_OTHER;
	if (layout->broken) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
			"Event `%s` comes from an incompatible producer (see the first error).",
			bt_event_class_get_name(ec));
		return ASR_CHECKPOINT_ERROR;
	}
	payload = bt_event_borrow_payload_field_const(event);
	memset(out, 0, sizeof *out);
	out->trace = bt_stream_borrow_trace_const(bt_event_borrow_stream_const(event));
	out->pass = unsigned_member(payload, layout, F_PASS);
	if (layout->kind == ASR_CHECKPOINT_BLOCK) {
		out->tid = (uint32_t) unsigned_member(payload, layout, F_TID);
		out->type = asr_string_value(asr_member(payload, layout->field[F_TYPE]));
		out->size = unsigned_member(payload, layout, F_SIZE);
		out->offset = unsigned_member(payload, layout, F_OFFSET);
		out->rate = unsigned_member(payload, layout, F_RATE);
		out->ptr = unsigned_member(payload, layout, F_PTR);
		read_stack(reader, payload, layout, out);
	} else {
		out->blocks = unsigned_member(payload, layout, F_BLOCKS);
	}
	out->has_vpid = layout->vpid >= 0;
	out->vpid = out->has_vpid ?
		asr_integer_value_as(asr_member(bt_event_borrow_common_context_field_const(event),
						(uint64_t) layout->vpid), layout->vpid_signed) : 0;
	out->has_time = asr_event_time(msg, layout->has_clock, &out->ns);
	return layout->kind;
}
