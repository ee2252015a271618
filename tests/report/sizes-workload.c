/* sizes-workload.c - threads malloc known counts of known sizes in several size classes; writes the exact count and bytes of each class. */
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * Usage: sizes-workload FILE.  Three threads, one after the other (with
 * ALLOCSAMPLE_SEED every run draws the same samples), each allocate and
 * free the same mix through malloc, in five size classes with empty ones
 * between them; the main thread allocates nothing of its own.  Then writes
 * to FILE, with write(2) from a buffer on the stack (stdio would malloc
 * a buffer of its own):
 *   pid PID
 *   class MIN OBJECTS BYTES    (one line per class the threads allocated in)
 */

#define THREADS 3

/* One kind of object: `count` objects per thread, from `size` to
 * `size + spread - 1` bytes in turn, all in one class. */
struct kind {
	uint64_t size;
	uint64_t spread;
	uint64_t count;
};

/* Classes 4, 6, 10, 13 and 16: from objects far smaller than the rate,
 * each rarely sampled, to objects far larger, all sampled; objects at a
 * class's smallest size (1024 B), where its objects' upper end is
 * sharpest. */
static const struct kind kinds[] = {
	{ .size = 24, .spread = 1, .count = 20000 },
	{ .size = 64, .spread = 64, .count = 5000 },
	{ .size = 1024, .spread = 1, .count = 500 },
	{ .size = 10000, .spread = 1, .count = 100 },
	{ .size = 100000, .spread = 1, .count = 20 },
};

#define KINDS (sizeof kinds / sizeof kinds[0])

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static void *work(void *unused)
{
	size_t k;
	uint64_t i;

	(void) unused;
	for (k = 0; k < KINDS; k++) {
		for (i = 0; i < kinds[k].count; i++) {
			volatile char *p = malloc(kinds[k].size + i % kinds[k].spread);

			if (!p)
				die("malloc");
			p[0] = 1; /* used: the compiler keeps the call */
			free((void *) p);
		}
	}
	return NULL;
}

/* The class of each kind's sizes: the index of their highest bit set. */
static unsigned class_of(uint64_t size)
{
	return 63u - (unsigned) __builtin_clzll(size);
}

int main(int argc, char **argv)
{
	char line[128];
	pthread_t thread;
	size_t k;
	int fd, t, n;

	if (argc != 2) {
		fputs("usage: sizes-workload FILE\n", stderr);
		return 2;
	}
	for (t = 0; t < THREADS; t++) {
		if (pthread_create(&thread, NULL, work, NULL) != 0 || pthread_join(thread, NULL) != 0)
			die("pthread");
	}
	fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		die(argv[1]);
	n = snprintf(line, sizeof line, "pid %ld\n", (long) getpid());
	if (write(fd, line, (size_t) n) != n)
		die("write");
	for (k = 0; k < KINDS; k++) {
		uint64_t bytes = 0, i;

		for (i = 0; i < kinds[k].count; i++)
			bytes += kinds[k].size + i % kinds[k].spread;
		n = snprintf(line, sizeof line, "class %llu %llu %llu\n",
			     1ULL << class_of(kinds[k].size),
			     (unsigned long long) (THREADS * kinds[k].count),
			     (unsigned long long) (THREADS * bytes));
		if (write(fd, line, (size_t) n) != n)
			die("write");
	}
	return close(fd) == 0 ? 0 : 1;
}
