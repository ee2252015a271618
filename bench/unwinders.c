/*
 * unwinders.c - what one stack walk costs with each unwinder the shim could
 * use, walked from a shared object (bench/unwind-walkers.c, built like
 * liballocsample.so) under DEPTH levels of recursion and the C library's
 * qsort, whose frames, like all of Debian's, have no frame pointers
 * (doc/sampling.md, "Stacks"; doc/performance.md, section 5).  Built
 * with frame pointers, so that only the C library's frames lack them.
 *
 * Usage: unwinders WALKERS_SO [DEPTH [ROUNDS]]   (defaults 32 and 15)
 *
 * Each round times every walker in turn, the same walk repeated from the
 * same stack, so that slow drifts of a shared machine hit all of them
 * alike; the table gives the median and the minimum over the rounds, the
 * frames each found from qsort's comparator outward, and whether they are
 * the frames libgcc's unwinder found.  First walks are timed apart, each
 * in a new thread, with the resident memory the thread gains: libunwind's
 * builds the thread's cache, allocsample's finds the shared one warm, or
 * cold after it was emptied (as after 2^15 unloads).
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "unwind-walkers.h"

#define MAX_FRAMES 256
#define MAX_ROUNDS 101

typedef int (*walk_fn)(uint64_t *frames, int max);

struct walker {
	const char *name;
	const char *symbol;
	int policy;          /* libunwind's: -1 leave, 0 NONE, 1 GLOBAL */
	int repeat;          /* walks per timing, for a few milliseconds each */
	walk_fn walk;
	double ns[MAX_ROUNDS];
	uint64_t frames[MAX_FRAMES];
	int n;
};

static struct walker walkers[] = {
	{ "libgcc _Unwind_Backtrace", "walk_libgcc", -1, 200, NULL, { 0 }, { 0 }, 0 },
	{ "allocsample's walk (src/unwind/stack_walk.c)", "walk_allocsample", -1, 4000, NULL, { 0 }, { 0 }, 0 },
	{ "libunwind unw_backtrace", "walk_unw_backtrace", 0, 4000, NULL, { 0 }, { 0 }, 0 },
	{ "libunwind unw_step loop, GLOBAL cache", "walk_unw_step", 1, 10, NULL, { 0 }, { 0 }, 0 },
	{ "libunwind unw_step loop, no cache", "walk_unw_step", 0, 4, NULL, { 0 }, { 0 }, 0 },
	{ "frame pointers, bounds-checked", "walk_frame_pointers", -1, 20000, NULL, { 0 }, { 0 }, 0 },
};
#define WALKERS ((int) (sizeof(walkers) / sizeof(walkers[0])))

static __typeof__(set_unw_policy) *set_policy;
static __typeof__(walk_frame_pointers) *walk_fp;
static uintptr_t stack_end;
static struct walker *current;
static double elapsed_ns;

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double) t.tv_sec * 1e9 + (double) t.tv_nsec;
}

static int walk(struct walker *w, uint64_t *frames)
{
	if (w->walk)
		return w->walk(frames, MAX_FRAMES);
	return walk_fp(frames, MAX_FRAMES, stack_end);
}

/* qsort's comparator: the walks run from here, under qsort's frames.  A
 * walker with `repeat` 0 is timed on its first walk alone. */
static int compare(const void *a, const void *b)
{
	double start = now_ns();

	current->n = walk(current, current->frames);
	if (current->repeat > 0) {
		start = now_ns();
		for (int i = 0; i < current->repeat; i++)
			walk(current, current->frames);
	}
	elapsed_ns = now_ns() - start;
	return memcmp(a, b, sizeof(int));
}

static __attribute__((noipa)) int recurse(int depth)
{
	int values[2] = { 2, 1 }, result;

	if (depth == 0) {
		qsort(values, 2, sizeof(values[0]), compare);
		return values[0];
	}
	result = recurse(depth - 1);
	return result + 1;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *) a, y = *(const double *) b;

	return (x > y) - (x < y);
}

static long resident_kib(void)
{
	long pages = 0, resident = 0;
	FILE *statm = fopen("/proc/self/statm", "r");

	if (statm) {
		if (fscanf(statm, "%ld %ld", &pages, &resident) != 2)
			resident = 0;
		fclose(statm);
	}
	return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* First walks: each in a new thread, timed alone, with the resident
 * memory the thread gains meanwhile. */
struct first_case {
	const char *name;
	const char *symbol;
	bool cold;              /* allocsample's rule cache emptied before */
	walk_fn walk;
	double ns[MAX_ROUNDS];
	double kib[MAX_ROUNDS];
};

static struct first_case firsts[] = {
	{ "allocsample's walk, a new thread's first", "walk_allocsample", false, NULL, { 0 }, { 0 } },
	{ "allocsample's walk, cold (cache emptied)", "walk_allocsample", true, NULL, { 0 }, { 0 } },
	{ "unw_backtrace, a new thread's first", "walk_unw_backtrace", false, NULL, { 0 }, { 0 } },
};
#define FIRSTS ((int) (sizeof(firsts) / sizeof(firsts[0])))

static __typeof__(clear_allocsample_cache) *clear_cache;

struct first_run {
	struct first_case *c;
	int depth, round;
};

static void *first_walk_thread(void *arg)
{
	struct first_run *run = arg;
	struct walker once = { "first", NULL, -1, 0, run->c->walk, { 0 }, { 0 }, 0 };
	long before = resident_kib();

	if (run->c->cold)
		clear_cache();
	current = &once;
	recurse(run->depth);
	run->c->ns[run->round] = elapsed_ns;
	run->c->kib[run->round] = (double) (resident_kib() - before);
	return NULL;
}

/* The position of `address` in `frames`, or -1. */
static int find(const uint64_t *frames, int n, uint64_t address)
{
	for (int i = 0; i < n; i++) {
		if (frames[i] == address)
			return i;
	}
	return -1;
}

int main(int argc, char **argv)
{
	int depth = argc > 2 ? atoi(argv[2]) : 32, rounds = argc > 3 ? atoi(argv[3]) : 15;
	void *module = argc > 1 ? dlopen(argv[1], RTLD_NOW) : NULL;
	pthread_attr_t attr;
	void *stack_addr;
	size_t stack_size;
	struct walker *reference = &walkers[0];
	int from;

	if (!module || depth < 0 || rounds < 1 || rounds > MAX_ROUNDS) {
		fprintf(stderr, "usage: %s WALKERS_SO [DEPTH [ROUNDS <= %d]]%s%s\n", argv[0], MAX_ROUNDS,
			module ? "" : ": ", module ? "" : dlerror());
		return 2;
	}
	for (int w = 0; w < WALKERS; w++)
		walkers[w].walk = (walk_fn) dlsym(module, walkers[w].symbol);
	for (int f = 0; f < FIRSTS; f++) {
		firsts[f].walk = (walk_fn) dlsym(module, firsts[f].symbol);
		if (!firsts[f].walk)
			return 2;
	}
	clear_cache = (__typeof__(clear_cache)) dlsym(module, "clear_allocsample_cache");
	walkers[WALKERS - 1].walk = NULL;
	set_policy = (__typeof__(set_policy)) dlsym(module, "set_unw_policy");
	walk_fp = (__typeof__(walk_fp)) dlsym(module, "walk_frame_pointers");
	for (int w = 0; w < WALKERS - 1; w++) {
		if (!walkers[w].walk)
			return 2;
	}
	if (!set_policy || !walk_fp || !clear_cache)
		return 2;
	if (pthread_getattr_np(pthread_self(), &attr) != 0 ||
	    pthread_attr_getstack(&attr, &stack_addr, &stack_size) != 0)
		return 1;
	stack_end = (uintptr_t) stack_addr + stack_size;

	for (int r = 0; r < rounds; r++) {
		pthread_t thread;

		for (int w = 0; w < WALKERS; w++) {
			if (walkers[w].policy >= 0)
				set_policy(walkers[w].policy);
			current = &walkers[w];
			recurse(depth);
			walkers[w].ns[r] = elapsed_ns / walkers[w].repeat;
		}
		set_policy(0);
		for (int f = 0; f < FIRSTS; f++) {
			struct first_run run = { &firsts[f], depth, r };

			if (pthread_create(&thread, NULL, first_walk_thread, &run) != 0 ||
			    pthread_join(thread, NULL) != 0)
				return 1;
		}
	}

	/* Frames from the comparator's caller outward: each list begins in
	 * its own walker, libgcc's and libunwind's at the walker's call,
	 * frame pointers at the walker's return address. */
	from = 2;
	printf("Stack walks under %d levels of recursion and qsort, from a shared object: "
	       "median (and minimum) of %d interleaved rounds\n\n", depth, rounds);
	printf("%-40s %10s %10s %8s  %s\n", "walker", "ns/walk", "min", "frames", "the frames libgcc finds");
	for (int w = 0; w < WALKERS; w++) {
		struct walker *k = &walkers[w];
		int start = find(k->frames, k->n, reference->frames[from]);
		int same = start >= 0 && k->n - start == reference->n - from &&
			   memcmp(k->frames + start, reference->frames + from,
				  (size_t) (k->n - start) * sizeof(uint64_t)) == 0;
		int found = start >= 0 ? k->n - start : 0;

		qsort(k->ns, (size_t) rounds, sizeof(double), by_value);
		printf("%-40s %10.0f %10.0f %8d  %s\n", k->name, k->ns[rounds / 2], k->ns[0], found,
		       k == reference ? "(the reference)" : same ? "yes" : "no, fewer or others");
	}
	for (int f = 0; f < FIRSTS; f++) {
		qsort(firsts[f].ns, (size_t) rounds, sizeof(double), by_value);
		qsort(firsts[f].kib, (size_t) rounds, sizeof(double), by_value);
		printf("%-40s %10.0f %10.0f %8s  resident memory added: %.0f KiB\n", firsts[f].name,
		       firsts[f].ns[rounds / 2], firsts[f].ns[0], "", firsts[f].kib[rounds / 2]);
	}
	return 0;
}
