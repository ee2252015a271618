/* live-producer.c - emits AllocationSampled (with free_tracked), SampledFree, SamplesUnrecorded, Attached and Detached in known patterns: known live samples. */
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "allocsample-tp.h"

/*
 * Usage: live-producer MODE, rate 1024 throughout, addresses made up
 * (page-aligned, as the shim's).
 *
 * MODE `full`, every sample tracked unless said:
 *   SamplesUnrecorded(7) first;
 *   main thread: 40 samples "kept" (8192 bytes, offset 100) at 0x100000 +
 *     i pages, the first 25 freed (15 live);
 *   thread B: 20 samples "elsewhere" (4096, offset 10) at 0x200000 + i
 *     pages, all freed by the main thread after B ends (0 live); 10
 *     "leak" (65536, offset 7) at 0x400000 + i pages, never freed (10 live);
 *   main: "reused" (1000, offset 1) twice at 0x300000 with no free between
 *     (a lost free: 1 live); 2 "untracked" (free_tracked 0); 3 frees of
 *     addresses never sampled (0x900000 + i pages).
 *   Live at the end: kept 15, leak 10, reused 1: 26 samples.
 * MODE `live-only`: only the 26 samples that `full` leaves live, on the
 *   same threads, with the same values, and no free: its allocated figures
 *   are `full`'s live ones.
 * MODE `churn`: 300 samples "churn" (4096, offset 10), each freed at once,
 *   then 10 "kept": nothing lost, enough events for several packets.
 * MODE `phases`: main thread, 30 samples "kept" (as above); 300 ms; the
 *   first 20 freed; 300 ms; 5 more (15 live at the end, 30 at the end of
 *   the window where the first phase ends).
 * MODE `freed`: 20 samples "freed" (4096, offset 10), each freed at once:
 *   live figures known, nothing live at the end.
 * MODE `attached`: as allocsample-record -p leaves it: Attached (recorder
 *   4242, the process named "attached-name", where lttng-ust's statedump
 *   says live-producer), 10 samples "kept" of which the first 4 are
 *   freed, Detached: 6 live at the end.
 *
 * Built twice: live-producer, of the provider's schema, and
 * live-producer-schema-3, the same program under schema 3's URI.
 */

#define PAGE 4096u
#define RATE 1024u

static void sample(const char *type, uint64_t size, uint64_t offset, uintptr_t ptr, int tracked)
{
	lttng_ust_tracepoint(allocsample, AllocationSampled, type, size, offset, RATE,
			     (const void *) ptr, NULL, 0, 0, tracked, NULL);
}

static void release(uintptr_t ptr)
{
	lttng_ust_tracepoint(allocsample, SampledFree, (const void *) ptr, NULL);
}

static int live_only;

static void *thread_b(void *unused)
{
	(void) unused;
	for (unsigned i = 0; i < 20 && !live_only; i++)
		sample("elsewhere", 4096, 10, 0x200000 + i * PAGE, 1);
	for (unsigned i = 0; i < 10; i++)
		sample("leak", 65536, 7, 0x400000 + i * PAGE, 1);
	return NULL;
}

static void pause_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0)
		;
}

static int phases(void)
{
	for (unsigned i = 0; i < 30; i++)
		sample("kept", 8192, 100, 0x100000 + i * PAGE, 1);
	pause_ms(300);
	for (unsigned i = 0; i < 20; i++)
		release(0x100000 + i * PAGE);
	pause_ms(300);
	for (unsigned i = 30; i < 35; i++)
		sample("kept", 8192, 100, 0x100000 + i * PAGE, 1);
	return 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "full";
	pthread_t b;

	if (strcmp(mode, "phases") == 0)
		return phases();
	if (strcmp(mode, "churn") == 0) {
		for (unsigned i = 0; i < 300; i++) {
			sample("churn", 4096, 10, 0x600000, 1);
			release(0x600000);
		}
		for (unsigned i = 0; i < 10; i++)
			sample("kept", 8192, 100, 0x100000 + i * PAGE, 1);
		return 0;
	}
	if (strcmp(mode, "attached") == 0) {
		lttng_ust_tracepoint(allocsample, Attached, 4242, "attached-name", NULL);
		for (unsigned i = 0; i < 10; i++)
			sample("kept", 8192, 100, 0x100000 + i * PAGE, 1);
		for (unsigned i = 0; i < 4; i++)
			release(0x100000 + i * PAGE);
		lttng_ust_tracepoint(allocsample, Detached, 4242, NULL);
		return 0;
	}
	if (strcmp(mode, "freed") == 0) {
		for (unsigned i = 0; i < 20; i++) {
			sample("freed", 4096, 10, 0x700000 + i * PAGE, 1);
			release(0x700000 + i * PAGE);
		}
		return 0;
	}
	live_only = strcmp(mode, "live-only") == 0;
	if (!live_only)
		lttng_ust_tracepoint(allocsample, SamplesUnrecorded, 7, NULL);
	for (unsigned i = live_only ? 25 : 0; i < 40; i++)
		sample("kept", 8192, 100, 0x100000 + i * PAGE, 1);
	for (unsigned i = 0; i < 25 && !live_only; i++)
		release(0x100000 + i * PAGE);
	if (pthread_create(&b, NULL, thread_b, NULL) != 0 || pthread_join(b, NULL) != 0)
		return 1;
	for (unsigned i = 0; i < 20 && !live_only; i++)
		release(0x200000 + i * PAGE);
	if (!live_only) {
		sample("reused", 1000, 1, 0x300000, 1);
		sample("untracked", 2048, 5, 0x500000, 0);
		sample("untracked", 2048, 5, 0x501000, 0);
		for (unsigned i = 0; i < 3; i++)
			release(0x900000 + i * PAGE);
	}
	sample("reused", 1000, 1, 0x300000, 1);
	return 0;
}
