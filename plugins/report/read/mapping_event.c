/* mapping_event.c - reads lttng-ust's statedump and dlopen events; checks each event class once (see mapping_event.h). */
#include <string.h>

#include "read/fields.h"
#include "read/mapping_event.h"

/* The events read, by name, and what each says. */
static const struct {
	const char *name;
	enum asr_mapping_kind kind;
} known[] = {
	{ "lttng_ust_statedump:bin_info", ASR_MAPPING_LOAD },
	{ "lttng_ust_statedump:build_id", ASR_MAPPING_BUILD_ID },
	{ "lttng_ust_statedump:debug_link", ASR_MAPPING_DEBUG_LINK },
	{ "lttng_ust_dl:dlopen", ASR_MAPPING_LOAD },
	{ "lttng_ust_dl:dlmopen", ASR_MAPPING_LOAD },
	{ "lttng_ust_dl:build_id", ASR_MAPPING_BUILD_ID },
	{ "lttng_ust_dl:debug_link", ASR_MAPPING_DEBUG_LINK },
	{ "lttng_ust_dl:dlclose", ASR_MAPPING_CLOSE },
	{ "lttng_ust_lib:load", ASR_MAPPING_LOAD },
	{ "lttng_ust_lib:build_id", ASR_MAPPING_BUILD_ID },
	{ "lttng_ust_lib:debug_link", ASR_MAPPING_DEBUG_LINK },
	{ "lttng_ust_lib:unload", ASR_MAPPING_CLOSE },
};

/* Where a class keeps what its kind says; `is_mapping` false for every
 * other class, and for one without the fields lttng-ust gives it. */
struct layout {
	bool is_mapping;
	enum asr_mapping_kind kind;
	uint64_t baddr;
	uint64_t memsz;      /* LOAD */
	uint64_t path;       /* LOAD */
	uint64_t build_id;   /* BUILD_ID */
	uint64_t filename;   /* DEBUG_LINK */
	int64_t vpid;        /* in the common context; -1: none */
};

void asr_mapping_reader_init(struct asr_mapping_reader *reader)
{
	asr_class_cache_init(&reader->classes);
	reader->build_id = g_byte_array_new();
}

void asr_mapping_reader_fini(struct asr_mapping_reader *reader)
{
	asr_class_cache_fini(&reader->classes);
	if (reader->build_id)
		g_byte_array_unref(reader->build_id);
	memset(reader, 0, sizeof *reader);
}

/* Member `name` of `payload` when it is of type `type`: its index in
 * `*index`. */
static bool member_of(const bt_field_class *payload, const char *name, bt_field_class_type type,
		      uint64_t *index)
{
	int64_t i = asr_member_index(payload, name);

	if (i < 0 || !asr_class_is(asr_member_class(payload, i), type))
		return false;
	*index = (uint64_t) i;
	return true;
}

static struct layout *check_class(const bt_event_class *ec)
{
	const bt_field_class *payload = bt_event_class_borrow_payload_field_class_const(ec);
	const bt_field_class *context = bt_stream_class_borrow_event_common_context_field_class_const(
		bt_event_class_borrow_stream_class_const(ec));
	const char *name = bt_event_class_get_name(ec);
	struct layout *layout = g_new0(struct layout, 1);
	const bt_field_class *bytes;
	size_t i;

	for (i = 0; name && i < G_N_ELEMENTS(known); i++) {
		if (strcmp(name, known[i].name) == 0)
			break;
	}
	if (!name || i == G_N_ELEMENTS(known) ||
	    !member_of(payload, "baddr", BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER, &layout->baddr))
		return layout;
	layout->kind = known[i].kind;
	switch (layout->kind) {
	case ASR_MAPPING_LOAD:
		layout->is_mapping =
			member_of(payload, "memsz", BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER, &layout->memsz) &&
			member_of(payload, "path", BT_FIELD_CLASS_TYPE_STRING, &layout->path);
		break;
	case ASR_MAPPING_BUILD_ID:
		layout->is_mapping =
			member_of(payload, "build_id", BT_FIELD_CLASS_TYPE_ARRAY, &layout->build_id);
		if (layout->is_mapping) {
			bytes = bt_field_class_array_borrow_element_field_class_const(
				asr_member_class(payload, (int64_t) layout->build_id));
			layout->is_mapping = asr_class_is(bytes, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER);
		}
		break;
	case ASR_MAPPING_DEBUG_LINK:
		layout->is_mapping =
			member_of(payload, "filename", BT_FIELD_CLASS_TYPE_STRING, &layout->filename);
		break;
	case ASR_MAPPING_CLOSE:
		layout->is_mapping = true;
		break;
	}
	layout->vpid = asr_member_index(context, "vpid");
	if (layout->vpid >= 0 && !asr_class_is(asr_member_class(context, layout->vpid),
					       BT_FIELD_CLASS_TYPE_INTEGER))
		layout->vpid = -1;
	return layout;
}

static void read_build_id(struct asr_mapping_reader *reader, const bt_field *array,
			  struct asr_mapping_event *out)
{
	uint64_t n = bt_field_array_get_length(array), i;

	g_byte_array_set_size(reader->build_id, (guint) n);
	for (i = 0; i < n; i++)
		reader->build_id->data[i] = (uint8_t) bt_field_integer_unsigned_get_value(
			bt_field_array_borrow_element_field_by_index_const(array, i));
	out->build_id = reader->build_id->data;
	out->build_id_len = (size_t) n;
}

bool asr_mapping_event_read(struct asr_mapping_reader *reader, const bt_message *msg,
			    struct asr_mapping_event *out)
{
	const bt_event *event = bt_message_event_borrow_event_const(msg);
	const bt_event_class *ec = bt_event_borrow_class_const(event);
	const struct layout *layout = asr_class_cache_find(&reader->classes, ec);
	const bt_field *payload;

	if (!layout)
		layout = asr_class_cache_add(&reader->classes, ec, check_class(ec));
	if (!layout->is_mapping)
		return false;
	memset(out, 0, sizeof *out);
	payload = bt_event_borrow_payload_field_const(event);
	out->kind = layout->kind;
	out->trace = bt_stream_borrow_trace_const(bt_event_borrow_stream_const(event));
	out->has_vpid = layout->vpid >= 0;
	if (out->has_vpid)
		out->vpid = asr_integer_value(asr_member(bt_event_borrow_common_context_field_const(event),
							 (uint64_t) layout->vpid));
	out->baddr = bt_field_integer_unsigned_get_value(asr_member(payload, layout->baddr));
	switch (layout->kind) {
	case ASR_MAPPING_LOAD:
		out->memsz = bt_field_integer_unsigned_get_value(asr_member(payload, layout->memsz));
		out->path = asr_string_value(asr_member(payload, layout->path));
		break;
	case ASR_MAPPING_BUILD_ID:
		read_build_id(reader, asr_member(payload, layout->build_id), out);
		break;
	case ASR_MAPPING_DEBUG_LINK:
		out->debug_link = asr_string_value(asr_member(payload, layout->filename));
		break;
	case ASR_MAPPING_CLOSE:
		break;
	}
	return true;
}
