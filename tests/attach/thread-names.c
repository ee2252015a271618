/*
 * thread-names.c - a program whose one allocating thread has a name of its
 * own (tests/attach/names.sh, duration.sh): the main thread starts a
 * thread named "allocator", then waits in read() for its standard input to
 * end, allocating nothing; the allocator allocates BYTES bytes, writes
 * them and frees them, then sleeps a millisecond, until then.  A third
 * thread, which allocates nothing, reads the allocator's name every 100
 * microseconds and counts the readings that are not "allocator": the
 * attach, which runs its calls on the allocator, must never rename it.
 * At the end the program prints how many blocks it made, the allocator's
 * name, which must be the one it gave itself, and how many readings saw
 * another.
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
static pthread_t allocator;
static unsigned long renamed;

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

/* glibc reads another thread's name from /proc/self/task/TID/comm,
 * without allocating. */
static void *watch(void *unused)
{
	const struct timespec tick = { 0, 100000 };
	char name[16];

	(void) unused;
	while (!atomic_load(&stop)) {
		if (pthread_getname_np(allocator, name, sizeof name) == 0 &&
		    strcmp(name, "allocator") != 0)
			renamed++;
		nanosleep(&tick, NULL);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	char name[16] = "", input[64];
	pthread_t watcher;
	ssize_t n;

	if (argc != 2 || (bytes = strtoul(argv[1], NULL, 10)) == 0) {
		fprintf(stderr, "usage: thread-names BYTES\n");
		return 2;
	}
	if (pthread_create(&allocator, NULL, allocate, NULL) != 0 ||
	    pthread_setname_np(allocator, "allocator") != 0 ||
	    pthread_create(&watcher, NULL, watch, NULL) != 0) {
		fprintf(stderr, "thread-names: cannot start the allocator\n");
		return 1;
	}
	do
		n = read(0, input, sizeof input);
	while (n > 0 || (n < 0 && errno == EINTR));
	pthread_getname_np(allocator, name, sizeof name);
	atomic_store(&stop, true);
	pthread_join(allocator, NULL);
	pthread_join(watcher, NULL);
	printf("blocks %lu\nallocator %s\nrenamed %lu\n", blocks, name, renamed);
	return 0;
}
