/* sample.c - reads AllocationSampled events; checks each event class once (see sample.h). */
#include <stdlib.h>
#include <string.h>

#include "params.h"
#include "read/fields.h"
#include "read/sample.h"

enum field_kind {
	FIELD_UNSIGNED,
	FIELD_INTEGER,  /* signed or unsigned */
	FIELD_STRING,
	FIELD_STRUCTURE,
	FIELD_UNSIGNED_ARRAY,  /* a sequence (or array) of unsigned integers */
};

struct field_spec {
	const char *name;
	enum field_kind kind;
};

/* The payload of schema 1 (doc/design.md section 2). */
enum { P_TYPE, P_SIZE, P_OFFSET, P_RATE, P_PTR, P_COUNT };
static const struct field_spec payload_specs[P_COUNT] = {
	[P_TYPE] = { "type", FIELD_STRING },
	[P_SIZE] = { "size", FIELD_UNSIGNED },
	[P_OFFSET] = { "offset", FIELD_UNSIGNED },
	[P_RATE] = { "rate", FIELD_UNSIGNED },
	[P_PTR] = { "ptr", FIELD_UNSIGNED },
};

/* What schema 2 adds (doc/design.md section 2): the return addresses,
 * innermost first, and whether the walk stopped at its depth limit. */
enum { S_STACK, S_TRUNCATED, S_COUNT };
static const struct field_spec stack_specs[S_COUNT] = {
	[S_STACK] = { "stack", FIELD_UNSIGNED_ARRAY },
	[S_TRUNCATED] = { "stack_truncated", FIELD_UNSIGNED },
};

/* What schema 3 adds (doc/design.md section 2, "Free tracking"). */
static const struct field_spec free_tracked_spec = { "free_tracked", FIELD_UNSIGNED };
#define ASR_FREE_EVENT_NAME "allocsample:SampledFree"

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
	bool has_stack;              /* schema 2 */
	bool has_free_tracked;       /* schema 3 */
	bool frees_known;            /* schema 3 and a SampledFree class in the trace */
	uint64_t free_tracked;       /* member index, valid when has_free_tracked */
	uint64_t payload[P_COUNT];   /* member indices */
	uint64_t stack[S_COUNT];     /* valid when has_stack */
	int64_t context[C_COUNT];    /* member indices, -1 when absent */
	bool context_signed[C_COUNT]; /* an integer context is signed */
	uint64_t debug_info[D_COUNT]; /* valid when context[C_DEBUG_INFO] >= 0 */
};

void asr_sample_reader_init(struct asr_sample_reader *reader, unsigned group_by)
{
	reader->resolve_sites = group_by & ASR_GROUP_BY_SITE;
	reader->read_stacks = group_by & (ASR_GROUP_BY_SITE | ASR_GROUP_BY_STACK | ASR_GROUP_BY_FUNCTION);
	reader->require_stacks = group_by & (ASR_GROUP_BY_STACK | ASR_GROUP_BY_FUNCTION);
	reader->stack = NULL;
	reader->stack_size = 0;
	asr_site_resolver_init(&reader->sites);
	asr_class_cache_init(&reader->classes);
}

void asr_sample_reader_fini(struct asr_sample_reader *reader)
{
	asr_class_cache_fini(&reader->classes);
	g_free(reader->stack);
	reader->stack = NULL;
	reader->stack_size = 0;
	asr_site_resolver_fini(&reader->sites);
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
	case FIELD_UNSIGNED_ARRAY:
		return bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_ARRAY) &&
		       asr_class_is(bt_field_class_array_borrow_element_field_class_const(fc),
				    BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER);
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
	case FIELD_UNSIGNED_ARRAY:
		return "a sequence of unsigned integers";
	}
	return "?";
}

/* Whether payload member `spec` of class `payload` has the right type, with
 * a cause naming it otherwise; its index in `*index`. */
static bool check_payload_field(bt_self_component *self, const bt_field_class *payload,
				const struct field_spec *spec, const char *schema, uint64_t *index)
{
	int64_t i = asr_member_index(payload, spec->name);

	if (i < 0) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
			"Event `%s` has no payload field `%s` (%s expected by schema `%s`): the trace comes from an incompatible producer.",
			ASR_EVENT_NAME, spec->name, kind_description(spec->kind), schema);
		return false;
	}
	if (!kind_matches(asr_member_class(payload, i), spec->kind)) {
		const bt_field_class *fc = asr_member_class(payload, i);

		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
			"Event `%s`: payload field `%s` is %s%s, expected %s by schema `%s`: the trace comes from an incompatible producer.",
			ASR_EVENT_NAME, spec->name, asr_class_description(fc),
			asr_class_is(fc, BT_FIELD_CLASS_TYPE_ARRAY) ? " of other elements" : "",
			kind_description(spec->kind), schema);
		return false;
	}
	*index = (uint64_t) i;
	return true;
}

/*
 * Whether class `ec`, of schema `uri` (NULL: none declared), has stacks,
 * filling layout->stack; false with a cause when its stack fields are
 * broken, or missing while the reader requires them.  A class that
 * declares schema 2 or later must have them; one that declares no schema
 * has them when it has a `stack` field; one that declares schema 1 has
 * none.
 */
static bool check_stack(struct asr_sample_reader *reader, bt_self_component *self,
			const bt_field_class *payload, const char *uri, struct layout *layout)
{
	size_t i;

	layout->has_stack = uri ? strcmp(uri, ASR_SCHEMA_URI_V1) != 0 :
				  asr_member_index(payload, stack_specs[S_STACK].name) >= 0;
	for (i = 0; i < S_COUNT && layout->has_stack; i++) {
		if (!check_payload_field(self, payload, &stack_specs[i], ASR_SCHEMA_URI,
					 &layout->stack[i]))
			return false;
	}
	if (!layout->has_stack && reader->require_stacks) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
			"Parameter `group-by` has `stack` or `function` (or the format needs stacks), but this trace has no stacks: its event `%s` has no payload field `stack` (schema `%s`, from an allocsample before stacks).  Record the program again with this version's allocsample, with the events `lttng_ust_statedump:*` and `lttng_ust_dl:*` and liblttng-ust-dl.so preloaded, so that the addresses can be named (allocsample-record does all of this); or group this trace by `thread`, `type` or `site`.",
			ASR_EVENT_NAME, uri ? uri : ASR_SCHEMA_URI_V1);
		return false;
	}
	return true;
}

/* Whether the trace class of `ec` declares allocsample:SampledFree in any
 * of its stream classes (the user enabled it; lttng-ust declares an
 * enabled event before its first occurrence). */
static bool trace_has_free_class(const bt_event_class *ec)
{
	const bt_trace_class *tc = bt_stream_class_borrow_trace_class_const(
		bt_event_class_borrow_stream_class_const(ec));
	uint64_t i, j;

	for (i = 0; i < bt_trace_class_get_stream_class_count(tc); i++) {
		const bt_stream_class *sc = bt_trace_class_borrow_stream_class_by_index_const(tc, i);

		for (j = 0; j < bt_stream_class_get_event_class_count(sc); j++) {
			const char *name = bt_event_class_get_name(
				bt_stream_class_borrow_event_class_by_index_const(sc, j));

			if (name && strcmp(name, ASR_FREE_EVENT_NAME) == 0)
				return true;
		}
	}
	return false;
}

/* Schema 3's free_tracked: required when the class declares schema 3 or
 * later, read when a class without a schema has it, absent before. */
static bool check_free_tracked(bt_self_component *self, const bt_event_class *ec,
			       const bt_field_class *payload, const char *uri, struct layout *layout)
{
	layout->has_free_tracked = uri ? strcmp(uri, ASR_SCHEMA_URI) == 0 ||
					 strcmp(uri, ASR_SCHEMA_URI_V5) == 0 ||
					 strcmp(uri, ASR_SCHEMA_URI_V4) == 0 ||
					 strcmp(uri, ASR_SCHEMA_URI_V3) == 0 :
				   asr_member_index(payload, free_tracked_spec.name) >= 0;
	if (layout->has_free_tracked &&
	    !check_payload_field(self, payload, &free_tracked_spec, ASR_SCHEMA_URI,
				 &layout->free_tracked))
		return false;
	layout->frees_known = layout->has_free_tracked && trace_has_free_class(ec);
	return true;
}

/* Fills `layout` for AllocationSampled class `ec`; returns false with a
 * cause naming the first incompatible field. */
static bool check_class(struct asr_sample_reader *reader, bt_self_component *self,
			const bt_event_class *ec, struct layout *layout)
{
	const bt_stream_class *sc = bt_event_class_borrow_stream_class_const(ec);
	const bt_field_class *payload = bt_event_class_borrow_payload_field_class_const(ec);
	const bt_field_class *context = bt_stream_class_borrow_event_common_context_field_class_const(sc);
	const char *uri = bt_event_class_get_emf_uri(ec);
	int64_t index;
	size_t i;

	/* A class with no URI is judged by its fields alone: the fields are
	 * what the estimates rely on. */
	if (uri && strcmp(uri, ASR_SCHEMA_URI) != 0 && strcmp(uri, ASR_SCHEMA_URI_V5) != 0 &&
	    strcmp(uri, ASR_SCHEMA_URI_V4) != 0 &&
	    strcmp(uri, ASR_SCHEMA_URI_V3) != 0 && strcmp(uri, ASR_SCHEMA_URI_V2) != 0 &&
	    strcmp(uri, ASR_SCHEMA_URI_V1) != 0) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
			"Event `%s` declares the schema `%s` (its EMF URI); this component reads `%s` to `%s`: record the trace with the matching allocsample, or analyse it with the matching plugin.",
			ASR_EVENT_NAME, uri, ASR_SCHEMA_URI_V1, ASR_SCHEMA_URI);
		return false;
	}
	for (i = 0; i < P_COUNT; i++) {
		if (!check_payload_field(self, payload, &payload_specs[i], ASR_SCHEMA_URI,
					 &layout->payload[i]))
			return false;
	}
	if (!check_stack(reader, self, payload, uri, layout) ||
	    !check_free_tracked(self, ec, payload, uri, layout))
		return false;
	for (i = 0; i < C_COUNT; i++) {
		index = asr_member_index(context, context_specs[i].name);
		if (index >= 0 && !kind_matches(asr_member_class(context, index), context_specs[i].kind)) {
			BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
				"Event `%s`: context field `%s` is %s, expected %s.",
				ASR_EVENT_NAME, context_specs[i].name,
				asr_class_description(asr_member_class(context, index)),
				kind_description(context_specs[i].kind));
			return false;
		}
		layout->context[i] = index;
		layout->context_signed[i] = index >= 0 &&
			asr_class_is(asr_member_class(context, index), BT_FIELD_CLASS_TYPE_SIGNED_INTEGER);
	}
	for (i = 0; i < D_COUNT && layout->context[C_DEBUG_INFO] >= 0; i++) {
		const bt_field_class *debug_info = asr_member_class(context, layout->context[C_DEBUG_INFO]);

		index = asr_member_index(debug_info, debug_info_specs[i].name);
		if (index < 0 || !kind_matches(asr_member_class(debug_info, index), debug_info_specs[i].kind)) {
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
	struct layout *layout = asr_class_cache_find(&reader->classes, ec);
	const char *name;

	if (!layout) {
		layout = g_new0(struct layout, 1);
		name = bt_event_class_get_name(ec);
		if (name && strcmp(name, ASR_EVENT_NAME) == 0 &&
		    !check_class(reader, self, ec, layout)) {
			g_free(layout);
			return ASR_SAMPLE_ERROR;
		}
		asr_class_cache_add(&reader->classes, ec, layout);
	}
	*out = layout;
	return ASR_SAMPLE_OK;
}

/*
 * The site of a sample for group-by=site.  Returns NULL with a cause
 * appended when the trace cannot say it: without the debug_info context,
 * or with debug-info's short binary names, which cannot be opened.
 */
static const struct asr_site *find_site(struct asr_sample_reader *reader, bt_self_component *self,
					const char *bin, const char *func)
{
	if (!bin) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
			"Parameter `group-by` has `site`, but event `%s` has no `debug_info` context field: place filter.lttng-utils.debug-info (with full-path=yes) before this sink, e.g. `babeltrace2 TRACE --debug-info --debug-info-full-path -c sink.allocsample.report ...`, and record the call sites with `lttng add-context -u -t vpid -t ip` and the events `lttng_ust_statedump:*`, `lttng_ust_dl:*` and `lttng_ust_lib:*`; traces of schema 2 need none of this: their sites come from their stacks.",
			ASR_EVENT_NAME);
		return NULL;
	}
	/* debug-info gives "" for an address in no known object, and a path
	 * only with full-path=yes. */
	if (bin[0] != '\0' && bin[0] != '/') {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
			"Parameter `group-by` has `site`, but filter.lttng-utils.debug-info gives binary `%s` without its directory: give that filter full-path=yes (`--debug-info-full-path` with babeltrace2 convert), so that the binary can be read for file and line.",
			bin);
		return NULL;
	}
	return asr_site_resolve(&reader->sites, bin, func);
}

/*
 * The sample's return addresses into the reader's buffer: one field access
 * per address, the most this component spends per event.  More than
 * ASR_STACK_MAX are cut and marked truncated.
 */
static void read_stack(struct asr_sample_reader *reader, const bt_field *payload,
		       const struct layout *layout, struct asr_sample *sample)
{
	const bt_field *stack = asr_member(payload, layout->stack[S_STACK]);
	uint64_t n = bt_field_array_get_length(stack), i;

	sample->stack_truncated = bt_field_integer_unsigned_get_value(
		asr_member(payload, layout->stack[S_TRUNCATED])) != 0;
	if (n > ASR_STACK_MAX) {
		n = ASR_STACK_MAX;
		sample->stack_truncated = true;
	}
	if (n > reader->stack_size) {
		reader->stack_size = (uint32_t) n;
		reader->stack = g_renew(uint64_t, reader->stack, n);
	}
	for (i = 0; i < n; i++)
		reader->stack[i] = bt_field_integer_unsigned_get_value(
			bt_field_array_borrow_element_field_by_index_const(stack, i));
	sample->stack = reader->stack;
	sample->stack_len = (uint32_t) n;
}

/* Integer member `i` of the common context, when the class has it. */
static bool context_integer(const bt_field *context, const struct layout *layout, size_t i,
			    int64_t *value)
{
	int64_t index = layout->context[i];

	*value = index >= 0 ? asr_integer_value_as(asr_member(context, (uint64_t) index),
						   layout->context_signed[i]) : 0;
	return index >= 0;
}

enum asr_sample_status asr_sample_read(struct asr_sample_reader *reader, bt_self_component *self,
				       const bt_message *msg, struct asr_sample *sample)
{
	const bt_event *event = bt_message_event_borrow_event_const(msg);
	const bt_field *payload, *context, *debug_info;
	const struct layout *layout;
	const char *bin = NULL, *func = NULL;
	enum asr_sample_status status;

	status = find_layout(reader, self, bt_event_borrow_class_const(event), &layout);
	if (status != ASR_SAMPLE_OK)
		return status;
	if (!layout->is_sample)
		return ASR_SAMPLE_OTHER;

	payload = bt_event_borrow_payload_field_const(event);
	sample->type = asr_string_value_length(asr_member(payload, layout->payload[P_TYPE]),
					       &sample->type_len);
	sample->size = bt_field_integer_unsigned_get_value(asr_member(payload, layout->payload[P_SIZE]));
	sample->offset = bt_field_integer_unsigned_get_value(
		asr_member(payload, layout->payload[P_OFFSET]));
	sample->rate = bt_field_integer_unsigned_get_value(asr_member(payload, layout->payload[P_RATE]));
	sample->ptr = bt_field_integer_unsigned_get_value(asr_member(payload, layout->payload[P_PTR]));
	sample->free_tracked = layout->has_free_tracked &&
		bt_field_integer_unsigned_get_value(asr_member(payload, layout->free_tracked)) != 0;
	sample->has_free_tracked = layout->has_free_tracked;
	sample->frees_known = layout->frees_known;

	context = bt_event_borrow_common_context_field_const(event);
	sample->has_vpid = context_integer(context, layout, C_VPID, &sample->vpid);
	sample->has_vtid = context_integer(context, layout, C_VTID, &sample->vtid);
	sample->procname = layout->context[C_PROCNAME] >= 0 ?
		asr_string_value(asr_member(context, (uint64_t) layout->context[C_PROCNAME])) : NULL;
	if (layout->context[C_DEBUG_INFO] >= 0) {
		debug_info = asr_member(context, (uint64_t) layout->context[C_DEBUG_INFO]);
		bin = asr_string_value(asr_member(debug_info, layout->debug_info[D_BIN]));
		func = asr_string_value(asr_member(debug_info, layout->debug_info[D_FUNC]));
	}
	sample->has_stack = layout->has_stack && reader->read_stacks;
	if (sample->has_stack)
		read_stack(reader, payload, layout, sample);
	sample->site = NULL;
	/* A stack names the site (the model finds it); an empty one leaves it
	 * to debug-info when the trace went through it. */
	if (reader->resolve_sites &&
	    (!sample->has_stack || (sample->stack_len == 0 && layout->context[C_DEBUG_INFO] >= 0))) {
		sample->site = find_site(reader, self, bin, func);
		if (!sample->site)
			return ASR_SAMPLE_ERROR;
	}
	sample->trace = bt_stream_borrow_trace_const(bt_event_borrow_stream_const(event));
	sample->has_time = asr_event_time(msg, layout->has_clock, &sample->ns);
	return ASR_SAMPLE_OK;
}
