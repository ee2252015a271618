/*
 * lifetimes-program.c - a program whose blocks' lifetimes are known, for
 * the temporary bytes and the lifetimes (tests/report/lifetimes.sh).
 *
 * Usage: lifetimes-program TRUTH_FILE
 *
 * Four threads, one path each, all started together:
 *
 *   "churn"   allocates 20000 blocks of 300 B and frees each at once:
 *             temporary;
 *   "delayed" allocates 10 batches of 100 blocks of 2000 B and frees each
 *             batch 20 ms later: never temporary, lifetimes of about 20 ms;
 *   "kept"    allocates 3000 blocks of 700 B first and frees them 300 ms
 *             later, after the others are done: never temporary;
 *   "leaked"  allocates 2000 blocks of 500 B and never frees them: live
 *             at the end, their lifetimes longer than the trace.
 *
 * Each block's lifetime is bracketed by two CLOCK_MONOTONIC readings, one
 * around the allocation and the free (never shorter than what the trace
 * sees between its two events) and one between them (never longer).  The
 * truth is written with write(2), never stdio, whose buffer would be a
 * block of its own.  One line per path of TRUTH_FILE:
 *
 *   path NAME TID BYTES OBJECTS TEMPORARY_LOW TEMPORARY_HIGH LIFE_MIN LIFE_MAX
 *
 * BYTES and OBJECTS what the path allocated; its temporary bytes (freed
 * within TEMPORARY_NS, 1 ms, of their allocation) at least TEMPORARY_LOW
 * (the blocks whose outer reading was within it) and at most
 * TEMPORARY_HIGH (those whose inner reading was); every block's lifetime
 * between LIFE_MIN (the shortest inner reading) and LIFE_MAX (the longest
 * outer one), nanoseconds, -1 for blocks never freed.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>

#include "tests/heap/truth.h"

#define TEMPORARY_NS INT64_C(1000000)
#define MS INT64_C(1000000)

struct path {
	const char *name;
	void (*run)(struct path *);
	pid_t tid;
	uint64_t bytes, objects, temporary_low, temporary_high;
	int64_t life_min, life_max;
};

static int64_t now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void pause_ns(int64_t ns)
{
	struct timespec ts = { (time_t) (ns / 1000000000), (long) (ns % 1000000000) };

	while (nanosleep(&ts, &ts) != 0)
		;
}

static void *allocate(struct path *p, size_t size)
{
	void *b = malloc(size);

	if (!b)
		abort();
	memset(b, 0x5a, size);
	p->bytes += size;
	p->objects++;
	return b;
}

/* A freed block's readings: `outer` taken before its malloc and after its
 * free, `inner` after its malloc and before its free. */
static void lived(struct path *p, size_t size, int64_t outer, int64_t inner)
{
	if (outer <= TEMPORARY_NS)
		p->temporary_low += size;
	if (inner <= TEMPORARY_NS)
		p->temporary_high += size;
	if (p->life_min < 0 || inner < p->life_min)
		p->life_min = inner;
	if (outer > p->life_max)
		p->life_max = outer;
}

static void churn(struct path *p)
{
	for (int i = 0; i < 20000; i++) {
		int64_t before = now(), after_malloc, before_free;
		void *b = allocate(p, 300);

		after_malloc = now();
		before_free = now();
		free(b);
		lived(p, 300, now() - before, before_free - after_malloc);
	}
}

/* Allocates `n` blocks of `size` bytes, keeps them `delay_ns`, then frees
 * them, into `blocks` and the readings `before` and `after` (n of each). */
static void hold(struct path *p, void **blocks, int64_t *before, int64_t *after, int n, size_t size,
		 int64_t delay_ns)
{
	for (int i = 0; i < n; i++) {
		before[i] = now();
		blocks[i] = allocate(p, size);
		after[i] = now();
	}
	pause_ns(delay_ns);
	for (int i = 0; i < n; i++) {
		int64_t before_free = now();

		free(blocks[i]);
		lived(p, size, now() - before[i], before_free - after[i]);
	}
}

static void delayed(struct path *p)
{
	void *blocks[100];
	int64_t before[100], after[100];

	for (int batch = 0; batch < 10; batch++)
		hold(p, blocks, before, after, 100, 2000, 20 * MS);
}

static void kept(struct path *p)
{
	static void *blocks[3000];
	static int64_t before[3000], after[3000];

	hold(p, blocks, before, after, 3000, 700, 300 * MS);
}

/* Reachable from a global, so that nothing calls them leaks. */
static void *leaked_blocks[2000];

static void leaked(struct path *p)
{
	for (int i = 0; i < 2000; i++)
		leaked_blocks[i] = allocate(p, 500);
}

static void *thread_main(void *arg)
{
	struct path *p = arg;

	p->tid = (pid_t) syscall(SYS_gettid);
	p->run(p);
	return NULL;
}

int main(int argc, char **argv)
{
	struct path paths[] = {
		{ "churn", churn, 0, 0, 0, 0, 0, -1, -1 },
		{ "delayed", delayed, 0, 0, 0, 0, 0, -1, -1 },
		{ "kept", kept, 0, 0, 0, 0, 0, -1, -1 },
		{ "leaked", leaked, 0, 0, 0, 0, 0, -1, -1 },
	};
	pthread_t threads[4];

	if (argc != 2)
		return 2;
	truth_fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (truth_fd < 0)
		return 1;
	for (int i = 0; i < 4; i++) {
		if (pthread_create(&threads[i], NULL, thread_main, &paths[i]) != 0)
			return 1;
	}
	for (int i = 0; i < 4; i++)
		pthread_join(threads[i], NULL);
	for (int i = 0; i < 4; i++) {
		const struct path *p = &paths[i];

		truth("path %s %d %llu %llu %llu %llu %lld %lld\n", p->name, (int) p->tid,
		      (unsigned long long) p->bytes, (unsigned long long) p->objects,
		      (unsigned long long) p->temporary_low, (unsigned long long) p->temporary_high,
		      (long long) p->life_min, (long long) p->life_max);
	}
	return leaked_blocks[0] == NULL;
}
