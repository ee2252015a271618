/* rng.h - xoshiro256** per-thread generator, seeded through splitmix64. */
#ifndef ALLOCSAMPLE_RNG_H
#define ALLOCSAMPLE_RNG_H

#include <stdint.h>

struct as_rng {
	uint64_t s[4];
};

/* Fills the four words of state from one 64-bit seed (never all zero). */
void as_rng_seed(struct as_rng *rng, uint64_t seed);

/* Next 64 random bits. */
uint64_t as_rng_next(struct as_rng *rng);

/* Uniform double in [0, 1) with 53 random bits. */
double as_rng_uniform(struct as_rng *rng);

/* splitmix64 finaliser: a bijective mix of 64 bits, used to derive seeds. */
uint64_t as_rng_mix(uint64_t x);

#endif
