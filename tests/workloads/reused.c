/* reused.c - blocks of one size allocated and freed in batches, as a compiler's obstack chunks are: the addresses of tracked blocks go on to untracked ones. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BATCH 8

/*
 * Usage: reused ROUNDS SIZE.  ROUNDS times, allocates BATCH blocks of SIZE
 * bytes, writes them, and frees them in the order they came.  Prints
 *   aligned N     how many of the blocks freed were page-aligned
 * then exits 0; "FAIL ..." and exit status 1 if an allocation fails.
 */
int main(int argc, char **argv)
{
	unsigned long rounds, aligned = 0;
	size_t size;
	char *blocks[BATCH];

	if (argc != 3)
		return 2;
	rounds = strtoul(argv[1], NULL, 10);
	size = strtoul(argv[2], NULL, 10);
	for (unsigned long round = 0; round < rounds; round++) {
		for (unsigned i = 0; i < BATCH; i++) {
			blocks[i] = malloc(size);
			if (!blocks[i]) {
				puts("FAIL an allocation failed");
				return 1;
			}
			memset(blocks[i], (int) i, size);
		}
		for (unsigned i = 0; i < BATCH; i++) {
			aligned += (uintptr_t) blocks[i] % 4096 == 0;
			free(blocks[i]);
		}
	}
	printf("aligned %lu\n", aligned);
	return 0;
}
