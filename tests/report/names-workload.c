/*
 * names-workload.c - a program whose threads all go by other names than
 * its executable's: the main thread renames itself "coordinator" first
 * thing, then three threads named worker0, worker1 and worker2 each
 * allocate 4 MiB in 4 KiB blocks, one after the other.  Prints "pid PID",
 * then "thread TID NAME" per worker.  For tests/report/names.sh: the
 * process must still be called after its executable.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
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

int main(void)
{
	pthread_t thread;
	long n;

	pthread_setname_np(pthread_self(), "coordinator");
	for (n = 0; n < WORKERS; n++) {
		if (pthread_create(&thread, NULL, work, (void *) n) != 0 ||
		    pthread_join(thread, NULL) != 0)
			return 1;
	}
	printf("pid %d\n", (int) getpid());
	for (n = 0; n < WORKERS; n++)
		printf("thread %d worker%ld\n", (int) tids[n], n);
	return 0;
}
