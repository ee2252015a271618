/* deep-alloc.c - malloc+free pairs timed from under LEVELS frames of recursion, for bench/stack-cost.sh; prints "NS_PER_PAIR PID". */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* Pairs before the timed ones: the shim's rule cache and the tracer's
 * buffers are warm when timing starts. */
#define WARM_UP 2000

static volatile unsigned sink;

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double) t.tv_sec * 1e9 + (double) t.tv_nsec;
}

static __attribute__((noipa)) void pairs(unsigned long count)
{
	for (unsigned long i = 0; i < count; i++) {
		unsigned char *p = malloc(64);

		if (!p)
			abort();
		p[0] = (unsigned char) i;
		__asm__ volatile("" : : "r"(p) : "memory");
		sink += p[0];
		free(p);
	}
}

/* Recurses `levels` deep (noipa, and not a tail call: each level keeps its
 * frame), then runs the warm-up and the timed pairs; returns ns per pair. */
static __attribute__((noipa)) double recurse(unsigned levels, unsigned long count)
{
	double start, elapsed;

	if (levels > 0) {
		elapsed = recurse(levels - 1, count);
		sink++;
		return elapsed;
	}
	pairs(WARM_UP);
	start = now_ns();
	pairs(count);
	elapsed = now_ns() - start;
	return elapsed / (double) count;
}

int main(int argc, char **argv)
{
	char *end_pairs, *end_levels;
	unsigned long count = argc == 3 ? strtoul(argv[1], &end_pairs, 10) : 0;
	unsigned long levels = argc == 3 ? strtoul(argv[2], &end_levels, 10) : 0;

	if (argc != 3 || *end_pairs || *end_levels || count == 0 || levels > 1000) {
		fprintf(stderr, "usage: %s PAIRS LEVELS\n", argv[0]);
		return 2;
	}
	printf("%.1f %d\n", recurse((unsigned) levels, count), (int) getpid());
	return 0;
}
