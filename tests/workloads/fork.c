/* fork.c - a multi-threaded process forks while its threads allocate; parent threads and child allocate known objects. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "workload.h"

#define WORKERS 2
#define BIG ((size_t) 1 << 20)
#define BIG_COUNT 64
#define SMALL_OBJECTS 20000

static double rate;
static pthread_barrier_t started;

/*
 * BIG_COUNT objects of BIG bytes.  At the rates the test uses, each is
 * sampled but for a chance below e^-64, at an offset that is the thread's
 * next geometric draw: the offsets are the thread's random stream.
 */
static void big_loop(void)
{
	for (unsigned i = 0; i < BIG_COUNT; i++) {
		void *p = malloc(BIG);

		if (!p)
			workload_die("malloc failed");
		(void) workload_touch(p, BIG, (unsigned char) i);
		free(p);
	}
}

/* Small objects through aligned_alloc, an entry point that lttng-ust's own
 * code does not use; returns their expected number of samples. */
static double small_loop(unsigned stream)
{
	uint64_t state = workload_seed(stream);
	double expected = 0;

	for (unsigned i = 0; i < SMALL_OBJECTS; i++) {
		size_t n = 16 * (1 + (size_t) (workload_random(&state) % 256));
		void *p = aligned_alloc(16, n);

		if (!p)
			workload_die("aligned_alloc failed");
		expected += workload_sample_probability(n, rate);
		(void) workload_touch(p, n, (unsigned char) i);
		free(p);
	}
	return expected;
}

static void *work(void *tid)
{
	*(pid_t *) tid = gettid();
	pthread_barrier_wait(&started);
	big_loop();
	small_loop(1);
	return NULL;
}

/*
 * Usage: fork RATE.  The child prints
 *   child pid PID tid TID expected E    (E: expected aligned_alloc samples)
 * and the parent, after the child exited,
 *   parent pid PID
 *   thread NAME TID                     (main, worker0, worker1)
 * Every line differs between runs: this workload is compared with a trace,
 * never with another run.
 */
int main(int argc, char **argv)
{
	pthread_t threads[WORKERS];
	pid_t tids[WORKERS], child;
	int status;

	rate = workload_rate(argc, argv);
	pthread_barrier_init(&started, NULL, WORKERS + 1);
	for (unsigned i = 0; i < WORKERS; i++)
		if (pthread_create(&threads[i], NULL, work, &tids[i]) != 0)
			workload_die("pthread_create failed");
	pthread_barrier_wait(&started);
	/* The workers are allocating now: fork in the middle of it. */
	fflush(stdout);
	child = fork();
	if (child < 0)
		workload_die("fork failed");
	if (child == 0) {
		double expected;

		big_loop();
		expected = small_loop(2);
		printf("child pid %d tid %d expected %.3f\n", (int) getpid(), (int) gettid(), expected);
		exit(0);
	}
	big_loop();
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		workload_die("the child failed");
	for (unsigned i = 0; i < WORKERS; i++)
		pthread_join(threads[i], NULL);
	printf("parent pid %d\n", (int) getpid());
	printf("thread main %d\n", (int) gettid());
	for (unsigned i = 0; i < WORKERS; i++)
		printf("thread worker%u %d\n", i, (int) tids[i]);
	return 0;
}
