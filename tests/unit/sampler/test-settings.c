/* test-settings.c - ALLOCSAMPLE_RATE, _SEED, _STACK_DEPTH, _TRACK_FREES, _RUN, _CHECKPOINT_INTERVAL and _HIGH_WATER_FACTOR: taken, refused, warned about once. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sampler/settings.h"
#include "tests/lib/check-run.h"

#define RATE_WARNING "allocsample: ignoring ALLOCSAMPLE_RATE='"
#define SEED_WARNING "allocsample: ignoring ALLOCSAMPLE_SEED='"
#define DEPTH_WARNING "allocsample: ignoring ALLOCSAMPLE_STACK_DEPTH='"

/* Refused rates: zero, signs, letters, empty, trailing garbage, decimals
 * that overflow 64 bits (2^64 + 4096 would wrap to a valid 4096), just
 * above 2^48 (decimal and hex), spaces. */
static const char *const bad_rates[] = {
	"0", "-5", "abc", "", "12abc", "99999999999999999999999",
	"18446744073709555712", "281474976710657", "0x1000000000001",
	"18446744073709551616", " 4096", "4096 ", "+5", "0x", "1e5", "4096.0",
};

static const struct {
	const char *text;
	uint64_t rate;
} good_rates[] = {
	{ "1", 1 }, { "4096", 4096 }, { "0x1000", 4096 }, { "0X1f", 31 },
	{ "102400", 102400 }, { "281474976710656", UINT64_C(1) << 48 },
	{ "0x1000000000000", UINT64_C(1) << 48 },
};

static const struct {
	const char *text;
	uint64_t seed;
} good_seeds[] = {
	{ "0", 0 }, { "42", 42 }, { "0xdeadbeef", 0xdeadbeef },
	{ "18446744073709551615", UINT64_MAX }, { "0xffffffffffffffff", UINT64_MAX },
};

static const char *const bad_seeds[] = {
	"", "-1", "abc", "18446744073709551616", "0x10000000000000000", "1.5", "7 ",
};

/* Refused depths: just above the maximum (decimal and hex), negative,
 * empty, spaces, trailing garbage, a 64-bit overflow that wraps to 32. */
static const char *const bad_depths[] = {
	"129", "0x81", "-1", "", " 8", "8 ", "8x", "abc", "18446744073709551648", "1e2",
};

static const struct {
	const char *text;
	uint32_t depth;
} good_depths[] = {
	{ "0", 0 }, { "1", 1 }, { "8", 8 }, { "32", 32 }, { "0x40", 64 }, { "128", 128 },
};

#define COUNT(array) ((int) (sizeof(array) / sizeof((array)[0])))

/* Reads `fd` to its end into `buf` (NUL-terminated, truncated to `size`). */
static void read_all(int fd, char *buf, size_t size)
{
	size_t len = 0;
	ssize_t n;

	while ((n = read(fd, buf + len, size - 1 - len)) > 0)
		len += (size_t) n;
	ck_assert_int_ge(n, 0);
	buf[len] = '\0';
	close(fd);
}

static int count_lines(const char *text)
{
	int lines = 0;

	for (; *text; text++)
		lines += *text == '\n';
	return lines;
}

/* What as_settings_warn() and as_settings_warn_stack_depth() write on
 * stderr, through a pipe on fd 2 (they write with write(2), not stdio, so
 * no buffer is in the way). */
static void warn_output(const struct as_settings *settings, const char *rate_text,
			const char *seed_text, const char *depth_text, char *buf, size_t size)
{
	int fds[2], saved = dup(STDERR_FILENO);

	ck_assert_int_ge(saved, 0);
	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_ge(dup2(fds[1], STDERR_FILENO), 0);
	as_settings_warn(settings, rate_text, seed_text);
	as_settings_warn_stack_depth(settings, depth_text);
	ck_assert_int_ge(dup2(saved, STDERR_FILENO), 0);
	close(saved);
	close(fds[1]);
	read_all(fds[0], buf, size);
}

/* Sets the environment variable `name` to `value`, or unsets it (NULL). */
static bool set_variable(const char *name, const char *value)
{
	return (value ? setenv(name, value, 1) : unsetenv(name)) == 0;
}

/*
 * Calls as_settings() twice in a new process (the settings are read once
 * per process) whose environment has `rate_text`, `seed_text` and
 * `depth_text` (NULL: unset); returns both answers and everything the child
 * wrote on stderr.
 */
static void settings_in_child(const char *rate_text, const char *seed_text, const char *depth_text,
			    struct as_settings answers[2], char *err, size_t err_size)
{
	int out_pipe[2], err_pipe[2], status;
	pid_t pid;
	ssize_t got;

	ck_assert_int_eq(pipe(out_pipe), 0);
	ck_assert_int_eq(pipe(err_pipe), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct as_settings child[2], scratch;
		bool ok;

		close(out_pipe[0]);
		close(err_pipe[0]);
		ok = dup2(err_pipe[1], STDERR_FILENO) >= 0 &&
		     set_variable("ALLOCSAMPLE_RATE", rate_text) &&
		     set_variable("ALLOCSAMPLE_SEED", seed_text) &&
		     set_variable("ALLOCSAMPLE_STACK_DEPTH", depth_text);
		child[0] = *as_settings(&scratch);
		child[1] = *as_settings(&scratch);
		ok = ok && write(out_pipe[1], child, sizeof(child)) == (ssize_t) sizeof(child);
		_exit(ok ? 0 : 1);
	}
	close(out_pipe[1]);
	close(err_pipe[1]);
	got = read(out_pipe[0], answers, 2 * sizeof(answers[0]));
	close(out_pipe[0]);
	read_all(err_pipe[0], err, err_size);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the child failed");
	ck_assert_int_eq(got, (ssize_t) (2 * sizeof(answers[0])));
}

/* Asserts that `err` is exactly one warning line about `value` under `prefix`. */
static void assert_one_warning(const char *err, const char *prefix, const char *value)
{
	size_t prefix_len = strlen(prefix), value_len = strnlen(value, 64);

	ck_assert_msg(count_lines(err) == 1 && err[strlen(err) - 1] == '\n',
		      "expected one warning line, got '%s'", err);
	ck_assert_msg(strncmp(err, prefix, prefix_len) == 0 &&
		      strncmp(err + prefix_len, value, value_len) == 0 &&
		      err[prefix_len + value_len] == '\'',
		      "the warning does not quote '%s': '%s'", value, err);
}

/*
 * Parsing alone: every refused rate sets bad_rate, keeps the default and
 * gives one warning line quoting the value.
 * Catches: a missing overflow check (2^64 + 4096 wraps to 4096); no lower
 * bound (0 taken); an upper bound off by one (2^48 + 1 taken);
 * strtoull-style leniency (spaces, signs, trailing garbage).
 */
START_TEST(test_parse_bad_rate)
{
	struct as_settings settings;
	char err[512];

	as_settings_parse(&settings, bad_rates[_i], NULL);
	ck_assert_msg(settings.bad_rate, "rate '%s' was taken as %llu", bad_rates[_i],
		      (unsigned long long) settings.rate);
	ck_assert_uint_eq(settings.rate, AS_DEFAULT_RATE);
	ck_assert(!settings.bad_seed && !settings.has_seed);
	warn_output(&settings, bad_rates[_i], NULL, NULL, err, sizeof(err));
	assert_one_warning(err, RATE_WARNING, bad_rates[_i]);
	ck_assert_msg(strstr(err, "102400"), "the warning does not name the default: '%s'", err);
}
END_TEST

/* Good rates are taken silently.  Catches: hex refused or misread (0X1f);
 * the upper bound off by one (2^48 refused). */
START_TEST(test_parse_good_rate)
{
	struct as_settings settings;
	char err[512];

	as_settings_parse(&settings, good_rates[_i].text, NULL);
	ck_assert_msg(!settings.bad_rate, "rate '%s' refused", good_rates[_i].text);
	ck_assert_uint_eq(settings.rate, good_rates[_i].rate);
	warn_output(&settings, good_rates[_i].text, NULL, NULL, err, sizeof(err));
	ck_assert_str_eq(err, "");
}
END_TEST

/* Unset variables: the defaults, no seed, nothing to say. */
START_TEST(test_parse_unset)
{
	struct as_settings settings;
	char err[512];

	as_settings_parse(&settings, NULL, NULL);
	as_settings_parse_stack_depth(&settings, NULL);
	ck_assert_uint_eq(settings.rate, AS_DEFAULT_RATE);
	ck_assert_uint_eq(settings.stack_depth, AS_DEFAULT_STACK_DEPTH);
	ck_assert(!settings.bad_rate && !settings.bad_seed && !settings.has_seed &&
		  !settings.bad_stack_depth);
	warn_output(&settings, NULL, NULL, NULL, err, sizeof(err));
	ck_assert_str_eq(err, "");
}
END_TEST

/* Catches: a seed of 2^64 wrapping to 0; a refused seed that still counts
 * as given (threads would share the seed 0). */
START_TEST(test_parse_seed)
{
	struct as_settings settings;
	char err[512];

	for (int i = 0; i < COUNT(good_seeds); i++) {
		as_settings_parse(&settings, NULL, good_seeds[i].text);
		ck_assert_msg(settings.has_seed && !settings.bad_seed, "seed '%s' refused", good_seeds[i].text);
		ck_assert_uint_eq(settings.seed, good_seeds[i].seed);
	}
	for (int i = 0; i < COUNT(bad_seeds); i++) {
		as_settings_parse(&settings, NULL, bad_seeds[i]);
		ck_assert_msg(!settings.has_seed && settings.bad_seed, "seed '%s' taken", bad_seeds[i]);
		ck_assert(!settings.bad_rate);
		ck_assert_uint_eq(settings.rate, AS_DEFAULT_RATE);
		warn_output(&settings, NULL, bad_seeds[i], NULL, err, sizeof(err));
		assert_one_warning(err, SEED_WARNING, bad_seeds[i]);
	}
}
END_TEST

/* Two bad values give two lines, one each; a value of any length still
 * gives one line, quoting its first 64 bytes. */
START_TEST(test_warn_lines)
{
	struct as_settings settings;
	char err[1024], huge[4096];

	as_settings_parse(&settings, "abc", "xyz");
	warn_output(&settings, "abc", "xyz", NULL, err, sizeof(err));
	ck_assert_int_eq(count_lines(err), 2);
	ck_assert(strncmp(err, RATE_WARNING "abc'", strlen(RATE_WARNING) + 4) == 0);
	ck_assert_ptr_nonnull(strstr(err, "\n" SEED_WARNING "xyz'"));

	memset(huge, '7', sizeof(huge) - 1);
	huge[sizeof(huge) - 1] = '\0';
	as_settings_parse(&settings, huge, NULL);
	warn_output(&settings, huge, NULL, NULL, err, sizeof(err));
	assert_one_warning(err, RATE_WARNING, huge);
}
END_TEST

/*
 * Every refused depth sets bad_stack_depth, keeps the default 32, leaves the
 * rate and seed alone and gives one warning line quoting the value and
 * naming the default.
 * Catches: no upper bound (129 taken, a bigger stack than the event
 * allows); a 64-bit wrap (2^64 + 32 taken as 32); strtoul-style leniency.
 */
START_TEST(test_parse_bad_depth)
{
	struct as_settings settings;
	char err[512];

	as_settings_parse(&settings, "4096", NULL);
	as_settings_parse_stack_depth(&settings, bad_depths[_i]);
	ck_assert_msg(settings.bad_stack_depth, "depth '%s' was taken as %u", bad_depths[_i],
		      settings.stack_depth);
	ck_assert_uint_eq(settings.stack_depth, AS_DEFAULT_STACK_DEPTH);
	ck_assert(!settings.bad_rate && settings.rate == 4096);
	warn_output(&settings, "4096", NULL, bad_depths[_i], err, sizeof(err));
	assert_one_warning(err, DEPTH_WARNING, bad_depths[_i]);
	ck_assert_msg(strstr(err, "default 32"), "the warning does not name the default: '%s'", err);
}
END_TEST

/* Good depths, 0 (no stack) and 128 (the maximum) included, are taken
 * silently.  Catches: 0 refused as if it were "unset"; 128 refused. */
START_TEST(test_parse_good_depth)
{
	struct as_settings settings;
	char err[512];

	as_settings_parse(&settings, NULL, NULL);
	as_settings_parse_stack_depth(&settings, good_depths[_i].text);
	ck_assert_msg(!settings.bad_stack_depth, "depth '%s' refused", good_depths[_i].text);
	ck_assert_uint_eq(settings.stack_depth, good_depths[_i].depth);
	warn_output(&settings, NULL, NULL, good_depths[_i].text, err, sizeof(err));
	ck_assert_str_eq(err, "");
}
END_TEST

/*
 * The process's settings, read from the environment on the first call: a
 * refused rate gives exactly one line on stderr, however often the
 * settings are read, and the default rate.
 * Catches: a warning on every call (one line per thread or per seeding).
 */
START_TEST(test_get_bad_rate)
{
	struct as_settings answers[2];
	char err[512];

	settings_in_child(bad_rates[_i], NULL, NULL, answers, err, sizeof(err));
	assert_one_warning(err, RATE_WARNING, bad_rates[_i]);
	for (int i = 0; i < 2; i++) {
		ck_assert_uint_eq(answers[i].rate, AS_DEFAULT_RATE);
		ck_assert(answers[i].bad_rate && !answers[i].has_seed);
	}
}
END_TEST

START_TEST(test_get_good_rate)
{
	struct as_settings answers[2];
	char err[512];

	settings_in_child(good_rates[_i].text, NULL, NULL, answers, err, sizeof(err));
	ck_assert_str_eq(err, "");
	for (int i = 0; i < 2; i++) {
		ck_assert_uint_eq(answers[i].rate, good_rates[_i].rate);
		ck_assert(!answers[i].bad_rate);
	}
}
END_TEST

/* Unset: the defaults, silently.  A good seed is taken silently; a bad one
 * is warned about once and leaves the rate alone. */
START_TEST(test_get_seed)
{
	struct as_settings answers[2];
	char err[512];

	settings_in_child(NULL, NULL, NULL, answers, err, sizeof(err));
	ck_assert_str_eq(err, "");
	ck_assert_uint_eq(answers[1].rate, AS_DEFAULT_RATE);
	ck_assert(!answers[1].has_seed && !answers[1].bad_seed && !answers[1].bad_rate);

	settings_in_child("4096", "0xdeadbeef", NULL, answers, err, sizeof(err));
	ck_assert_str_eq(err, "");
	ck_assert_uint_eq(answers[1].rate, 4096);
	ck_assert(answers[1].has_seed);
	ck_assert_uint_eq(answers[1].seed, 0xdeadbeef);

	settings_in_child("4096", "-1", NULL, answers, err, sizeof(err));
	assert_one_warning(err, SEED_WARNING, "-1");
	ck_assert_uint_eq(answers[1].rate, 4096);
	ck_assert(!answers[1].has_seed && answers[1].bad_seed);
}
END_TEST

/*
 * In a process: a refused depth is warned about once however often the
 * settings are read, and the default is used; a good one is taken
 * silently; unset gives 32.
 * Catches: the variable not read at all; a warning per call.
 */
START_TEST(test_get_bad_depth)
{
	struct as_settings answers[2];
	char err[512];

	settings_in_child(NULL, NULL, bad_depths[_i], answers, err, sizeof(err));
	assert_one_warning(err, DEPTH_WARNING, bad_depths[_i]);
	for (int i = 0; i < 2; i++) {
		ck_assert_uint_eq(answers[i].stack_depth, AS_DEFAULT_STACK_DEPTH);
		ck_assert(answers[i].bad_stack_depth && !answers[i].bad_rate);
	}
}
END_TEST

START_TEST(test_get_depth)
{
	struct as_settings answers[2];
	char err[512];

	settings_in_child(NULL, NULL, NULL, answers, err, sizeof(err));
	ck_assert_str_eq(err, "");
	ck_assert_uint_eq(answers[1].stack_depth, AS_DEFAULT_STACK_DEPTH);

	for (int i = 0; i < COUNT(good_depths); i++) {
		settings_in_child("4096", NULL, good_depths[i].text, answers, err, sizeof(err));
		ck_assert_str_eq(err, "");
		ck_assert_uint_eq(answers[1].stack_depth, good_depths[i].depth);
		ck_assert(!answers[1].bad_stack_depth);
	}

	/* A bad rate and a bad depth: one line each, both defaults. */
	settings_in_child("0", NULL, "500", answers, err, sizeof(err));
	ck_assert_int_eq(count_lines(err), 2);
	ck_assert_ptr_nonnull(strstr(err, RATE_WARNING "0'"));
	ck_assert_ptr_nonnull(strstr(err, DEPTH_WARNING "500'"));
	ck_assert_uint_eq(answers[1].rate, AS_DEFAULT_RATE);
	ck_assert_uint_eq(answers[1].stack_depth, AS_DEFAULT_STACK_DEPTH);
}
END_TEST

/* ALLOCSAMPLE_TRACK_FREES: on when unset, 0 and 1 taken silently, anything
 * else refused (tracking stays on) with one line naming the default. */
static const char *const bad_track[] = { "2", "-1", "", "yes", "on", " 1", "1 ", "0x2", "true" };

START_TEST(test_parse_track_frees)
{
	struct as_settings settings;

	as_settings_parse(&settings, NULL, NULL);
	as_settings_parse_track_frees(&settings, NULL);
	ck_assert(settings.track_frees && !settings.bad_track_frees);
	as_settings_parse_track_frees(&settings, "0");
	ck_assert(!settings.track_frees && !settings.bad_track_frees);
	as_settings_parse_track_frees(&settings, "1");
	ck_assert(settings.track_frees && !settings.bad_track_frees);
}
END_TEST

START_TEST(test_parse_bad_track_frees)
{
	struct as_settings settings;
	int fds[2], saved = dup(STDERR_FILENO);
	char err[512];

	as_settings_parse(&settings, NULL, NULL);
	as_settings_parse_track_frees(&settings, bad_track[_i]);
	ck_assert_msg(settings.bad_track_frees, "'%s' was taken", bad_track[_i]);
	ck_assert(settings.track_frees);
	ck_assert_int_ge(saved, 0);
	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_ge(dup2(fds[1], STDERR_FILENO), 0);
	as_settings_warn_track_frees(&settings, bad_track[_i]);
	ck_assert_int_ge(dup2(saved, STDERR_FILENO), 0);
	close(saved);
	close(fds[1]);
	read_all(fds[0], err, sizeof(err));
	ck_assert_int_eq(count_lines(err), 1);
	ck_assert(strstr(err, "allocsample: ignoring ALLOCSAMPLE_TRACK_FREES='") == err);
	ck_assert(strstr(err, "default 1"));
}
END_TEST

/* ALLOCSAMPLE_RUN: no run when unset; 1 to 2^63 - 1 taken silently;
 * anything else refused (no run) with one line saying so. */
static const char *const bad_runs[] = {
	"0", "-1", "", "run", " 7", "7 ", "9223372036854775808", "18446744073709551616", "1e3",
};

START_TEST(test_parse_run)
{
	struct as_settings settings;

	as_settings_parse(&settings, NULL, NULL);
	as_settings_parse_run(&settings, NULL);
	ck_assert(settings.run == 0 && !settings.bad_run);
	as_settings_parse_run(&settings, "1");
	ck_assert(settings.run == 1 && !settings.bad_run);
	as_settings_parse_run(&settings, "9223372036854775807");
	ck_assert(settings.run == INT64_MAX && !settings.bad_run);
	as_settings_parse_run(&settings, "0x2a");
	ck_assert(settings.run == 42 && !settings.bad_run);
}
END_TEST

START_TEST(test_parse_bad_run)
{
	struct as_settings settings;
	int fds[2], saved = dup(STDERR_FILENO);
	char err[512];

	as_settings_parse(&settings, NULL, NULL);
	as_settings_parse_run(&settings, bad_runs[_i]);
	ck_assert_msg(settings.bad_run && settings.run == 0, "'%s' was taken", bad_runs[_i]);
	ck_assert_int_ge(saved, 0);
	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_ge(dup2(fds[1], STDERR_FILENO), 0);
	as_settings_warn_run(&settings, bad_runs[_i]);
	ck_assert_int_ge(dup2(saved, STDERR_FILENO), 0);
	close(saved);
	close(fds[1]);
	read_all(fds[0], err, sizeof(err));
	ck_assert_int_eq(count_lines(err), 1);
	ck_assert(strstr(err, "allocsample: ignoring ALLOCSAMPLE_RUN='") == err);
	ck_assert(strstr(err, "belongs to no run"));
}
END_TEST

/* ALLOCSAMPLE_CHECKPOINT_INTERVAL: 1000 when unset, 1 to 3600000 taken
 * silently; ALLOCSAMPLE_CHECKPOINT_BYTES: 0 when unset, 0 and 4096 to
 * 2^40 taken; ALLOCSAMPLE_HIGH_WATER_FACTOR: 1.25 when unset, 1.01 to 100
 * with at most six decimals; ALLOCSAMPLE_HIGH_WATER_INTERVAL: 1000 when
 * unset, 0 to 3600000.  Anything else refused, the default kept, with one
 * line naming the variable and the default. */
static const char *const bad_intervals[] = { "0", "3600001", "", "-5", "1.5", " 20", "20 ", "1s", "99999999999999999999" };
static const char *const bad_bytes[] = { "1", "4095", "1099511627777", "", "-4096", "4096 ", "4k" };
static const char *const bad_high_water_intervals[] = { "3600001", "", "-1", "1.5", "1s", " 0" };
static const char *const bad_factors[] = {
	"1", "1.0", "1.009999", "100.000001", "101", "", ".5", "1.", "1.2.3", "-1.5", "1e2", " 1.5",
	"1.5 ", "1.0000001", "0x2", "18446744073709551616",
};

START_TEST(test_parse_checkpoints)
{
	struct as_settings settings;

	as_settings_parse(&settings, NULL, NULL);
	as_settings_parse_checkpoint_interval(&settings, NULL);
	as_settings_parse_high_water_factor(&settings, NULL);
	ck_assert_uint_eq(settings.checkpoint_interval, 1000);
	ck_assert_uint_eq(settings.high_water_factor, 1250000);
	as_settings_parse_checkpoint_interval(&settings, "1");
	ck_assert_uint_eq(settings.checkpoint_interval, 1);
	as_settings_parse_checkpoint_interval(&settings, "3600000");
	ck_assert_uint_eq(settings.checkpoint_interval, 3600000);
	as_settings_parse_high_water_factor(&settings, "1.01");
	ck_assert_uint_eq(settings.high_water_factor, 1010000);
	as_settings_parse_high_water_factor(&settings, "100");
	ck_assert_uint_eq(settings.high_water_factor, 100000000);
	as_settings_parse_high_water_factor(&settings, "2.000001");
	ck_assert_uint_eq(settings.high_water_factor, 2000001);
	as_settings_parse_high_water_factor(&settings, "007.5");
	ck_assert_uint_eq(settings.high_water_factor, 7500000);
	as_settings_parse_checkpoint_bytes(&settings, NULL);
	ck_assert_uint_eq(settings.checkpoint_bytes, 0);
	as_settings_parse_checkpoint_bytes(&settings, "4096");
	ck_assert_uint_eq(settings.checkpoint_bytes, 4096);
	as_settings_parse_checkpoint_bytes(&settings, "1099511627776");
	ck_assert_uint_eq(settings.checkpoint_bytes, UINT64_C(1) << 40);
	as_settings_parse_checkpoint_bytes(&settings, "0");
	ck_assert_uint_eq(settings.checkpoint_bytes, 0);
	as_settings_parse_high_water_interval(&settings, NULL);
	ck_assert_uint_eq(settings.high_water_interval, 1000);
	as_settings_parse_high_water_interval(&settings, "0");
	ck_assert_uint_eq(settings.high_water_interval, 0);
	as_settings_parse_high_water_interval(&settings, "3600000");
	ck_assert_uint_eq(settings.high_water_interval, 3600000);
	ck_assert(!settings.bad_checkpoint_interval && !settings.bad_checkpoint_bytes &&
		  !settings.bad_high_water_factor && !settings.bad_high_water_interval);
}
END_TEST

/* The four lines' text, for a refused value of each. */
static void warned_checkpoints(const struct as_checkpoint_texts *texts, char *err, size_t size)
{
	struct as_settings settings;
	int fds[2], saved = dup(STDERR_FILENO);

	as_settings_parse(&settings, NULL, NULL);
	as_settings_parse_checkpoint_interval(&settings, texts->interval);
	as_settings_parse_checkpoint_bytes(&settings, texts->bytes);
	as_settings_parse_high_water_factor(&settings, texts->factor);
	as_settings_parse_high_water_interval(&settings, texts->high_water_interval);
	ck_assert_uint_eq(settings.checkpoint_interval, 1000);
	ck_assert_uint_eq(settings.checkpoint_bytes, 0);
	ck_assert_uint_eq(settings.high_water_factor, 1250000);
	ck_assert_uint_eq(settings.high_water_interval, 1000);
	ck_assert_int_ge(saved, 0);
	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_ge(dup2(fds[1], STDERR_FILENO), 0);
	as_settings_warn_checkpoints(&settings, texts);
	ck_assert_int_ge(dup2(saved, STDERR_FILENO), 0);
	close(saved);
	close(fds[1]);
	read_all(fds[0], err, size);
}

START_TEST(test_parse_bad_interval)
{
	char err[512];

	warned_checkpoints(&(struct as_checkpoint_texts) { .interval = bad_intervals[_i] }, err, sizeof err);
	ck_assert_msg(count_lines(err) == 1, "'%s' was taken", bad_intervals[_i]);
	ck_assert(strstr(err, "allocsample: ignoring ALLOCSAMPLE_CHECKPOINT_INTERVAL='") == err);
	ck_assert(strstr(err, "default 1000"));
}
END_TEST

START_TEST(test_parse_bad_bytes)
{
	char err[512];

	warned_checkpoints(&(struct as_checkpoint_texts) { .bytes = bad_bytes[_i] }, err, sizeof err);
	ck_assert_msg(count_lines(err) == 1, "'%s' was taken", bad_bytes[_i]);
	ck_assert(strstr(err, "allocsample: ignoring ALLOCSAMPLE_CHECKPOINT_BYTES='") == err);
	ck_assert(strstr(err, "default 0"));
}
END_TEST

START_TEST(test_parse_bad_factor)
{
	char err[512];

	warned_checkpoints(&(struct as_checkpoint_texts) { .factor = bad_factors[_i] }, err, sizeof err);
	ck_assert_msg(count_lines(err) == 1, "'%s' was taken", bad_factors[_i]);
	ck_assert(strstr(err, "allocsample: ignoring ALLOCSAMPLE_HIGH_WATER_FACTOR='") == err);
	ck_assert(strstr(err, "default 1.25"));
}
END_TEST

START_TEST(test_parse_bad_high_water_interval)
{
	char err[512];

	warned_checkpoints(&(struct as_checkpoint_texts) { .high_water_interval = bad_high_water_intervals[_i] },
			   err, sizeof err);
	ck_assert_msg(count_lines(err) == 1, "'%s' was taken", bad_high_water_intervals[_i]);
	ck_assert(strstr(err, "allocsample: ignoring ALLOCSAMPLE_HIGH_WATER_INTERVAL='") == err);
	ck_assert(strstr(err, "default 1000"));
}
END_TEST

int main(void)
{
	const struct as_check_test parse[] = {
		{ test_parse_bad_rate, COUNT(bad_rates) },
		{ test_parse_good_rate, COUNT(good_rates) },
		{ test_parse_unset, 1 },
		{ test_parse_seed, 1 },
		{ test_warn_lines, 1 },
		{ test_parse_bad_depth, COUNT(bad_depths) },
		{ test_parse_good_depth, COUNT(good_depths) },
		{ test_parse_track_frees, 1 },
		{ test_parse_bad_track_frees, COUNT(bad_track) },
		{ test_parse_run, 1 },
		{ test_parse_bad_run, COUNT(bad_runs) },
		{ test_parse_checkpoints, 1 },
		{ test_parse_bad_interval, COUNT(bad_intervals) },
		{ test_parse_bad_bytes, COUNT(bad_bytes) },
		{ test_parse_bad_factor, COUNT(bad_factors) },
		{ test_parse_bad_high_water_interval, COUNT(bad_high_water_intervals) },
		{ NULL, 0 },
	};
	const struct as_check_test environment[] = {
		{ test_get_bad_rate, COUNT(bad_rates) },
		{ test_get_good_rate, COUNT(good_rates) },
		{ test_get_seed, 1 },
		{ test_get_bad_depth, COUNT(bad_depths) },
		{ test_get_depth, 1 },
		{ NULL, 0 },
	};
	Suite *suite = suite_create("config");

	as_check_case(suite, "parse", NULL, parse);
	as_check_case(suite, "environment", NULL, environment);
	return as_check_run(suite);
}
