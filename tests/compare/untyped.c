/* untyped.c - a program of untyped allocations (plain malloc) in three functions; `grow` makes one of them allocate 30% more, the case of the README's CI gate. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

/*
 * Usage: untyped FACTS [grow]
 *
 * read_records, index_records and format_report each allocate blocks of
 * 256 B to 8 KiB (a fixed sequence per function) with malloc, write and
 * free them, until they have allocated 384, 192 and 384 MiB.  With
 * `grow`, every block of index_records is 1.3 times as large: that
 * function's bytes grow by 30% and the total by about 6%, which no gate on
 * the total, the process or the type ("malloc", the entry point's, for
 * every block) can tell from noise.  Each function calls malloc itself
 * (noipa keeps it a frame of its own), so that its stacks are its own.
 * FACTS gets one line per function: "function NAME BYTES", the bytes it
 * asked for.
 */

#define MIB (1ULL << 20)
#define MIN_BLOCK 256
#define MAX_BLOCK 8191

/* The next block size of a function's sequence. */
static size_t next_size(uint64_t *state)
{
	return MIN_BLOCK + (size_t) (workload_random(state) % (MAX_BLOCK - MIN_BLOCK + 1));
}

__attribute__((noipa)) static unsigned long long read_records(unsigned long long target)
{
	uint64_t state = workload_seed(1);
	unsigned long long done = 0;

	while (done < target) {
		size_t n = next_size(&state);
		char *p = malloc(n);

		if (!p)
			workload_die("malloc failed");
		(void) workload_touch(p, n, 'r');
		free(p);
		done += n;
	}
	return done;
}

/* `scale_tenths`: each block's size in tenths of the sequence's (10, or 13
 * with `grow`). */
__attribute__((noipa)) static unsigned long long index_records(unsigned long long target, unsigned scale_tenths)
{
	uint64_t state = workload_seed(2);
	unsigned long long done = 0, base = 0;

	while (base < target) {
		size_t unscaled = next_size(&state), n = unscaled * scale_tenths / 10;
		char *p = malloc(n);

		if (!p)
			workload_die("malloc failed");
		(void) workload_touch(p, n, 'i');
		free(p);
		base += unscaled;
		done += n;
	}
	return done;
}

__attribute__((noipa)) static unsigned long long format_report(unsigned long long target)
{
	uint64_t state = workload_seed(3);
	unsigned long long done = 0;

	while (done < target) {
		size_t n = next_size(&state);
		char *p = malloc(n);

		if (!p)
			workload_die("malloc failed");
		(void) workload_touch(p, n, 'f');
		free(p);
		done += n;
	}
	return done;
}

int main(int argc, char **argv)
{
	unsigned long long read_bytes, index_bytes, format_bytes;
	unsigned scale_tenths = 10;
	FILE *facts;

	if (argc == 3 && strcmp(argv[2], "grow") == 0)
		scale_tenths = 13;
	else if (argc != 2)
		workload_die("usage: untyped FACTS [grow]");
	read_bytes = read_records(384 * MIB);
	index_bytes = index_records(192 * MIB, scale_tenths);
	format_bytes = format_report(384 * MIB);
	facts = fopen(argv[1], "w");
	if (!facts)
		workload_die("cannot write FACTS");
	fprintf(facts, "function read_records %llu\nfunction index_records %llu\nfunction format_report %llu\n",
		read_bytes, index_bytes, format_bytes);
	if (fclose(facts) != 0)
		workload_die("cannot write FACTS");
	return 0;
}
