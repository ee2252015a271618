/* checkpoint-producer.c - emits samples, frees and checkpoint passes in known sequences, at rate 1: the live blocks of a snapshot known exactly. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "allocsample-tp.h"

/*
 * Usage: checkpoint-producer MODE [CHURN].  Rate 1 throughout (every
 * estimate exact), addresses made up (page-aligned, as the shim's), every
 * sample tracked.  The passes are emitted by a thread named
 * "as-checkpoint", as the shim's, each Block with the allocating thread's
 * tid.
 *
 * MODE `flight`, in this order:
 *   main: 12 "old" (8192, offset 100) at 0x100000 + i pages; thread
 *     "old-b": 6 "old-b" (4096, offset 10) at 0x200000 + i pages; main
 *     frees old 0 and 1;
 *   CHURN (default 3000) samples "churn" (4096, offset 10) at 0x600000,
 *     each freed at once: enough to overwrite small buffers' beginning;
 *   pass 1: Begin(1, 17); a Block per live block but "dup" (10 old, 6
 *     old-b); main samples "dup" (512, offset 1) at 0x300000; its Block;
 *     main frees old 11 (after its Block); End(1, 17): complete;
 *   pass 2: Begin(2, 17); the Blocks of old 2 to 10 and a "ghost" (65536)
 *     at 0x700000 that is not live; End(2, 17): fewer read than emitted
 *     (lost), so never used;
 *   5 ms, so that the heap's grid has instants after the passes;
 *   main frees old 2, 3 and 4; samples 4 "new" (1024, offset 1) at
 *     0x400000 + i pages and frees the first; "old-b" samples one
 *     "late-b" (2048, offset 1) at 0x500000.
 *   Live at the end: old 6 (49152 bytes), old-b 6 (24576), dup 1 (512),
 *   new 3 (3072), late-b 1 (2048): 17 blocks, 79360 bytes; allocated in
 *   the window, churn aside: dup 512, new 4096, late-b 2048.
 * MODE `no-pass`: 5 "np" (1024, offset 1) at 0x800000 + i pages, the
 *   first freed; pass 1 with its 4 Blocks and End(1, 5): incomplete.
 *   Live at the end: 4 blocks, 4096 bytes.
 * MODE `quiet` [PASSES]: a program gone idle, whose samples the passes
 *   overwrite.  main: 8 "kept" (2048, offset 1) at 0x900000 + i pages,
 *   frees the first 2; thread "kept-b": 3 "kept-b" (4096, offset 1) at
 *   0xa00000 + i pages; then PASSES (default 200) complete passes, each
 *   Begin(n, 9), the 9 Blocks, End(n, 9), and nothing else: enough to
 *   overwrite small buffers' samples many times.  Live at the end: kept
 *   6 (12288 bytes), kept-b 3 (12288): 9 blocks, 24576 bytes; nothing
 *   allocated after the samples.
 */

#define PAGE 4096u

static void sample(const char *type, uint64_t size, uint64_t offset, uintptr_t ptr)
{
	lttng_ust_tracepoint(allocsample, AllocationSampled, type, size, offset, 1,
			     (const void *) ptr, NULL, 0, 0, 1, NULL);
}

static void release(uintptr_t ptr)
{
	lttng_ust_tracepoint(allocsample, SampledFree, (const void *) ptr, NULL);
}

static void block(uint64_t pass, uint32_t tid, const char *type, uint64_t size, uint64_t offset,
		  uintptr_t ptr)
{
	struct allocsample_checkpoint_block b = {
		.pass = pass, .ptr = (const void *) ptr, .size = size, .offset = offset,
		.rate = 1, .type = type, .tid = tid,
	};

	lttng_ust_tracepoint(allocsample, CheckpointBlock, &b, NULL);
}

static uint32_t main_tid, b_tid;

static void pause_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0)
		;
}

/* Runs STEP on a thread of its own named as the shim's checkpoint thread,
 * and waits for it: the test's sequence stays exact. */
static int on_checkpoint_thread(void *(*step)(void *))
{
	pthread_t t;

	if (pthread_create(&t, NULL, step, NULL) != 0)
		return -1;
	return pthread_join(t, NULL);
}

static void name_checkpoint_thread(void)
{
	pthread_setname_np(pthread_self(), "as-checkpoint");
}

static void *pass1_begin(void *unused)
{
	(void) unused;
	name_checkpoint_thread();
	lttng_ust_tracepoint(allocsample, CheckpointBegin, 1, 17, NULL);
	for (unsigned i = 2; i < 12; i++)
		block(1, main_tid, "old", 8192, 100, 0x100000 + i * PAGE);
	for (unsigned i = 0; i < 6; i++)
		block(1, b_tid, "old-b", 4096, 10, 0x200000 + i * PAGE);
	return NULL;
}

static void *pass1_dup(void *unused)
{
	(void) unused;
	name_checkpoint_thread();
	block(1, main_tid, "dup", 512, 1, 0x300000);
	return NULL;
}

static void *pass1_end(void *unused)
{
	(void) unused;
	name_checkpoint_thread();
	lttng_ust_tracepoint(allocsample, CheckpointEnd, 1, 17, NULL);
	return NULL;
}

static void *pass2(void *unused)
{
	(void) unused;
	name_checkpoint_thread();
	lttng_ust_tracepoint(allocsample, CheckpointBegin, 2, 17, NULL);
	for (unsigned i = 2; i < 11; i++)
		block(2, main_tid, "old", 8192, 100, 0x100000 + i * PAGE);
	block(2, main_tid, "ghost", 65536, 1, 0x700000);
	lttng_ust_tracepoint(allocsample, CheckpointEnd, 2, 17, NULL);
	return NULL;
}

static void *no_pass(void *unused)
{
	(void) unused;
	name_checkpoint_thread();
	lttng_ust_tracepoint(allocsample, CheckpointBegin, 1, 4, NULL);
	for (unsigned i = 1; i < 5; i++)
		block(1, main_tid, "np", 1024, 1, 0x800000 + i * PAGE);
	lttng_ust_tracepoint(allocsample, CheckpointEnd, 1, 5, NULL);
	return NULL;
}

static unsigned quiet_passes;

static void *quiet_pass_run(void *unused)
{
	(void) unused;
	name_checkpoint_thread();
	for (uint64_t pass = 1; pass <= quiet_passes; pass++) {
		lttng_ust_tracepoint(allocsample, CheckpointBegin, pass, 9, NULL);
		for (unsigned i = 2; i < 8; i++)
			block(pass, main_tid, "kept", 2048, 1, 0x900000 + i * PAGE);
		for (unsigned i = 0; i < 3; i++)
			block(pass, b_tid, "kept-b", 4096, 1, 0xa00000 + i * PAGE);
		lttng_ust_tracepoint(allocsample, CheckpointEnd, pass, 9, NULL);
	}
	return NULL;
}

static void *thread_kept_b(void *unused)
{
	(void) unused;
	pthread_setname_np(pthread_self(), "kept-b");
	b_tid = (uint32_t) gettid();
	for (unsigned i = 0; i < 3; i++)
		sample("kept-b", 4096, 1, 0xa00000 + i * PAGE);
	return NULL;
}

static int quiet(unsigned passes)
{
	pthread_t b;

	for (unsigned i = 0; i < 8; i++)
		sample("kept", 2048, 1, 0x900000 + i * PAGE);
	release(0x900000);
	release(0x900000 + PAGE);
	if (pthread_create(&b, NULL, thread_kept_b, NULL) != 0 || pthread_join(b, NULL) != 0)
		return 1;
	quiet_passes = passes;
	return on_checkpoint_thread(quiet_pass_run) != 0;
}

/* Thread "old-b": its blocks before the churn, one more after it. */
static pthread_mutex_t b_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t b_cond = PTHREAD_COND_INITIALIZER;
static int b_stage;

static void b_wait(int stage)
{
	pthread_mutex_lock(&b_lock);
	while (b_stage != stage)
		pthread_cond_wait(&b_cond, &b_lock);
	pthread_mutex_unlock(&b_lock);
}

static void b_go(int stage)
{
	pthread_mutex_lock(&b_lock);
	b_stage = stage;
	pthread_cond_broadcast(&b_cond);
	pthread_mutex_unlock(&b_lock);
}

static void *thread_b(void *unused)
{
	(void) unused;
	pthread_setname_np(pthread_self(), "old-b");
	b_tid = (uint32_t) gettid();
	for (unsigned i = 0; i < 6; i++)
		sample("old-b", 4096, 10, 0x200000 + i * PAGE);
	b_go(1);
	b_wait(2);
	sample("late-b", 2048, 1, 0x500000);
	return NULL;
}

static int flight(unsigned churn)
{
	pthread_t b;

	for (unsigned i = 0; i < 12; i++)
		sample("old", 8192, 100, 0x100000 + i * PAGE);
	if (pthread_create(&b, NULL, thread_b, NULL) != 0)
		return 1;
	b_wait(1);
	release(0x100000);
	release(0x100000 + PAGE);
	for (unsigned i = 0; i < churn; i++) {
		sample("churn", 4096, 10, 0x600000);
		release(0x600000);
	}
	if (on_checkpoint_thread(pass1_begin))
		return 1;
	sample("dup", 512, 1, 0x300000);
	if (on_checkpoint_thread(pass1_dup))
		return 1;
	release(0x100000 + 11 * PAGE);
	if (on_checkpoint_thread(pass1_end) || on_checkpoint_thread(pass2))
		return 1;
	pause_ms(5);
	for (unsigned i = 2; i < 5; i++)
		release(0x100000 + i * PAGE);
	for (unsigned i = 0; i < 4; i++)
		sample("new", 1024, 1, 0x400000 + i * PAGE);
	release(0x400000);
	b_go(2);
	return pthread_join(b, NULL) != 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "flight";

	main_tid = (uint32_t) gettid();
	if (strcmp(mode, "no-pass") == 0) {
		for (unsigned i = 0; i < 5; i++)
			sample("np", 1024, 1, 0x800000 + i * PAGE);
		release(0x800000);
		return on_checkpoint_thread(no_pass) != 0;
	}
	if (strcmp(mode, "quiet") == 0)
		return quiet(argc > 2 ? (unsigned) strtoul(argv[2], NULL, 10) : 200);
	return flight(argc > 2 ? (unsigned) strtoul(argv[2], NULL, 10) : 3000);
}
