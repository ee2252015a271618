/* test-thread-seed.c - lazy per-thread seeding: reproducible, independent, never at zero. */
#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sampler/sampler.h"
#include "tests/lib/stats.h"
#include "sampler/thread_seed.h"
#include "tests/lib/check-run.h"

#define DEFAULT_RATE 102400

/*
 * The settings and the count of seeded threads live once per process, so
 * every case runs its body in a new process with exactly the environment it
 * names (NULL: unset), whatever the test runner's fork mode and the
 * caller's environment.  The body writes `size` bytes of results to `fd`;
 * the assertions run in the test process.
 */
static void in_fresh_process(const char *rate_text, const char *seed_text,
			     void (*body)(int fd, void *arg), void *arg, void *out, size_t size)
{
	int fds[2], status;
	size_t got = 0;
	ssize_t n;
	pid_t pid;

	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		close(fds[0]);
		if ((rate_text ? setenv("ALLOCSAMPLE_RATE", rate_text, 1) : unsetenv("ALLOCSAMPLE_RATE")) ||
		    (seed_text ? setenv("ALLOCSAMPLE_SEED", seed_text, 1) : unsetenv("ALLOCSAMPLE_SEED")))
			_exit(1);
		body(fds[1], arg);
		_exit(0);
	}
	close(fds[1]);
	while (got < size && (n = read(fds[0], (char *) out + got, size - got)) > 0)
		got += (size_t) n;
	close(fds[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the child failed");
	ck_assert_uint_eq(got, size);
}

static void write_all(int fd, const void *data, size_t size)
{
	if (write(fd, data, size) != (ssize_t) size)
		_exit(2);
}

/* The first samples of a thread's stream of 1000-byte objects. */
#define STREAM_SAMPLES 32
struct stream {
	uint64_t object[STREAM_SAMPLES];
	uint64_t offset[STREAM_SAMPLES];
};

static void record_stream(struct as_sampler *s, struct stream *out)
{
	uint64_t offset;

	for (uint64_t object = 0, taken = 0; taken < STREAM_SAMPLES; object++) {
		if (stats_allocate(s, 1000, &offset)) {
			out->object[taken] = object;
			out->offset[taken++] = offset;
		}
	}
}

/* A thread's sampler as the library keeps it: zero-initialised, seeded by
 * its first slow-path visit. */
static void *thread_stream(void *out)
{
	struct as_sampler s = { 0 };

	record_stream(&s, out);
	return NULL;
}

/* Two threads, one after the other (so ALLOCSAMPLE_SEED numbers them in
 * the same order in every run). */
static void two_threads(int fd, void *arg)
{
	struct stream streams[2];
	pthread_t thread;

	(void) arg;
	for (int t = 0; t < 2; t++) {
		if (pthread_create(&thread, NULL, thread_stream, &streams[t]) != 0 ||
		    pthread_join(thread, NULL) != 0)
			_exit(3);
	}
	write_all(fd, streams, sizeof(streams));
}

static bool same_stream(const struct stream *a, const struct stream *b)
{
	return memcmp(a, b, sizeof(*a)) == 0;
}

/*
 * With ALLOCSAMPLE_SEED, a run repeats: the same threads in the same order
 * draw the same streams.  Within a run, the two threads' streams differ,
 * and another seed gives other streams.
 * Catches: ALLOCSAMPLE_SEED ignored (getrandom: runs differ); the seed used
 * as is, without the per-thread counter (threads share a stream).
 */
START_TEST(test_seeded_runs_repeat)
{
	struct stream first[2], second[2], other[2];

	in_fresh_process(NULL, "12345", two_threads, NULL, first, sizeof(first));
	in_fresh_process(NULL, "12345", two_threads, NULL, second, sizeof(second));
	in_fresh_process(NULL, "12346", two_threads, NULL, other, sizeof(other));
	ck_assert_msg(same_stream(&first[0], &second[0]) && same_stream(&first[1], &second[1]),
		      "the same ALLOCSAMPLE_SEED gave different streams");
	ck_assert_msg(!same_stream(&first[0], &first[1]), "two threads share a stream");
	ck_assert_msg(!same_stream(&first[0], &other[0]) && !same_stream(&first[1], &other[1]),
		      "another ALLOCSAMPLE_SEED gave the same streams");
}
END_TEST

/*
 * Without ALLOCSAMPLE_SEED every thread draws its own seed: two threads
 * differ, and so do two runs.
 * Catches: a fixed default seed; a seed taken from something two threads
 * or two runs share.
 */
START_TEST(test_unseeded_threads_differ)
{
	struct stream first[2], second[2];

	in_fresh_process(NULL, NULL, two_threads, NULL, first, sizeof(first));
	in_fresh_process(NULL, NULL, two_threads, NULL, second, sizeof(second));
	ck_assert_msg(!same_stream(&first[0], &first[1]), "two threads share a stream");
	ck_assert_msg(!same_stream(&first[0], &second[0]), "two runs share a stream");
}
END_TEST

/* The first allocations of many never-seeded samplers, all of one size. */
struct first_allocations {
	uint64_t size;
	uint64_t samplers;
	uint64_t sampled;
	struct stats_offsets offsets;
};

static void first_allocations(int fd, void *arg)
{
	struct first_allocations *result = arg;
	uint64_t offset;

	stats_offsets_init(&result->offsets, DEFAULT_RATE, result->size);
	for (uint64_t i = 0; i < result->samplers; i++) {
		struct as_sampler s = { 0 };

		if (stats_allocate(&s, result->size, &offset)) {
			result->sampled++;
			stats_offsets_add(&result->offsets, offset);
		}
	}
	write_all(fd, result, sizeof(*result));
}

/*
 * A never-seeded thread's first allocation is one object among others: it
 * is sampled with probability 1 - q^n, at an offset of the truncated
 * geometric distribution.  n = 1 and 4096 show it is not always sampled at
 * offset 0; n = 102400 (1 - q^n = 0.632) shows the object is applied to
 * the counter after the first draw.
 * Catches: the zero counter taken as drawn (every first allocation sampled
 * at offset 0: the fraction is 1 and the mean 0); the first draw made but
 * the object not applied to it (the fraction is 0).
 */
static const struct {
	uint64_t size;
	uint64_t samplers;
} first_sizes[] = {
	{ 1, 1000000 },
	{ 4096, 1000000 },
	{ 102400, 1000000 },
};

START_TEST(test_first_allocation)
{
	struct first_allocations result = {
		.size = first_sizes[_i].size,
		.samplers = stats_runs(first_sizes[_i].samplers),
	};
	char what[64];

	in_fresh_process(NULL, "99", first_allocations, &result, &result, sizeof(result));
	snprintf(what, sizeof(what), "first allocations of %llu bytes",
		 (unsigned long long) result.size);
	/* Exact binomial test at alpha = 1e-6 (stats.h). */
	stats_assert_binomial(what, result.sampled, result.samplers,
			      stats_sampled_probability(DEFAULT_RATE, result.size));
	/* Offsets: chi-square at 1 - 1e-6 and a z = 5 mean test (n = 1 has
	 * too few samples for either: its offsets need only be below 1). */
	if (result.size > 1)
		stats_offsets_check(what, &result.offsets);
	else
		ck_assert_uint_eq(result.offsets.out_of_range, 0);
}
END_TEST

/* After as_sampler_forget(): is the next allocation sent to the slow path,
 * and which rate and stream does the sampler then have? */
struct forget_result {
	bool fast_after_forget;
	bool seeded_after_forget;
	uint64_t rate_after_reseed;
	bool fast_after_held_forget;
	uint64_t rate_after_held_reseed;
	struct stream stream; /* after the first forget */
};

static void forget(int fd, void *arg)
{
	struct forget_result result = { 0 };
	struct as_sampler s = { 0 }, held = { 0 };
	uint64_t offset;

	(void) arg;
	as_sampler_seed(&s, 4096, 3);
	for (int i = 0; i < 1000; i++)
		stats_allocate(&s, 100, &offset);
	as_sampler_forget(&s);
	result.seeded_after_forget = s.seeded;
	result.fast_after_forget = as_sampler_fast(&s, 1);
	if (!result.fast_after_forget)
		as_sampler_slow(&s, 1, &offset);
	result.rate_after_reseed = s.rate;
	record_stream(&s, &result.stream);

	as_sampler_seed(&held, 4096, 4);
	as_sampler_hold(&held);
	as_sampler_forget(&held);
	as_sampler_release(&held);
	result.fast_after_held_forget = as_sampler_fast(&held, 1);
	if (!result.fast_after_held_forget)
		as_sampler_slow(&held, 1, &offset);
	result.rate_after_held_reseed = held.rate;
	write_all(fd, &result, sizeof(result));
}

/* The stream of a never-seeded thread whose first allocation is 1 byte,
 * like the forgotten sampler's. */
static void fresh_after_one_byte(int fd, void *arg)
{
	struct as_sampler s = { 0 };
	struct stream stream;
	uint64_t offset;

	(void) arg;
	stats_allocate(&s, 1, &offset);
	record_stream(&s, &stream);
	write_all(fd, &stream, sizeof(stream));
}

/*
 * After as_sampler_forget() (a fork child), the next allocation takes the
 * slow path and reseeds from the process's settings: the sampler then has
 * the environment's rate (64) rather than its explicit one (4096), and
 * draws exactly the stream of a never-seeded thread of a run with the same
 * ALLOCSAMPLE_SEED.  Forgetting inside a hold reseeds after the release.
 * Catches: a forget that clears the flag but keeps the counter (the next
 * allocations stay on the fast path with the parent's draws).
 */
START_TEST(test_forget_reseeds)
{
	struct forget_result result;
	struct stream fresh;

	in_fresh_process("64", "5", forget, NULL, &result, sizeof(result));
	in_fresh_process("64", "5", fresh_after_one_byte, NULL, &fresh, sizeof(fresh));
	ck_assert(!result.seeded_after_forget);
	ck_assert_msg(!result.fast_after_forget,
		      "the first allocation after forget stayed on the fast path");
	ck_assert_uint_eq(result.rate_after_reseed, 64);
	ck_assert_msg(same_stream(&result.stream, &fresh),
		      "after forget, not the stream of a never-seeded thread");
	ck_assert_msg(!result.fast_after_held_forget,
		      "the first allocation after a forget inside a hold stayed on the fast path");
	ck_assert_uint_eq(result.rate_after_held_reseed, 64);
}
END_TEST

/*
 * Before sampling starts (as_thread_seed_start(), called by
 * liballocsample's first constructor) nothing seeds and nothing samples:
 * every allocation of a never-seeded thread, however large, takes the
 * slow path and leaves the thread never drawn; once started, the next one
 * seeds.  Runs without the fixture that starts sampling.
 * Catches: a gate that lets the tracer's start-up be sampled, or one that
 * leaves a drawn counter behind (the thread would then skip seeding).
 */
START_TEST(test_no_draw_before_start)
{
	struct as_sampler s = { 0 };
	uint64_t offset = 7;

	for (int i = 0; i < 1000; i++) {
		ck_assert(!as_sampler_fast(&s, (size_t) 1 << 30));
		ck_assert(!as_sampler_slow(&s, (size_t) 1 << 30, &offset));
		ck_assert(!s.seeded);
		ck_assert_uint_eq(s.bytes_until_sample, 0);
	}
	ck_assert_uint_eq(offset, 7);
	as_thread_seed_start();
	ck_assert(!as_sampler_fast(&s, (size_t) 1 << 30));
	ck_assert(as_sampler_slow(&s, (size_t) 1 << 30, &offset));
	ck_assert(s.seeded);
}
END_TEST

int main(void)
{
	const struct as_check_test before[] = {
		{ test_no_draw_before_start, 1 },
		{ NULL, 0 },
	};
	const struct as_check_test streams[] = {
		{ test_seeded_runs_repeat, 1 },
		{ test_unseeded_threads_differ, 1 },
		{ test_forget_reseeds, 1 },
		{ NULL, 0 },
	};
	const struct as_check_test first[] = {
		{ test_first_allocation, (int) (sizeof(first_sizes) / sizeof(first_sizes[0])) },
		{ NULL, 0 },
	};
	Suite *suite = suite_create("thread_seed");

	as_check_case(suite, "before start", NULL, before);
	/* Each test runs in a process of its own, where sampling has
	 * started, as in a traced program once liballocsample is loaded. */
	as_check_case(suite, "streams", as_thread_seed_start, streams);
	as_check_case(suite, "first allocation", as_thread_seed_start, first);
	return as_check_run(suite);
}
