/* typed-workload.c - threads allocate known bytes per thread and per type through allocsample.h; prints the true totals. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "allocsample.h"
#include "tests/workloads/workload.h"

/*
 * Usage: typed-workload ROUNDS THREADS.  Thread i (from 0) runs
 * ROUNDS * (i + 1) rounds, so that the threads' totals differ.  The threads
 * run one after the other: with ALLOCSAMPLE_SEED set, every run draws the
 * same samples.  Prints, for the report's tests:
 *   pid PID
 *   thread TID BYTES     (one line per thread)
 *   type BYTES NAME      (one line per type; NAME may hold spaces)
 *   total BYTES
 */

struct node {
	struct node *next;
	uint64_t key;
	double weight[4];
};

enum { NODE, BUFFER, TABLE, ARENA, TYPES };

static const char *const type_names[TYPES] = { "struct node", "buffer", "table", "arena" };

struct worker {
	unsigned index;
	unsigned rounds;
	pid_t tid;
	uint64_t bytes;
	uint64_t type_bytes[TYPES];
};

static void die(const char *what)
{
	fprintf(stderr, "typed-workload: %s\n", what);
	exit(1);
}

static void count(struct worker *w, int type, size_t n)
{
	w->type_bytes[type] += n;
	w->bytes += n;
}

static void *work(void *arg)
{
	struct worker *w = arg;
	uint64_t state = 0x5eed0000ULL + w->index;
	unsigned i;

	w->tid = gettid();
	for (i = 0; i < w->rounds; i++) {
		size_t n = 64 + (size_t) (workload_random(&state) % 4033);
		size_t k = 1 + (size_t) (workload_random(&state) % 64);
		size_t a = 1 + (size_t) (workload_random(&state) % 16384);
		void *p;

		p = ALLOCSAMPLE_NEW(struct node);
		if (!p)
			die("out of memory");
		count(w, NODE, sizeof(struct node));
		free(p);

		p = allocsample_malloc_typed(n, "buffer");
		if (!p)
			die("out of memory");
		count(w, BUFFER, n);
		free(p);

		p = allocsample_calloc_typed(k, 32, "table");
		if (!p)
			die("out of memory");
		count(w, TABLE, k * 32);
		free(p);

		allocsample_record("arena", a);
		count(w, ARENA, a);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct worker *workers;
	unsigned rounds, threads, i;
	uint64_t types[TYPES] = { 0 }, total = 0;
	pthread_t thread;
	int t;

	if (argc != 3)
		die("usage: typed-workload ROUNDS THREADS");
	rounds = (unsigned) strtoul(argv[1], NULL, 10);
	threads = (unsigned) strtoul(argv[2], NULL, 10);
	if (rounds == 0 || threads == 0)
		die("ROUNDS and THREADS must be positive integers");
	workers = calloc(threads, sizeof *workers);
	if (!workers)
		die("out of memory");
	for (i = 0; i < threads; i++) {
		workers[i].index = i;
		workers[i].rounds = rounds * (i + 1);
		if (pthread_create(&thread, NULL, work, &workers[i]) || pthread_join(thread, NULL))
			die("cannot run a thread");
	}
	printf("pid %d\n", (int) getpid());
	for (i = 0; i < threads; i++) {
		printf("thread %d %llu\n", (int) workers[i].tid, (unsigned long long) workers[i].bytes);
		total += workers[i].bytes;
		for (t = 0; t < TYPES; t++)
			types[t] += workers[i].type_bytes[t];
	}
	for (t = 0; t < TYPES; t++)
		printf("type %llu %s\n", (unsigned long long) types[t], type_names[t]);
	printf("total %llu\n", (unsigned long long) total);
	free(workers);
	return 0;
}
