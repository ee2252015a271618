/*
 * test-heap-sim.c - the heap over time (aggregate/heap.c) and its peak's
 * confidence (model/heap.h) against the exact sampling model, simulated.
 *
 * A run is one thread allocating one object a microsecond from a stream of
 * Bernoulli trials (doc/design.md section 1), each object freed at a time
 * the case sets; the sampled ones go through the report's curve as its
 * samples and frees do, in time order.  The truth at any instant is known:
 * the bytes of the objects allocated before it and not yet freed.
 *
 * Checked, at C = 0.95, on each side of the interval (each promises to miss
 * in at most (1 - C)/2 = 0.025 of the runs):
 *   - a point of the curve, the one half-way through the run (an instant
 *     fixed by the grid, not by the samples), holds the bytes live then;
 *   - the peak, the grid instant of the largest estimate, holds the bytes
 *     live then with its interval at 1 - (1 - C)/K, K its candidates;
 *   - the same peak with an interval at C, as if its instant had not been
 *     chosen, misses far more often on a flat heap with turnover: the test
 *     asserts it does, so that it cannot pass an estimator that forgets
 *     the choice.
 * A side fails when its misses pass the 1 - 10^-5 quantile of
 * Binomial(runs, 0.025) (MISS_QUANTILE): with 3 cases x 2 intervals x 2
 * sides, a correct curve fails with probability below 1.2e-4, and the
 * seeds are fixed, so a build passes or fails the same way every time.
 * Also printed (doc/estimation.md, "The peak"): how often the bytes live
 * at the reported peak lie within 1% of the true peak, how far below it
 * on average, and how far in time.  A spike shorter than the grid's step
 * falls between its instants: the third case shows it missed.
 *
 * What it catches: points that copy the allocated samples instead of the
 * live ones fail every case (the snapshot no longer matches its point);
 * the peak's interval at C instead of 1 - (1 - C)/K misses in 80% of the
 * runs of the flat heap, which the test asserts.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "aggregate/heap.h"
#include "aggregate/table.h"
#include "estimate/estimate.h"
#include "model/heap.h"
#include "tests/lib/check-run.h"
#include "tests/lib/stats.h"

#define CONFIDENCE 0.95
#define MISS ((1.0 - CONFIDENCE) / 2.0)
#define MISS_QUANTILE 1e-5
#define RUNS 1000
#define RATE 4096
#define POINTS 200
#define ORIGIN_NS INT64_C(1000000000)

/* The shapes of heap a case allocates, one object a microsecond. */
enum shape {
	FLAT,       /* each object freed `hold` objects later: a flat heap of
		     * `hold` objects, turning over */
	HILL,       /* a third of the run kept, then freed one a microsecond
		     * in the last third; beside them, objects freed `hold`
		     * objects later all along */
	SPIKE,      /* FLAT, and in the middle a burst of `hold` objects of
		     * ten times the size, freed 50 us later: shorter than a
		     * step of the grid */
};

struct heap_case {
	const char *name;
	enum shape shape;
	uint64_t objects;
	uint64_t size;
	uint64_t hold;
};

static const struct heap_case cases[] = {
	{ "flat 2 MiB turning over", FLAT, 60000, 1024, 2048 },
	{ "hill to 8 MiB with turnover", HILL, 60000, 512, 2048 },
	{ "flat with a 50 us spike", SPIKE, 60000, 1024, 2048 },
};

#define CASES (sizeof cases / sizeof cases[0])

/* One object: allocated at alloc_ns, freed at free_ns (INT64_MAX: never). */
struct object {
	int64_t alloc_ns;
	int64_t free_ns;
	uint64_t size;
	struct asr_weighed weighed;   /* when sampled */
};

/* An event of a sampled object, in time order. */
struct event {
	int64_t ns;
	struct object *object;
	bool free;
};

static gint by_alloc(gconstpointer pa, gconstpointer pb)
{
	const struct object *a = pa, *b = pb;

	return (a->alloc_ns > b->alloc_ns) - (a->alloc_ns < b->alloc_ns);
}

/* The objects of a run, in allocation order. */
static GArray *make_objects(const struct heap_case *c)
{
	GArray *objects = g_array_new(FALSE, FALSE, sizeof(struct object));
	uint64_t i;

	for (i = 0; i < c->objects; i++) {
		int64_t at = ORIGIN_NS + (int64_t) i * 1000;
		struct object o = { at, at + (int64_t) c->hold * 1000 + 500, c->size, { 0 } };

		if (c->shape == HILL && i % 2 == 0 && i < c->objects / 3)
			o.free_ns = ORIGIN_NS + (int64_t) (2 * c->objects / 3 + i) * 1000 + 500;
		g_array_append_val(objects, o);
	}
	for (i = 0; c->shape == SPIKE && i < c->hold; i++) {
		/* 137 us off the grid's round instants. */
		int64_t at = ORIGIN_NS + (int64_t) (c->objects / 2 + 137) * 1000 + 1 + (int64_t) i;
		struct object o = { at, at + 50000, 10 * c->size, { 0 } };

		g_array_append_val(objects, o);
	}
	g_array_sort(objects, by_alloc);
	return objects;
}

static gint by_time(gconstpointer pa, gconstpointer pb)
{
	const struct event *a = pa, *b = pb;

	return (a->ns > b->ns) - (a->ns < b->ns);
}

/* The true live bytes over time: after each allocation or free, in time
 * order, the bytes live from then on. */
struct step {
	int64_t ns;
	double live;
};

static GArray *true_steps(const GArray *objects)
{
	GArray *steps = g_array_new(FALSE, FALSE, sizeof(struct step));
	double live = 0;
	guint i;

	for (i = 0; i < objects->len; i++) {
		const struct object *o = &g_array_index(objects, struct object, i);
		struct step a = { o->alloc_ns, (double) o->size }, f = { o->free_ns, -(double) o->size };

		g_array_append_val(steps, a);
		if (o->free_ns != INT64_MAX)
			g_array_append_val(steps, f);
	}
	g_array_sort(steps, by_time);
	for (i = 0; i < steps->len; i++) {
		live += g_array_index(steps, struct step, i).live;
		g_array_index(steps, struct step, i).live = live;
	}
	return steps;
}

/* The bytes live at instant `ns`: those of the last step before it. */
static double truth_at(const GArray *steps, int64_t ns)
{
	guint lo = 0, hi = steps->len;

	while (lo < hi) {
		guint mid = lo + (hi - lo) / 2;

		if (g_array_index(steps, struct step, mid).ns < ns)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? g_array_index(steps, struct step, lo - 1).live : 0.0;
}

/* Whether `truth` lies below (-1), inside (0) or above (1) the interval. */
static int side(double truth, const struct as_estimate *est)
{
	return truth < est->lower ? -1 : truth > est->upper ? 1 : 0;
}

struct tally {
	unsigned below, above;
};

static void count(struct tally *t, int s)
{
	t->below += s < 0;
	t->above += s > 0;
}

static void estimate_at(const struct asr_rates *rates, double confidence, struct as_estimate *out)
{
	const struct as_estimate_options options = { confidence, true };
	struct as_estimate_accum none = { .rate = RATE };

	if (rates->n == 0)
		STATS_REQUIRE(as_estimate_compute(&none, 1, 1, &options, out) == 0);
	else
		STATS_REQUIRE(as_estimate_compute(rates->accums, rates->n, 1, &options, out) == 0);
}

START_TEST(test_curve_and_peak)
{
	const struct heap_case *c = &cases[_i];
	struct tally point = { 0 }, peak = { 0 }, naive = { 0 };
	unsigned n = (unsigned) stats_runs(RUNS), r, caught = 0;
	unsigned allowed = stats_misses_allowed(n, MISS, MISS_QUANTILE);
	GArray *objects = make_objects(c), *steps = true_steps(objects);
	GArray *events = g_array_new(FALSE, FALSE, sizeof(struct event));
	double true_peak = 0, shortfall = 0, distance_ns = 0;
	int64_t true_peak_ns = 0;
	struct stats_stream st;
	guint i;

	for (i = 0; i < steps->len; i++) {
		const struct step *t = &g_array_index(steps, struct step, i);

		if (t->live > true_peak) {
			true_peak = t->live;
			true_peak_ns = t->ns;
		}
	}
	stats_stream_seed(&st, RATE, 0x4ea9c0u + (uint64_t) _i);
	for (r = 0; r < n; r++) {
		struct asr_recent_probability recent[ASR_RECENT_PROBABILITIES] = { { 0 } };
		struct asr_trace trace = { .frees_known = true };
		struct asr_cell cell = { .trace = &trace };
		const struct asr_heap_point *p;
		struct asr_heap_peak at;
		struct as_estimate est;
		struct asr_heap heap;
		double at_peak;

		/* The trials: `size` an object, sampled at the first success;
		 * the next run is a new thread. */
		g_array_set_size(events, 0);
		for (i = 0; i < objects->len; i++) {
			struct object *o = &g_array_index(objects, struct object, i);
			struct event e = { o->alloc_ns, o, false };
			uint64_t offset;

			if (!stats_stream_allocate(&st, o->size, &offset))
				continue;
			STATS_REQUIRE(asr_rates_weigh(&cell.rates, recent, RATE, o->size, offset,
						      &o->weighed));
			g_array_append_val(events, e);
			e.ns = o->free_ns;
			e.free = true;
			if (e.ns != INT64_MAX)
				g_array_append_val(events, e);
		}
		stats_stream_start(&st);
		g_array_sort(events, by_time);

		asr_heap_init(&heap, POINTS - 1);
		cell.heap = asr_heap_series_of(&heap, &cell);
		for (i = 0; i < events->len; i++) {
			const struct event *e = &g_array_index(events, struct event, i);

			asr_heap_advance(&heap, cell.heap, e->ns);
			if (e->free) {
				STATS_REQUIRE(asr_rates_remove(&cell.live, &e->object->weighed));
				asr_heap_freed(cell.heap, &e->object->weighed);
				continue;
			}
			asr_rates_add(&cell.rates, &e->object->weighed);
			asr_heap_allocated(cell.heap, &e->object->weighed);
			asr_rates_add(&cell.live, &e->object->weighed);
			asr_heap_live(cell.heap, &e->object->weighed);
		}

		/* The point half-way through the points, an instant of the grid. */
		at = asr_heap_peak(&heap, cell.heap);
		STATS_REQUIRE(at.points >= POINTS / 3 && at.points <= POINTS - 1);
		p = &g_array_index(cell.heap->points, struct asr_heap_point, at.points / 2);
		estimate_at(&p->live, CONFIDENCE, &est);
		count(&point, side(truth_at(steps, asr_heap_instant(&heap, p->k)), &est));

		/* The peak, at its own confidence and as if it had not been chosen. */
		STATS_REQUIRE(at.best != NULL);
		for (i = 0; i < at.points; i++) {
			p = &g_array_index(cell.heap->points, struct asr_heap_point, i);
			if (p->k == at.best->k)
				break;
		}
		STATS_REQUIRE(i < at.points);
		/* The snapshot is the cell's samples at that instant. */
		STATS_REQUIRE(asr_rates_samples(&g_array_index(at.best->snapshot->cells,
			struct asr_heap_cell_live, 0).live) == asr_rates_samples(&p->live));
		at_peak = truth_at(steps, at.ns);
		estimate_at(&p->live, asr_heap_peak_confidence(CONFIDENCE, at.candidates), &est);
		count(&peak, side(at_peak, &est));
		estimate_at(&p->live, CONFIDENCE, &est);
		count(&naive, side(at_peak, &est));

		/* How far the true peak lies from the reported one. */
		shortfall += (true_peak - at_peak) / true_peak;
		caught += at_peak >= 0.99 * true_peak;
		distance_ns += fabs((double) (at.ns - true_peak_ns));

		asr_heap_fini(&heap);
		asr_rates_fini(&cell.rates);
		asr_rates_fini(&cell.live);
	}
	printf("%s: %u runs; misses below/above (allowed %u each): point %u/%u, peak %u/%u, "
	       "peak at C %u/%u; the reported peak within 1%% of the true one in %u runs, "
	       "below it by %.2f%% on average, %.0f us away on average\n",
	       c->name, n, allowed, point.below, point.above, peak.below, peak.above, naive.below,
	       naive.above, caught, 100 * shortfall / n, distance_ns / n / 1e3);
	STATS_VERDICT(point.below <= allowed && point.above <= allowed,
		      "%s: the point's interval misses %u below, %u above (at most %u each)", c->name,
		      point.below, point.above, allowed);
	STATS_VERDICT(peak.below <= allowed && peak.above <= allowed,
		      "%s: the peak's interval misses %u below, %u above (at most %u each)", c->name,
		      peak.below, peak.above, allowed);
	if (c->shape == FLAT)
		STATS_VERDICT(naive.above + naive.below > allowed,
			      "the peak's interval at C, not allowing for the choice, should miss: %u",
			      naive.below + naive.above);
	g_array_free(events, TRUE);
	g_array_free(steps, TRUE);
	g_array_free(objects, TRUE);
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_curve_and_peak, (int) CASES },
		{ NULL, 0 },
	};

	return as_check_main("heap-sim", "curve", tests);
}
