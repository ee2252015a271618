/* heap.c - each process's live bytes at the instants of a grid (see heap.h). */
#include <string.h>

#include "aggregate/heap.h"
#include "aggregate/table.h"

struct process_key {
	const struct asr_trace *trace;
	bool has_vpid;
	int64_t vpid;
};

static guint key_hash(gconstpointer p)
{
	const struct asr_heap_series *s = p;

	return g_direct_hash(s->trace) ^ (guint) s->vpid;
}

static gboolean key_equal(gconstpointer pa, gconstpointer pb)
{
	const struct asr_heap_series *a = pa, *b = pb;

	return a->trace == b->trace && a->has_vpid == b->has_vpid && a->vpid == b->vpid;
}

static void point_clear(struct asr_heap_point *point)
{
	asr_rates_fini(&point->live);
	asr_rates_fini(&point->allocated);
}

static void snapshot_unref(struct asr_heap_snapshot *snapshot)
{
	guint i;

	if (!snapshot || --snapshot->refs > 0)
		return;
	for (i = 0; i < snapshot->cells->len; i++)
		asr_rates_fini(&g_array_index(snapshot->cells, struct asr_heap_cell_live, i).live);
	g_array_free(snapshot->cells, TRUE);
	g_free(snapshot);
}

static void series_init(struct asr_heap_series *series, struct asr_heap_series *total)
{
	memset(series, 0, sizeof *series);
	series->points = g_array_new(FALSE, FALSE, sizeof(struct asr_heap_point));
	series->total = total;
	if (total)
		series->cells = g_ptr_array_new();
}

static void series_fini(struct asr_heap_series *series)
{
	unsigned l;
	guint i;

	for (l = 0; l < ASR_HEAP_LEVELS; l++)
		snapshot_unref(series->best[l].snapshot);
	snapshot_unref(series->at);
	for (i = 0; i < series->points->len; i++)
		point_clear(&g_array_index(series->points, struct asr_heap_point, i));
	g_array_free(series->points, TRUE);
	if (series->cells)
		g_ptr_array_free(series->cells, TRUE);
	asr_rates_fini(&series->live);
	asr_rates_fini(&series->allocated);
}

static void series_free(gpointer p)
{
	series_fini(p);
	g_free(p);
}

void asr_heap_init(struct asr_heap *heap, unsigned max_points)
{
	memset(heap, 0, sizeof *heap);
	heap->max_points = max_points;
	heap->by_process = g_hash_table_new(key_hash, key_equal);
	heap->processes = g_ptr_array_new_with_free_func(series_free);
	series_init(&heap->total, NULL);
}

/* A process known before it had a series. */
struct asr_heap_known {
	const struct asr_trace *trace;
	bool has_vpid;
	int64_t vpid;
	int64_t ns;
};

static guint known_hash(gconstpointer key)
{
	const struct asr_heap_known *k = key;

	return g_direct_hash(k->trace) ^ g_int64_hash(&k->vpid) ^ (guint) k->has_vpid;
}

static gboolean known_equal(gconstpointer a, gconstpointer b)
{
	const struct asr_heap_known *x = a, *y = b;

	return x->trace == y->trace && x->has_vpid == y->has_vpid && x->vpid == y->vpid;
}

void asr_heap_fini(struct asr_heap *heap)
{
	if (heap->known_early)
		g_hash_table_destroy(heap->known_early);
	if (heap->by_process)
		g_hash_table_destroy(heap->by_process);
	if (heap->processes)
		g_ptr_array_free(heap->processes, TRUE);
	if (heap->total.points)
		series_fini(&heap->total);
	memset(heap, 0, sizeof *heap);
}

void asr_heap_keep_at(struct asr_heap *heap, int64_t offset)
{
	heap->has_at = true;
	heap->at_offset = offset;
}

struct asr_heap_series *asr_heap_series_of(struct asr_heap *heap, struct asr_cell *cell)
{
	struct asr_heap_series probe = {
		.trace = cell->trace,
		.has_vpid = cell->has_vpid,
		.vpid = cell->has_vpid ? cell->vpid : 0,
	};
	struct asr_heap_series *series = g_hash_table_lookup(heap->by_process, &probe);

	if (!series) {
		series = g_new(struct asr_heap_series, 1);
		series_init(series, &heap->total);
		series->trace = probe.trace;
		series->has_vpid = probe.has_vpid;
		series->vpid = probe.vpid;
		series->gated = heap->gated;
		g_hash_table_add(heap->by_process, series);
		g_ptr_array_add(heap->processes, series);
		if (series->gated && heap->known_early) {
			struct asr_heap_known key = { probe.trace, probe.has_vpid, probe.vpid, 0 };
			const struct asr_heap_known *known = g_hash_table_lookup(heap->known_early, &key);

			if (known)
				asr_heap_known(series, known->ns);
		}
	}
	g_ptr_array_add(series->cells, cell);
	return series;
}

double asr_heap_bytes(const struct asr_rates *rates)
{
	long double bytes = 0;
	size_t i;

	for (i = 0; i < rates->n; i++)
		bytes += rates->accums[i].weighted;
	return (double) bytes;
}

int64_t asr_heap_instant(const struct asr_heap *heap, int64_t k)
{
	return heap->origin + k * ASR_HEAP_STEP_NS;
}

/* The live samples of every cell of `series` that has some. */
static struct asr_heap_snapshot *snapshot_take(const struct asr_heap_series *series)
{
	struct asr_heap_snapshot *snapshot = g_new(struct asr_heap_snapshot, 1);
	guint i;

	snapshot->refs = 0;
	snapshot->cells = g_array_new(FALSE, FALSE, sizeof(struct asr_heap_cell_live));
	for (i = 0; i < series->cells->len; i++) {
		const struct asr_cell *c = g_ptr_array_index(series->cells, i);
		struct asr_heap_cell_live copy = { c, { 0 } };

		if (asr_rates_samples(&c->live) == 0)
			continue;
		copy.live = asr_rates_copy(&c->live);
		g_array_append_val(snapshot->cells, copy);
	}
	return snapshot;
}

/* Copies every process's live cells at the `at` instant; a process that
 * starts later holds nothing then. */
static void keep_at(struct asr_heap *heap)
{
	guint i;

	for (i = 0; i < heap->processes->len; i++) {
		struct asr_heap_series *series = g_ptr_array_index(heap->processes, i);

		series->at = snapshot_take(series);
		series->at->refs = 1;
	}
	heap->at_reached = true;
}

/* The number of trailing zero bits of k > 0: the levels whose grid holds k. */
static unsigned levels_of(int64_t k)
{
	unsigned l = (unsigned) __builtin_ctzll((unsigned long long) k);

	return l < ASR_HEAP_LEVELS - 1 ? l : ASR_HEAP_LEVELS - 1;
}

/*
 * Records grid instant `k` in `series` if the series has begun: a point,
 * and for each level whose grid holds k, k as its best instant if its live
 * estimate is above the best one's.  The snapshot is taken once for all
 * the levels k wins.
 */
static void record(struct asr_heap *heap, struct asr_heap_series *series, int64_t k)
{
	struct asr_heap_snapshot *snapshot = NULL;
	struct asr_heap_point point;
	double live = asr_heap_bytes(&series->live);
	unsigned l, top = levels_of(k);

	if (!series->has_time || series->first_ns >= asr_heap_instant(heap, k))
		return;
	if (series->gated && (!series->known || series->known_ns > asr_heap_instant(heap, k)))
		return;
	point = (struct asr_heap_point) { k, asr_rates_copy(&series->live),
					  asr_rates_copy(&series->allocated) };
	g_array_append_val(series->points, point);
	for (l = heap->level; l <= top; l++) {
		struct asr_heap_best *best = &series->best[l];

		if (best->set && live <= best->live)
			continue;
		if (!snapshot && series->cells)
			snapshot = snapshot_take(series);
		snapshot_unref(best->snapshot);
		*best = (struct asr_heap_best) { true, k, live, snapshot };
		if (snapshot)
			snapshot->refs++;
	}
}

/* Keeps the points on the grid of the next level, and the best instants
 * of the levels that remain. */
static void coarsen_series(struct asr_heap_series *series, unsigned level)
{
	int64_t step = INT64_C(1) << level;
	guint i, kept = 0;

	for (i = 0; i < series->points->len; i++) {
		struct asr_heap_point *p = &g_array_index(series->points, struct asr_heap_point, i);

		if (p->k % step == 0)
			g_array_index(series->points, struct asr_heap_point, kept++) = *p;
		else
			point_clear(p);
	}
	g_array_set_size(series->points, kept);
	snapshot_unref(series->best[level - 1].snapshot);
	memset(&series->best[level - 1], 0, sizeof series->best[level - 1]);
}

static void coarsen(struct asr_heap *heap)
{
	int64_t step;
	guint i;

	heap->level++;
	step = INT64_C(1) << heap->level;
	for (i = 0; i < heap->processes->len; i++)
		coarsen_series(g_ptr_array_index(heap->processes, i), heap->level);
	coarsen_series(&heap->total, heap->level);
	heap->next_k = (heap->next_k + step - 1) / step * step;
}

static void extend(struct asr_heap_series *series, int64_t ns)
{
	if (!series->has_time || ns < series->first_ns)
		series->first_ns = ns;
	if (!series->has_time || ns > series->last_ns)
		series->last_ns = ns;
	series->has_time = true;
}

void asr_heap_advance(struct asr_heap *heap, struct asr_heap_series *series, int64_t ns)
{
	if (!heap->has_origin) {
		heap->has_origin = true;
		heap->origin = ns;
		heap->next_k = 1;
	}
	/* As an offset, which cannot overflow as origin + at_offset could. */
	if (heap->has_at && !heap->at_reached && ns - heap->origin >= heap->at_offset)
		keep_at(heap);
	while (asr_heap_instant(heap, heap->next_k) <= ns) {
		guint i;

		if ((uint64_t) (heap->next_k >> heap->level) > heap->max_points) {
			coarsen(heap);
			continue;
		}
		for (i = 0; i < heap->processes->len; i++)
			record(heap, g_ptr_array_index(heap->processes, i), heap->next_k);
		record(heap, &heap->total, heap->next_k);
		heap->next_k += INT64_C(1) << heap->level;
	}
	if (series)
		extend(series, ns);
	extend(&heap->total, ns);
}

void asr_heap_extend(struct asr_heap_series *series, int64_t ns)
{
	extend(series, ns);
	extend(series->total, ns);
}

void asr_heap_allocated(struct asr_heap_series *series, const struct asr_weighed *weighed)
{
	asr_rates_add(&series->allocated, weighed);
	asr_rates_add(&series->total->allocated, weighed);
}

void asr_heap_rate(struct asr_heap_series *series, uint64_t rate)
{
	asr_rates_accum(&series->allocated, rate);
	asr_rates_accum(&series->total->allocated, rate);
}

void asr_heap_live(struct asr_heap_series *series, const struct asr_weighed *weighed)
{
	asr_rates_add(&series->live, weighed);
	asr_rates_add(&series->total->live, weighed);
}

void asr_heap_freed(struct asr_heap_series *series, const struct asr_weighed *weighed)
{
	asr_rates_remove(&series->live, weighed);
	asr_rates_remove(&series->total->live, weighed);
}

struct asr_heap_peak asr_heap_peak(const struct asr_heap *heap, const struct asr_heap_series *series)
{
	const struct asr_heap_best *best = &series->best[heap->level];
	struct asr_heap_peak peak = { 0 };

	while (peak.points < series->points->len &&
	       asr_heap_instant(heap, g_array_index(series->points, struct asr_heap_point,
						    peak.points).k) <= series->last_ns)
		peak.points++;
	peak.candidates = peak.points + 1;
	/* The grid keeps the best instant of its level; one past the span is
	 * worth the end's, which is earlier. */
	if (best->set && asr_heap_instant(heap, best->k) <= series->last_ns &&
	    asr_heap_bytes(&series->live) <= best->live) {
		peak.best = best;
		peak.ns = asr_heap_instant(heap, best->k);
	} else {
		peak.ns = series->last_ns;
	}
	return peak;
}

void asr_heap_gate(struct asr_heap *heap)
{
	heap->gated = true;
	heap->total.gated = true;
	for (guint i = 0; i < heap->processes->len; i++)
		((struct asr_heap_series *) g_ptr_array_index(heap->processes, i))->gated = true;
}

static void know(struct asr_heap_series *series, int64_t ns)
{
	if (!series->known || ns > series->known_ns)
		series->known_ns = ns;
	series->known = true;
}

void asr_heap_known(struct asr_heap_series *series, int64_t ns)
{
	if (series->known)
		return;
	know(series, ns);
	know(series->total, ns);
}

void asr_heap_known_process(struct asr_heap *heap, const struct asr_trace *trace, bool has_vpid,
			    int64_t vpid, int64_t ns)
{
	struct asr_heap_series probe = {
		.trace = trace,
		.has_vpid = has_vpid,
		.vpid = has_vpid ? vpid : 0,
	};
	struct asr_heap_series *series = g_hash_table_lookup(heap->by_process, &probe);
	struct asr_heap_known *known;

	if (series) {
		asr_heap_known(series, ns);
		return;
	}
	if (!heap->known_early)
		heap->known_early = g_hash_table_new_full(known_hash, known_equal, g_free, NULL);
	known = g_new(struct asr_heap_known, 1);
	*known = (struct asr_heap_known) { trace, has_vpid, probe.vpid, ns };
	if (!g_hash_table_contains(heap->known_early, known))
		g_hash_table_add(heap->known_early, known);
	else
		g_free(known);
}
