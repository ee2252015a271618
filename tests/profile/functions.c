/* functions.c - a program that counts its own bytes per function, on two threads, for the sums of profiles. */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "workload.h"

/*
 * Usage: functions FACTS [SCALE]
 *
 * The main thread runs alpha, then beta, which allocates itself and calls
 * kappa; a second thread runs kappa too.  Each allocates blocks of 16 B
 * to 4 KiB (a fixed sequence per function and thread) with malloc, writes
 * and frees them, until it has allocated SCALE (default 1) times 1, 2 and
 * 1 MiB (alpha, beta, kappa).  Every run makes the same requests.  Each
 * function calls malloc itself (noipa keeps it a frame of its own), so its
 * self bytes are its own; FACTS gets the bytes each asked for, written
 * with write(2) from a buffer on the stack so that no allocation of the
 * program's own is left unaccounted for:
 *
 *	self alpha N / self beta N / self kappa N  (both threads' kappa)
 *	total beta N  (beta's and the kappa it calls)
 */

#define KIB 1024ULL
#define MIN_BLOCK 16
#define MAX_BLOCK 4096

static unsigned long long scale = 1;

/* The loop every function runs: `target` bytes in blocks of the fixed
 * sequence `stream`, each written and freed, the bytes asked for added
 * to `done`.  A macro, so that each function calls malloc itself. */
#define ALLOCATE(done, stream, target, mark)                                                      \
	do {                                                                                       \
		uint64_t state_ = workload_seed(stream);                                           \
		while ((done) < (target)) {                                                        \
			size_t n_ = MIN_BLOCK +                                                    \
				    (size_t) (workload_random(&state_) % (MAX_BLOCK - MIN_BLOCK + 1)); \
			char *p_ = malloc(n_);                                                     \
			if (!p_)                                                                   \
				workload_die("malloc failed");                                     \
			(void) workload_touch(p_, n_, (mark));                                     \
			free(p_);                                                                  \
			(done) += n_;                                                              \
		}                                                                                  \
	} while (0)

__attribute__((noipa)) static unsigned long long alpha(void)
{
	unsigned long long done = 0;

	ALLOCATE(done, 1, scale * 1024 * KIB, 'a');
	return done;
}

__attribute__((noipa)) static unsigned long long kappa(unsigned stream)
{
	unsigned long long done = 0;

	ALLOCATE(done, stream, scale * 1024 * KIB, 'k');
	return done;
}

/* Its own bytes into *self, those of the kappa it calls into *called. */
__attribute__((noipa)) static void beta(unsigned long long *self, unsigned long long *called)
{
	unsigned long long done = 0;

	ALLOCATE(done, 2, scale * 2048 * KIB, 'b');
	*self = done;
	*called = kappa(3);
}

static unsigned long long worker_kappa;

static void *worker(void *unused)
{
	(void) unused;
	worker_kappa = kappa(4);
	return NULL;
}

int main(int argc, char **argv)
{
	unsigned long long a, b, k;
	pthread_t thread;
	char facts[256];
	int fd, n;

	if (argc < 2 || argc > 3)
		workload_die("usage: functions FACTS [SCALE]");
	if (argc == 3)
		scale = strtoull(argv[2], NULL, 10);
	if (scale < 1)
		workload_die("SCALE must be an integer >= 1");
	/* The thread first, so that its stack and its TLS are allocated
	 * before any function of the program counts its bytes. */
	if (pthread_create(&thread, NULL, worker, NULL) != 0)
		workload_die("pthread_create failed");
	a = alpha();
	beta(&b, &k);
	pthread_join(thread, NULL);
	n = snprintf(facts, sizeof facts,
		     "self alpha %llu\nself beta %llu\nself kappa %llu\ntotal beta %llu\n", a, b,
		     k + worker_kappa, b + k);
	fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, facts, (size_t) n) != n || close(fd) != 0)
		workload_die("cannot write FACTS");
	return 0;
}
