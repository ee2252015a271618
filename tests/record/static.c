/* static.c - a statically linked program for allocsample-record's tests:
 * LD_PRELOAD cannot reach it, nor can -p (it stays SECONDS, argv[1], if
 * given, before it exits). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
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
	if (argc > 1)
		sleep((unsigned) atoi(argv[1]));
	return 0;
}
