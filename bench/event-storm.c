/* event-storm.c - threads making many small allocations through five entry points, for a trace of millions of samples. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 64          /* live blocks per thread */
#define MAX_THREADS 64

struct worker {
	pthread_t thread;
	unsigned long allocations;
	unsigned long checksum;
};

/*
 * Makes `allocations` allocation calls of 16-256 bytes, cycling through
 * malloc, calloc, realloc, aligned_alloc and posix_memalign, so that the
 * report has five types per thread.  Call i replaces the block in slot
 * i % SLOTS (realloc resizes it, the others free it first), so about SLOTS
 * blocks are live and each call is exactly one allocation: at
 * ALLOCSAMPLE_RATE=1 every call is one AllocationSampled event.
 */
static void *work(void *arg)
{
	struct worker *w = arg;
	unsigned char *slot[SLOTS] = { NULL };

	for (unsigned long i = 0; i < w->allocations; i++) {
		size_t size = 16 + (i % 16) * 16;
		unsigned k = (unsigned) (i % SLOTS);
		void *p = NULL;

		if (i % 5 == 2) {
			p = realloc(slot[k], size);
		} else {
			free(slot[k]);
			slot[k] = NULL;
			switch (i % 5) {
			case 0:
				p = malloc(size);
				break;
			case 1:
				p = calloc(1, size);
				break;
			case 3:
				p = aligned_alloc(64, size);
				break;
			default:
				if (posix_memalign(&p, 32, size) != 0)
					p = NULL;
				break;
			}
		}
		if (!p)
			abort();
		slot[k] = p;
		slot[k][0] = (unsigned char) i;
		slot[k][size - 1] = (unsigned char) k;
		w->checksum += slot[k][0];
	}
	for (unsigned k = 0; k < SLOTS; k++)
		free(slot[k]);
	return NULL;
}

int main(int argc, char **argv)
{
	struct worker workers[MAX_THREADS];
	unsigned long threads, allocations, checksum = 0;

	if (argc != 3 || (threads = strtoul(argv[1], NULL, 10)) < 1 || threads > MAX_THREADS ||
	    (allocations = strtoul(argv[2], NULL, 10)) < 1) {
		fprintf(stderr, "usage: %s THREADS ALLOCATIONS_PER_THREAD\n", argv[0]);
		return 2;
	}
	memset(workers, 0, sizeof(workers));
	for (unsigned long t = 0; t < threads; t++) {
		workers[t].allocations = allocations;
		if (pthread_create(&workers[t].thread, NULL, work, &workers[t]) != 0) {
			fprintf(stderr, "%s: cannot create thread\n", argv[0]);
			return 1;
		}
	}
	for (unsigned long t = 0; t < threads; t++) {
		pthread_join(workers[t].thread, NULL);
		checksum += workers[t].checksum;
	}
	printf("%lu\n", checksum);
	return 0;
}
