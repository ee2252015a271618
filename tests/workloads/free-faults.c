/* free-faults.c - a program's own allocation errors, which the next allocator must report as it would without the shim. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>



/* Page-aligned and inside a mapping, so that the allocator's checks (not a
 * segmentation fault) decide; the chunk header before it reads as zero. */
static _Alignas(4096) char not_from_malloc[2 * 4096];

/*
 * Usage: free-faults double-free|double-free-large|invalid.  At ALLOCSAMPLE_RATE=1 under a
 * session the block of double-free is a tracked sampled block.  Each case
 * should abort in the allocator; returning is the failure.
 */
int main(int argc, char **argv)
{
	void *volatile p;

	if (argc != 2)
		return 2;
	if (strcmp(argv[1], "double-free") == 0 || strcmp(argv[1], "double-free-large") == 0) {
		p = malloc(strcmp(argv[1], "double-free") == 0 ? 64 : 5000);
		free(p);
		free(p);
	} else if (strcmp(argv[1], "invalid") == 0) {
		p = not_from_malloc + 4096;
		free(p);
	} else {
		return 2;
	}
	puts("the allocator did not notice");
	return 1;
}
