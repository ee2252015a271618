/* window.c - accumulates each cell's samples per time window (see window.h). */
#include <string.h>

#include "params.h"
#include "aggregate/window.h"

static guint slot_hash(gconstpointer p)
{
	const struct asr_window_slot *s = p;

	return g_direct_hash(s->cell) * 31 + (guint) s->index;
}

static gboolean slot_equal(gconstpointer pa, gconstpointer pb)
{
	const struct asr_window_slot *a = pa, *b = pb;

	return a->cell == b->cell && a->index == b->index;
}

static void slot_free(gpointer p)
{
	struct asr_window_slot *s = p;

	asr_rates_fini(&s->rates);
	g_free(s);
}

static void live_end_free(gpointer p)
{
	struct asr_live_end *end = p;
	guint i;

	for (i = 0; i < end->cells->len; i++)
		asr_rates_fini(&g_array_index(end->cells, struct asr_live_copy, i).live);
	g_array_free(end->cells, TRUE);
	g_free(end);
}

void asr_windows_init(struct asr_windows *windows, int64_t length)
{
	memset(windows, 0, sizeof *windows);
	windows->length = length;
	windows->slots = g_hash_table_new_full(slot_hash, slot_equal, slot_free, NULL);
	windows->live_ends = g_ptr_array_new_with_free_func(live_end_free);
}

void asr_windows_fini(struct asr_windows *windows)
{
	if (windows->live_ends)
		g_ptr_array_free(windows->live_ends, TRUE);
	if (windows->slots)
		g_hash_table_destroy(windows->slots);
	memset(windows, 0, sizeof *windows);
}

/* floor(a / b) for b > 0, also for a < 0. */
static int64_t floor_div(int64_t a, int64_t b)
{
	int64_t q = a / b;

	return (a % b != 0 && a < 0) ? q - 1 : q;
}

static int64_t index_of(const struct asr_windows *windows, int64_t ns)
{
	return floor_div(ns - windows->origin, windows->length);
}

void asr_windows_see(struct asr_windows *windows, int64_t ns)
{
	if (!windows->has_span) {
		windows->has_span = true;
		windows->origin = windows->first = windows->last = ns;
		return;
	}
	if (ns < windows->first)
		windows->first = ns;
	else if (ns > windows->last)
		windows->last = ns;
	else
		return;
	if (!windows->too_many &&
	    index_of(windows, windows->last) - index_of(windows, windows->first) >= ASR_MAX_WINDOWS) {
		windows->too_many = true;
		windows->last_slot = NULL;
		g_hash_table_remove_all(windows->slots);
		g_ptr_array_set_size(windows->live_ends, 0);
	}
}

void asr_windows_add(struct asr_windows *windows, const struct asr_cell *cell,
		     const struct asr_sample *sample, const struct asr_weighed *weighed)
{
	struct asr_window_slot probe, *slot;

	if (!sample->has_time || windows->too_many)
		return;
	probe.cell = cell;
	probe.index = index_of(windows, sample->ns);
	/* A thread allocates in runs: try the last slot first. */
	slot = windows->last_slot;
	if (!slot || !slot_equal(slot, &probe)) {
		slot = g_hash_table_lookup(windows->slots, &probe);
		if (!slot) {
			slot = g_new0(struct asr_window_slot, 1);
			slot->cell = cell;
			slot->index = probe.index;
			g_hash_table_add(windows->slots, slot);
		}
		windows->last_slot = slot;
	}
	asr_rates_add(&slot->rates, weighed);
}

void asr_windows_live_end(struct asr_windows *windows, GPtrArray *changed, int64_t ns)
{
	struct asr_live_end *end;
	guint i;

	if (!windows->has_span || windows->too_many || changed->len == 0 ||
	    index_of(windows, ns) <= index_of(windows, windows->last))
		return;
	end = g_new(struct asr_live_end, 1);
	end->index = index_of(windows, windows->last);
	end->cells = g_array_sized_new(FALSE, FALSE, sizeof(struct asr_live_copy), changed->len);
	for (i = 0; i < changed->len; i++) {
		struct asr_cell *c = g_ptr_array_index(changed, i);
		struct asr_live_copy copy = { c, asr_rates_copy(&c->live) };

		c->live_changed = false;
		g_array_append_val(end->cells, copy);
	}
	g_ptr_array_set_size(changed, 0);
	g_ptr_array_add(windows->live_ends, end);
}

int64_t asr_windows_first_index(const struct asr_windows *windows)
{
	return windows->has_span ? index_of(windows, windows->first) : 0;
}

int64_t asr_windows_count(const struct asr_windows *windows)
{
	if (!windows->has_span)
		return 0;
	return index_of(windows, windows->last) - index_of(windows, windows->first) + 1;
}

int64_t asr_windows_length_needed(const struct asr_windows *windows)
{
	/* ASR_MAX_WINDOWS - 1 whole windows plus the partial ones at the ends
	 * always cover the span. */
	return (windows->last - windows->first) / (ASR_MAX_WINDOWS - 1) + 1;
}
