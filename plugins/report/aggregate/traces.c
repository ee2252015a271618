/* traces.c - one record per trace, found by pointer (see traces.h). */
#include <string.h>

#include "aggregate/traces.h"

static void trace_free(gpointer p)
{
	struct asr_trace *t = p;

	bt_trace_put_ref(t->trace);
	g_free(t->name);
	g_array_free(t->losses, TRUE);
	g_hash_table_destroy(t->process_names);
	g_hash_table_destroy(t->attached_names);
	g_free(t);
}

void asr_traces_init(struct asr_traces *traces)
{
	traces->by_trace = g_hash_table_new(g_direct_hash, g_direct_equal);
	traces->list = g_ptr_array_new_with_free_func(trace_free);
	traces->hosts = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	traces->last = NULL;
	traces->cut = NULL;
}

void asr_traces_fini(struct asr_traces *traces)
{
	if (traces->by_trace)
		g_hash_table_destroy(traces->by_trace);
	if (traces->list)
		g_ptr_array_free(traces->list, TRUE);
	if (traces->hosts)
		g_hash_table_destroy(traces->hosts);
	g_free(traces->cut);
	memset(traces, 0, sizeof *traces);
}

static const char *intern(struct asr_traces *traces, const char *host)
{
	char *name = g_hash_table_lookup(traces->hosts, host);

	if (!name) {
		name = g_strdup(host);
		g_hash_table_add(traces->hosts, name);
	}
	return name;
}

struct asr_trace *asr_traces_find(struct asr_traces *traces, const bt_trace *bt)
{
	struct asr_trace *t;
	const bt_value *host;

	t = g_hash_table_lookup(traces->by_trace, bt);
	if (!t) {
		t = g_new0(struct asr_trace, 1);
		bt_trace_get_ref(bt);
		t->trace = bt;
		host = bt_trace_borrow_environment_entry_value_by_name_const(bt, "hostname");
		if (host && bt_value_is_string(host))
			t->host = intern(traces, bt_value_string_get(host));
		t->name = g_strdup(bt_trace_get_name(bt));
		t->losses = g_array_new(FALSE, TRUE, sizeof(struct asr_stream_loss));
		t->process_names = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
		t->attached_names = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
		g_ptr_array_add(traces->list, t);
		t->id = traces->list->len;
		t->last_ns = INT64_MIN;
		t->cut = traces->cut != NULL;
		g_hash_table_insert(traces->by_trace, (gpointer) bt, t);
	}
	traces->last = t;
	return t;
}

const void *asr_trace_domain(const struct asr_trace *trace)
{
	return trace->host ? (const void *) trace->host : (const void *) trace;
}

void asr_traces_add_loss(struct asr_traces *traces, const bt_stream *stream, bool packets,
			 const uint64_t *count)
{
	struct asr_trace *t = asr_traces_get(traces, bt_stream_borrow_trace_const(stream));
	uint64_t id = bt_stream_get_id(stream);
	struct asr_stream_loss *loss = NULL;
	guint i;

	for (i = 0; i < t->losses->len; i++) {
		if (g_array_index(t->losses, struct asr_stream_loss, i).stream_id == id) {
			loss = &g_array_index(t->losses, struct asr_stream_loss, i);
			break;
		}
	}
	if (!loss) {
		g_array_set_size(t->losses, t->losses->len + 1);
		loss = &g_array_index(t->losses, struct asr_stream_loss, t->losses->len - 1);
		loss->stream_id = id;
	}
	if (packets) {
		loss->lost_packets = true;
		if (count)
			loss->packets += *count;
		else
			loss->packets_unknown = true;
	} else {
		loss->lost_events = true;
		if (count)
			loss->events += *count;
		else
			loss->events_unknown = true;
	}
}

void asr_traces_name_process(struct asr_traces *traces, const bt_trace *trace, int64_t vpid,
			     const char *name)
{
	struct asr_trace *t = asr_traces_get(traces, trace);

	g_hash_table_replace(t->process_names, g_memdup2(&vpid, sizeof vpid), g_strdup(name));
}

void asr_traces_name_attached(struct asr_traces *traces, const bt_trace *trace, int64_t vpid,
			      const char *name)
{
	struct asr_trace *t = asr_traces_get(traces, trace);

	g_hash_table_replace(t->attached_names, g_memdup2(&vpid, sizeof vpid), g_strdup(name));
}

const char *asr_trace_process_name(const struct asr_trace *trace, int64_t vpid)
{
	const char *attached = g_hash_table_lookup(trace->attached_names, &vpid);

	return attached ? attached : g_hash_table_lookup(trace->process_names, &vpid);
}

void asr_traces_cut(struct asr_traces *traces, const char *statement)
{
	char *line = g_strchomp(g_strdelimit(g_strdup(statement), "\n\t", ' '));
	guint i;

	for (i = 0; i < traces->list->len; i++)
		((struct asr_trace *) g_ptr_array_index(traces->list, i))->cut = true;
	if (g_str_has_suffix(line, "."))
		line[strlen(line) - 1] = '\0';
	if (traces->cut) {
		char *both = g_strdup_printf("%s; %s", traces->cut, line);

		g_free(line);
		line = both;
		g_free(traces->cut);
	}
	traces->cut = line;
}

bool asr_trace_incomplete(const struct asr_trace *trace)
{
	return trace->losses->len > 0 || trace->cut;
}

void asr_traces_late_stream(struct asr_traces *traces, int64_t begin_ns)
{
	if (!traces->snapshot.late || begin_ns > traces->snapshot.start_ns)
		traces->snapshot.start_ns = begin_ns;
	traces->snapshot.late = true;
}
