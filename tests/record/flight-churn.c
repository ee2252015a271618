/* flight-churn.c - a program for the flight recorder's tests: far more bytes churned than a flight recorder holds, a few MiB kept live, the shim's high-water event emitted on demand, waits for the test, and an end by SIGKILL. */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The tracepoints alone, no probe, linked to a provider found at run
 * time: the shim's liballocsample.so, which this program runs under,
 * registers it, and lttng-ust connects these call sites to it by their
 * names.  So LiveHighWater leaves through
 * the shim's own provider, as the shim's will, and the run's context
 * ($app.allocsample:run) that the session and the trigger filter on is
 * the shim's too. */
#define LTTNG_UST_TRACEPOINT_DEFINE
#define LTTNG_UST_TRACEPOINT_PROBE_DYNAMIC_LINKAGE
#include "allocsample-tp.h"

/*
 * Usage: flight-churn FACTS LIVE_MIB CHURN_MIB [ACTION...]
 *
 * First appends "ignored MASK" to FACTS: the signals it started with
 * ignored (SigIgn of /proc/self/status, hexadecimal).
 * Allocates LIVE_MIB MiB in 64 KiB blocks that stay live, and between
 * them churns CHURN_MIB MiB through 64 KiB blocks each freed at once;
 * then the ACTIONs, in order:
 *   churn MIB     churns MIB MiB more;
 *   high-water N  emits N allocsample:LiveHighWater events, marks from
 *                 the live bytes up, each 1.25 times the last, 10 ms apart;
 *   wait FILE     appends "waiting FILE" to FACTS, waits until FILE exists
 *                 (at most two minutes: a test that never comes fails);
 *   kill          dies of SIGKILL, as the OOM killer ends a program.
 * Then appends "done PID" to FACTS and exits 0.
 */

#define BLOCK ((size_t) 64 << 10)
#define WAIT_LIMIT_SECONDS 120

static const char *facts_path;

static void die(const char *message)
{
	fprintf(stderr, "flight-churn: %s\n", message);
	exit(1);
}

/* Appends one line, "WORD TEXT", to the facts file. */
static void fact(const char *word, const char *text)
{
	FILE *f = fopen(facts_path, "a");

	if (!f || fprintf(f, "%s %s\n", word, text) < 0 || fclose(f) != 0)
		die("cannot write the facts file");
}

/* Appends the mask of the signals this process ignores to the facts. */
static void ignored_signals(void)
{
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		die("cannot read /proc/self/status");
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "SigIgn:", 7) == 0) {
			line[strcspn(line, "\n")] = '\0';
			fact("ignored", line + 7 + strspn(line + 7, " \t"));
		}
	}
	fclose(f);
}

static unsigned long mebibytes(const char *text)
{
	char *end;
	unsigned long n = strtoul(text, &end, 10);

	if (*end || end == text || n > 4096)
		die("a size must be a number of MiB up to 4096");
	return n;
}

static void pause_ms(long ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&t, NULL);
}

static void wait_for(const char *path)
{
	struct stat st;
	long waited;

	fact("waiting", path);
	for (waited = 0; stat(path, &st) != 0; waited += 10) {
		if (waited > WAIT_LIMIT_SECONDS * 1000L)
			die("the test never came");
		pause_ms(10);
	}
}

/* Allocates BLOCKS blocks, each written and freed at once. */
static void churn(unsigned long blocks)
{
	unsigned long i;

	for (i = 0; i < blocks; i++) {
		void *p = malloc(BLOCK);

		if (!p)
			die("out of memory");
		memset(p, (int) i, BLOCK);
		free(p);
	}
}

int main(int argc, char **argv)
{
	unsigned long live_blocks, churn_blocks, i, kept = 0;
	void **live;
	char pid[32];
	int a;

	if (argc < 4)
		die("usage: flight-churn FACTS LIVE_MIB CHURN_MIB [ACTION...]");
	facts_path = argv[1];
	ignored_signals();
	live_blocks = mebibytes(argv[2]) * 16;
	churn_blocks = mebibytes(argv[3]) * 16;
	live = calloc(live_blocks + 1, sizeof(*live));
	if (!live)
		die("out of memory");
	/* The live blocks spread over the churn, so that its last sub-buffers
	 * hold some of them and some frees. */
	for (i = 0; i < churn_blocks || kept < live_blocks; i++) {
		if (i < churn_blocks)
			churn(1);
		if (kept < live_blocks && (churn_blocks == 0 || i % (churn_blocks / live_blocks + 1) == 0)) {
			live[kept] = malloc(BLOCK);
			if (!live[kept])
				die("out of memory");
			memset(live[kept++], 1, BLOCK);
		}
	}
	for (a = 4; a < argc; a++) {
		if (strcmp(argv[a], "churn") == 0 && a + 1 < argc) {
			churn(mebibytes(argv[++a]) * 16);
		} else if (strcmp(argv[a], "high-water") == 0 && a + 1 < argc) {
			unsigned long n = strtoul(argv[++a], NULL, 10);
			uint64_t mark = (uint64_t) live_blocks * BLOCK;

			for (i = 0; i < n; i++) {
				lttng_ust_tracepoint(allocsample, LiveHighWater, mark + 1, mark, NULL);
				mark += mark / 4;
				pause_ms(10);
			}
		} else if (strcmp(argv[a], "wait") == 0 && a + 1 < argc) {
			wait_for(argv[++a]);
		} else if (strcmp(argv[a], "kill") == 0) {
			raise(SIGKILL);
		} else {
			die("unknown action");
		}
	}
	for (i = 0; i < kept; i++)
		free(live[i]);
	free(live);
	snprintf(pid, sizeof(pid), "%ld", (long) getpid());
	fact("done", pid);
	return 0;
}
