/*
 * heap.c - a program that ends with known live bytes per thread and per
 * type, for the live-heap tests (tests/heap/c.sh).
 *
 * Usage: heap TRUTH_FILE GAP_MS
 *
 * Four phases, one after the other, each followed by GAP_MS milliseconds
 * in which nothing is allocated or freed, so that a time window ending in
 * a gap sees the live bytes the phase left:
 *
 *   1. "keeper" allocates 3000 blocks with allocsample_malloc_typed (type
 *      "struct kept") and frees two in three at once;
 *   2. "producer" allocates 2400 blocks (malloc) and hands them to
 *      "consumer", which frees two in three of them: frees on another
 *      thread than the allocation;
 *   3. "reallocer" grows and shrinks 400 chains through realloc and
 *      reallocarray (calloc to start, five or six steps, so that the last
 *      is either); chains of an even index end with realloc(p, 0) or
 *      free, the others stay live with their last size;
 *   4. the main thread frees half of the keeper's survivors.
 *
 * Every block's bytes are written, so no allocation is optimised away.
 * The truth is written with write(2), never stdio, whose buffer would be
 * an allocation of its own.  Lines of TRUTH_FILE:
 *
 *   pid PID
 *   thread NAME TID LIVE_BYTES     live at exit, by allocating thread
 *   cell NAME TID LIVE_BYTES TYPE  the same, by thread and type
 *   type LIVE_BYTES TYPE           live at exit, by type (entry point or tag)
 *   phase K NAME TID LIVE_BYTES    live after phase K, by allocating thread
 *   gap K START_NS END_NS          the quiet time after phase K (CLOCK_REALTIME,
 *                                  the clock LTTng's timestamps are shown in)
 *
 * A block's bytes count for the thread and entry point that allocated the
 * block now holding them: a realloc allocates its new size, whether or not
 * the block moved (doc/sampling.md).
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "allocsample.h"
#include "truth.h"

#define KEPT_BLOCKS 3000
#define HANDED_BLOCKS 2400
#define CHAINS 400

enum type { T_KEPT, T_MALLOC, T_CALLOC, T_REALLOC, T_REALLOCARRAY, TYPE_COUNT };
static const char *const type_names[TYPE_COUNT] = {
	"struct kept", "malloc", "calloc", "realloc", "reallocarray",
};

/* Each worker's live bytes, by type; written by that worker, or by the
 * thread that frees its blocks once the worker has been joined or while
 * it waits (the queue's lock orders them). */
struct worker {
	const char *name;
	pid_t tid;
	uint64_t live[TYPE_COUNT];
};

enum { KEEPER, PRODUCER, CONSUMER, REALLOCER, WORKER_COUNT };
static struct worker workers[WORKER_COUNT] = {
	{ .name = "keeper" }, { .name = "producer" }, { .name = "consumer" }, { .name = "reallocer" },
};



/* A fixed stream of sizes, the same in every run. */
static uint64_t lcg_state = 20261123;

static size_t next_size(size_t least, size_t spread)
{
	lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return least + (size_t) ((lcg_state >> 33) % spread);
}

/* Writes every byte of `block` (aborts when it is NULL); returns it. */
static void *touch(void *block, size_t size)
{
	if (!block)
		abort();
	return memset(block, 0xa5, size);
}

/* The worker `index`, its thread id set: what each worker does first. */
static struct worker *worker_start(int index)
{
	workers[index].tid = (pid_t) syscall(SYS_gettid);
	return &workers[index];
}

static uint64_t live_of(const struct worker *w)
{
	uint64_t sum = 0;

	for (int t = 0; t < TYPE_COUNT; t++)
		sum += w->live[t];
	return sum;
}

static unsigned long long realtime_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	return (unsigned long long) now.tv_sec * 1000000000ULL + (unsigned long long) now.tv_nsec;
}

/* Phase 1. */
struct kept {
	void *block;
	size_t size;
};
static struct kept kept[KEPT_BLOCKS];

static void *keeper(void *unused)
{
	struct worker *self = worker_start(KEEPER);

	(void) unused;
	for (int i = 0; i < KEPT_BLOCKS; i++) {
		size_t size = next_size(512, 7681);
		void *block = touch(allocsample_malloc_typed(size, "struct kept"), size);

		if (i % 3 == 0) {
			kept[i] = (struct kept) { block, size };
			self->live[T_KEPT] += size;
		} else {
			free(block);
		}
	}
	return NULL;
}

/* Phase 2: a queue of one slot at a time is enough to make every free
 * happen on the consumer. */
static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queue_changed = PTHREAD_COND_INITIALIZER;
static void *queued_block;
static size_t queued_size;
static int queued_index = -1;
static int queue_done;

static void *producer(void *unused)
{
	struct worker *self = worker_start(PRODUCER);

	(void) unused;
	for (int i = 0; i < HANDED_BLOCKS; i++) {
		size_t size = next_size(1024, 6145);
		void *block = touch(malloc(size), size);

		pthread_mutex_lock(&queue_lock);
		self->live[T_MALLOC] += size;
		while (queued_index >= 0)
			pthread_cond_wait(&queue_changed, &queue_lock);
		queued_block = block;
		queued_size = size;
		queued_index = i;
		pthread_cond_broadcast(&queue_changed);
		pthread_mutex_unlock(&queue_lock);
	}
	pthread_mutex_lock(&queue_lock);
	while (queued_index >= 0)
		pthread_cond_wait(&queue_changed, &queue_lock);
	queue_done = 1;
	pthread_cond_broadcast(&queue_changed);
	pthread_mutex_unlock(&queue_lock);
	return NULL;
}

static void *consumer(void *unused)
{
	(void) unused;
	worker_start(CONSUMER);
	pthread_mutex_lock(&queue_lock);
	for (;;) {
		while (queued_index < 0 && !queue_done)
			pthread_cond_wait(&queue_changed, &queue_lock);
		if (queued_index < 0)
			break;
		if (queued_index % 3 != 0) {
			free(queued_block);
			workers[PRODUCER].live[T_MALLOC] -= queued_size;
		}
		queued_index = -1;
		pthread_cond_broadcast(&queue_changed);
	}
	pthread_mutex_unlock(&queue_lock);
	return NULL;
}

/* Phase 3.  Each step's new size is the chain's live block, accounted to
 * the entry point that made it. */
static void *reallocer(void *unused)
{
	struct worker *self = worker_start(REALLOCER);

	(void) unused;
	for (int c = 0; c < CHAINS; c++) {
		size_t size = next_size(256, 2049);
		enum type made_by = T_CALLOC;
		char *block = touch(calloc(1, size), size);
		int steps = (c / 2) % 2 ? 6 : 5;

		for (int step = 1; step <= steps; step++) {
			/* Grows most of the time, shrinks one step in three. */
			size_t next = step % 3 == 2 ? size / 2 + 1 : size + next_size(1024, 8193);

			if (step % 2) {
				block = reallocarray(block, next, 1);
				made_by = T_REALLOCARRAY;
			} else {
				block = realloc(block, next);
				made_by = T_REALLOC;
			}
			touch(block, next);
			size = next;
		}
		if (c % 2 == 0) {
			if (c % 4 == 0)
				free(block);
			else if (realloc(block, 0) != NULL)
				abort(); /* glibc frees and returns NULL */
		} else {
			self->live[made_by] += size;
		}
	}
	return NULL;
}

static void run(void *(*first)(void *), void *(*second)(void *))
{
	pthread_t a, b;

	if (pthread_create(&a, NULL, first, NULL) != 0 ||
	    (second && pthread_create(&b, NULL, second, NULL) != 0))
		abort();
	pthread_join(a, NULL);
	if (second)
		pthread_join(b, NULL);
}

static void gap(long ms, int phase)
{
	struct timespec pause = { ms / 1000, (ms % 1000) * 1000000L };
	unsigned long long start = realtime_ns();

	for (int w = 0; w < WORKER_COUNT; w++)
		truth("phase %d %s %d %llu\n", phase, workers[w].name, (int) workers[w].tid,
		      (unsigned long long) live_of(&workers[w]));
	while (nanosleep(&pause, &pause) != 0)
		;
	truth("gap %d %llu %llu\n", phase, start, realtime_ns());
}

int main(int argc, char **argv)
{
	long gap_ms;

	if (argc != 3 || (gap_ms = atol(argv[2])) <= 0) {
		fprintf(stderr, "usage: %s TRUTH_FILE GAP_MS\n", argv[0]);
		return 2;
	}
	truth_open(argv[1]);

	run(keeper, NULL);
	gap(gap_ms, 1);
	run(producer, consumer);
	gap(gap_ms, 2);
	run(reallocer, NULL);
	gap(gap_ms, 3);
	/* Phase 4: half of the keeper's survivors, freed by main. */
	for (int i = 0; i < KEPT_BLOCKS; i += 6) {
		free(kept[i].block);
		workers[KEEPER].live[T_KEPT] -= kept[i].size;
	}
	gap(gap_ms, 4);

	for (int w = 0; w < WORKER_COUNT; w++) {
		truth("thread %s %d %llu\n", workers[w].name, (int) workers[w].tid,
		      (unsigned long long) live_of(&workers[w]));
		for (int t = 0; t < TYPE_COUNT; t++)
			if (workers[w].live[t] > 0)
				truth("cell %s %d %llu %s\n", workers[w].name, (int) workers[w].tid,
				      (unsigned long long) workers[w].live[t], type_names[t]);
	}
	for (int t = 0; t < TYPE_COUNT; t++) {
		uint64_t sum = 0;

		for (int w = 0; w < WORKER_COUNT; w++)
			sum += workers[w].live[t];
		truth("type %llu %s\n", (unsigned long long) sum, type_names[t]);
	}
	return close(truth_fd) == 0 ? 0 : 1;
}
