/* scope_event.c - reads begin and end events; checks each event class once (see scope_event.h). */
#include <string.h>

#include "read/fields.h"
#include "read/scope_event.h"

/* What the first event of a class told about it. */
struct role_class {
	enum asr_scope_role role;
	bool has_clock;
	bool has_pid;
	uint64_t tid_index;      /* common context member: vtid, or tid */
	uint64_t pid_index;      /* vpid, or pid; valid when has_pid */
	uint64_t key_index;      /* payload member; valid with a scope-key */
	enum asr_scope_key_kind key_kind;
};

void asr_scope_reader_init(struct asr_scope_reader *reader, const struct asr_params *params)
{
	memset(reader, 0, sizeof *reader);
	reader->begin = params->scope_begin;
	reader->end = params->scope_end;
	reader->key = params->scope_key;
	asr_class_cache_init(&reader->classes);
}

void asr_scope_reader_fini(struct asr_scope_reader *reader)
{
	asr_class_cache_fini(&reader->classes);
	memset(reader, 0, sizeof *reader);
}

/* The first integer member among `names` of the common context, or -1. */
static int64_t context_index(const bt_field_class *context, const char *const names[2])
{
	int64_t index;
	size_t i;

	for (i = 0; i < 2; i++) {
		index = asr_member_index(context, names[i]);
		if (index >= 0 && asr_class_is(asr_member_class(context, index),
					       BT_FIELD_CLASS_TYPE_INTEGER))
			return index;
	}
	return -1;
}

/* Fills `rc` for begin or end class `ec`; returns false with a cause. */
static bool check_class(const struct asr_scope_reader *reader, bt_self_component *self,
			const bt_event_class *ec, struct role_class *rc)
{
	static const char *const tid_names[2] = { "vtid", "tid" };
	static const char *const pid_names[2] = { "vpid", "pid" };
	const bt_stream_class *sc = bt_event_class_borrow_stream_class_const(ec);
	const bt_field_class *context = bt_stream_class_borrow_event_common_context_field_class_const(sc);
	const bt_field_class *payload = bt_event_class_borrow_payload_field_class_const(ec);
	const char *param = rc->role == ASR_SCOPE_BEGIN ? "scope-begin" : "scope-end";
	const char *name = bt_event_class_get_name(ec);
	const bt_field_class *key_class;
	int64_t index;

	index = context_index(context, tid_names);
	if (index < 0) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
			"Parameter `%s`: event `%s` has no `vtid` (or `tid`) context field: scopes are matched per thread.  Record it with:  lttng add-context -u -t vtid  (kernel events:  lttng add-context -k -t tid).",
			param, name);
		return false;
	}
	rc->tid_index = (uint64_t) index;
	index = context_index(context, pid_names);
	rc->has_pid = index >= 0;
	rc->pid_index = rc->has_pid ? (uint64_t) index : 0;
	rc->key_kind = ASR_SCOPE_KEY_NONE;
	if (reader->key) {
		index = asr_member_index(payload, reader->key);
		if (index < 0) {
			BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
				"Parameter `scope-key`: event `%s` (`%s`) has no payload field `%s`: name a field that both the begin and the end event carry.",
				name, param, reader->key);
			return false;
		}
		key_class = asr_member_class(payload, index);
		if (asr_class_is(key_class, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
			rc->key_kind = ASR_SCOPE_KEY_SIGNED;
		else if (asr_class_is(key_class, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
			rc->key_kind = ASR_SCOPE_KEY_UNSIGNED;
		else if (asr_class_is(key_class, BT_FIELD_CLASS_TYPE_STRING))
			rc->key_kind = ASR_SCOPE_KEY_STRING;
		else {
			BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(self,
				"Parameter `scope-key`: payload field `%s` of event `%s` is neither an integer nor a string.",
				reader->key, name);
			return false;
		}
		rc->key_index = (uint64_t) index;
	}
	rc->has_clock = bt_stream_class_borrow_default_clock_class_const(sc) != NULL;
	return true;
}

/* The role of class `ec`, checked at its first event; NULL after an error. */
static const struct role_class *role_of(struct asr_scope_reader *reader, bt_self_component *self,
					const bt_event_class *ec)
{
	struct role_class *rc;
	const char *name;

	rc = asr_class_cache_find(&reader->classes, ec);
	if (rc)
		return rc;
	rc = g_new0(struct role_class, 1);
	name = bt_event_class_get_name(ec);
	if (name && strcmp(name, reader->begin) == 0)
		rc->role = ASR_SCOPE_BEGIN;
	else if (name && strcmp(name, reader->end) == 0)
		rc->role = ASR_SCOPE_END;
	if (rc->role != ASR_SCOPE_OTHER && !check_class(reader, self, ec, rc)) {
		g_free(rc);
		return NULL;
	}
	return asr_class_cache_add(&reader->classes, ec, rc);
}

/* The event's key, its string borrowed from the event. */
static struct asr_scope_key key_of(const struct role_class *rc, const bt_event *event)
{
	struct asr_scope_key key = { rc->key_kind, 0, NULL };
	const bt_field *field;

	if (rc->key_kind == ASR_SCOPE_KEY_NONE)
		return key;
	field = asr_member(bt_event_borrow_payload_field_const(event), rc->key_index);
	if (rc->key_kind == ASR_SCOPE_KEY_STRING)
		key.string = (char *) asr_string_value(field);
	else
		key.bits = (uint64_t) asr_integer_value(field);
	return key;
}

int asr_scope_event_read(struct asr_scope_reader *reader, bt_self_component *self,
			 const bt_message *msg, struct asr_scope_event *out)
{
	const bt_event *event = bt_message_event_borrow_event_const(msg);
	const struct role_class *rc = role_of(reader, self, bt_event_borrow_class_const(event));
	const bt_field *context;

	if (!rc)
		return -1;
	out->role = rc->role;
	if (rc->role == ASR_SCOPE_OTHER)
		return 0;
	context = bt_event_borrow_common_context_field_const(event);
	out->trace = bt_stream_borrow_trace_const(bt_event_borrow_stream_const(event));
	out->tid = asr_integer_value(asr_member(context, rc->tid_index));
	out->has_pid = rc->has_pid;
	out->pid = rc->has_pid ? asr_integer_value(asr_member(context, rc->pid_index)) : 0;
	out->key = key_of(rc, event);
	out->ns = 0;
	out->has_time = asr_event_time(msg, rc->has_clock, &out->ns);
	return 0;
}
