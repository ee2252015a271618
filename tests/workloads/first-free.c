/* first-free.c - the process's first tracked block, freed on another thread as soon as main has it. */
#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "allocsample.h"

/*
 * Usage: first-free malloc|typed, at ALLOCSAMPLE_RATE=1 under a session
 * that records from the start (LTTNG_UST_REGISTER_TIMEOUT=-1), so that the
 * block main allocates first, through malloc or allocsample_malloc_typed,
 * is the process's first tracked sample.  A thread created right after
 * frees it: until then no free of the shim asked the set of sampled
 * blocks (doc/sampling.md, "Free tracking").  Prints, once that thread is
 * joined:
 *   pid PID
 *   block PTR
 *   worker TID     the thread that freed it
 * "FAIL ..." and exit status 1 if the allocation fails.
 */

static pid_t worker_tid;

static void *release(void *block)
{
	worker_tid = gettid();
	free(block);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t worker;
	uintptr_t address;
	void *block;

	if (argc != 2 || (strcmp(argv[1], "malloc") != 0 && strcmp(argv[1], "typed") != 0))
		return 2;
	block = strcmp(argv[1], "typed") == 0 ? allocsample_malloc_typed(100, "first") : malloc(100);
	if (!block) {
		puts("FAIL the allocation failed");
		return 1;
	}
	memset(block, 'f', 100);
	address = (uintptr_t) block;
	if (pthread_create(&worker, NULL, release, block) != 0 || pthread_join(worker, NULL) != 0) {
		puts("FAIL no thread to free the block");
		return 1;
	}
	printf("pid %d\nblock 0x%" PRIxPTR "\nworker %d\n", (int) getpid(), address, (int) worker_tid);
	return 0;
}
