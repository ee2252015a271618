/*
 * names-workload.c - a program whose threads all go by other names than
 * its executable's: the main thread renames itself "coordinator" first
 * thing, then three threads named worker0, worker1 and worker2 each
 * allocate 4 MiB in 4 KiB blocks, one after the other.  Prints "pid PID",
 * then "thread TID NAME" per worker.  For tests/report/names.sh: the
 * process must still be called after its executable.
 *
 * With arguments "exec PATH", the main thread then allocates 1 MiB more
 * as "coordinator" and execs PATH (names-workload by another name) with
 * the argument "after-exec", which allocates 1 MiB on the same thread,
 * now named after PATH by the kernel, and prints "exec TID": the process
 * and that thread must be called after PATH.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define WORKERS 3
#define BLOCKS 1024
#define BLOCK 4096

static pid_t tids[WORKERS];

static void *work(void *arg)
{
	long n = (long) arg;
	static void *blocks[WORKERS][BLOCKS];
	char name[16];
	int i;

	snprintf(name, sizeof name, "worker%ld", n);
	pthread_setname_np(pthread_self(), name);
	tids[n] = (pid_t) syscall(SYS_gettid);
	for (i = 0; i < BLOCKS; i++)
		blocks[n][i] = malloc(BLOCK);
	for (i = 0; i < BLOCKS; i++)
		free(blocks[n][i]);
	return NULL;
}

static void *volatile main_blocks[BLOCKS / 4];

/* 1 MiB on the calling thread, kept to the end. */
static void allocate_on_main(void)
{
	int i;

	for (i = 0; i < BLOCKS / 4; i++)
		main_blocks[i] = malloc(BLOCK);
}

int main(int argc, char **argv)
{
	pthread_t thread;
	long n;

	if (argc == 2 && strcmp(argv[1], "after-exec") == 0) {
		allocate_on_main();
		printf("exec %d\n", (int) syscall(SYS_gettid));
		return 0;
	}
	pthread_setname_np(pthread_self(), "coordinator");
	for (n = 0; n < WORKERS; n++) {
		if (pthread_create(&thread, NULL, work, (void *) n) != 0 ||
		    pthread_join(thread, NULL) != 0)
			return 1;
	}
	printf("pid %d\n", (int) getpid());
	for (n = 0; n < WORKERS; n++)
		printf("thread %d worker%ld\n", (int) tids[n], n);
	if (argc == 3 && strcmp(argv[1], "exec") == 0) {
		allocate_on_main();
		fflush(stdout);
		execl(argv[2], argv[2], "after-exec", (char *) NULL);
		perror(argv[2]);
		return 1;
	}
	return 0;
}
