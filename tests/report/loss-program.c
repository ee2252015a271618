/* loss-program.c - threads allocate, fill, resize and free many small objects and print checksums; exits 3, for report/loss-program.sh. */
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/workloads/workload.h"

/*
 * Usage: loss-program ROUNDS [GATE].  Four threads each run ROUNDS rounds over a
 * table of 64 slots: every round replaces, grows or frees one slot through
 * malloc, calloc or realloc, folds the bytes realloc kept and the zeros
 * calloc gave into a checksum, and writes every byte.  The numbers come from each thread's own splitmix64 stream, so
 * the output is the same on every run, whatever the scheduling.  Exits 3,
 * so that a shim that changed the exit status would be seen.
 *
 * With GATE, the path of a FIFO: once main runs (every constructor done,
 * lttng-ust's registration with the session daemon among them), creates
 * GATE.ready, then waits for a byte from GATE before starting any thread.
 * The test stops the consumer daemon in between, so that the run's events
 * overflow the buffers for sure.
 */

enum { THREADS = 4, SLOTS = 64, MAX_SIZE = 2048 };

struct worker {
	unsigned index;
	unsigned rounds;
	uint64_t checksum;
	int failed;
};

static uint64_t fold(uint64_t hash, const unsigned char *bytes, size_t n)
{
	for (size_t i = 0; i < n; i++)
		hash = (hash ^ bytes[i]) * 1099511628211ULL;
	return hash;
}

/* Returns 0 once the gate opened, -1 if it cannot be waited for. */
static int wait_at_gate(const char *gate)
{
	char ready[4096];
	char byte;
	int fd;

	if ((size_t) snprintf(ready, sizeof ready, "%s.ready", gate) >= sizeof ready)
		return -1;
	fd = open(ready, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		return -1;
	close(fd);
	fd = open(gate, O_RDONLY);
	if (fd < 0)
		return -1;
	if (read(fd, &byte, 1) != 1) {
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

static void *work(void *arg)
{
	struct worker *w = arg;
	unsigned char *slot[SLOTS] = { 0 };
	size_t length[SLOTS] = { 0 };
	uint64_t state = w->index + 1;
	uint64_t hash = 14695981039346656037ULL;

	for (unsigned round = 0; round < w->rounds; round++) {
		uint64_t r = workload_random(&state);
		unsigned i = r % SLOTS;
		size_t n = 1 + (r >> 8) % MAX_SIZE;
		unsigned char *p;
		size_t kept;

		if ((r >> 24) % 4 != 2) {
			free(slot[i]);
			slot[i] = NULL;
			length[i] = 0;
		}
		switch ((r >> 24) % 4) {
		case 0:
			p = malloc(n);
			kept = 0;
			break;
		case 1:
			/* calloc's zeros are checked like kept bytes. */
			p = calloc(n, 1);
			kept = n;
			break;
		case 2:
			p = realloc(slot[i], n);
			kept = length[i] < n ? length[i] : n;
			break;
		default:
			continue;
		}
		if (!p) {
			w->failed = 1;
			break;
		}
		hash = fold(hash, p, kept);
		memset(p, (int) (r >> 32), n);
		slot[i] = p;
		length[i] = n;
	}
	for (unsigned i = 0; i < SLOTS; i++) {
		hash = fold(hash, slot[i], length[i]);
		free(slot[i]);
	}
	w->checksum = hash;
	return NULL;
}

int main(int argc, char **argv)
{
	struct worker workers[THREADS];
	pthread_t threads[THREADS];
	unsigned rounds = argc > 1 ? (unsigned) strtoul(argv[1], NULL, 10) : 1000;

	if (argc > 2 && wait_at_gate(argv[2]) != 0) {
		fprintf(stderr, "loss-program: cannot wait at the gate %s\n", argv[2]);
		return 1;
	}
	for (unsigned i = 0; i < THREADS; i++) {
		workers[i] = (struct worker) { .index = i, .rounds = rounds };
		if (pthread_create(&threads[i], NULL, work, &workers[i]) != 0) {
			fprintf(stderr, "loss-program: cannot create a thread\n");
			return 1;
		}
	}
	for (unsigned i = 0; i < THREADS; i++) {
		pthread_join(threads[i], NULL);
		if (workers[i].failed) {
			fprintf(stderr, "loss-program: out of memory\n");
			return 1;
		}
		printf("thread %u: checksum %016llx\n", i, (unsigned long long) workers[i].checksum);
	}
	fprintf(stderr, "loss-program: %u rounds in each of %d threads\n", rounds, THREADS);
	return 3;
}
