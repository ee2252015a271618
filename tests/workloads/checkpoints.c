/* checkpoints.c - a process whose blocks change while the shim's checkpoints run: churn, fork, a growing heap, and the checkpoint thread's own CPU time. */
#include <dirent.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "workload.h"

#define MAX_BLOCKS 4096

static void *blocks[MAX_BLOCKS];
static unsigned live;
static uint64_t random_state;

/* The id of this process's thread named as-checkpoint, or 0 if none. */
static pid_t checkpoint_thread(void)
{
	DIR *tasks = opendir("/proc/self/task");
	struct dirent *task;
	pid_t found = 0;

	if (!tasks)
		workload_die("cannot list /proc/self/task");
	while (!found && (task = readdir(tasks))) {
		char path[64], name[32] = "";
		FILE *comm;

		if (task->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "/proc/self/task/%s/comm", task->d_name);
		comm = fopen(path, "r");
		if (!comm)
			continue;
		if (fgets(name, sizeof name, comm) && strcmp(name, "as-checkpoint\n") == 0)
			found = atoi(task->d_name);
		fclose(comm);
	}
	closedir(tasks);
	return found;
}

/* The thread's voluntary context switches: one a sleep between passes. */
static unsigned long sleeps(pid_t tid)
{
	char path[64], line[128];
	unsigned long n = 0;
	FILE *status;

	snprintf(path, sizeof path, "/proc/self/task/%d/status", (int) tid);
	status = fopen(path, "r");
	if (!status)
		workload_die("cannot read the checkpoint thread's status");
	while (fgets(line, sizeof line, status))
		if (sscanf(line, "voluntary_ctxt_switches: %lu", &n) == 1)
			break;
	fclose(status);
	return n;
}

/* The thread's CPU time in nanoseconds (/proc's schedstat). */
static unsigned long long cpu_ns(pid_t tid)
{
	char path[64];
	unsigned long long ns = 0;
	FILE *schedstat;

	snprintf(path, sizeof path, "/proc/self/task/%d/schedstat", (int) tid);
	schedstat = fopen(path, "r");
	if (!schedstat || fscanf(schedstat, "%llu", &ns) != 1)
		workload_die("cannot read the checkpoint thread's schedstat");
	fclose(schedstat);
	return ns;
}

static void pause_us(long us)
{
	struct timespec t = { .tv_sec = us / 1000000, .tv_nsec = (us % 1000000) * 1000 };

	nanosleep(&t, NULL);
}

/* The checkpoint thread, once it exists (a deadlock guard of two minutes). */
static pid_t wait_thread(void)
{
	for (unsigned i = 0; i < 120000; i++) {
		pid_t tid = checkpoint_thread();

		if (tid)
			return tid;
		pause_us(1000);
	}
	workload_die("no thread as-checkpoint");
	return 0;
}

static void allocate_one(void)
{
	size_t size = 1100 + 8 * (size_t) (workload_random(&random_state) % 512);

	if (live == MAX_BLOCKS)
		return;
	blocks[live] = malloc(size);
	if (!blocks[live])
		workload_die("malloc failed");
	(void) workload_touch(blocks[live], size, (unsigned char) live);
	live++;
}

static void free_one(void)
{
	unsigned i;

	if (live == 0)
		return;
	i = (unsigned) (workload_random(&random_state) % live);
	free(blocks[i]);
	blocks[i] = blocks[--live];
}

/* Frees and allocates, one of each at a time, until the checkpoint thread
 * slept `rounds` more times: that many passes ran, or were skipped. */
static void churn(pid_t tid, unsigned long rounds, long pause)
{
	unsigned long until = sleeps(tid) + rounds;

	for (unsigned long i = 0; sleeps(tid) < until; i++) {
		if (i > 10000000)
			workload_die("the checkpoint thread never slept");
		free_one();
		allocate_one();
		pause_us(pause);
	}
}

/* Usage: checkpoints passes N: N blocks, churned while the checkpoint runs;
 * then a fork child that frees half of what it inherited, churning too.
 * Prints "parent PID" and "child PID". */
static int passes(unsigned n)
{
	pid_t tid, child;
	int status;

	for (unsigned i = 0; i < n; i++)
		allocate_one();
	tid = wait_thread();
	churn(tid, 8, 100);
	printf("parent %d\n", (int) getpid());
	fflush(stdout);
	child = fork();
	if (child < 0)
		workload_die("fork failed");
	if (child == 0) {
		/* The child's thread starts with its first tracked free. */
		free_one();
		tid = wait_thread();
		churn(tid, 4, 100);
		for (unsigned half = live / 2; live > half;)
			free_one();
		churn(tid, 4, 100);
		printf("child %d\n", (int) getpid());
		exit(0);
	}
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		workload_die("the child failed");
	while (live)
		free_one();
	return 0;
}

/* Whether `child` exited, its status in *status: false, the child killed,
 * if it did not within two minutes (a deadlock guard: a child that waits
 * for an entry nobody will release never exits). */
static bool child_exited(pid_t child, int *status)
{
	for (unsigned i = 0; i < 120000; i++) {
		if (waitpid(child, status, WNOHANG) == child)
			return true;
		pause_us(1000);
	}
	kill(child, SIGKILL);
	waitpid(child, status, 0);
	fprintf(stderr, "a child hung: it waits for an entry no checkpoint will release\n");
	return false;
}

/* Usage: checkpoints forks N F: N blocks, then F children forked while the
 * checkpoint runs, each freeing every block it inherited; a child that
 * inherited the entry the checkpoint held would wait for it forever. */
static int forks(unsigned n, unsigned count)
{
	pid_t tid;

	for (unsigned i = 0; i < n; i++)
		allocate_one();
	tid = wait_thread();
	for (unsigned f = 0; f < count; f++) {
		pid_t child;
		int status;

		/* Forks land anywhere in the passes: the gap varies. */
		pause_us((long) (workload_random(&random_state) % 1500));
		child = fork();
		if (child < 0)
			workload_die("fork failed");
		if (child == 0) {
			while (live)
				free_one();
			_exit(0);
		}
		if (!child_exited(child, &status) || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
			workload_die("a child failed");
	}
	printf("forks %u sleeps %lu\n", count, sleeps(tid));
	while (live)
		free_one();
	return 0;
}

/* Usage: checkpoints idle N ROUNDS: N live blocks and ROUNDS sleeps of the
 * checkpoint thread; prints "cpu NS SLEEPS", the thread's CPU time over
 * them. */
static int idle(unsigned n, unsigned long rounds)
{
	unsigned long long before;
	unsigned long start;
	pid_t tid;

	for (unsigned i = 0; i < n; i++)
		allocate_one();
	tid = wait_thread();
	start = sleeps(tid);
	before = cpu_ns(tid);
	while (sleeps(tid) < start + rounds)
		pause_us(1000);
	printf("cpu %llu %lu\n", cpu_ns(tid) - before, sleeps(tid) - start);
	while (live)
		free_one();
	return 0;
}

/* Usage: checkpoints grow N SIZE [PAUSE_MS]: N blocks of SIZE bytes, kept,
 * PAUSE_MS milliseconds apart; then, after a pause of 20 PAUSE_MS, one
 * more block of SIZE, kept too.  Prints "grown N SIZE". */
static int grow(unsigned n, size_t size, unsigned pause_ms)
{
	struct timespec pause = { .tv_sec = pause_ms / 1000, .tv_nsec = (long) (pause_ms % 1000) * 1000000 };
	struct timespec last = { .tv_sec = pause_ms * 20 / 1000, .tv_nsec = (long) (pause_ms * 20 % 1000) * 1000000 };

	for (unsigned i = 0; i < n + (pause_ms != 0) && live < MAX_BLOCKS; i++) {
		if (pause_ms)
			nanosleep(i == n ? &last : &pause, NULL);
		blocks[live] = malloc(size);
		if (!blocks[live])
			workload_die("malloc failed");
		(void) workload_touch(blocks[live], size, (unsigned char) i);
		live++;
	}
	printf("grown %u %zu\n", live, size);
	while (live)
		free(blocks[--live]);
	return 0;
}

int main(int argc, char **argv)
{
	random_state = workload_seed(7);
	if (argc == 3 && strcmp(argv[1], "passes") == 0)
		return passes((unsigned) atoi(argv[2]));
	if (argc == 4 && strcmp(argv[1], "forks") == 0)
		return forks((unsigned) atoi(argv[2]), (unsigned) atoi(argv[3]));
	if (argc == 4 && strcmp(argv[1], "idle") == 0)
		return idle((unsigned) atoi(argv[2]), strtoul(argv[3], NULL, 10));
	if ((argc == 4 || argc == 5) && strcmp(argv[1], "grow") == 0)
		return grow((unsigned) atoi(argv[2]), strtoul(argv[3], NULL, 10),
			    argc == 5 ? (unsigned) atoi(argv[4]) : 0);
	workload_die("usage: checkpoints passes N | forks N F | idle N ROUNDS | grow N SIZE [PAUSE_MS]");
	return 1;
}
