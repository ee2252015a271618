/*
 * stack-producer.cc - allocsample:AllocationSampled events of schema 2 with
 * real stacks from a program of known call tree, for the report's stack
 * tests.
 *
 * The program allocates nothing for real: each "allocation" goes through
 * allocsample's own sampler (src/sampler/sampler.h, one per thread, seeded), and a
 * sampled one is emitted with the stack that reaches sample_alloc() (the
 * allocator), taken by glibc's backtrace(): element 0 is the return
 * address into the code that called the allocator, as the shim records it.
 * lttng-ust's own statedump names the objects.  Each worker thread runs:
 *
 *   worker -> phase_list -> build_list -> push_node (inlined) -> 48 B "node"
 *   worker -> phase_deep -> recurse x 41 -> 512 B "leaf"
 *   worker -> phase_pool -> app::Pool<int>::grow -> 4 KiB "pool"
 *   worker -> phase_strings -> make_string -> 16 to 256 B "string"
 *
 * so each type has one stack per process, and its truth is printed:
 * "truth TYPE BYTES OBJECTS".  Options: --rate R (default 4096), --seed S,
 * --scale K (allocations multiplied by K), --threads T (default 2), --depth
 * D (the most frames recorded, default 128; a deeper stack is marked
 * truncated), --unknown (each stack gets an outermost frame at an address
 * no object maps, as code generated at run time would).
 */
#include <execinfo.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "stack-producer-tp.h"

extern "C" {
#include "sampler/sampler.h"
}

#define FRAMES_MAX 130
#define THREADS_MAX 16
/* A page no process maps: the address of the frame --unknown adds. */
#define UNMAPPED_ADDRESS UINT64_C(0x10a0)

static uint64_t rate = 4096, seed = 1, scale = 1;
static uint32_t depth_limit = 128;
static bool unknown_frame;

static __thread struct as_sampler sampler;

/* What each type allocated, over every thread. */
enum type { NODE, LEAF, POOL, STRING, TYPES };
static const char *const type_names[TYPES] = { "node", "leaf", "pool", "string" };
static uint64_t truth_bytes[TYPES], truth_objects[TYPES];

/* The allocator: one object of `size` bytes through the sampler, emitted
 * with its stack when sampled. */
extern "C" __attribute__((noinline)) void sample_alloc(enum type type, uint64_t size)
{
	void *frames[FRAMES_MAX];
	uint64_t stack[FRAMES_MAX + 1], offset;
	uint32_t n, i;
	int got;

	__atomic_add_fetch(&truth_bytes[type], size, __ATOMIC_RELAXED);
	__atomic_add_fetch(&truth_objects[type], 1, __ATOMIC_RELAXED);
	if (as_sampler_fast(&sampler, size) || !as_sampler_slow(&sampler, size, &offset))
		return;
	got = backtrace(frames, FRAMES_MAX);
	/* frames[0] is in this function: the stack starts with its caller. */
	n = got > 1 ? (uint32_t) got - 1 : 0;
	bool truncated = n > depth_limit || got == FRAMES_MAX;
	if (n > depth_limit)
		n = depth_limit;
	for (i = 0; i < n; i++)
		stack[i] = (uint64_t) (uintptr_t) frames[i + 1];
	if (unknown_frame)
		stack[n++] = UNMAPPED_ADDRESS;
	lttng_ust_tracepoint(allocsample, AllocationSampled, type_names[type], size, offset, rate,
			     stack, n, truncated);
	/* Not a tail call: the caller's frame stays what it is. */
	__asm__ __volatile__("" ::: "memory");
}

static inline __attribute__((always_inline)) void push_node(void)
{
	sample_alloc(NODE, 48);
}

__attribute__((noinline)) void build_list(uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		push_node();
	__asm__ __volatile__("" ::: "memory");
}

__attribute__((noinline)) void recurse(int depth)
{
	if (depth == 0)
		sample_alloc(LEAF, 512);
	else
		recurse(depth - 1);
	__asm__ __volatile__("" ::: "memory");
}

namespace app {
template <typename T> struct Pool {
	__attribute__((noinline)) void grow(uint64_t n)
	{
		for (uint64_t i = 0; i < n; i++)
			sample_alloc(POOL, 1024 * sizeof(T));
		__asm__ __volatile__("" ::: "memory");
	}
};
}

__attribute__((noinline)) void make_string(uint64_t i)
{
	sample_alloc(STRING, 16 + (i % 16) * 16);
	__asm__ __volatile__("" ::: "memory");
}

__attribute__((noinline)) void phase_list(void)
{
	build_list(100000 * scale);
	__asm__ __volatile__("" ::: "memory");
}

__attribute__((noinline)) void phase_deep(void)
{
	for (uint64_t i = 0; i < 4000 * scale; i++)
		recurse(40);
	__asm__ __volatile__("" ::: "memory");
}

__attribute__((noinline)) void phase_pool(void)
{
	app::Pool<int> pool;

	pool.grow(600 * scale);
	__asm__ __volatile__("" ::: "memory");
}

__attribute__((noinline)) void phase_strings(void)
{
	for (uint64_t i = 0; i < 30000 * scale; i++)
		make_string(i);
	__asm__ __volatile__("" ::: "memory");
}

static void *worker(void *arg)
{
	as_sampler_seed(&sampler, rate, seed * 1000 + (uint64_t) (uintptr_t) arg);
	phase_list();
	phase_deep();
	phase_pool();
	phase_strings();
	return NULL;
}

static uint64_t number(const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 10);

	if (*s == '\0' || *end != '\0') {
		fprintf(stderr, "stack-producer: not a number: %s\n", s);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	pthread_t threads[THREADS_MAX];
	uint64_t nthreads = 2;
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--unknown") == 0)
			unknown_frame = true;
		else if (i + 1 < argc && strcmp(argv[i], "--rate") == 0)
			rate = number(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--seed") == 0)
			seed = number(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--scale") == 0)
			scale = number(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--threads") == 0)
			nthreads = number(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--depth") == 0)
			depth_limit = (uint32_t) number(argv[++i]);
		else {
			fprintf(stderr, "usage: stack-producer [--rate R] [--seed S] [--scale K] "
					"[--threads T] [--depth D] [--unknown]\n");
			return 2;
		}
	}
	if (rate == 0 || nthreads == 0 || nthreads > THREADS_MAX || depth_limit > FRAMES_MAX - 2)
		return 2;
	/* backtrace() loads libgcc_s at its first call: before the threads. */
	void *warm[1];
	backtrace(warm, 1);
	for (uint64_t t = 0; t < nthreads; t++)
		pthread_create(&threads[t], NULL, worker, (void *) (uintptr_t) t);
	for (uint64_t t = 0; t < nthreads; t++)
		pthread_join(threads[t], NULL);
	for (int t = 0; t < TYPES; t++)
		printf("truth %s %llu %llu\n", type_names[t], (unsigned long long) truth_bytes[t],
		       (unsigned long long) truth_objects[t]);
	return 0;
}
