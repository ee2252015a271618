/* heap-end.c - a heap that peaks at its last allocation and empties long after: the run's end is its last free. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/*
 * Usage: heap-end PAUSE_MS.  Allocates BLOCKS blocks of BLOCK bytes, waits
 * PAUSE_MS milliseconds without allocating anything, then frees them all:
 * the heap peaks at the last allocation, and the run's last events are
 * frees.  Prints, from CLOCK_MONOTONIC, the pause as it measured it,
 * without stdio, whose buffer would be allocated after the frees:
 *   pause NS
 */

enum { BLOCK = 4096, BLOCKS = 1024 };

static void *blocks[BLOCKS];

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	int ms = argc == 2 ? atoi(argv[1]) : 0;
	struct timespec pause;
	long long allocated, freeing;
	char line[64];
	int i;

	if (ms < 1) {
		fprintf(stderr, "usage: heap-end PAUSE_MS\n");
		return 2;
	}
	for (i = 0; i < BLOCKS; i++) {
		blocks[i] = malloc(BLOCK);
		if (!blocks[i])
			return 1;
		((volatile char *) blocks[i])[0] = 1;
	}
	allocated = now_ns();
	pause = (struct timespec) { ms / 1000, (long) (ms % 1000) * 1000000 };
	while (nanosleep(&pause, &pause) != 0)
		continue;
	freeing = now_ns();
	for (i = 0; i < BLOCKS; i++)
		free(blocks[i]);
	snprintf(line, sizeof line, "pause %lld\n", freeing - allocated);
	return write(STDOUT_FILENO, line, strlen(line)) == (ssize_t) strlen(line) ? 0 : 1;
}
