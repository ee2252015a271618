/* heap-phases.c - a heap of known shape over time: its live bytes after every step, the phases, the bytes each path holds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/*
 * Usage: heap-phases PHASE_MS.  One thread, blocks of BLOCK bytes from four
 * functions, each a stack of its own:
 *   base   8 MiB, allocated in phase "ramp" and never freed;
 *   peak  24 MiB, allocated at the start of phase "peak", freed in phase "fall";
 *   late  12 MiB, allocated in phase "late" and never freed;
 *   churn one block allocated and freed at once, all along: temporary.
 * So the heap peaks at 32 MiB in phase "peak", holds 8 MiB in "fall" and
 * 20 MiB at the end.  The blocks of each phase are paced over its first
 * half, a chunk per millisecond, so that the live bytes at any time follow
 * the printed steps whatever the scheduler does.  Prints, with times in
 * CLOCK_REALTIME nanoseconds (LTTng's clock counts from the Unix epoch):
 *   phase NAME START_NS END_NS
 *   live NS BYTES     (after each step: BYTES live from before NS until the
 *                      next step began; a step only allocates or only frees)
 *   path NAME BYTES_AT_PEAK BYTES_AT_END
 *   allocated BYTES   (every block, churn included)
 */

enum { BLOCK = 4096, CHURN_PER_STEP = 16 };

#define MIB (1024 * 1024)

static void *base_blocks[8 * MIB / BLOCK];
static void *peak_blocks[24 * MIB / BLOCK];
static void *late_blocks[12 * MIB / BLOCK];
static uint64_t live_bytes, allocated_bytes;

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Each path its own function, kept out of line and out of tail position,
 * so that each is a stack of its own in the report. */
#define PATH_ALLOC(name)                                                  \
	__attribute__((noinline)) static void *name(void)                 \
	{                                                                 \
		void *p = malloc(BLOCK);                                  \
									  \
		__asm__ volatile("" : : "r"(p) : "memory");               \
		return p;                                                 \
	}

PATH_ALLOC(base_alloc)
PATH_ALLOC(peak_alloc)
PATH_ALLOC(late_alloc)

__attribute__((noinline)) static void churn(void)
{
	int i;

	for (i = 0; i < CHURN_PER_STEP; i++) {
		volatile char *p = malloc(BLOCK);

		if (!p)
			exit(1);
		p[0] = 1;
		free((void *) p);
		allocated_bytes += BLOCK;
	}
}

static void sleep_ms(int ms)
{
	const struct timespec t = { ms / 1000, (long) (ms % 1000) * 1000000 };

	nanosleep(&t, NULL);
}

/* Allocates (`alloc` set) or frees the `n` blocks of `blocks` over
 * `steps` steps a millisecond apart, then waits out the phase. */
static void phase(const char *name, int ms, void **blocks, size_t n, void *(*alloc)(void))
{
	int64_t start = now_ns();
	int steps = ms / 2, s;
	size_t done = 0;

	for (s = 1; s <= steps; s++) {
		size_t due = n * (size_t) s / (size_t) steps;

		for (; done < due; done++) {
			if (alloc) {
				blocks[done] = alloc();
				if (!blocks[done])
					exit(1);
				live_bytes += BLOCK;
				allocated_bytes += BLOCK;
			} else {
				free(blocks[done]);
				live_bytes -= BLOCK;
			}
		}
		printf("live %lld %llu\n", (long long) now_ns(), (unsigned long long) live_bytes);
		churn();
		sleep_ms(1);
	}
	while (now_ns() - start < (int64_t) ms * 1000000) {
		churn();
		sleep_ms(1);
	}
	printf("phase %s %lld %lld\n", name, (long long) start, (long long) now_ns());
}

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

int main(int argc, char **argv)
{
	int ms = argc == 2 ? atoi(argv[1]) : 0;

	if (ms < 10) {
		fprintf(stderr, "usage: heap-phases PHASE_MS (10 or more)\n");
		return 2;
	}
	printf("live %lld 0\n", (long long) now_ns());
	phase("ramp", ms, base_blocks, COUNT(base_blocks), base_alloc);
	phase("peak", ms, peak_blocks, COUNT(peak_blocks), peak_alloc);
	phase("fall", ms, peak_blocks, COUNT(peak_blocks), NULL);
	phase("late", ms, late_blocks, COUNT(late_blocks), late_alloc);
	printf("path base %d %d\npath peak %d 0\npath late 0 %d\npath churn 0 0\n",
	       8 * MIB, 8 * MIB, 24 * MIB, 12 * MIB);
	printf("allocated %llu\n", (unsigned long long) allocated_bytes);
	return 0;
}
