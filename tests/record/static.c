/* static.c - a statically linked program for allocsample-record's tests: LD_PRELOAD cannot reach it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	size_t total = 0;

	for (int i = 0; i < 1024; i++) {
		char *p = malloc(4096);

		if (!p)
			return 1;
		memset(p, i, 4096);
		total += (size_t) p[4095] + 4096;
		free(p);
	}
	printf("static %zu\n", total);
	return 0;
}
