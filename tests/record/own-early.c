/*
 * own-early.c - a library preloaded by the user (LD_PRELOAD, after the
 * shim) whose constructor allocates, for tests/record/tracer.sh: a
 * library's initialisation is the program's, and its blocks must reach
 * the trace like any other (doc/sampling.md, "The tracer's own
 * allocations").
 *
 * In the process of a run (ALLOCSAMPLE_RUN is set: allocsample-record's
 * own commands load the library too), the constructor allocates
 * EARLY_BLOCKS blocks, frees every other one, and writes to the file named
 * by OWN_EARLY_TRUTH, with write(2), the lines own-bytes writes (objects,
 * bytes, live).
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EARLY_BLOCKS 40

/* The blocks kept until exit: the program's live bytes. */
static void *kept[EARLY_BLOCKS / 2];

static void say(int fd, const char *key, uint64_t value)
{
	char line[64];
	int n = snprintf(line, sizeof line, "%s %llu\n", key, (unsigned long long) value);

	if (n < 0 || write(fd, line, (size_t) n) != n)
		abort();
}

__attribute__((constructor)) static void allocate_early(void)
{
	const char *truth_file = getenv("OWN_EARLY_TRUTH");
	uint64_t bytes = 0, live = 0;
	int fd;

	if (!truth_file || !getenv("ALLOCSAMPLE_RUN"))
		return;
	for (unsigned i = 0; i < EARLY_BLOCKS; i++) {
		size_t size = 100 + 37 * i;
		void *block = malloc(size);

		if (!block)
			abort();
		memset(block, 1, size);
		bytes += size;
		if (i % 2) {
			free(block);
		} else {
			kept[i / 2] = block;
			live += size;
		}
	}
	fd = open(truth_file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		abort();
	say(fd, "objects", EARLY_BLOCKS);
	say(fd, "bytes", bytes);
	say(fd, "live", live);
	if (close(fd) != 0)
		abort();
}
