/* thread_seed.c - where each thread's random stream comes from. */
#include <errno.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "rng.h"
#include "settings.h"
#include "thread_seed.h"

/* Threads seeded so far in this process, for ALLOCSAMPLE_SEED runs. */
static uint64_t seeded_threads;
/* Forks made by this process, and the generation mixed into every seed:
 * each fork child takes a new generation, so its streams differ from the
 * parent's and from its siblings' even with ALLOCSAMPLE_SEED. */
static uint64_t forks;
static uint64_t fork_generation;
/* Whether as_thread_seed_start() was called (atomic). */
static int started;

void as_thread_seed_start(void)
{
	__atomic_store_n(&started, 1, __ATOMIC_RELAXED);
}

static uint64_t entropy(void)
{
	uint64_t seed;
	struct timespec now;

	if (getrandom(&seed, sizeof(seed), GRND_NONBLOCK) == (ssize_t) sizeof(seed))
		return seed;
	/* No getrandom (old kernel, early boot): still distinct per thread. */
	clock_gettime(CLOCK_MONOTONIC, &now);
	return as_rng_mix((uint64_t) now.tv_nsec ^ ((uint64_t) now.tv_sec << 30)) ^
	       as_rng_mix((uint64_t) gettid()) ^ (uint64_t) (uintptr_t) &seed;
}

bool as_thread_seed(uint64_t *rate, uint64_t *seed)
{
	struct as_settings scratch;
	const struct as_settings *settings;
	int saved_errno = errno;

	if (!__atomic_load_n(&started, __ATOMIC_RELAXED))
		return false;
	settings = as_settings(&scratch);
	if (settings->has_seed) {
		uint64_t index = __atomic_fetch_add(&seeded_threads, 1, __ATOMIC_RELAXED);
		uint64_t generation = __atomic_load_n(&fork_generation, __ATOMIC_RELAXED);

		*seed = as_rng_mix(settings->seed ^ as_rng_mix(index ^ as_rng_mix(generation)));
	} else {
		*seed = entropy();
	}
	*rate = settings->rate;
	errno = saved_errno;
	return true;
}

void as_thread_seed_before_fork(void)
{
	__atomic_fetch_add(&forks, 1, __ATOMIC_RELAXED);
}

void as_thread_seed_after_fork_child(void)
{
	/* Single-threaded here: the child has only the forking thread. */
	fork_generation = as_rng_mix(fork_generation ^ as_rng_mix(forks));
	forks = 0;
	seeded_threads = 0;
}
