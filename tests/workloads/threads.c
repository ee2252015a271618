/* threads.c - four threads allocate known bytes through every C entry point; prints totals and expected sample counts. */
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "workload.h"

#define WORKERS 4
#define OBJECTS 6000
#define SLOTS 64

enum entry {
	MALLOC, CALLOC, REALLOC, REALLOCARRAY, POSIX_MEMALIGN, ALIGNED_ALLOC, MEMALIGN, VALLOC,
	STRDUP, ENTRIES
};

/* The event type each entry point is expected to carry: strdup calls malloc. */
static const char *const entry_type[ENTRIES] = {
	[MALLOC] = "malloc", [CALLOC] = "calloc", [REALLOC] = "realloc",
	[REALLOCARRAY] = "reallocarray", [POSIX_MEMALIGN] = "posix_memalign",
	[ALIGNED_ALLOC] = "aligned_alloc", [MEMALIGN] = "memalign", [VALLOC] = "valloc",
	[STRDUP] = "malloc",
};

struct worker {
	pthread_t thread;
	unsigned index;
	pid_t tid;
	unsigned long long bytes;
	unsigned objects;
	double expected;
	double entry_expected[ENTRIES];
	unsigned entry_objects[ENTRIES];
	unsigned checksum;
};

static double rate;

static void *allocate(struct worker *w, enum entry e, void *old, size_t n, char *text)
{
	void *p = NULL;

	switch (e) {
	case MALLOC:
		p = malloc(n);
		break;
	case CALLOC:
		p = calloc(2, n / 2);
		break;
	case REALLOC:
		p = realloc(old, n);
		break;
	case REALLOCARRAY:
		p = reallocarray(old, n / 8, 8);
		break;
	case POSIX_MEMALIGN:
		if (posix_memalign(&p, 64, n) != 0)
			p = NULL;
		break;
	case ALIGNED_ALLOC:
		p = aligned_alloc(64, n);
		break;
	case MEMALIGN:
		p = memalign(32, n);
		break;
	case VALLOC:
		p = valloc(n);
		break;
	case STRDUP:
		text[n - 1] = '\0';
		p = strdup(text);
		text[n - 1] = 'a';
		break;
	case ENTRIES:
		break;
	}
	if (!p)
		workload_die("allocation failed");
	w->bytes += n;
	w->objects++;
	w->expected += workload_sample_probability(n, rate);
	w->entry_expected[e] += workload_sample_probability(n, rate);
	w->entry_objects[e]++;
	return p;
}

/* Sizes requested by entry point e: 16..4096, rounded so that every call is valid. */
static size_t size_for(enum entry e, uint64_t random)
{
	size_t n = 16 + (size_t) (random % 4081);

	if (e == ALIGNED_ALLOC)
		return (n + 63) & ~(size_t) 63;
	if (e == REALLOCARRAY)
		return n & ~(size_t) 7;
	if (e == CALLOC)
		return n & ~(size_t) 1;
	return n;
}

static void *work(void *arg)
{
	struct worker *w = arg;
	uint64_t state = workload_seed(w->index);
	unsigned char *slots[SLOTS] = { 0 };
	char text[4097];

	w->tid = gettid();
	memset(text, 'a', sizeof(text) - 1);
	text[sizeof(text) - 1] = '\0';
	for (unsigned i = 0; i < OBJECTS; i++) {
		enum entry e = (enum entry) (workload_random(&state) % ENTRIES);
		size_t n = size_for(e, workload_random(&state));
		unsigned slot = (unsigned) (workload_random(&state) % SLOTS);
		unsigned char *p;

		if (e == REALLOC || e == REALLOCARRAY) {
			p = allocate(w, e, slots[slot], n, text);
		} else {
			free(slots[slot]);
			p = allocate(w, e, NULL, n, text);
		}
		slots[slot] = p;
		w->checksum += workload_touch(p, n, (unsigned char) i);
	}
	for (unsigned i = 0; i < SLOTS; i++)
		free(slots[i]);
	return NULL;
}

/*
 * Usage: threads RATE.  Prints, after the workers joined,
 *   tid W TID                       (the only lines that differ between runs)
 *   worker W objects O bytes B expected E checksum C
 *   entry TYPE objects O expected E (summed over the workers)
 * E = sum over objects of 1 - (1 - 1/RATE)^size, the expected number of
 * samples.  Output comes after all the workers' allocations, so stdio's own
 * buffer is allocated by the main thread.
 */
int main(int argc, char **argv)
{
	static struct worker workers[WORKERS];
	double type_expected[ENTRIES] = { 0 };
	unsigned type_objects[ENTRIES] = { 0 };

	rate = workload_rate(argc, argv);
	for (unsigned i = 0; i < WORKERS; i++) {
		workers[i].index = i;
		if (pthread_create(&workers[i].thread, NULL, work, &workers[i]) != 0)
			workload_die("pthread_create failed");
	}
	for (unsigned i = 0; i < WORKERS; i++)
		pthread_join(workers[i].thread, NULL);
	for (unsigned i = 0; i < WORKERS; i++)
		printf("tid %u %d\n", i, (int) workers[i].tid);
	for (unsigned i = 0; i < WORKERS; i++) {
		struct worker *w = &workers[i];

		printf("worker %u objects %u bytes %llu expected %.3f checksum %u\n",
		       i, w->objects, w->bytes, w->expected, w->checksum);
		for (unsigned e = 0; e < ENTRIES; e++) {
			/* Entries sharing a type are reported under the first. */
			unsigned first = 0;

			while (strcmp(entry_type[first], entry_type[e]) != 0)
				first++;
			type_expected[first] += w->entry_expected[e];
			type_objects[first] += w->entry_objects[e];
		}
	}
	for (unsigned e = 0; e < ENTRIES; e++)
		if (type_objects[e] > 0)
			printf("entry %s objects %u expected %.3f\n",
			       entry_type[e], type_objects[e], type_expected[e]);
	return 0;
}
