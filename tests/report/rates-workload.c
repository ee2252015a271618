/* rates-workload.c - one process at two sampling rates: it allocates a type, execs itself with another ALLOCSAMPLE_RATE and allocates more of it; writes the true bytes of each image. */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "allocsample.h"

/*
 * Usage: rates-workload FILE RATE.  The first image allocates and frees
 * FIRST_BLOCKS blocks of type "both" at the rate it was started with, then
 * execs itself with ALLOCSAMPLE_RATE=RATE (the same pid, so the report's
 * groups of the process span both images).  The second allocates and
 * frees SECOND_BLOCKS more, then one block of LARGE bytes of type "large",
 * never touched: far above RATE, it is sampled (but with probability
 * e^-32), so that the trace shows the second rate.  Appends to FILE, with
 * write(2) from a buffer on the stack (stdio would allocate one of its
 * own):
 *   pid PID
 *   first BYTES      (the first image's bytes of "both")
 *   second BYTES     (the second's)
 */

#define BLOCK 64
#define FIRST_BLOCKS 4096
#define SECOND_BLOCKS 4096
#define LARGE (32 * (size_t) 16 << 20)

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static void append(const char *file, const char *line)
{
	int fd = open(file, O_WRONLY | O_APPEND | O_CREAT, 0644);

	if (fd < 0 || write(fd, line, strlen(line)) != (ssize_t) strlen(line) || close(fd))
		die(file);
}

static uint64_t allocate(unsigned blocks)
{
	unsigned i;

	for (i = 0; i < blocks; i++) {
		volatile char *p = allocsample_malloc_typed(BLOCK, "both");

		if (!p)
			die("malloc");
		p[0] = (char) i;
		free((void *) p);
	}
	return (uint64_t) blocks * BLOCK;
}

int main(int argc, char **argv)
{
	char line[64];

	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: rates-workload FILE RATE\n");
		return 2;
	}
	if (argc == 4) {
		snprintf(line, sizeof line, "second %llu\n",
			 (unsigned long long) allocate(SECOND_BLOCKS));
		free(allocsample_malloc_typed(LARGE, "large"));
		append(argv[1], line);
		return 0;
	}
	snprintf(line, sizeof line, "pid %ld\nfirst %llu\n", (long) getpid(),
		 (unsigned long long) allocate(FIRST_BLOCKS));
	append(argv[1], line);
	if (setenv("ALLOCSAMPLE_RATE", argv[2], 1))
		die("setenv");
	execl("/proc/self/exe", argv[0], argv[1], argv[2], "second", (char *) NULL);
	die("exec");
}
