/*
 * tables-workload.c - one thread, one type, and functions whose stacks
 * differ by a line only, for tests/report/tables.sh: the tables of the
 * text and of the page.
 *
 * allocate() first asks for 20000 blocks of 3000 B, each freed at once
 * (its site allocates most and keeps nothing), then for 2000 blocks of
 * 600 B kept to the end (a size class across two units, 512 B to 1 KiB).
 * main calls it from one line, so these two paths' stacks hold the same
 * functions and differ by the line of the call to malloc only.  Then main
 * calls refill() from two lines, each asking for 500 blocks of 4000 B
 * freed at once: two stacks whose innermost frame and line are the same,
 * which differ by main's line only.
 *
 * Prints "pid PID", then the lines: "churn LINE" and "kept LINE", those
 * of allocate()'s two calls to malloc; "refill LINE", refill()'s;
 * "first LINE" and "second LINE", main's two calls to refill().
 *
 * `tables-workload tracer`: a thread named as lttng-ust names its own
 * ("...-ust") keeps 1000 blocks of 4000 B to the end, and main's refill()
 * frees all its own: what is live at the end is the "tracer's" only.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))
#define CHURN_BLOCKS 20000
#define CHURN_BLOCK 3000
#define KEPT_BLOCKS 2000
#define KEPT_BLOCK 600
#define REFILL_BLOCKS 500
#define REFILL_BLOCK 4000

static void *volatile churned;
static void *volatile kept[KEPT_BLOCKS];
static int churn_line, kept_line, refill_line;

static NOINLINE void allocate(int keep)
{
	int i;

	if (!keep) {
		for (i = 0; i < CHURN_BLOCKS; i++) {
			churned = malloc(CHURN_BLOCK); churn_line = __LINE__;
			free(churned);
		}
	} else {
		for (i = 0; i < KEPT_BLOCKS; i++) {
			kept[i] = malloc(KEPT_BLOCK); kept_line = __LINE__;
		}
	}
}

static NOINLINE void refill(void)
{
	int i;

	for (i = 0; i < REFILL_BLOCKS; i++) {
		churned = malloc(REFILL_BLOCK); refill_line = __LINE__;
		free(churned);
	}
}

static void *tracer_like(void *unused)
{
	int i;

	(void) unused;
	pthread_setname_np(pthread_self(), "tables-work-ust");
	for (i = 0; i < KEPT_BLOCKS / 2; i++)
		kept[i] = malloc(REFILL_BLOCK);
	return NULL;
}

int main(int argc, char **argv)
{
	volatile int keep;
	int first_line, second_line;

	if (argc > 1 && strcmp(argv[1], "tracer") == 0) {
		pthread_t thread;
		char line[32];
		int n;

		if (pthread_create(&thread, NULL, tracer_like, NULL) || pthread_join(thread, NULL))
			return 1;
		refill();
		/* Not printf: stdio's buffer would stay live to the end. */
		n = snprintf(line, sizeof line, "pid %d\n", (int) getpid());
		return write(STDOUT_FILENO, line, (size_t) n) == n ? 0 : 1;
	}

	for (keep = 0; keep <= 1; keep++)
		allocate(keep);
	refill(); first_line = __LINE__;
	refill(); second_line = __LINE__;
	printf("pid %d\nchurn %d\nkept %d\nrefill %d\nfirst %d\nsecond %d\n", (int) getpid(), churn_line,
	       kept_line, refill_line, first_line, second_line);
	return 0;
}
