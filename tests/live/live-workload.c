/* live-workload.c - threads report known bytes through allocsample.h for a given time, or until the test says, for the live tests; writes the true totals. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "allocsample.h"

/*
 * Usage: live-workload FACTS UNTIL THREADS.  The threads run together for
 * UNTIL seconds, or, when UNTIL is not a number, until the file UNTIL
 * exists (at most STOP_LIMIT_SECONDS, then exit status 1), each reporting
 * objects of 64..8191 bytes of type "chunk" with allocsample_record() at
 * about 1 MiB/s: a live report sees them arrive over the whole run.
 * allocsample_record() allocates nothing, so the "chunk" totals are exact,
 * with or without the preload shim.  Then FACTS gets, for the tests:
 *   pid PID
 *   thread TID BYTES     (one line per thread)
 *   total BYTES
 */

/* A deadlock guard: a test that never creates UNTIL fails, not hangs. */
#define STOP_LIMIT_SECONDS 600

struct worker {
	pthread_t thread;
	unsigned index;
	double seconds;
	const char *stop;
	pid_t tid;
	uint64_t bytes;
};

static void die(const char *what)
{
	fprintf(stderr, "live-workload: %s\n", what);
	exit(1);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* done: whether the worker's run is over (its time has passed, or its
 * stop file exists); dies once STOP_LIMIT_SECONDS have passed without it. */
static int done(const struct worker *w, double start)
{
	if (!w->stop)
		return now() >= start + w->seconds;
	if (access(w->stop, F_OK) == 0)
		return 1;
	if (now() >= start + STOP_LIMIT_SECONDS)
		die("the stop file never came");
	return 0;
}

/* splitmix64: a different sequence per thread. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void *work(void *arg)
{
	struct worker *w = arg;
	uint64_t state = 0x11fe0000ULL + w->index, batch = 0;
	double start = now();

	w->tid = gettid();
	while (!done(w, start)) {
		size_t n = 64 + (size_t) (next_random(&state) % 8128);

		allocsample_record("chunk", n);
		w->bytes += n;
		batch += n;
		/* 64 KiB every 1/16 s: about 1 MiB/s. */
		if (batch >= 65536) {
			batch = 0;
			nanosleep(&(struct timespec) { .tv_nsec = 62500000 }, NULL);
		}
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct worker *workers;
	unsigned threads, i;
	uint64_t total = 0;
	double seconds;
	char *end;
	FILE *facts;

	if (argc != 4)
		die("usage: live-workload FACTS UNTIL THREADS");
	seconds = strtod(argv[2], &end);
	threads = (unsigned) strtoul(argv[3], NULL, 10);
	workers = calloc(threads ? threads : 1, sizeof *workers);
	if (!workers || threads == 0)
		die("THREADS must be a positive integer");
	for (i = 0; i < threads; i++) {
		workers[i].index = i;
		workers[i].seconds = seconds;
		workers[i].stop = *end ? argv[2] : NULL;
		if (pthread_create(&workers[i].thread, NULL, work, &workers[i]))
			die("cannot start a thread");
	}
	for (i = 0; i < threads; i++) {
		if (pthread_join(workers[i].thread, NULL))
			die("cannot join a thread");
		total += workers[i].bytes;
	}
	facts = fopen(argv[1], "w");
	if (!facts)
		die("cannot write the facts file");
	fprintf(facts, "pid %d\n", (int) getpid());
	for (i = 0; i < threads; i++)
		fprintf(facts, "thread %d %llu\n", (int) workers[i].tid,
			(unsigned long long) workers[i].bytes);
	fprintf(facts, "total %llu\n", (unsigned long long) total);
	if (fclose(facts) != 0)
		die("cannot write the facts file");
	free(workers);
	return 0;
}
