/* alloc-loop.c - N malloc+free pairs of 16-256 bytes, for instruction counts under callgrind. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The measured loop, kept out of line so that callgrind can collect inside
 * it alone (--toggle-collect=bench_alloc_loop).  Sizes cycle through 16,
 * 32, ..., 256 bytes.  Each block is written and its address escapes
 * through an empty asm, so the compiler must keep the malloc/free pair
 * (GCC deletes a pair whose block is unused, even at -O1).
 */
__attribute__((noinline)) static unsigned long bench_alloc_loop(unsigned long pairs)
{
	unsigned long sum = 0;

	for (unsigned long i = 0; i < pairs; i++) {
		size_t size = 16 + (i % 16) * 16;
		unsigned char *p = malloc(size);

		if (!p)
			abort();
		p[0] = (unsigned char) i;
		p[size - 1] = (unsigned char) (i >> 8);
		__asm__ volatile("" : : "r"(p) : "memory");
		sum += p[0] + p[size - 1];
		free(p);
	}
	return sum;
}

int main(int argc, char **argv)
{
	char *end;
	unsigned long pairs;

	if (argc != 2 || (pairs = strtoul(argv[1], &end, 10), *end != '\0' || end == argv[1])) {
		fprintf(stderr, "usage: %s PAIRS\n", argv[0]);
		return 2;
	}
	printf("%lu\n", bench_alloc_loop(pairs));
	return 0;
}
