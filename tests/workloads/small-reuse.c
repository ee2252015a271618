/* small-reuse.c - small blocks of every size up to 1032 bytes from malloc, calloc and realloc, on two threads that free each other's: the path that hands a small sample the tracked block its thread released. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <malloc.h>

#define THREADS 2
#define RING 64
#define LARGEST 1032

/*
 * Usage: small-reuse BLOCKS.  Each of two threads allocates BLOCKS blocks
 * of 16 to 1032 bytes (every size of the bin glibc keeps the freed small
 * tracked blocks in comes up, and the program's own untracked blocks of
 * that bin compete with them), by malloc, calloc (checked zeroed) or
 * malloc then realloc to another small size (checked to keep its bytes),
 * fills each with a pattern of its own and puts it in a ring shared by
 * both threads; the block it displaces, often the other thread's, has its
 * pattern and usable size checked and is freed.  Prints
 *   blocks N      how many blocks were allocated
 *   aligned N     how many of them were page-aligned
 *   ok
 * and exits 0; "FAIL ..." and exit status 1 at the first block that was
 * not as written, too small, or not zeroed.
 */
struct block {
	unsigned char *bytes;
	size_t size;
	unsigned id;
};

static struct block ring[RING];
static unsigned ring_next;
static unsigned long blocks_per_thread;
static unsigned long allocated, aligned;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void die(const char *what, unsigned id)
{
	printf("FAIL block %u: %s\n", id, what);
	exit(1);
}

static unsigned char pattern(unsigned id)
{
	return (unsigned char) (id * 29 + 1);
}

static void check_block(const struct block *block)
{
	if (malloc_usable_size(block->bytes) < block->size)
		die("its usable size is smaller than asked", block->id);
	for (size_t i = 0; i < block->size; i++)
		if (block->bytes[i] != pattern(block->id))
			die("its bytes changed while it was live", block->id);
}

static unsigned char *new_block(unsigned id, size_t size)
{
	unsigned char *bytes;

	switch (id % 3) {
	case 0:
		bytes = malloc(size);
		break;
	case 1:
		bytes = calloc(1, size);
		if (!bytes)
			break;
		for (size_t i = 0; i < size; i++)
			if (bytes[i] != 0)
				die("calloc's bytes were not zero", id);
		break;
	default: {
		size_t first = 16 + (size * 7) % (LARGEST - 15);
		unsigned char *moved;

		bytes = malloc(first);
		if (!bytes)
			break;
		memset(bytes, pattern(id), first);
		moved = realloc(bytes, size);
		if (!moved)
			die("realloc failed", id);
		for (size_t i = 0; i < (first < size ? first : size); i++)
			if (moved[i] != pattern(id))
				die("realloc lost its bytes", id);
		bytes = moved;
	}
	}
	if (!bytes)
		die("an allocation failed", id);
	return bytes;
}

static void *work(void *arg)
{
	unsigned first_id = (unsigned) (uintptr_t) arg;

	for (unsigned long n = 0; n < blocks_per_thread; n++) {
		unsigned id = first_id + (unsigned) n;
		size_t size = 16 + ((size_t) id * 37) % (LARGEST - 15);
		struct block block = { new_block(id, size), size, id }, displaced;

		memset(block.bytes, pattern(id), size);
		pthread_mutex_lock(&lock);
		allocated++;
		aligned += (uintptr_t) block.bytes % 4096 == 0;
		displaced = ring[ring_next];
		ring[ring_next] = block;
		ring_next = (ring_next + 1) % RING;
		pthread_mutex_unlock(&lock);
		if (displaced.bytes) {
			check_block(&displaced);
			free(displaced.bytes);
		}
	}
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t threads[THREADS];

	if (argc != 2)
		return 2;
	blocks_per_thread = strtoul(argv[1], NULL, 10);
	for (unsigned t = 0; t < THREADS; t++)
		if (pthread_create(&threads[t], NULL, work, (void *) (uintptr_t) (t * 1000000u)) != 0)
			die("pthread_create failed", 0);
	for (unsigned t = 0; t < THREADS; t++)
		pthread_join(threads[t], NULL);
	for (unsigned i = 0; i < RING; i++)
		if (ring[i].bytes) {
			check_block(&ring[i]);
			free(ring[i].bytes);
		}
	printf("blocks %lu\naligned %lu\nok\n", allocated, aligned);
	return 0;
}
