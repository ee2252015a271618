/* settings.c - ALLOCSAMPLE_RATE, _SEED, _STACK_DEPTH, _TRACK_FREES, _RUN, _CHECKPOINT_INTERVAL, _CHECKPOINT_BYTES, _HIGH_WATER_FACTOR and _HIGH_WATER_INTERVAL, read once per process. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "settings.h"

bool as_settings_parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
	unsigned base = 10;
	uint64_t value = 0;

	if (!text)
		return false;
	if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X') && text[2]) {
		base = 16;
		text += 2;
	}
	if (!*text)
		return false;
	for (; *text; text++) {
		unsigned digit;

		if (*text >= '0' && *text <= '9')
			digit = (unsigned) (*text - '0');
		else if (base == 16 && *text >= 'a' && *text <= 'f')
			digit = (unsigned) (*text - 'a' + 10);
		else if (base == 16 && *text >= 'A' && *text <= 'F')
			digit = (unsigned) (*text - 'A' + 10);
		else
			return false;
		if (__builtin_mul_overflow(value, base, &value) ||
		    __builtin_add_overflow(value, digit, &value))
			return false;
	}
	if (value < min || value > max)
		return false;
	*out = value;
	return true;
}

bool as_settings_parse_millionths(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
	uint64_t whole = 0, fraction = 0, scale = 1000000;
	const char *point;

	if (!text || !*text || *text == '.')
		return false;
	point = strchr(text, '.');
	for (const char *c = text; *c && c != point; c++) {
		if (*c < '0' || *c > '9' || __builtin_mul_overflow(whole, 10, &whole) ||
		    __builtin_add_overflow(whole, (uint64_t) (*c - '0'), &whole))
			return false;
	}
	if (point) {
		if (!point[1])
			return false;
		for (const char *c = point + 1; *c; c++) {
			if (*c < '0' || *c > '9' || scale == 1)
				return false;
			scale /= 10;
			fraction += (uint64_t) (*c - '0') * scale;
		}
	}
	if (__builtin_mul_overflow(whole, 1000000, &whole) || __builtin_add_overflow(whole, fraction, &whole) ||
	    whole < min || whole > max)
		return false;
	*out = whole;
	return true;
}

/* stdio may allocate, and we can be inside malloc: write(2) pieces. */
static void warn(const char *name, const char *value, const char *expected)
{
	const char *parts[] = { "allocsample: ignoring ", name, "='", value, "': ", expected, "\n" };
	char line[320];
	size_t len = 0;

	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		/* Only the user's value can be long; show its first 64 bytes. */
		size_t n = strnlen(parts[i], parts[i] == value ? 64 : 160);

		memcpy(line + len, parts[i], n);
		len += n;
	}
	if (write(STDERR_FILENO, line, len) < 0)
		return; /* stderr is closed: there is nowhere to say it */
}

void as_settings_parse(struct as_settings *settings, const char *rate_text, const char *seed_text)
{
	*settings = (struct as_settings) { .rate = AS_DEFAULT_RATE, .stack_depth = AS_DEFAULT_STACK_DEPTH,
					   .track_frees = true,
					   .checkpoint_interval = AS_DEFAULT_CHECKPOINT_INTERVAL,
					   .high_water_factor = AS_DEFAULT_HIGH_WATER_FACTOR,
					   .high_water_interval = AS_DEFAULT_HIGH_WATER_INTERVAL };
	if (rate_text && !as_settings_parse_u64(rate_text, 1, AS_MAX_RATE, &settings->rate))
		settings->bad_rate = true;
	if (seed_text) {
		settings->has_seed = as_settings_parse_u64(seed_text, 0, UINT64_MAX, &settings->seed);
		settings->bad_seed = !settings->has_seed;
	}
}

/* A setting of 32 bits in [min, max]: `text` (NULL: unset, *out kept) into
 * *out, or *bad set and *out kept. */
static void parse_u32(const char *text, uint32_t min, uint32_t max, uint32_t *out, bool *bad)
{
	uint64_t value;

	if (!text)
		return;
	if (as_settings_parse_u64(text, min, max, &value))
		*out = (uint32_t) value;
	else
		*bad = true;
}

void as_settings_parse_stack_depth(struct as_settings *settings, const char *text)
{
	parse_u32(text, 0, AS_MAX_STACK_DEPTH, &settings->stack_depth, &settings->bad_stack_depth);
}

void as_settings_parse_track_frees(struct as_settings *settings, const char *text)
{
	uint64_t on;

	if (!text)
		return;
	if (as_settings_parse_u64(text, 0, 1, &on))
		settings->track_frees = on == 1;
	else
		settings->bad_track_frees = true;
}

void as_settings_parse_run(struct as_settings *settings, const char *text)
{
	if (text && !as_settings_parse_u64(text, 1, AS_MAX_RUN, &settings->run))
		settings->bad_run = true;
}

void as_settings_parse_checkpoint_interval(struct as_settings *settings, const char *text)
{
	parse_u32(text, 1, AS_MAX_CHECKPOINT_INTERVAL, &settings->checkpoint_interval,
		  &settings->bad_checkpoint_interval);
}

void as_settings_parse_checkpoint_bytes(struct as_settings *settings, const char *text)
{
	uint64_t bytes;

	if (!text)
		return;
	if (as_settings_parse_u64(text, 0, AS_MAX_CHECKPOINT_BYTES, &bytes) &&
	    (bytes == 0 || bytes >= AS_MIN_CHECKPOINT_BYTES))
		settings->checkpoint_bytes = bytes;
	else
		settings->bad_checkpoint_bytes = true;
}

void as_settings_parse_high_water_factor(struct as_settings *settings, const char *text)
{
	if (text && !as_settings_parse_millionths(text, AS_MIN_HIGH_WATER_FACTOR, AS_MAX_HIGH_WATER_FACTOR,
						  &settings->high_water_factor))
		settings->bad_high_water_factor = true;
}

void as_settings_parse_high_water_interval(struct as_settings *settings, const char *text)
{
	parse_u32(text, 0, AS_MAX_HIGH_WATER_INTERVAL, &settings->high_water_interval,
		  &settings->bad_high_water_interval);
}

void as_settings_warn(const struct as_settings *settings, const char *rate_text, const char *seed_text)
{
	if (settings->bad_rate)
		warn("ALLOCSAMPLE_RATE", rate_text,
		     "expected the mean bytes between samples, an integer from 1 to 2^48; "
		     "using the default 102400");
	if (settings->bad_seed)
		warn("ALLOCSAMPLE_SEED", seed_text,
		     "expected an unsigned 64-bit integer; seeding each thread from getrandom");
}

void as_settings_warn_stack_depth(const struct as_settings *settings, const char *text)
{
	if (settings->bad_stack_depth)
		warn("ALLOCSAMPLE_STACK_DEPTH", text,
		     "expected the frames to record per sample, an integer from 0 to 128; "
		     "using the default 32");
}

void as_settings_warn_track_frees(const struct as_settings *settings, const char *text)
{
	if (settings->bad_track_frees)
		warn("ALLOCSAMPLE_TRACK_FREES", text,
		     "expected 0 (do not track the frees of sampled blocks) or 1; using the default 1");
}

void as_settings_warn_run(const struct as_settings *settings, const char *text)
{
	if (settings->bad_run)
		warn("ALLOCSAMPLE_RUN", text,
		     "expected the run's number, an integer from 1 to 2^63 - 1; "
		     "this process belongs to no run");
}

void as_settings_warn_checkpoints(const struct as_settings *settings,
				  const struct as_checkpoint_texts *texts)
{
	if (settings->bad_checkpoint_interval)
		warn("ALLOCSAMPLE_CHECKPOINT_INTERVAL", texts->interval,
		     "expected the milliseconds between checkpoints, an integer from 1 to 3600000; "
		     "using the default 1000");
	if (settings->bad_checkpoint_bytes)
		warn("ALLOCSAMPLE_CHECKPOINT_BYTES", texts->bytes,
		     "expected the bytes of events that begin a checkpoint, 0 or an integer from "
		     "4096 to 2^40; using the default 0 (by the interval only)");
	if (settings->bad_high_water_factor)
		warn("ALLOCSAMPLE_HIGH_WATER_FACTOR", texts->factor,
		     "expected the factor between live-bytes marks, a decimal number from 1.01 to 100; "
		     "using the default 1.25");
	if (settings->bad_high_water_interval)
		warn("ALLOCSAMPLE_HIGH_WATER_INTERVAL", texts->high_water_interval,
		     "expected the least milliseconds between two live-bytes marks said, an integer "
		     "from 0 to 3600000; using the default 1000");
}

const struct as_settings *as_settings(struct as_settings *scratch)
{
	enum { UNREAD, PUBLISHING, PUBLISHED };
	static struct as_settings published;
	static int state = UNREAD;
	int expected = UNREAD;
	struct as_settings *out = scratch;
	const char *rate_text, *seed_text, *depth_text, *track_text, *run_text;
	struct as_checkpoint_texts texts;

	if (__atomic_load_n(&state, __ATOMIC_ACQUIRE) == PUBLISHED)
		return &published;
	/* Racing threads each parse their own copy (the environment gives
	 * them all the same answer); the one that publishes warns.  No thread
	 * ever waits for another, so a signal handler cannot deadlock here. */
	rate_text = getenv("ALLOCSAMPLE_RATE");
	seed_text = getenv("ALLOCSAMPLE_SEED");
	depth_text = getenv("ALLOCSAMPLE_STACK_DEPTH");
	track_text = getenv("ALLOCSAMPLE_TRACK_FREES");
	run_text = getenv("ALLOCSAMPLE_RUN");
	texts.interval = getenv("ALLOCSAMPLE_CHECKPOINT_INTERVAL");
	texts.bytes = getenv("ALLOCSAMPLE_CHECKPOINT_BYTES");
	texts.factor = getenv("ALLOCSAMPLE_HIGH_WATER_FACTOR");
	texts.high_water_interval = getenv("ALLOCSAMPLE_HIGH_WATER_INTERVAL");
	as_settings_parse(out, rate_text, seed_text);
	as_settings_parse_stack_depth(out, depth_text);
	as_settings_parse_track_frees(out, track_text);
	as_settings_parse_run(out, run_text);
	as_settings_parse_checkpoint_interval(out, texts.interval);
	as_settings_parse_checkpoint_bytes(out, texts.bytes);
	as_settings_parse_high_water_factor(out, texts.factor);
	as_settings_parse_high_water_interval(out, texts.high_water_interval);
	if (__atomic_compare_exchange_n(&state, &expected, PUBLISHING, false,
					__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		published = *out;
		__atomic_store_n(&state, PUBLISHED, __ATOMIC_RELEASE);
		as_settings_warn(out, rate_text, seed_text);
		as_settings_warn_stack_depth(out, depth_text);
		as_settings_warn_track_frees(out, track_text);
		as_settings_warn_run(out, run_text);
		as_settings_warn_checkpoints(out, &texts);
	}
	return out;
}
