/* workload.c - known bytes of three types for allocsample-compare's tests; `more` allocates 30% more of one. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "allocsample.h"
#include "workload.h"

/*
 * Usage: workload FACTS [more]
 *
 * The main thread allocates "buffer" objects (1 to 64 KiB), two threads
 * named "worker" allocate "node" (64 B) and "string" (16 B to 1 KiB)
 * objects, each through the typed API, each object written and freed.
 * With `more`, the main thread allocates 1.3 times the buffer bytes (the
 * same object sizes: the ratio is 1.3 to within one object, and FACTS says
 * exactly).  FACTS gets one line per type: "type NAME BYTES".
 */

#define BUFFER_BYTES (8ULL << 20)
#define NODE_BYTES (2ULL << 20)
#define STRING_BYTES (2ULL << 20)

struct job {
	const char *name; /* the thread names itself before it allocates */
	const char *type;
	unsigned stream;
	size_t min, max;
	unsigned long long target, done;
};

/* Allocates objects of min..max bytes (a fixed sequence per stream) until
 * `target` bytes are reached. */
static void *run(void *arg)
{
	struct job *job = arg;
	uint64_t state = workload_seed(job->stream);

	if (job->name)
		pthread_setname_np(pthread_self(), job->name);

	while (job->done < job->target) {
		size_t n = job->min + (size_t) (workload_random(&state) % (job->max - job->min + 1));
		void *p = allocsample_malloc_typed(n, job->type);

		if (!p)
			workload_die("malloc failed");
		(void) workload_touch(p, n, (unsigned char) n);
		free(p);
		job->done += n;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct job buffer = { NULL, "buffer", 1, 1024, 65536, BUFFER_BYTES, 0 };
	struct job workers[2] = {
		{ "worker", "node", 2, 64, 64, 2 * NODE_BYTES, 0 },
		{ "worker", "string", 3, 16, 1024, 2 * STRING_BYTES, 0 },
	};
	pthread_t threads[2];
	FILE *facts;
	int i;

	if (argc < 2 || (argc == 3 && strcmp(argv[2], "more") != 0) || argc > 3)
		workload_die("usage: workload FACTS [more]");
	if (argc == 3)
		buffer.target = BUFFER_BYTES * 13 / 10;
	for (i = 0; i < 2; i++) {
		if (pthread_create(&threads[i], NULL, run, &workers[i]) != 0)
			workload_die("pthread_create failed");
	}
	run(&buffer);
	for (i = 0; i < 2; i++)
		pthread_join(threads[i], NULL);
	facts = fopen(argv[1], "w");
	if (!facts)
		workload_die("cannot write the facts file");
	fprintf(facts, "type buffer %llu\n", buffer.done);
	for (i = 0; i < 2; i++)
		fprintf(facts, "type %s %llu\n", workers[i].type, workers[i].done);
	if (fclose(facts) != 0)
		workload_die("cannot write the facts file");
	return 0;
}
