/* scopes-workload.c - requests of known sizes on several threads, between scopetest:request_begin and request_end. */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "scopes-workload-tp.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/*
 * Usage: scopes-workload THREADS REQUESTS.  Run under the preload shim.
 * Each of THREADS threads serves REQUESTS requests; request `id` allocates
 * (1 + id % 8) * 32 KiB through malloc, in 1 KiB objects, between its
 * begin and end events, and nothing else does between them.  Then the main
 * thread makes the cases a report must warn about: an end with no begin
 * (id 900000), a begin repeated while open (id 900001, which then ends
 * normally), and a begin never ended (id 900002).  Prints, after every
 * thread is done (printing allocates):
 *   request ID TID BYTES      (every request that ends, 900001 included)
 *   open ID TID BYTES         (900002)
 */

enum { CHUNK = 1024, UNIT = 32 * 1024, MAX_THREADS = 64 };

struct worker {
	pthread_t thread;
	unsigned index;
	unsigned requests;
	int tid;
};

static uint64_t request_bytes(uint64_t id)
{
	return (1 + id % 8) * UNIT;
}

static void allocate(uint64_t bytes)
{
	uint64_t done;

	for (done = 0; done < bytes; done += CHUNK) {
		/* volatile: the compiler may not pair malloc and free away. */
		char *volatile p = malloc(CHUNK);

		if (!p)
			abort();
		p[0] = 1;
		free(p);
	}
}

static uint64_t id_of(const struct worker *w, unsigned r)
{
	return (uint64_t) w->index * 1000 + r;
}

static void *serve(void *arg)
{
	struct worker *w = arg;
	unsigned r;

	w->tid = (int) gettid();
	for (r = 0; r < w->requests; r++) {
		uint64_t id = id_of(w, r);

		lttng_ust_tracepoint(scopetest, request_begin, id);
		allocate(request_bytes(id));
		lttng_ust_tracepoint(scopetest, request_end, id);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	static struct worker workers[MAX_THREADS];
	unsigned threads, requests, t, r;

	if (argc != 3 || (threads = (unsigned) atoi(argv[1])) == 0 || threads > MAX_THREADS ||
	    (requests = (unsigned) atoi(argv[2])) == 0 || requests > 999) {
		fprintf(stderr, "usage: scopes-workload THREADS (1-%d) REQUESTS (1-999)\n", MAX_THREADS);
		return 2;
	}
	for (t = 0; t < threads; t++) {
		workers[t].index = t + 1;
		workers[t].requests = requests;
		if (pthread_create(&workers[t].thread, NULL, serve, &workers[t])) {
			fprintf(stderr, "scopes-workload: cannot create a thread\n");
			return 1;
		}
	}
	for (t = 0; t < threads; t++)
		pthread_join(workers[t].thread, NULL);

	lttng_ust_tracepoint(scopetest, request_end, 900000);
	lttng_ust_tracepoint(scopetest, request_begin, 900001);
	lttng_ust_tracepoint(scopetest, request_begin, 900001);
	allocate(request_bytes(900001));
	lttng_ust_tracepoint(scopetest, request_end, 900001);
	lttng_ust_tracepoint(scopetest, request_begin, 900002);
	allocate(request_bytes(900002));

	for (t = 0; t < threads; t++) {
		for (r = 0; r < requests; r++)
			printf("request %llu %d %llu\n", (unsigned long long) id_of(&workers[t], r),
			       workers[t].tid, (unsigned long long) request_bytes(id_of(&workers[t], r)));
	}
	printf("request 900001 %d %llu\n", (int) getpid(), (unsigned long long) request_bytes(900001));
	printf("open 900002 %d %llu\n", (int) getpid(), (unsigned long long) request_bytes(900002));
	return 0;
}
