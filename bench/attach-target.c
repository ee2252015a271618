/*
 * attach-target.c - a process for bench/attach.sh to attach to.
 *
 * usage: attach-target THREADS OBJECTS_DIR SECONDS
 *
 * Loads every shared object in OBJECTS_DIR (and keeps them), then runs
 * THREADS threads for SECONDS: each times malloc(64)+free pairs, a
 * millisecond's nap every 256 pairs, and every 100 ms thread 0 prints the
 * window's end (seconds since start) and the nanoseconds per pair its own
 * pairs took in that window.  The naps leave the machine to gdb, so the
 * pause measured is the attach's, not the queue for a CPU.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double seconds;
static double start;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

static void *work(void *arg)
{
	int report = arg != NULL;
	double window = start + 0.1, busy = 0;
	unsigned long pairs = 0;

	while (now() - start < seconds) {
		double begin = now();

		for (int i = 0; i < 256; i++) {
			void *volatile p = malloc(64);

			free(p);
		}
		busy += now() - begin;
		pairs += 256;
		if (report && now() >= window) {
			printf("%.1f %.1f\n", window - start, busy * 1e9 / (double) pairs);
			fflush(stdout);
			busy = 0;
			pairs = 0;
			window += 0.1;
		}
		usleep(1000);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct dirent **names;
	int count, threads;
	pthread_t *thread;
	char path[4096];

	if (argc != 4) {
		fprintf(stderr, "usage: attach-target THREADS OBJECTS_DIR SECONDS\n");
		return 2;
	}
	threads = atoi(argv[1]);
	seconds = atof(argv[3]);
	count = scandir(argv[2], &names, NULL, alphasort);
	for (int i = 0; i < count; i++) {
		if (strstr(names[i]->d_name, ".so")) {
			snprintf(path, sizeof(path), "%s/%s", argv[2], names[i]->d_name);
			if (!dlopen(path, RTLD_NOW)) {
				fprintf(stderr, "attach-target: %s\n", dlerror());
				return 2;
			}
		}
		free(names[i]);
	}
	free(names);
	thread = calloc((size_t) threads, sizeof(*thread));
	start = now();
	for (int i = 0; i < threads; i++)
		if (pthread_create(&thread[i], NULL, work, i == 0 ? (void *) 1 : NULL) != 0)
			return 2;
	for (int i = 0; i < threads; i++)
		pthread_join(thread[i], NULL);
	return 0;
}
