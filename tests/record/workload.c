/* workload.c - programs for allocsample-record's tests: threads, children, exit statuses, allocation until SIGINT, waiting, output, closed descriptors. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "workload.h"

#define THREADS 3
#define THREAD_UNIT ((unsigned long long) 2 << 20)
/* A deadlock guard for the modes that wait for the test (spin, wait): a
 * test that never comes fails, not hangs, and a test that failed midway
 * does not leave a program spinning for long. */
#define SPIN_LIMIT_SECONDS 120
/* What spin allocates before it says it is ready: a recording of it then
 * has samples. */
#define SPIN_READY_BYTES ((unsigned long long) 4 << 20)

extern char **environ;

/* Where the facts go (argv[1]): the program's standard output is the
 * report's too. */
static const char *facts_path;

static void facts(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* Appends one line to the facts file; the processes of one run share it,
 * and each line is one write (at fclose) of an O_APPEND stream. */
static void facts(const char *format, ...)
{
	char line[256];
	va_list args;
	FILE *f;
	int n;

	va_start(args, format);
	n = vsnprintf(line, sizeof(line), format, args);
	va_end(args);
	f = fopen(facts_path, "a");
	if (!f || n < 0 || (size_t) n >= sizeof(line))
		workload_die("cannot write the facts file");
	if (fputs(line, f) == EOF || fclose(f) != 0)
		workload_die("cannot write the facts file");
}

/* Allocates one object of 64..8191 bytes, the next of the random sequence
 * `state`, writes it with `mark` and frees it; returns its size. */
static size_t allocate_one(uint64_t *state, unsigned char mark)
{
	size_t n = 64 + (size_t) (workload_random(state) % 8128);
	void *p = malloc(n);

	if (!p)
		workload_die("malloc failed");
	(void) workload_touch(p, n, mark);
	free(p);
	return n;
}

/* Allocates at least `bytes` in objects of 64..8191 bytes (a fixed random
 * sequence per stream), each written and freed; returns the bytes asked. */
static unsigned long long allocate(unsigned stream, unsigned long long bytes)
{
	uint64_t state = workload_seed(stream);
	unsigned long long done = 0;

	while (done < bytes)
		done += allocate_one(&state, (unsigned char) done);
	return done;
}

struct worker {
	pthread_t thread;
	unsigned index;
	pid_t tid;
	unsigned long long bytes;
};

static void *work(void *arg)
{
	struct worker *w = arg;

	w->tid = gettid();
	w->bytes = allocate(w->index + 1, (w->index + 1) * THREAD_UNIT);
	return NULL;
}

/* threads: worker i allocates about (i + 1) * 2 MiB; facts `pid P` and,
 * as each worker ends, `thread I TID BYTES`. */
static int threads(void)
{
	struct worker workers[THREADS];

	for (unsigned i = 0; i < THREADS; i++) {
		workers[i].index = i;
		if (pthread_create(&workers[i].thread, NULL, work, &workers[i]) != 0)
			workload_die("pthread_create failed");
	}
	facts("pid %d\n", (int) getpid());
	for (unsigned i = 0; i < THREADS; i++) {
		if (pthread_join(workers[i].thread, NULL) != 0)
			workload_die("pthread_join failed");
		facts("thread %u %d %llu\n", i, (int) workers[i].tid, workers[i].bytes);
	}
	return 0;
}

/* alloc BYTES: allocates BYTES (rounded up to an object); fact `alloc PID BYTES`. */
static int alloc(const char *bytes)
{
	unsigned long long done = allocate(10, strtoull(bytes, NULL, 10));

	facts("alloc %d %llu\n", (int) getpid(), done);
	return 0;
}

/* children PROGRAM: allocates 48 MiB, forks a child that allocates 32 MiB
 * and runs PROGRAM (this program, by path) for 32 MiB more; facts `fork PID
 * BYTES` from the forked child, `alloc PID BYTES` from the executed one,
 * `parent PID BYTES`.  Tens of MiB, so that what lttng-ust allocates in
 * each process (a few hundred KiB, tests/record/children.sh) stays far
 * inside the intervals. */
static int children(const char *program)
{
	char *spawn_argv[] = { (char *) program, (char *) facts_path, "alloc", "33554432", NULL };
	unsigned long long bytes = allocate(20, (unsigned long long) 48 << 20);
	pid_t forked, spawned;
	int status;

	fflush(NULL);
	forked = fork();
	if (forked < 0)
		workload_die("fork failed");
	if (forked == 0) {
		unsigned long long child = allocate(21, (unsigned long long) 32 << 20);

		facts("fork %d %llu\n", (int) getpid(), child);
		exit(0);
	}
	if (posix_spawn(&spawned, program, NULL, NULL, spawn_argv, environ) != 0)
		workload_die("posix_spawn failed");
	if (waitpid(forked, &status, 0) != forked || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		workload_die("the forked child failed");
	if (waitpid(spawned, &status, 0) != spawned || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		workload_die("the executed child failed");
	facts("parent %d %llu\n", (int) getpid(), bytes);
	return 0;
}

static volatile sig_atomic_t interrupted;

static void on_interrupt(int signal)
{
	(void) signal;
	interrupted = 1;
}

/* spin handle|die: allocates until SIGINT (at most SPIN_LIMIT_SECONDS, then
 * exit status 1).  Once it has allocated SPIN_READY_BYTES, fact `ready
 * PID`.  With handle, SIGINT is caught: fact `interrupted PID BYTES`, exit
 * status 130; with die, the default action ends the program. */
static int spin(const char *how)
{
	uint64_t state = workload_seed(30);
	unsigned long long bytes = 0;
	time_t start = time(NULL);

	if (strcmp(how, "handle") == 0) {
		struct sigaction action = { .sa_handler = on_interrupt };

		sigemptyset(&action.sa_mask);
		if (sigaction(SIGINT, &action, NULL) != 0)
			workload_die("sigaction failed");
	} else if (strcmp(how, "die") != 0) {
		workload_die("spin handle|die");
	}
	while (!interrupted) {
		size_t n = allocate_one(&state, (unsigned char) bytes);

		if (bytes < SPIN_READY_BYTES && bytes + n >= SPIN_READY_BYTES)
			facts("ready %d\n", (int) getpid());
		bytes += n;
		/* About 256 MiB/s at most: few enough samples that the tracer's
		 * buffers never overflow. */
		if ((bytes & 0x3ffff) < n) {
			nanosleep(&(struct timespec) { .tv_nsec = 1000000 }, NULL);
			if (time(NULL) - start > SPIN_LIMIT_SECONDS)
				workload_die("no SIGINT came");
		}
	}
	facts("interrupted %d %llu\n", (int) getpid(), bytes);
	return 130;
}

/* status exit N | signal N: allocates 1 MiB, then exits with status N or
 * raises signal N. */
static int status(const char *how, const char *number)
{
	int n = atoi(number);

	allocate(40, (unsigned long long) 1 << 20);
	if (strcmp(how, "exit") == 0)
		return n;
	if (strcmp(how, "signal") == 0) {
		signal(n, SIG_DFL);
		raise(n);
		workload_die("the signal did not end the program");
	}
	workload_die("status exit|signal N");
	return 1;
}

/* wait FILE: allocates 1 MiB, fact `ready PID`, waits until FILE exists
 * (at most SPIN_LIMIT_SECONDS, then exit status 1), allocates 1 MiB more;
 * fact `alloc PID BYTES`. */
static int wait_for(const char *file)
{
	unsigned long long bytes = allocate(50, (unsigned long long) 1 << 20);
	time_t start = time(NULL);

	facts("ready %d\n", (int) getpid());
	while (access(file, F_OK) != 0) {
		if (time(NULL) - start > SPIN_LIMIT_SECONDS)
			workload_die("the file to wait for never came");
		nanosleep(&(struct timespec) { .tv_nsec = 10000000 }, NULL);
	}
	bytes += allocate(51, (unsigned long long) 1 << 20);
	facts("alloc %d %llu\n", (int) getpid(), bytes);
	return 0;
}

/* print LINES: allocates 1 MiB, then writes LINES lines `line N` to
 * standard output, each after an allocation; fact `alloc PID BYTES` when
 * all were written. */
static int print(const char *lines)
{
	unsigned long long n = strtoull(lines, NULL, 10);
	unsigned long long bytes = allocate(60, (unsigned long long) 1 << 20);

	for (unsigned long long i = 0; i < n; i++) {
		bytes += allocate(61 + (unsigned) i, 1);
		if (printf("line %llu\n", i) < 0)
			workload_die("cannot write standard output");
	}
	if (fflush(stdout) != 0)
		workload_die("cannot write standard output");
	facts("alloc %d %llu\n", (int) getpid(), bytes);
	return 0;
}

/* Closes every descriptor above 2 the way `how` says: one by one
 * (close), with close_range(3, ~0U, 0), as Python's subprocess and many
 * daemons do, with close_range's CLOSE_RANGE_CLOEXEC (the descriptors
 * stay open until the next exec), or with closefrom(3). */
static void close_all(const char *how)
{
	struct rlimit limit;
	int max = 1024;

	if (strcmp(how, "close") == 0) {
		if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
		    limit.rlim_cur < 65536)
			max = (int) limit.rlim_cur;
		for (int fd = 3; fd < max; fd++)
			close(fd);
	} else if (strcmp(how, "close_range") == 0) {
		if (close_range(3, ~0U, 0) != 0)
			workload_die("close_range failed");
	} else if (strcmp(how, "cloexec") == 0) {
		if (close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) != 0)
			workload_die("close_range failed");
	} else if (strcmp(how, "closefrom") == 0) {
		closefrom(3);
	} else {
		workload_die("closefds close|close_range|cloexec|closefrom DIR");
	}
}

/* close_range's answers to what it refuses, which the shim must leave
 * exactly the system call's: EINVAL, nothing closed. */
static void check_refusals(int fd)
{
	errno = 0;
	if (close_range(5, 3, 0) != -1 || errno != EINVAL)
		workload_die("close_range(5, 3, 0) did not fail with EINVAL");
	errno = 0;
	if (close_range((unsigned) fd, (unsigned) fd, 1U << 8) != -1 || errno != EINVAL)
		workload_die("close_range with an unknown flag did not fail with EINVAL");
	if (fcntl(fd, F_GETFD) < 0)
		workload_die("a refused close_range closed a descriptor");
}

/* closefds HOW DIR: opens 8 descriptors of its own, closes every
 * descriptor above 2 as `how` says (see close_all), as daemons do at
 * start, and checks that its own are closed (or close-on-exec); then
 * writes 16 files of 64 KiB into DIR through malloc'ed buffers and reads
 * them back; fact `closefds PID BYTES FILES_OK`. */
static int closefds(const char *how, const char *dir)
{
	unsigned long long bytes = 0;
	unsigned ok = 0;
	int own[8];

	for (unsigned i = 0; i < 8; i++)
		if ((own[i] = open("/dev/null", O_RDONLY)) < 0)
			workload_die("cannot open /dev/null");
	check_refusals(own[0]);
	close_all(how);
	for (unsigned i = 0; i < 8; i++) {
		int flags = fcntl(own[i], F_GETFD);

		if (strcmp(how, "cloexec") == 0 ? flags < 0 || !(flags & FD_CLOEXEC) : flags >= 0)
			workload_die("a descriptor of the program was left as it was");
	}
	for (unsigned i = 0; i < 16; i++) {
		char path[4096];
		size_t size = 65536;
		unsigned char *out = malloc(size), *in = malloc(size);
		int fd;

		if (!out || !in)
			workload_die("malloc failed");
		bytes += 2 * size + allocate(70 + i, (unsigned long long) 1 << 18);
		for (size_t j = 0; j < size; j++)
			out[j] = (unsigned char) (i * 31 + j * 7);
		snprintf(path, sizeof(path), "%s/file%u", dir, i);
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || write(fd, out, size) != (ssize_t) size || close(fd) != 0)
			workload_die("cannot write a file");
		fd = open(path, O_RDONLY);
		if (fd < 0 || read(fd, in, size) != (ssize_t) size || close(fd) != 0)
			workload_die("cannot read a file back");
		if (memcmp(in, out, size) == 0)
			ok++;
		free(out);
		free(in);
	}
	facts("closefds %d %llu %u\n", (int) getpid(), bytes, ok);
	return 0;
}

/*
 * Usage: workload FACTS MODE [ARGS]: the modes above.  The facts file gets
 * what the test compares with the report.
 */
int main(int argc, char **argv)
{
	if (argc < 3)
		workload_die("usage: workload FACTS threads|alloc|children|spin|status|wait|print|closefds [ARGS]");
	facts_path = argv[1];
	if (strcmp(argv[2], "threads") == 0)
		return threads();
	if (strcmp(argv[2], "alloc") == 0 && argc == 4)
		return alloc(argv[3]);
	if (strcmp(argv[2], "children") == 0)
		return children(argv[0]);
	if (strcmp(argv[2], "spin") == 0 && argc == 4)
		return spin(argv[3]);
	if (strcmp(argv[2], "status") == 0 && argc == 5)
		return status(argv[3], argv[4]);
	if (strcmp(argv[2], "wait") == 0 && argc == 4)
		return wait_for(argv[3]);
	if (strcmp(argv[2], "print") == 0 && argc == 4)
		return print(argv[3]);
	if (strcmp(argv[2], "closefds") == 0 && argc == 5)
		return closefds(argv[3], argv[4]);
	workload_die("unknown mode or arguments");
	return 1;
}
