/*
 * keep-churn.c - a service in miniature for the flight recorder's tests:
 * it keeps blocks in two functions, holds a peak, churns far more bytes
 * than any ring buffer holds, and ends by exit or by SIGKILL, counting its
 * own live bytes exactly.
 *
 * Usage: keep-churn FACTS KEEP_MIB GROW_MIB CHURN_MIB SEED [kill] [wait]
 *
 *   keep_blocks   allocates KEEP_MIB in blocks of 1 to 128 KiB (sizes from
 *                 SEED) and keeps them;
 *   grow_blocks   allocates GROW_MIB the same way, spread over the churn,
 *                 and keeps them: the heap grows while the churn runs;
 *   churn         CHURN_MIB through 64 KiB blocks, each freed at once;
 *   spike         with `wait`: halfway through the churn, one block as
 *                 large as twice what is live, held until the file
 *                 FACTS.go exists, then freed: the peak, which passes the
 *                 shim's next high-water mark by itself whatever the marks
 *                 were.
 *
 * FACTS gets, with write(2) (stdio's buffer would be a block of its own),
 * a line "key value" each:
 *
 *   spike N             (with `wait`) the spike's bytes, once it is allocated
 *   peak N              the largest sum of its live blocks, with the spike
 *   live N              its live bytes at the end
 *   live_keep N         of them, keep_blocks's
 *   live_grow N         of them, grow_blocks's
 *
 * Then, after a stall of 200 ms, it returns 0, or with `kill` sends itself
 * SIGKILL, as the OOM killer would.  It calls nothing else that allocates
 * after main starts.
 *
 * The stall: a process the OOM killer takes has first stalled in the
 * kernel's reclaim, allocating slowly.  It is also the time the shim's
 * checkpoint thread has, on a machine as loaded as the test suite's, to
 * finish the pass its churn asked for: a churn that fills the ring
 * buffers faster than a starved thread can write a pass leaves no
 * complete pass in the snapshot, which the report then says
 * (doc/sampling.md, "Checkpoints").
 */
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MIB (UINT64_C(1) << 20)
#define CHURN_BLOCK (64 * 1024)

struct kept {
	void **blocks;
	size_t count, capacity;
	uint64_t bytes;
};

static uint64_t live, peak;
static uint64_t seed_state;

static void fact(int fd, const char *key, uint64_t value)
{
	char line[64];
	int n = snprintf(line, sizeof(line), "%s %llu\n", key, (unsigned long long) value);

	if (n < 0 || write(fd, line, (size_t) n) != n)
		exit(3);
}

/* 1 to 128 KiB, from a 64-bit LCG (Knuth's MMIX constants). */
static size_t next_size(void)
{
	seed_state = seed_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return 1024 + (size_t) ((seed_state >> 33) % (127 * 1024));
}

static void note_alloc(uint64_t size)
{
	live += size;
	if (live > peak)
		peak = live;
}

/* The pointer array is allocated up front, once, so that keeping a block
 * allocates nothing else. */
static void kept_init(struct kept *k, uint64_t mib)
{
	k->capacity = (size_t) (mib * MIB / 1024) + 1;
	k->blocks = malloc(k->capacity * sizeof(*k->blocks));
	if (!k->blocks)
		exit(4);
	note_alloc(k->capacity * sizeof(*k->blocks));
	k->count = 0;
	k->bytes = 0;
}

/* Inlined, so that each block's allocating function is its caller. */
static inline __attribute__((always_inline)) void keep_one(struct kept *k, size_t size)
{
	void *block = malloc(size);

	if (!block || k->count == k->capacity)
		exit(4);
	memset(block, 1, size);
	k->blocks[k->count++] = block;
	k->bytes += size;
	note_alloc(size);
}

static __attribute__((noinline)) void keep_blocks(struct kept *k, uint64_t mib)
{
	while (k->bytes < mib * MIB)
		keep_one(k, next_size());
}

static __attribute__((noinline)) void grow_blocks(struct kept *k, uint64_t mib)
{
	if (k->bytes < mib * MIB)
		keep_one(k, next_size());
}

static __attribute__((noinline)) void churn(void)
{
	char *block = malloc(CHURN_BLOCK);

	if (!block)
		exit(4);
	block[0] = 1;
	note_alloc(CHURN_BLOCK);
	free(block);
	live -= CHURN_BLOCK;
}

static void wait_for(const char *path)
{
	struct timespec pause = { 0, 10 * 1000 * 1000 };
	int i;

	for (i = 0; i < 12000 && access(path, F_OK) != 0; i++)
		nanosleep(&pause, NULL);
}

static __attribute__((noinline)) void spike(int fd, const char *facts)
{
	char go[4096];
	uint64_t size = 2 * live;
	char *block = malloc(size);

	if (!block)
		exit(4);
	memset(block, 1, size);
	note_alloc(size);
	snprintf(go, sizeof(go), "%s.go", facts);
	fact(fd, "spike", size);
	wait_for(go);
	free(block);
	live -= size;
}

int main(int argc, char **argv)
{
	struct timespec stall = { 0, 200 * 1000 * 1000 };
	struct kept keep, grow;
	uint64_t keep_mib, grow_mib, churn_blocks, stride, i;
	int fd, do_kill = 0, do_wait = 0;

	if (argc < 6) {
		fprintf(stderr, "usage: %s FACTS KEEP_MIB GROW_MIB CHURN_MIB SEED [kill] [wait]\n", argv[0]);
		return 2;
	}
	for (i = 6; i < (uint64_t) argc; i++) {
		do_kill |= strcmp(argv[i], "kill") == 0;
		do_wait |= strcmp(argv[i], "wait") == 0;
	}
	fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return 3;
	keep_mib = strtoull(argv[2], NULL, 10);
	grow_mib = strtoull(argv[3], NULL, 10);
	churn_blocks = strtoull(argv[4], NULL, 10) * (MIB / CHURN_BLOCK);
	seed_state = strtoull(argv[5], NULL, 10);
	/* About sixteen blocks a MiB (64.5 KiB on average): the growth ends
	 * near the churn's end. */
	stride = churn_blocks / (grow_mib * 16 + 1) + 1;

	kept_init(&keep, keep_mib);
	kept_init(&grow, grow_mib);
	keep_blocks(&keep, keep_mib);
	for (i = 0; i < churn_blocks; i++) {
		if (do_wait && i == churn_blocks / 2)
			spike(fd, argv[1]);
		churn();
		if (i % stride == 0)
			grow_blocks(&grow, grow_mib);
	}
	nanosleep(&stall, NULL);
	fact(fd, "peak", peak);
	fact(fd, "live", live);
	fact(fd, "live_keep", keep.bytes);
	fact(fd, "live_grow", grow.bytes);
	if (do_kill)
		kill(getpid(), SIGKILL);
	return 0;
}
