/*
 * thread-names.c - a program whose one allocating thread has a name of its
 * own (tests/attach/names.sh, duration.sh): the main thread starts a
 * thread named "allocator", then waits in read() for its standard input to
 * end, allocating nothing; the allocator allocates BYTES bytes, writes
 * them and frees them, then sleeps a millisecond, until then.  At the end
 * the program prints how many blocks it made and the allocator's name,
 * which must be the one it gave itself.
 *
 * Usage: thread-names BYTES
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static atomic_bool stop;
static size_t bytes;
static unsigned long blocks;

static void *allocate(void *unused)
{
	const struct timespec millisecond = { 0, 1000000 };

	(void) unused;
	while (!atomic_load(&stop)) {
		char *block = malloc(bytes);

		if (!block) {
			perror("thread-names: malloc");
			exit(1);
		}
		memset(block, (int) blocks, bytes);
		free(block);
		blocks++;
		nanosleep(&millisecond, NULL);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	char name[16] = "", input[64];
	pthread_t allocator;
	ssize_t n;

	if (argc != 2 || (bytes = strtoul(argv[1], NULL, 10)) == 0) {
		fprintf(stderr, "usage: thread-names BYTES\n");
		return 2;
	}
	if (pthread_create(&allocator, NULL, allocate, NULL) != 0 ||
	    pthread_setname_np(allocator, "allocator") != 0) {
		fprintf(stderr, "thread-names: cannot start the allocator\n");
		return 1;
	}
	do
		n = read(0, input, sizeof input);
	while (n > 0 || (n < 0 && errno == EINTR));
	pthread_getname_np(allocator, name, sizeof name);
	atomic_store(&stop, true);
	pthread_join(allocator, NULL);
	printf("blocks %lu\nallocator %s\n", blocks, name);
	return 0;
}
