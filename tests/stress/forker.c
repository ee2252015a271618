/* forker.c - forks (with and without exec) while four threads allocate; each child allocates known objects and reports through its exit status. */
#include <pthread.h>
#include <sched.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "stress.h"

extern char **environ;

/* What each child allocates: sizes no library allocates by chance
 * (tests/stress/fork.sh lists them too), 8 of each. */
static const size_t child_sizes[] = { 40961, 81923, 122885, 163847 };
#define NSIZES (sizeof(child_sizes) / sizeof(child_sizes[0]))
#define PER_SIZE 8

/* The child's work; its exit status says whether its memory held. */
static int child_work(unsigned serial)
{
	void *objects[NSIZES * PER_SIZE];
	int ok = 1;

	for (size_t i = 0; i < NSIZES * PER_SIZE; i++) {
		objects[i] = malloc(child_sizes[i % NSIZES]);
		if (!objects[i])
			return 3;
		stress_fill(objects[i], child_sizes[i % NSIZES], serial + (unsigned) i);
	}
	for (size_t i = 0; i < NSIZES * PER_SIZE; i++) {
		ok &= stress_check(objects[i], child_sizes[i % NSIZES], serial + (unsigned) i);
		free(objects[i]);
	}
	return ok ? 0 : 4;
}

/* Whether the busy threads allocate (`running`) or wait on `gate`, and
 * whether they are done; `rounds` counts their rounds of allocations. */
static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate = PTHREAD_COND_INITIALIZER;
static int running, stop;
static unsigned long rounds;

/* How many rounds the busy threads make, all together, between the
 * gate's opening and a fork: some milliseconds of allocations. */
#define ROUNDS_BEFORE_FORK 4000

/* Opens (1) or closes (0) the gate, or (-1) ends the busy threads. */
static void set_gate(int state)
{
	pthread_mutex_lock(&gate_lock);
	if (state < 0)
		__atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
	else
		__atomic_store_n(&running, state, __ATOMIC_RELEASE);
	pthread_cond_broadcast(&gate);
	pthread_mutex_unlock(&gate_lock);
}

/* While the gate is open, allocates and frees without pause, so that the
 * forks happen while other threads are inside malloc, the shim's slow
 * path or the tracer; waits while it is closed (while the parent waits
 * for a child, when nothing of its own could meet the fork).  Small
 * objects: enough slow-path visits, and a trace that stays small. */
static void *busy(void *arg)
{
	unsigned serial = (unsigned) (size_t) arg, bad = 0;

	while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE)) {
		if (!__atomic_load_n(&running, __ATOMIC_ACQUIRE)) {
			pthread_mutex_lock(&gate_lock);
			while (!running && !stop)
				pthread_cond_wait(&gate, &gate_lock);
			pthread_mutex_unlock(&gate_lock);
			continue;
		}
		for (size_t n = 16; n < 512; n = n * 3 + 1) {
			void *p = malloc(n);

			if (!p)
				abort();
			stress_fill(p, n, serial);
			bad += !stress_check(p, n, serial);
			free(p);
		}
		__atomic_add_fetch(&rounds, 1, __ATOMIC_RELAXED);
	}
	return (void *) (size_t) bad;
}

/* Opens the gate and returns once the busy threads have made
 * ROUNDS_BEFORE_FORK more rounds: they are in full swing. */
static void busy_now(void)
{
	unsigned long until = __atomic_load_n(&rounds, __ATOMIC_RELAXED) + ROUNDS_BEFORE_FORK;

	set_gate(1);
	while (__atomic_load_n(&rounds, __ATOMIC_RELAXED) < until)
		sched_yield();
}

/* Starts child `serial` the way `mode` says; returns its pid. */
static pid_t start_child(const char *mode, const char *self, unsigned serial)
{
	char serial_text[16];
	char *child_argv[] = { (char *) self, "child", serial_text, NULL };
	pid_t pid;

	snprintf(serial_text, sizeof(serial_text), "%u", serial);
	if (strcmp(mode, "fork") == 0) {
		pid = fork();
		if (pid == 0)
			_exit(child_work(serial));
	} else if (strcmp(mode, "exec") == 0) {
		pid = fork();
		if (pid == 0) {
			execve(self, child_argv, environ);
			_exit(126);
		}
	} else if (strcmp(mode, "vfork") == 0) {
		/* Only execve and _exit may run in a vfork child. */
		pid = vfork();
		if (pid == 0) {
			execve(self, child_argv, environ);
			_exit(126);
		}
	} else if (strcmp(mode, "spawn") == 0) {
		if (posix_spawn(&pid, self, NULL, NULL, child_argv, environ))
			pid = -1;
	} else {
		stress_die("MODE is fork, exec, vfork or spawn");
	}
	if (pid < 0)
		stress_die("cannot start a child");
	return pid;
}

/*
 * Usage: forker RATE MODE CHILDREN, or forker child SERIAL (what the exec
 * modes run).  Starts the children one after the other, four threads
 * allocating from some milliseconds before each start until it returns,
 * resting while the program waits for the child.  Prints "child PID" for
 * each child and "expected E" (the samples all the children's objects
 * should give at RATE); exits 1 if a child failed or any memory was
 * corrupted.
 */
int main(int argc, char **argv)
{
	pthread_t threads[4];
	unsigned children, failed = 0;
	size_t bad = 0;
	double rate;

	if (argc == 3 && strcmp(argv[1], "child") == 0)
		return child_work((unsigned) stress_arg(argv[2], 0, 1000000, "SERIAL"));
	if (argc != 4)
		stress_die("usage: forker RATE MODE CHILDREN");
	rate = (double) stress_arg(argv[1], 1, 1ULL << 48, "RATE");
	children = (unsigned) stress_arg(argv[3], 1, 10000, "CHILDREN");

	for (size_t i = 0; i < 4; i++)
		if (pthread_create(&threads[i], NULL, busy, (void *) i))
			stress_die("pthread_create");
	for (unsigned i = 0; i < children; i++) {
		pid_t pid;
		int status;

		busy_now();
		pid = start_child(argv[2], argv[0], i);
		set_gate(0);
		if (waitpid(pid, &status, 0) != pid)
			stress_die("waitpid");
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			fprintf(stderr, "child %u (pid %d) ended with status 0x%x\n", i, (int) pid, status);
			failed++;
		}
		printf("child %d\n", (int) pid);
	}
	set_gate(-1);
	for (size_t i = 0; i < 4; i++) {
		void *result;

		pthread_join(threads[i], &result);
		bad += (size_t) result;
	}
	printf("expected %.6f\n", children * PER_SIZE * stress_expected(child_sizes, NSIZES, rate));
	printf("failed %u corrupted %zu\n", failed, bad);
	return failed || bad ? 1 : 0;
}
