/* poisson-interval.c - the central interval of a Poisson distribution, for the statistical tests. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>

/* The smallest k with P(X <= k) >= target, X ~ Poisson(mean). */
static unsigned quantile(double mean, double target)
{
	unsigned k = 0;

	while (gsl_cdf_poisson_P(k, mean) < target)
		k++;
	return k;
}

/*
 * Usage: poisson-interval MEAN [LEVEL]
 * Prints "LO HI": LO the smallest k with P(X <= k) >= (1 - LEVEL) / 2 and HI
 * the smallest k with P(X <= k) >= (1 + LEVEL) / 2, LEVEL 0.999 by default,
 * so that P(LO <= X <= HI) >= LEVEL.  Exits 2 on a bad argument.
 */
int main(int argc, char **argv)
{
	double mean, level = 0.999;
	char *end;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: %s MEAN [LEVEL]\n", argv[0]);
		return 2;
	}
	errno = 0;
	mean = strtod(argv[1], &end);
	if (errno || *end || end == argv[1] || !(mean >= 0) || mean > 1e7) {
		fprintf(stderr, "%s: bad mean '%s'\n", argv[0], argv[1]);
		return 2;
	}
	if (argc == 3) {
		level = strtod(argv[2], &end);
		if (*end || end == argv[2] || !(level > 0 && level < 1)) {
			fprintf(stderr, "%s: bad level '%s'\n", argv[0], argv[2]);
			return 2;
		}
	}
	if (mean == 0) {
		printf("0 0\n");
		return 0;
	}
	printf("%u %u\n", quantile(mean, (1 - level) / 2), quantile(mean, (1 + level) / 2));
	return 0;
}
