/* rng.c - xoshiro256** (Blackman and Vigna, 2018) with splitmix64 seeding. */
#include "rng.h"

uint64_t as_rng_mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

void as_rng_seed(struct as_rng *rng, uint64_t seed)
{
	/* The splitmix64 sequence from `seed`: the finaliser is a bijection, so
	 * four consecutive outputs are never all zero, the one state xoshiro
	 * never leaves. */
	for (uint64_t i = 0; i < 4; i++)
		rng->s[i] = as_rng_mix(seed + i * 0x9e3779b97f4a7c15ULL);
}

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t as_rng_next(struct as_rng *rng)
{
	uint64_t *s = rng->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

double as_rng_uniform(struct as_rng *rng)
{
	return (double) (as_rng_next(rng) >> 11) * 0x1.0p-53;
}
