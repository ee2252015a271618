/* sample.c - reads AllocationSampled events; checks each event class once (see sample.h). */
#include <stdlib.h>
#include <string.h>

#include "sample.h"

enum field_kind {
	FIELD_UNSIGNED,
	FIELD_INTEGER,  /* signed or unsigned */
	FIELD_STRING,
	FIELD_STRUCTURE,
};

struct field_spec {
	const char *name;
	enum field_kind kind;
};

/* The payload of schema 1 (DESIGN.md section 2); ptr is checked, not read. */
enum { P_TYPE, P_SIZE, P_OFFSET, P_RATE, P_PTR, P_COUNT };
static const struct field_spec payload_specs[P_COUNT] = {
	[P_TYPE] = { "type", FIELD_STRING },
	[P_SIZE] = { "size", FIELD_UNSIGNED },
	[P_OFFSET] = { "offset", FIELD_UNSIGNED },
	[P_RATE] = { "rate", FIELD_UNSIGNED },
	[P_PTR] = { "ptr", FIELD_UNSIGNED },
};

/* The contexts the recorder adds, and the structure that
 * filter.lttng-utils.debug-info adds to them; each may be missing. */
enum { C_VPID, C_VTID, C_PROCNAME, C_DEBUG_INFO, C_COUNT };
static const struct field_spec context_specs[C_COUNT] = {
	[C_VPID] = { "vpid", FIELD_INTEGER },
	[C_VTID] = { "vtid", FIELD_INTEGER },
	[C_PROCNAME] = { "procname", FIELD_STRING },
	[C_DEBUG_INFO] = { "debug_info", FIELD_STRUCTURE },
};

/* The members of debug_info the component reads. */
enum { D_BIN, D_FUNC, D_COUNT };
static const struct field_spec debug_info_specs[D_COUNT] = {
	[D_BIN] = { "bin", FIELD_STRING },
	[D_FUNC] = { "func", FIELD_STRING },
};

struct layout {
	bool is_sample;
	bool has_clock;
	uint64_t payload[P_COUNT];   /* member indices */
	int64_t context[C_COUNT];    /* member indices, -1 when absent */
	uint64_t debug_info[D_COUNT]; /* valid when context[C_DEBUG_INFO] >= 0 */
};

void asr_sample_reader_init(struct asr_sample_reader *reader)
{
	reader->layouts = g_hash_table_new_full(g_direct_hash, g_direct_equal,
						(GDestroyNotify) bt_event_class_put_ref, g_free);
}

void asr_sample_reader_fini(struct asr_sample_reader *reader)
{
	if (reader->layouts)
		g_hash_table_destroy(reader->layouts);
	reader->layouts = NULL;
}

static const char *field_class_description(const bt_field_class *fc)
{
	bt_field_class_type t = bt_field_class_get_type(fc);

	if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
		return "an unsigned integer";
	if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
		return "a signed integer";
	if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_STRING))
		return "a string";
	if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_REAL))
		return "a real number";
	if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_ARRAY))
		return "an array";
	if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_STRUCTURE))
		return "a structure";
	return "of another type";
}

static bool kind_matches(const bt_field_class *fc, enum field_kind kind)
{
	bt_field_class_type t = bt_field_class_get_type(fc);

	switch (kind) {
	case FIELD_UNSIGNED:
		return bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER);
	case FIELD_INTEGER:
		return bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_INTEGER);
	case FIELD_STRING:
		return bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_STRING);
	case FIELD_STRUCTURE:
		return bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_STRUCTURE);
	}
	return false;
}

static const char *kind_description(enum field_kind kind)
{
	switch (kind) {
	case FIELD_UNSIGNED:
		return "an unsigned integer";
	case FIELD_INTEGER:
		return "an integer";
	case FIELD_STRING:
		return "a string";
	case FIELD_STRUCTURE:
		return "a structure";
	}
	return "?";
}

/* The index of member `name` of structure class `fc`, or -1. */
static int64_t member_index(const bt_field_class *fc, const char *name)
{
	uint64_t i, n;

	if (!fc || !bt_field_class_type_is(bt_field_class_get_type(fc), BT_FIELD_CLASS_TYPE_STRUCTURE))
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

static const bt_field_class *member_class(const bt_field_class *fc, int64_t index)
{
	return bt_field_class_structure_member_borrow_field_class_const(
		bt_field_class_structure_borrow_member_by_index_const(fc, (uint64_t) index));
}

/* Fills `layout` for AllocationSampled class `ec`; returns false with a
 * cause naming the first incompatible field. */
static bool check_class(bt_self_component *self, const bt_event_class *ec, struct layout *layout)
{
	const bt_stream_class *sc = bt_event_class_borrow_stream_class_const(ec);
	const bt_field_class *payload = bt_event_class_borrow_payload_field_class_const(ec);
	const bt_field_class *context = bt_stream_class_borrow_event_common_context_field_class_const(sc);
	const char *uri = bt_event_class_get_emf_uri(ec);
	int64_t index;
	size_t i;

	/* A class with no URI is judged by its fields alone: the fields are
	 * what the estimates rely on. */
	if (uri && strcmp(uri, ASR_SCHEMA_URI) != 0) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
			"Event `%s` declares the schema `%s` (its EMF URI); this component reads `%s`: record the trace with the matching allocsample, or analyse it with the matching plugin.",
			ASR_EVENT_NAME, uri, ASR_SCHEMA_URI);
		return false;
	}
	for (i = 0; i < P_COUNT; i++) {
		index = member_index(payload, payload_specs[i].name);
		if (index < 0) {
			BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
				"Event `%s` has no payload field `%s` (%s expected by schema `%s`): the trace comes from an incompatible producer.",
				ASR_EVENT_NAME, payload_specs[i].name,
				kind_description(payload_specs[i].kind), ASR_SCHEMA_URI);
			return false;
		}
		if (!kind_matches(member_class(payload, index), payload_specs[i].kind)) {
			BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
				"Event `%s`: payload field `%s` is %s, expected %s by schema `%s`: the trace comes from an incompatible producer.",
				ASR_EVENT_NAME, payload_specs[i].name,
				field_class_description(member_class(payload, index)),
				kind_description(payload_specs[i].kind), ASR_SCHEMA_URI);
			return false;
		}
		layout->payload[i] = (uint64_t) index;
	}
	for (i = 0; i < C_COUNT; i++) {
		index = member_index(context, context_specs[i].name);
		if (index >= 0 && !kind_matches(member_class(context, index), context_specs[i].kind)) {
			BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
				"Event `%s`: context field `%s` is %s, expected %s.",
				ASR_EVENT_NAME, context_specs[i].name,
				field_class_description(member_class(context, index)),
				kind_description(context_specs[i].kind));
			return false;
		}
		layout->context[i] = index;
	}
	for (i = 0; i < D_COUNT && layout->context[C_DEBUG_INFO] >= 0; i++) {
		const bt_field_class *debug_info = member_class(context, layout->context[C_DEBUG_INFO]);

		index = member_index(debug_info, debug_info_specs[i].name);
		if (index < 0 || !kind_matches(member_class(debug_info, index), debug_info_specs[i].kind)) {
			BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
				"Event `%s`: context field `debug_info` has no string member `%s`: is it filter.lttng-utils.debug-info's?",
				ASR_EVENT_NAME, debug_info_specs[i].name);
			return false;
		}
		layout->debug_info[i] = (uint64_t) index;
	}
	layout->has_clock = bt_stream_class_borrow_default_clock_class_const(sc) != NULL;
	layout->is_sample = true;
	return true;
}

static enum asr_sample_status find_layout(struct asr_sample_reader *reader, bt_self_component *self,
					  const bt_event_class *ec, const struct layout **out)
{
	struct layout *layout = g_hash_table_lookup(reader->layouts, ec);
	const char *name;

	if (layout) {
		*out = layout;
		return ASR_SAMPLE_OK;
	}
	layout = g_new0(struct layout, 1);
	name = bt_event_class_get_name(ec);
	if (name && strcmp(name, ASR_EVENT_NAME) == 0 && !check_class(self, ec, layout)) {
		g_free(layout);
		return ASR_SAMPLE_ERROR;
	}
	bt_event_class_get_ref(ec);
	g_hash_table_insert(reader->layouts, (gpointer) ec, layout);
	*out = layout;
	return ASR_SAMPLE_OK;
}

static int64_t integer_value(const bt_field *field)
{
	if (bt_field_class_type_is(bt_field_get_class_type(field), BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
		return bt_field_integer_signed_get_value(field);
	return (int64_t) bt_field_integer_unsigned_get_value(field);
}

/* A string field's value; pitfall 11: babeltrace2 2.0.4 may leave a stale
 * value in a cleared string, so trust the length first. */
static const char *string_value(const bt_field *field)
{
	return bt_field_string_get_length(field) == 0 ? "" : bt_field_string_get_value(field);
}

enum asr_sample_status asr_sample_read(struct asr_sample_reader *reader, bt_self_component *self,
				       const bt_message *msg, struct asr_sample *sample)
{
	const bt_event *event = bt_message_event_borrow_event_const(msg);
	const bt_field *payload, *context, *field;
	const struct layout *layout;
	const bt_clock_snapshot *cs;
	enum asr_sample_status status;

	status = find_layout(reader, self, bt_event_borrow_class_const(event), &layout);
	if (status != ASR_SAMPLE_OK)
		return status;
	if (!layout->is_sample)
		return ASR_SAMPLE_OTHER;

	payload = bt_event_borrow_payload_field_const(event);
	sample->type = string_value(
		bt_field_structure_borrow_member_field_by_index_const(payload, layout->payload[P_TYPE]));
	sample->size = bt_field_integer_unsigned_get_value(
		bt_field_structure_borrow_member_field_by_index_const(payload, layout->payload[P_SIZE]));
	sample->offset = bt_field_integer_unsigned_get_value(
		bt_field_structure_borrow_member_field_by_index_const(payload, layout->payload[P_OFFSET]));
	sample->rate = bt_field_integer_unsigned_get_value(
		bt_field_structure_borrow_member_field_by_index_const(payload, layout->payload[P_RATE]));

	context = bt_event_borrow_common_context_field_const(event);
	sample->has_vpid = layout->context[C_VPID] >= 0;
	sample->vpid = 0;
	if (sample->has_vpid) {
		field = bt_field_structure_borrow_member_field_by_index_const(context,
			(uint64_t) layout->context[C_VPID]);
		sample->vpid = integer_value(field);
	}
	sample->has_vtid = layout->context[C_VTID] >= 0;
	sample->vtid = 0;
	if (sample->has_vtid) {
		field = bt_field_structure_borrow_member_field_by_index_const(context,
			(uint64_t) layout->context[C_VTID]);
		sample->vtid = integer_value(field);
	}
	sample->procname = NULL;
	if (layout->context[C_PROCNAME] >= 0) {
		field = bt_field_structure_borrow_member_field_by_index_const(context,
			(uint64_t) layout->context[C_PROCNAME]);
		sample->procname = string_value(field);
	}

	sample->bin = NULL;
	sample->func = NULL;
	if (layout->context[C_DEBUG_INFO] >= 0) {
		field = bt_field_structure_borrow_member_field_by_index_const(context,
			(uint64_t) layout->context[C_DEBUG_INFO]);
		sample->bin = string_value(bt_field_structure_borrow_member_field_by_index_const(field,
			layout->debug_info[D_BIN]));
		sample->func = string_value(bt_field_structure_borrow_member_field_by_index_const(field,
			layout->debug_info[D_FUNC]));
	}
	sample->site = NULL;

	sample->trace = bt_stream_borrow_trace_const(bt_event_borrow_stream_const(event));
	sample->has_time = false;
	if (layout->has_clock) {
		cs = bt_message_event_borrow_default_clock_snapshot_const(msg);
		sample->has_time = bt_clock_snapshot_get_ns_from_origin(cs, &sample->ns) ==
				   BT_CLOCK_SNAPSHOT_GET_NS_FROM_ORIGIN_STATUS_OK;
	}
	return ASR_SAMPLE_OK;
}
