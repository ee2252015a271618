/* table.c - accumulates samples per cell in constant memory per cell (see table.h). */
#include <string.h>

#include "table.h"

static guint cell_hash(gconstpointer p)
{
	const struct asr_cell *c = p;
	guint h = g_direct_hash(c->trace);

	h = h * 31 + g_str_hash(c->type);
	h = h * 31 + g_direct_hash(c->site);
	h = h * 31 + (guint) c->vtid;
	h = h * 31 + (guint) c->vpid;
	return h;
}

static bool str_equal_or_null(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static gboolean cell_equal(gconstpointer pa, gconstpointer pb)
{
	const struct asr_cell *a = pa, *b = pb;

	return a->trace == b->trace && a->has_vpid == b->has_vpid && a->vpid == b->vpid &&
	       a->has_vtid == b->has_vtid && a->vtid == b->vtid &&
	       a->site == b->site && strcmp(a->type, b->type) == 0 && str_equal_or_null(a->procname, b->procname);
}

static void cell_free(gpointer p)
{
	struct asr_cell *c = p;

	g_free(c->procname);
	g_free(c->type);
	asr_rates_fini(&c->rates);
	g_free(c);
}

static void trace_free(gpointer p)
{
	struct asr_trace *t = p;

	bt_trace_put_ref(t->trace);
	g_free(t->host);
	g_free(t->name);
	g_array_free(t->losses, TRUE);
	g_free(t);
}

void asr_table_init(struct asr_table *table)
{
	table->traces = g_hash_table_new(g_direct_hash, g_direct_equal);
	table->trace_list = g_ptr_array_new_with_free_func(trace_free);
	table->cells = g_hash_table_new_full(cell_hash, cell_equal, cell_free, NULL);
	asr_site_resolver_init(&table->sites);
	table->last_trace = NULL;
	table->last_cell = NULL;
	table->samples = 0;
	table->skipped = 0;
}

void asr_table_fini(struct asr_table *table)
{
	if (table->cells)
		g_hash_table_destroy(table->cells);
	if (table->traces)
		g_hash_table_destroy(table->traces);
	if (table->trace_list)
		g_ptr_array_free(table->trace_list, TRUE);
	asr_site_resolver_fini(&table->sites);
	memset(table, 0, sizeof *table);
}

static struct asr_trace *trace_for(struct asr_table *table, const bt_trace *bt)
{
	struct asr_trace *t;
	const bt_value *host;

	if (table->last_trace && table->last_trace->trace == bt)
		return table->last_trace;
	t = g_hash_table_lookup(table->traces, bt);
	if (!t) {
		t = g_new0(struct asr_trace, 1);
		bt_trace_get_ref(bt);
		t->trace = bt;
		host = bt_trace_borrow_environment_entry_value_by_name_const(bt, "hostname");
		if (host && bt_value_is_string(host))
			t->host = g_strdup(bt_value_string_get(host));
		t->name = g_strdup(bt_trace_get_name(bt));
		t->losses = g_array_new(FALSE, TRUE, sizeof(struct asr_stream_loss));
		g_ptr_array_add(table->trace_list, t);
		t->id = table->trace_list->len;
		g_hash_table_insert(table->traces, (gpointer) bt, t);
	}
	table->last_trace = t;
	return t;
}

static struct asr_cell *cell_for(struct asr_table *table, const struct asr_sample *sample)
{
	struct asr_cell probe = {
		.trace = trace_for(table, sample->trace),
		.procname = (char *) sample->procname,
		.type = (char *) sample->type,
		.site = sample->site,
		.vpid = sample->has_vpid ? sample->vpid : 0,
		.vtid = sample->has_vtid ? sample->vtid : 0,
		.has_vpid = sample->has_vpid,
		.has_vtid = sample->has_vtid,
	};
	struct asr_cell *c;

	/* Allocations come in runs from one thread: try the last cell first. */
	if (table->last_cell && cell_equal(table->last_cell, &probe))
		return table->last_cell;
	c = g_hash_table_lookup(table->cells, &probe);
	if (!c) {
		c = g_new(struct asr_cell, 1);
		*c = probe;
		c->procname = g_strdup(sample->procname);
		c->type = g_strdup(sample->type);
		g_hash_table_add(table->cells, c);
		if (!sample->has_vpid)
			probe.trace->vpid_missing = true;
		if (!sample->has_vtid)
			probe.trace->vtid_missing = true;
	}
	table->last_cell = c;
	return c;
}

const struct asr_cell *asr_table_add(struct asr_table *table, const struct asr_sample *sample)
{
	struct asr_cell *c = cell_for(table, sample);

	if (!asr_rates_add(&c->rates, sample->rate, sample->size, sample->offset)) {
		table->skipped++;
		return NULL;
	}
	table->samples++;
	if (sample->has_time) {
		if (!c->has_time || sample->ns < c->first_ns)
			c->first_ns = sample->ns;
		if (!c->has_time || sample->ns > c->last_ns)
			c->last_ns = sample->ns;
		c->has_time = true;
	}
	return c;
}

void asr_table_add_loss(struct asr_table *table, const bt_stream *stream, bool packets,
			const uint64_t *count)
{
	struct asr_trace *t = trace_for(table, bt_stream_borrow_trace_const(stream));
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

bool asr_trace_incomplete(const struct asr_trace *trace)
{
	return trace->losses->len > 0;
}
