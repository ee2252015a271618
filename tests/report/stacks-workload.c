/*
 * stacks-workload.c - allocations along known call paths, for the tests
 * of the stack formats (folded.sh, pprof.sh, flamegraph.sh), run under the
 * preload shim.  Every path allocates 256 blocks of 4 KiB:
 *
 *   main -> stacks_alpha                           (main thread)
 *   main -> stacks_outer -> stacks_inlined         (inlined: one address)
 *   stacks_worker -> stacks_gamma -> stacks_beta   (a thread "stacks-worker")
 *
 * and main -> stacks_rare allocates 512 blocks of 64 bytes, 32 KiB: about
 * 8 samples at rate 4096, an imprecise estimate.  The thread is joined
 * before main goes on, so that with ALLOCSAMPLE_SEED every run takes the
 * same samples.  Blocks are kept until the end, so that the compiler cannot
 * drop a malloc and its free.  Prints "pid PID" and "worker TID".
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#define BLOCKS 256
#define BLOCK 4096
#define RARE_BLOCKS 512
#define RARE_BLOCK 64

#define NOINLINE __attribute__((noinline))

static void *volatile kept[4][RARE_BLOCKS];
static pid_t worker_tid;

static NOINLINE void stacks_alpha(void)
{
	int i;

	for (i = 0; i < BLOCKS; i++)
		kept[0][i] = malloc(BLOCK);
}

/* Inlined into stacks_outer: its malloc's return address is in
 * stacks_outer's code, inside the inlined copy. */
static inline __attribute__((always_inline)) void stacks_inlined(int i)
{
	kept[1][i] = malloc(BLOCK);
}

static NOINLINE void stacks_outer(void)
{
	int i;

	for (i = 0; i < BLOCKS; i++)
		stacks_inlined(i);
}

static NOINLINE void stacks_beta(void)
{
	int i;

	for (i = 0; i < BLOCKS; i++)
		kept[2][i] = malloc(BLOCK);
}

static NOINLINE void stacks_gamma(void)
{
	stacks_beta();
	/* Not a tail call: stacks_gamma stays on the stack under stacks_beta. */
	__asm__ volatile("" ::: "memory");
}

static void *stacks_worker(void *arg)
{
	(void) arg;
	pthread_setname_np(pthread_self(), "stacks-worker");
	worker_tid = (pid_t) syscall(SYS_gettid);
	stacks_gamma();
	return NULL;
}

static NOINLINE void stacks_rare(void)
{
	int i;

	for (i = 0; i < RARE_BLOCKS; i++)
		kept[3][i] = malloc(RARE_BLOCK);
}

int main(void)
{
	pthread_t thread;
	int i, j;

	stacks_alpha();
	stacks_outer();
	if (pthread_create(&thread, NULL, stacks_worker, NULL) != 0 ||
	    pthread_join(thread, NULL) != 0)
		return 1;
	stacks_rare();
	for (i = 0; i < 4; i++) {
		for (j = 0; j < RARE_BLOCKS; j++)
			free(kept[i][j]);
	}
	printf("pid %d\nworker %d\n", (int) getpid(), (int) worker_tid);
	return 0;
}
