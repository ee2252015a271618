/* floor-program.c - blocks freed at once, each one's life timed by the program's own clock. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/*
 * Usage: floor-program COUNT.  Allocates a block of BLOCK bytes and frees
 * it at once, COUNT times; the block's life, from malloc's return to the
 * call of free, is read from CLOCK_MONOTONIC around nothing but a store
 * into it.  Nothing else is allocated (the lives are counted in a static
 * histogram, not sorted: qsort would allocate), so the blocks are the
 * process's bytes.  Prints the lives' median, 90th percentile and largest,
 * LONG for a life of LONG nanoseconds or more:
 *   lived p50 NS
 *   lived p90 NS
 *   lived max NS
 */

enum { BLOCK = 64, LONG = 1 << 20 };

static unsigned long histogram[LONG + 1];

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The smallest life that at least `share` of the `count` lives reach. */
static long quantile(unsigned long count, double share)
{
	unsigned long seen = 0;
	long ns;

	for (ns = 0; ns < LONG; ns++) {
		seen += histogram[ns];
		if (seen >= share * count)
			break;
	}
	return ns;
}

int main(int argc, char **argv)
{
	long count = argc == 2 ? atol(argv[1]) : 0;
	long i;

	if (count < 10) {
		fprintf(stderr, "usage: floor-program COUNT (at least 10)\n");
		return 2;
	}
	for (i = 0; i < count; i++) {
		volatile char *p = malloc(BLOCK);
		long long born, dies;

		if (!p)
			return 1;
		born = now_ns();
		p[0] = 1;
		dies = now_ns();
		free((void *) p);
		histogram[dies - born < LONG ? dies - born : LONG]++;
	}
	printf("lived p50 %ld\nlived p90 %ld\nlived max %ld\n", quantile((unsigned long) count, 0.5),
	       quantile((unsigned long) count, 0.9), quantile((unsigned long) count, 1.0));
	return 0;
}
