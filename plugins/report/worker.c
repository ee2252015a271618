/* worker.c - the aggregation thread and its batches of records (see worker.h). */
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <string.h>

#include <glib.h>

#include "worker.h"

/* Bytes of records in a batch, and batches at most: the reading thread
 * fills one while the worker empties others.  A handoff takes the mutex,
 * once per batch of a few hundred records.  Batches are made as the
 * worker falls behind, up to 1 MiB, about 8 ms of the reading thread's
 * work: on a busy machine the worker can wait that long for a CPU (a
 * time slice of the scheduler's or two), and the reading thread would
 * otherwise wait for it (doc/performance.md, section 3). */
#define BATCH_BYTES (64 * 1024)
#define BATCHES 16

/* Batches queued before a sleeping worker is woken: a wake costs the
 * reading thread a system call and the worker a context switch, once
 * per few batches rather than once per batch.  A drain wakes it
 * whatever it holds. */
#define WAKE_AT 4

/* Records a fetch is issued ahead of the one being added: eight
 * records' work (some 200 ns each on bench/mixed-threads' trace) covers
 * a miss to memory. */
#define LOOKAHEAD 8

enum record_kind { RECORD_SAMPLE, RECORD_FREE, RECORD_TIME };

/* A record: this header, then its kind's payload, each part at an
 * offset aligned for a uint64_t. */
struct record {
	uint32_t kind;
	uint32_t size;          /* of the whole record, header included */
};

/* A sample's payload: the sample, then its stack, type and thread name,
 * to which the copy's pointers are set back when it is read. */
struct sample_record {
	struct asr_sample sample;
	uint32_t type_bytes;    /* type_len + 1 */
	uint32_t procname_bytes; /* 0: no thread name */
};

struct free_record {
	struct asr_free_event event;
	enum asr_free_kind kind;
};

struct batch {
	size_t used;
	unsigned char bytes[BATCH_BYTES];
};

struct asr_worker {
	struct asr_aggregate *agg;
	bool threaded;          /* false: every record is added at once */
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t work;    /* for the worker: batches to add, or stopping */
	pthread_cond_t room;    /* for the reading thread: a batch emptied */
	/* Under `lock`: */
	struct batch *queued[BATCHES];  /* a ring, oldest at `first` */
	size_t first, count;
	struct batch *empty[BATCHES];
	size_t empties;
	size_t made;            /* batches allocated, at most BATCHES */
	bool busy;              /* the worker is adding a batch */
	bool sleeping;          /* the worker waits on `work` */
	bool waiting;           /* the reading thread waits on `room` */
	bool draining;          /* wake the worker for any batch */
	bool stopping;
	/* The reading thread's own: */
	struct batch *filling;
	const bt_trace *last_trace;  /* known to the aggregate */
	GHashTable *known_traces;    /* const bt_trace *, known to the aggregate */
};

static size_t aligned(size_t n)
{
	return (n + 7) & ~(size_t) 7;
}

/* Adds one record to the aggregate; `r` stays valid while it is read. */
static void add_record(struct asr_aggregate *agg, const struct record *r)
{
	const unsigned char *payload = (const unsigned char *) (r + 1);

	switch (r->kind) {
	case RECORD_SAMPLE: {
		const struct sample_record *sr = (const struct sample_record *) payload;
		const unsigned char *after = payload + aligned(sizeof *sr);
		struct asr_sample sample = sr->sample;
		size_t stack_bytes =
			sample.has_stack ? aligned(sample.stack_len * sizeof(uint64_t)) : 0;

		sample.stack = sample.has_stack ? (const uint64_t *) after : NULL;
		sample.type = (const char *) after + stack_bytes;
		sample.procname = sr->procname_bytes ?
			(const char *) after + stack_bytes + sr->type_bytes : NULL;
		asr_aggregate_sample(agg, &sample);
		break;
	}
	case RECORD_FREE: {
		const struct free_record *fr = (const struct free_record *) payload;

		asr_aggregate_free_event(agg, fr->kind, &fr->event);
		break;
	}
	case RECORD_TIME:
		asr_aggregate_time(agg, *(const int64_t *) payload);
		break;
	}
}

/* Hints at what record `r` will touch (aggregate.h). */
static void prefetch_record(struct asr_aggregate *agg, const struct record *r)
{
	const unsigned char *payload = (const unsigned char *) (r + 1);

	switch (r->kind) {
	case RECORD_SAMPLE:
		asr_aggregate_prefetch_sample(agg, &((const struct sample_record *) payload)->sample);
		break;
	case RECORD_FREE: {
		const struct free_record *fr = (const struct free_record *) payload;

		asr_aggregate_prefetch_free(agg, fr->kind, &fr->event);
		break;
	}
	case RECORD_TIME:
		break;
	}
}

/* Adds a batch's records in order, each while the one LOOKAHEAD records
 * on is being fetched, once that pays (aggregate.h): a hint costs a few
 * dozen instructions, which a table in the cache would not win back. */
static void add_batch(struct asr_aggregate *agg, const struct batch *b)
{
	bool prefetch = asr_aggregate_prefetch_pays(agg);
	size_t at = 0, ahead = 0;
	unsigned n;

	for (n = 0; prefetch && n < LOOKAHEAD && ahead < b->used; n++) {
		const struct record *r = (const struct record *) (b->bytes + ahead);

		prefetch_record(agg, r);
		ahead += r->size;
	}
	while (at < b->used) {
		const struct record *r = (const struct record *) (b->bytes + at);

		if (prefetch && ahead < b->used) {
			const struct record *next = (const struct record *) (b->bytes + ahead);

			prefetch_record(agg, next);
			ahead += next->size;
		}
		add_record(agg, r);
		at += r->size;
	}
}

/* Whether a sleeping worker has enough to wake for; under `lock`. */
static bool worth_waking(const struct asr_worker *w)
{
	return w->count >= WAKE_AT || (w->count > 0 && w->draining) || w->stopping;
}

static void *run(void *data)
{
	struct asr_worker *w = data;
	struct batch *b;

	pthread_mutex_lock(&w->lock);
	for (;;) {
		/* Awake, it adds whatever is queued; once idle, it sleeps
		 * until a few batches are. */
		if (w->count == 0) {
			w->sleeping = true;
			while (!worth_waking(w))
				pthread_cond_wait(&w->work, &w->lock);
			w->sleeping = false;
		}
		if (w->count == 0)
			break;
		b = w->queued[w->first];
		w->first = (w->first + 1) % BATCHES;
		w->count--;
		w->busy = true;
		pthread_mutex_unlock(&w->lock);
		add_batch(w->agg, b);
		pthread_mutex_lock(&w->lock);
		w->empty[w->empties++] = b;
		w->busy = false;
		if (w->waiting)
			pthread_cond_signal(&w->room);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

/* Whether this process may run on more than one CPU. */
static bool several_cpus(void)
{
	cpu_set_t set;

	return sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 1;
}

struct asr_worker *asr_worker_new(struct asr_aggregate *agg)
{
	struct asr_worker *w = g_new0(struct asr_worker, 1);
	sigset_t all, before;

	w->agg = agg;
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->work, NULL);
	pthread_cond_init(&w->room, NULL);
	w->known_traces = g_hash_table_new(g_direct_hash, g_direct_equal);
	if (!several_cpus())
		return w;
	w->filling = g_new(struct batch, 1);
	w->made = 1;
	w->filling->used = 0;
	/* Every signal blocked from the thread's first instruction: they are
	 * babeltrace2's to handle (Ctrl-C interrupts its graph), on its
	 * thread. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &before);
	w->threaded = pthread_create(&w->thread, NULL, run, w) == 0;
	pthread_sigmask(SIG_SETMASK, &before, NULL);
	/* Its name in top -H and perf. */
	if (w->threaded)
		pthread_setname_np(w->thread, "allocsample-agg");
	return w;
}

/* Wakes the worker if it sleeps and has enough to wake for; under `lock`. */
static void wake(struct asr_worker *w)
{
	if (w->sleeping && worth_waking(w))
		pthread_cond_signal(&w->work);
}

/* Waits on `room` until `done` says so; under `lock`. */
static void wait_for(struct asr_worker *w, bool (*done)(const struct asr_worker *w))
{
	w->waiting = true;
	while (!done(w))
		pthread_cond_wait(&w->room, &w->lock);
	w->waiting = false;
}

static bool has_empty(const struct asr_worker *w)
{
	return w->empties > 0;
}

static bool idle(const struct asr_worker *w)
{
	return w->count == 0 && !w->busy;
}

/* Hands the batch being filled to the worker and takes an empty one, made
 * if the worker is behind and there are fewer than BATCHES, else waited
 * for. */
static void submit(struct asr_worker *w)
{
	pthread_mutex_lock(&w->lock);
	w->queued[(w->first + w->count) % BATCHES] = w->filling;
	w->count++;
	wake(w);
	if (w->empties == 0 && w->made < BATCHES) {
		w->empty[w->empties++] = g_new(struct batch, 1);
		w->made++;
	}
	wait_for(w, has_empty);
	w->filling = w->empty[--w->empties];
	pthread_mutex_unlock(&w->lock);
	w->filling->used = 0;
}

void asr_worker_drain(struct asr_worker *w)
{
	if (!w->threaded)
		return;
	if (w->filling->used > 0)
		submit(w);
	pthread_mutex_lock(&w->lock);
	w->draining = true;
	wake(w);
	wait_for(w, idle);
	w->draining = false;
	pthread_mutex_unlock(&w->lock);
}

void asr_worker_free(struct asr_worker *w)
{
	if (!w)
		return;
	if (w->threaded) {
		asr_worker_drain(w);
		pthread_mutex_lock(&w->lock);
		w->stopping = true;
		wake(w);
		pthread_mutex_unlock(&w->lock);
		pthread_join(w->thread, NULL);
	}
	for (size_t i = 0; i < w->empties; i++)
		g_free(w->empty[i]);
	g_free(w->filling);
	g_hash_table_destroy(w->known_traces);
	pthread_cond_destroy(&w->room);
	pthread_cond_destroy(&w->work);
	pthread_mutex_destroy(&w->lock);
	g_free(w);
}

/* Makes sure the aggregate knows `trace` before the worker meets it: its
 * first sight reads the trace through babeltrace2, on this thread, with
 * the worker idle. */
static void know_trace(struct asr_worker *w, const bt_trace *trace)
{
	if (trace == w->last_trace)
		return;
	if (!g_hash_table_contains(w->known_traces, trace)) {
		asr_worker_drain(w);
		asr_traces_find(&w->agg->traces, trace);
		g_hash_table_add(w->known_traces, (gpointer) trace);
	}
	w->last_trace = trace;
}

/* Room for a record of `size` bytes in the batch being filled (NULL: the
 * record is larger than a batch), its header written. */
static void *reserve(struct asr_worker *w, enum record_kind kind, size_t size)
{
	struct record *r;

	size = aligned(size);
	if (size > BATCH_BYTES)
		return NULL;
	if (w->filling->used + size > BATCH_BYTES)
		submit(w);
	r = (struct record *) (w->filling->bytes + w->filling->used);
	r->kind = kind;
	r->size = (uint32_t) size;
	w->filling->used += size;
	return r + 1;
}

void asr_worker_sample(struct asr_worker *w, const struct asr_sample *sample)
{
	size_t stack_bytes = sample->has_stack ? aligned(sample->stack_len * sizeof(uint64_t)) : 0;
	size_t procname_bytes = sample->procname ? strlen(sample->procname) + 1 : 0;
	size_t type_bytes = sample->type_len + 1;
	struct sample_record *sr;
	unsigned char *after;

	if (!w->threaded) {
		asr_aggregate_sample(w->agg, sample);
		return;
	}
	know_trace(w, sample->trace);
	sr = reserve(w, RECORD_SAMPLE, sizeof(struct record) + aligned(sizeof *sr) + stack_bytes +
				       type_bytes + procname_bytes);
	if (!sr) {
		asr_worker_drain(w);
		asr_aggregate_sample(w->agg, sample);
		return;
	}
	sr->sample = *sample;
	sr->type_bytes = (uint32_t) type_bytes;
	sr->procname_bytes = (uint32_t) procname_bytes;
	after = (unsigned char *) sr + aligned(sizeof *sr);
	if (stack_bytes)
		memcpy(after, sample->stack, sample->stack_len * sizeof(uint64_t));
	memcpy(after + stack_bytes, sample->type, type_bytes);
	if (procname_bytes)
		memcpy(after + stack_bytes + type_bytes, sample->procname, procname_bytes);
}

void asr_worker_free_event(struct asr_worker *w, enum asr_free_kind kind,
			   const struct asr_free_event *event)
{
	struct free_record *fr;

	if (!w->threaded) {
		asr_aggregate_free_event(w->agg, kind, event);
		return;
	}
	/* Attached's name is borrowed from its message, released before the
	 * worker would read a copy: that rare event is added at once, after
	 * what is queued. */
	if (event->procname) {
		asr_worker_drain(w);
		asr_aggregate_free_event(w->agg, kind, event);
		return;
	}
	know_trace(w, event->trace);
	fr = reserve(w, RECORD_FREE, sizeof(struct record) + sizeof *fr);
	fr->event = *event;
	fr->kind = kind;
}

void asr_worker_time(struct asr_worker *w, int64_t ns)
{
	int64_t *payload;

	if (!w->threaded) {
		asr_aggregate_time(w->agg, ns);
		return;
	}
	payload = reserve(w, RECORD_TIME, sizeof(struct record) + sizeof ns);
	*payload = ns;
}
