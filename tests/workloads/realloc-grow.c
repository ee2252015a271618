/* realloc-grow.c - buffers grown and shrunk by realloc on two threads, as a program's growing strings and arrays are: a tracked block resized by the next realloc in place, by mremap, or moved. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 2
#define BUFFERS 4
#define LARGEST (4u << 20)

/*
 * Usage: realloc-grow ROUNDS.  Each of two threads, ROUNDS times, grows
 * BUFFERS buffers side by side from 16 bytes to 4 MiB by realloc (each
 * step half again as large, the buffers' steps interleaved, so that some
 * grow in place and some move), checks after each step that the bytes
 * written before are there and fills the new part, then shrinks each to a
 * tenth and checks again, and frees them.  Then, on the main thread, a
 * block is asked to grow to SIZE_MAX - 4096 (refused: the block stays as
 * it was) and a marker block is allocated before the block is freed.
 * Prints
 *   refused PTR   the block whose resize was refused
 *   marker PTR    the block allocated after the refusal
 *   ok
 * and exits 0; "FAIL ..." and exit status 1 at the first bad byte or
 * failed allocation.
 */
static unsigned long rounds;

static void die(const char *what)
{
	printf("FAIL %s\n", what);
	exit(1);
}

static unsigned char pattern(unsigned buffer, size_t at)
{
	return (unsigned char) (buffer * 31 + at / 4096 + 1);
}

static void fill(unsigned char *bytes, unsigned buffer, size_t from, size_t to)
{
	for (size_t at = from; at < to; at++)
		bytes[at] = pattern(buffer, at);
}

static void check(const unsigned char *bytes, unsigned buffer, size_t size)
{
	for (size_t at = 0; at < size; at++)
		if (bytes[at] != pattern(buffer, at))
			die("a resize lost the buffer's bytes");
}

static void *work(void *arg)
{
	unsigned first = (unsigned) (uintptr_t) arg;

	for (unsigned long round = 0; round < rounds; round++) {
		unsigned char *buffers[BUFFERS] = { NULL };
		size_t sizes[BUFFERS] = { 0 };

		for (size_t size = 16; size <= LARGEST; size += size / 2) {
			for (unsigned b = 0; b < BUFFERS; b++) {
				unsigned char *grown = realloc(buffers[b], size);

				if (!grown)
					die("realloc failed");
				check(grown, first + b, sizes[b]);
				fill(grown, first + b, sizes[b], size);
				buffers[b] = grown;
				sizes[b] = size;
			}
		}
		for (unsigned b = 0; b < BUFFERS; b++) {
			unsigned char *shrunk = realloc(buffers[b], sizes[b] / 10);

			if (!shrunk)
				die("realloc failed to shrink");
			check(shrunk, first + b, sizes[b] / 10);
			free(shrunk);
		}
	}
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t threads[THREADS];
	unsigned char *block, *marker;
	void *volatile refused;
	volatile size_t huge = SIZE_MAX - 4096;

	if (argc != 2)
		return 2;
	rounds = strtoul(argv[1], NULL, 10);
	for (unsigned t = 0; t < THREADS; t++)
		if (pthread_create(&threads[t], NULL, work, (void *) (uintptr_t) (t * BUFFERS)) != 0)
			die("pthread_create failed");
	for (unsigned t = 0; t < THREADS; t++)
		pthread_join(threads[t], NULL);

	/* Kept in volatiles so that GCC's use-after-free warning, which
	 * assumes the resize succeeded, keeps quiet, and its warning about
	 * a size larger than any object. */
	block = malloc(100);
	if (!block)
		die("malloc failed");
	memset(block, 'x', 100);
	refused = block;
	if (realloc(refused, huge) != NULL)
		die("a resize to SIZE_MAX - 4096 succeeded");
	marker = malloc(100);
	if (!marker)
		die("malloc failed");
	if (((unsigned char *) refused)[99] != 'x')
		die("a refused resize changed the block");
	printf("refused %p\nmarker %p\nok\n", refused, (void *) marker);
	free(refused);
	free(marker);
	return 0;
}
