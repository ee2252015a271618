/* stress.h - what the stress programs share: argument parsing, sample-count expectations and memory that is really used. */
#ifndef ALLOCSAMPLE_TESTS_STRESS_H
#define ALLOCSAMPLE_TESTS_STRESS_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline void stress_die(const char *what)
{
	fprintf(stderr, "stress: %s\n", what);
	exit(2);
}

/* A decimal argument in [min, max], or exit 2 naming it. */
static inline unsigned long long stress_arg(const char *text, unsigned long long min,
					    unsigned long long max, const char *name)
{
	char *end;
	unsigned long long value = strtoull(text, &end, 10);

	if (!*text || *end || value < min || value > max)
		stress_die(name);
	return value;
}

/* The probability that an object of n bytes is sampled at the given rate:
 * 1 - (1 - 1/rate)^n (doc/sampling.md). */
static inline double stress_sample_probability(size_t n, double rate)
{
	return -expm1((double) n * log1p(-1.0 / rate));
}

/* The expected number of samples of one pass over a table of sizes. */
static inline double stress_expected(const size_t *sizes, size_t count, double rate)
{
	double sum = 0;

	for (size_t i = 0; i < count; i++)
		sum += stress_sample_probability(sizes[i], rate);
	return sum;
}

/* Fills an object with a pattern derived from `seed`; stress_check reads it
 * back.  Writing and reading every object keeps the compiler from deleting
 * malloc/free pairs, and catches an allocator that hands out memory twice. */
static inline void stress_fill(void *p, size_t n, unsigned seed)
{
	memset(p, (int) (seed & 0xff), n);
	((volatile unsigned char *) p)[n - 1] = (unsigned char) (seed >> 8);
}

static inline int stress_check(const void *p, size_t n, unsigned seed)
{
	const volatile unsigned char *bytes = p;

	return bytes[0] == (unsigned char) (n > 1 ? seed & 0xff : seed >> 8) &&
	       bytes[n / 2] == (unsigned char) (n / 2 == n - 1 ? seed >> 8 : seed & 0xff) &&
	       bytes[n - 1] == (unsigned char) (seed >> 8);
}

#endif
