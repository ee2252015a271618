/* mixed-threads.c - a multi-threaded allocation benchmark: mixed sizes, frees in random order. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 4096        /* live blocks per thread, at most */
#define MAX_THREADS 64

struct worker {
	pthread_t thread;
	uint64_t rng;
	unsigned long operations;
	unsigned long checksum;
};

/* xorshift64*: cheap, and deterministic for a given thread index. */
static uint64_t next_random(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * 0x2545F4914F6CDD1DULL;
}

/* A size from 8 B to 64 KiB, log-uniformly distributed: a power of two
 * from 2^3 to 2^15, times a uniform factor in [1, 2). */
static size_t random_size(uint64_t *state)
{
	uint64_t r = next_random(state);
	unsigned shift = 3 + (unsigned) (r % 13);
	size_t base = (size_t) 1 << shift;

	return base + (size_t) ((r >> 8) % base);
}

/* Each operation picks a random slot: a live block there is freed, an empty
 * slot gets a new block whose first and last bytes are written.  So blocks
 * are freed in random order, half the operations allocate, half free. */
static void *work(void *arg)
{
	struct worker *w = arg;
	unsigned char **slot = calloc(SLOTS, sizeof(*slot));

	if (!slot)
		abort();
	for (unsigned long i = 0; i < w->operations; i++) {
		unsigned k = (unsigned) (next_random(&w->rng) % SLOTS);

		if (slot[k]) {
			w->checksum += slot[k][0];
			free(slot[k]);
			slot[k] = NULL;
		} else {
			size_t size = random_size(&w->rng);

			slot[k] = malloc(size);
			if (!slot[k])
				abort();
			slot[k][0] = (unsigned char) i;
			slot[k][size - 1] = (unsigned char) k;
		}
	}
	for (unsigned k = 0; k < SLOTS; k++)
		free(slot[k]);
	free(slot);
	return NULL;
}

int main(int argc, char **argv)
{
	struct worker workers[MAX_THREADS];
	unsigned long threads, operations, checksum = 0;

	if (argc != 3 || (threads = strtoul(argv[1], NULL, 10)) < 1 || threads > MAX_THREADS ||
	    (operations = strtoul(argv[2], NULL, 10)) < 1) {
		fprintf(stderr, "usage: %s THREADS OPERATIONS_PER_THREAD\n", argv[0]);
		return 2;
	}
	memset(workers, 0, sizeof(workers));
	for (unsigned long t = 0; t < threads; t++) {
		workers[t].rng = 0x9E3779B97F4A7C15ULL * (t + 1);
		workers[t].operations = operations;
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
