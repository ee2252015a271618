/*
 * named.c - a program whose frames the report must name from a file found
 * by its build id (tests/symbols/), run under allocsample-record.  Two
 * paths to one function, each 256 blocks of 4 KiB kept until the end:
 *
 *   main -> named_alpha -> named_leaf
 *   main -> named_beta -> named_leaf
 *
 * Prints "path alpha BYTES" and "path beta BYTES", the true bytes of each.
 * Built a second time with -DOTHER_BUILD (named-other): the same program
 * under other names (other_alpha...), hence another build id, the binary
 * that replaces it at its path: a frame named from that file would say
 * other_ and give it away.
 */
#include <stdio.h>
#include <stdlib.h>

#ifdef OTHER_BUILD
#define NAMED(f) other_##f
#else
#define NAMED(f) named_##f
#endif

#define BLOCKS 256
#define BLOCK 4096
#define NOINLINE __attribute__((noinline))

static void *volatile kept[2][BLOCKS];

static NOINLINE void NAMED(leaf)(int path, int i)
{
	kept[path][i] = malloc(BLOCK);
	/* Not a tail call: the caller stays on the stack. */
	__asm__ volatile("" ::: "memory");
}

static NOINLINE void NAMED(alpha)(void)
{
	int i;

	for (i = 0; i < BLOCKS; i++)
		NAMED(leaf)(0, i);
}

static NOINLINE void NAMED(beta)(void)
{
	int i;

	for (i = 0; i < BLOCKS; i++)
		NAMED(leaf)(1, i);
}

int main(void)
{
	int path, i;

	NAMED(alpha)();
	NAMED(beta)();
	for (path = 0; path < 2; path++) {
		for (i = 0; i < BLOCKS; i++)
			free(kept[path][i]);
	}
	printf("path alpha %d\npath beta %d\n", BLOCKS * BLOCK, BLOCKS * BLOCK);
	return 0;
}
