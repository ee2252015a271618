/* live-blocks.c - holds BLOCKS live blocks allocated under 40 frames of recursion for SECONDS seconds, allocating and freeing one small block every 100 ms meanwhile (a process that emits nothing has no pass), for bench/checkpoint-cost.sh; prints "ready PID" once they are allocated. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define LEVELS 40

static void **blocks;

/* Recurses `levels` deep (noipa, and not a tail call: each level keeps its
 * frame), then allocates: every block's stack is cut at the shim's depth. */
static __attribute__((noipa)) unsigned recurse(unsigned levels, unsigned long count)
{
	unsigned kept;

	if (levels == 0) {
		for (unsigned long i = 0; i < count; i++) {
			blocks[i] = malloc(4096);
			if (!blocks[i])
				abort();
		}
		return 0;
	}
	kept = recurse(levels - 1, count);
	__asm__ volatile("" : : : "memory");
	return kept + 1;
}

int main(int argc, char **argv)
{
	unsigned long count, seconds;

	if (argc != 3) {
		fprintf(stderr, "usage: live-blocks BLOCKS SECONDS\n");
		return 2;
	}
	count = strtoul(argv[1], NULL, 10);
	seconds = strtoul(argv[2], NULL, 10);
	blocks = calloc(count, sizeof *blocks);
	if (!blocks)
		abort();
	recurse(LEVELS, count);
	printf("ready %d\n", (int) getpid());
	fflush(stdout);
	for (unsigned long tick = 0; tick < seconds * 10; tick++) {
		struct timespec pause = { .tv_sec = 0, .tv_nsec = 100000000 };
		void *small;

		nanosleep(&pause, NULL);
		small = malloc(64);
		__asm__ volatile("" : : "r"(small) : "memory");
		free(small);
	}
	for (unsigned long i = 0; i < count; i++)
		free(blocks[i]);
	free(blocks);
	return 0;
}
