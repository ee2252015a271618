/* phases-workload.c - allocates at a known rate per phase (A, then 4 times A, then nothing); prints when and how much. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "allocsample.h"

/*
 * Usage: phases-workload PHASE_MS BYTES_PER_MS.  One thread, three phases of
 * PHASE_MS milliseconds each: A records BYTES_PER_MS bytes per millisecond
 * through allocsample_record(), B four times as many, C none.  The bytes
 * are paced against the clock in chunks, so that the amount recorded by
 * any time follows the schedule whatever the scheduler does: a step after
 * a long sleep (a loaded machine) records all that is due at once.
 * Prints, with times in CLOCK_REALTIME nanoseconds (LTTng's clock counts
 * from the same Unix epoch):
 *   pid PID
 *   tid TID
 *   phase NAME START_NS END_NS     (A, B, C)
 *   step BEGIN_NS END_NS BYTES     (each step that recorded some: BYTES
 *                                   recorded after BEGIN_NS and before
 *                                   END_NS, the step preempted or not)
 */

enum { CHUNK = 1024, STEP_NS = 1000000 };

static void die(const char *what)
{
	fprintf(stderr, "phases-workload: %s\n", what);
	exit(1);
}

static int64_t now_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_REALTIME, &ts))
		die("no clock");
	return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Runs one phase: `per_ms` bytes per millisecond from its start. */
static void phase(const char *name, int64_t length_ns, uint64_t per_ms, uint64_t *total)
{
	const struct timespec step = { 0, STEP_NS };
	int64_t start = now_ns(), t = start;
	uint64_t done = 0;

	while (t - start < length_ns) {
		uint64_t due = per_ms * (uint64_t) (t - start) / 1000000, before = done;
		int64_t begin = now_ns();

		for (; done + CHUNK <= due; done += CHUNK)
			allocsample_record("phase", CHUNK);
		if (done > before)
			printf("step %lld %lld %llu\n", (long long) begin, (long long) now_ns(),
			       (unsigned long long) (done - before));
		nanosleep(&step, NULL);
		t = now_ns();
	}
	*total += done;
	printf("phase %s %lld %lld\n", name, (long long) start, (long long) t);
}

int main(int argc, char **argv)
{
	int64_t length_ns;
	uint64_t per_ms, total = 0;

	if (argc != 3)
		die("usage: phases-workload PHASE_MS BYTES_PER_MS");
	length_ns = strtoll(argv[1], NULL, 10) * 1000000;
	per_ms = strtoull(argv[2], NULL, 10);
	if (length_ns <= 0 || per_ms == 0)
		die("PHASE_MS and BYTES_PER_MS must be positive integers");
	printf("pid %d\ntid %d\n", (int) getpid(), (int) gettid());
	phase("A", length_ns, per_ms, &total);
	phase("B", length_ns, 4 * per_ms, &total);
	phase("C", length_ns, 0, &total);
	return 0;
}
