/* workload.h - what the test workloads share: arguments, a fixed random sequence, expected sample counts. */
#ifndef ALLOCSAMPLE_TESTS_WORKLOAD_H
#define ALLOCSAMPLE_TESTS_WORKLOAD_H

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

static inline void workload_die(const char *message)
{
	fprintf(stderr, "workload: %s\n", message);
	exit(1);
}

/* The sampling rate the run is told about: argv[1], an integer >= 1. */
static inline double workload_rate(int argc, char **argv)
{
	char *end;
	unsigned long long rate;

	if (argc < 2)
		workload_die("usage: WORKLOAD RATE [ARGS]");
	rate = strtoull(argv[1], &end, 10);
	if (*end || end == argv[1] || rate < 1)
		workload_die("RATE must be an integer >= 1");
	return (double) rate;
}

/* Runs work(&tid) on a thread of its own, which stores its thread id in
 * tid, and waits for it; returns that id. */
static inline pid_t workload_on_thread(void *(*work)(void *))
{
	pthread_t thread;
	pid_t tid = 0;

	if (pthread_create(&thread, NULL, work, &tid) != 0)
		workload_die("pthread_create failed");
	pthread_join(thread, NULL);
	return tid;
}

/* The probability that an object of n bytes is sampled: 1 - (1 - 1/rate)^n. */
static inline double workload_sample_probability(size_t n, double rate)
{
	return -expm1((double) n * log1p(-1.0 / rate));
}

/* A fixed random sequence per stream index (splitmix64), so that every run
 * of a workload makes the same requests. */
static inline uint64_t workload_seed(unsigned stream)
{
	return 0x5eed0000ULL + stream;
}

static inline uint64_t workload_random(uint64_t *state)
{
	uint64_t x = (*state += 0x9e3779b97f4a7c15ULL);

	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* Writes the first and last bytes of an n-byte object and reads them back
 * through volatile, so that the compiler keeps every allocation. */
static inline unsigned workload_touch(void *p, size_t n, unsigned char value)
{
	volatile unsigned char *bytes = (volatile unsigned char *) p;

	bytes[0] = value;
	bytes[n - 1] = (unsigned char) (value + 1);
	return (unsigned) bytes[0] + bytes[n - 1];
}

#endif
