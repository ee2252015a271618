/* churn.c - 64 threads allocate, exit and are replaced, a given number of times or until a stop file exists; prints the threads run and their expected sample count. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "stress.h"

#define SLOTS 64

/*
 * What each worker allocates: odd sizes no library allocates by chance, so
 * the test can tell the workers' samples from the tracer's own threads'.
 * tests/stress/churn.sh lists the same sizes.
 */
static const size_t sizes[] = { 1001, 2003, 3005, 4007, 5009, 6011, 7013, 8015,
				9017, 10019, 11021, 12023, 13025, 14027, 15029, 16031 };
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))

struct slot {
	pthread_t thread;
	int running;
	unsigned serial;
	int bad;    /* set by the worker: memory did not hold its pattern */
};

/* One object of each size, through four entry points in turn, so that each
 * of them meets threads that have never drawn. */
static void *allocate(size_t i)
{
	void *p = NULL;

	switch (i % 4) {
	case 0:
		p = malloc(sizes[i]);
		break;
	case 1:
		p = calloc(1, sizes[i]);
		break;
	case 2:
		/* A real move: GCC turns realloc(NULL, n) into malloc(n).  The
		 * 2-byte object is a sample of its own size, if any. */
		p = malloc(2);
		if (p)
			p = realloc(p, sizes[i]);
		break;
	default:
		if (posix_memalign(&p, 64, sizes[i]))
			p = NULL;
		break;
	}
	if (!p)
		abort();
	return p;
}

static void *worker(void *arg)
{
	struct slot *slot = arg;
	void *objects[NSIZES];

	for (size_t i = 0; i < NSIZES; i++) {
		objects[i] = allocate(i);
		stress_fill(objects[i], sizes[i], slot->serial + (unsigned) i);
	}
	for (size_t i = 0; i < NSIZES; i++)
		if (!stress_check(objects[i], sizes[i], slot->serial + (unsigned) i))
			slot->bad = 1;
	for (size_t i = 0; i < NSIZES; i++)
		free(objects[i]);
	return NULL;
}

/* Usage: churn RATE THREADS [STOP_FILE].  Starts THREADS workers in all,
 * 64 at a time, or, with STOP_FILE, goes on until that file exists (THREADS
 * then 0: no other end), so that a test decides when, never a race against
 * the clock.  Prints "threads N" (the workers run), "expected E" (their
 * expected sample count at RATE) and "corrupted N"; exits 1 if any
 * worker's memory was corrupted. */
int main(int argc, char **argv)
{
	static struct slot slots[SLOTS];
	double rate;
	const char *stop_file;
	unsigned long long limit, threads = 0, bad = 0;

	if (argc != 3 && argc != 4)
		stress_die("usage: churn RATE THREADS [STOP_FILE]");
	stop_file = argc == 4 ? argv[3] : NULL;
	rate = (double) stress_arg(argv[1], 1, 1ULL << 48, "RATE");
	limit = stress_arg(argv[2], stop_file ? 0 : SLOTS, 1ULL << 40, "THREADS");

	for (unsigned i = 0; i < SLOTS; i++) {
		slots[i].serial = (unsigned) threads++;
		if (pthread_create(&slots[i].thread, NULL, worker, &slots[i]))
			stress_die("pthread_create");
		slots[i].running = 1;
	}
	/* Replace the oldest thread as soon as it has exited, so that 64 are
	 * always starting, allocating or exiting. */
	for (unsigned i = 0;; i = (i + 1) % SLOTS) {
		pthread_join(slots[i].thread, NULL);
		slots[i].running = 0;
		bad += (unsigned) slots[i].bad;
		if ((limit && threads >= limit) || (stop_file && access(stop_file, F_OK) == 0))
			break;
		slots[i].serial = (unsigned) threads++;
		slots[i].bad = 0;
		if (pthread_create(&slots[i].thread, NULL, worker, &slots[i]))
			stress_die("pthread_create");
		slots[i].running = 1;
	}
	for (unsigned i = 0; i < SLOTS; i++) {
		if (slots[i].running) {
			pthread_join(slots[i].thread, NULL);
			bad += (unsigned) slots[i].bad;
		}
	}
	printf("threads %llu\n", threads);
	printf("expected %.6f\n", (double) threads * stress_expected(sizes, NSIZES, rate));
	printf("corrupted %llu\n", bad);
	return bad ? 1 : 0;
}
