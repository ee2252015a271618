/* event-storm.c - threads making many small allocations through five entry points, for a trace of millions of samples, at the bottom of deep call chains if asked. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 64          /* live blocks per thread */
#define MAX_THREADS 64
#define MAX_DEPTH 1000    /* calls between work() and an allocation */

struct worker {
	pthread_t thread;
	unsigned long allocations;
	unsigned depth;
	unsigned long checksum;
};

/* What the allocations of one thread share. */
struct storm {
	struct worker *w;
	unsigned char *slot[SLOTS];
	unsigned long i;
};

/*
 * Allocation i: 16-256 bytes, cycling through malloc, calloc, realloc,
 * aligned_alloc and posix_memalign, so that the report has five types per
 * thread.  It replaces the block in slot i % SLOTS (realloc resizes it, the
 * others free it first), so about SLOTS blocks are live and each call is
 * exactly one allocation: at ALLOCSAMPLE_RATE=1 every call is one
 * AllocationSampled event.
 */
static void allocate(struct storm *st)
{
	unsigned long i = st->i;
	size_t size = 16 + (i % 16) * 16;
	unsigned k = (unsigned) (i % SLOTS);
	void *p = NULL;

	if (i % 5 == 2) {
		p = realloc(st->slot[k], size);
	} else {
		free(st->slot[k]);
		st->slot[k] = NULL;
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
	st->slot[k] = p;
	st->slot[k][0] = (unsigned char) i;
	st->slot[k][size - 1] = (unsigned char) k;
	st->w->checksum += st->slot[k][0];
}

static void descend_right(struct storm *st, unsigned depth);

/*
 * The call chain of the stack variant: `depth` calls down to the
 * allocation, each through descend_left or descend_right as bit depth % 8
 * of the allocation's number says, so that the innermost frames of the
 * allocations' stacks take 256 paths, times the five call sites of
 * allocate(): a few thousand distinct stacks, however many allocations.
 * The empty asm after each call keeps it from being a tail call, whose
 * frame would vanish.
 */
__attribute__((noinline)) static void descend_left(struct storm *st, unsigned depth)
{
	if (depth == 0)
		allocate(st);
	else if (st->i >> (depth % 8) & 1)
		descend_right(st, depth - 1);
	else
		descend_left(st, depth - 1);
	__asm__ __volatile__("" ::: "memory");
}

__attribute__((noinline)) static void descend_right(struct storm *st, unsigned depth)
{
	if (depth == 0)
		allocate(st);
	else if (st->i >> (depth % 8) & 1)
		descend_right(st, depth - 1);
	else
		descend_left(st, depth - 1);
	__asm__ __volatile__("" ::: "memory");
}

static void *work(void *arg)
{
	struct storm st = { .w = arg };

	for (st.i = 0; st.i < st.w->allocations; st.i++) {
		if (st.w->depth)
			descend_left(&st, st.w->depth);
		else
			allocate(&st);
	}
	for (unsigned k = 0; k < SLOTS; k++)
		free(st.slot[k]);
	return NULL;
}

int main(int argc, char **argv)
{
	struct worker workers[MAX_THREADS];
	unsigned long threads, allocations, depth = 0, checksum = 0;

	if ((argc != 3 && argc != 4) || (threads = strtoul(argv[1], NULL, 10)) < 1 ||
	    threads > MAX_THREADS || (allocations = strtoul(argv[2], NULL, 10)) < 1 ||
	    (argc == 4 && (depth = strtoul(argv[3], NULL, 10)) > MAX_DEPTH)) {
		fprintf(stderr, "usage: %s THREADS ALLOCATIONS_PER_THREAD [CALL_DEPTH]\n", argv[0]);
		return 2;
	}
	memset(workers, 0, sizeof(workers));
	for (unsigned long t = 0; t < threads; t++) {
		workers[t].allocations = allocations;
		workers[t].depth = (unsigned) depth;
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
