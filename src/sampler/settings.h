/* settings.h - the process-wide settings read from the environment. */
#ifndef ALLOCSAMPLE_SETTINGS_H
#define ALLOCSAMPLE_SETTINGS_H

#include <stdbool.h>
#include <stdint.h>

#define AS_DEFAULT_RATE 102400ULL
/* The geometric draw reaches about 37 * rate (53 random bits), which must fit
 * in the signed 64-bit skip counter: 2^48 leaves ample room. */
#define AS_MAX_RATE (1ULL << 48)

#define AS_DEFAULT_STACK_DEPTH 32
/* At most 128 frames: an event's stack stays within one kilobyte. */
#define AS_MAX_STACK_DEPTH 128

/* A run is named by a positive signed 64-bit integer: lttng-ust's filters
 * compare integers as such (doc/sampling.md, "Which processes a run
 * holds"). */
#define AS_MAX_RUN INT64_MAX

/* Milliseconds between checkpoints (doc/sampling.md, "Checkpoints"). */
#define AS_DEFAULT_CHECKPOINT_INTERVAL 1000
#define AS_MAX_CHECKPOINT_INTERVAL 3600000
/* Bytes of events after which a pass begins early (0: none): at least a
 * page, at most 2^40. */
#define AS_MIN_CHECKPOINT_BYTES 4096
#define AS_MAX_CHECKPOINT_BYTES (UINT64_C(1) << 40)

/* The factor between LiveHighWater marks, in millionths: 1.25 by default,
 * from 1.01 to 100. */
#define AS_DEFAULT_HIGH_WATER_FACTOR 1250000
#define AS_MIN_HIGH_WATER_FACTOR 1010000
#define AS_MAX_HIGH_WATER_FACTOR 100000000
/* The least milliseconds between two LiveHighWater events (0: none;
 * doc/events.md). */
#define AS_DEFAULT_HIGH_WATER_INTERVAL 1000
#define AS_MAX_HIGH_WATER_INTERVAL 3600000

struct as_settings {
	uint64_t rate;     /* mean bytes between samples, ALLOCSAMPLE_RATE */
	bool has_seed;     /* ALLOCSAMPLE_SEED was given and valid */
	uint64_t seed;
	uint32_t stack_depth; /* frames recorded per sample, ALLOCSAMPLE_STACK_DEPTH */
	bool track_frees;  /* ALLOCSAMPLE_TRACK_FREES: emit SampledFree (doc/sampling.md) */
	uint64_t run;      /* ALLOCSAMPLE_RUN, the run the process belongs to; 0: none */
	uint32_t checkpoint_interval; /* ms between checkpoints, ALLOCSAMPLE_CHECKPOINT_INTERVAL */
	uint64_t checkpoint_bytes;    /* events' bytes that start a pass, ALLOCSAMPLE_CHECKPOINT_BYTES; 0: none */
	uint64_t high_water_factor;   /* millionths, ALLOCSAMPLE_HIGH_WATER_FACTOR */
	uint32_t high_water_interval; /* ms, ALLOCSAMPLE_HIGH_WATER_INTERVAL */
	bool bad_rate;     /* ALLOCSAMPLE_RATE was given but invalid */
	bool bad_seed;     /* ALLOCSAMPLE_SEED was given but invalid */
	bool bad_stack_depth; /* ALLOCSAMPLE_STACK_DEPTH was given but invalid */
	bool bad_track_frees; /* ALLOCSAMPLE_TRACK_FREES was given but invalid */
	bool bad_run;      /* ALLOCSAMPLE_RUN was given but invalid */
	bool bad_checkpoint_interval; /* ALLOCSAMPLE_CHECKPOINT_INTERVAL was given but invalid */
	bool bad_checkpoint_bytes;    /* ALLOCSAMPLE_CHECKPOINT_BYTES was given but invalid */
	bool bad_high_water_factor;   /* ALLOCSAMPLE_HIGH_WATER_FACTOR was given but invalid */
	bool bad_high_water_interval; /* ALLOCSAMPLE_HIGH_WATER_INTERVAL was given but invalid */
};

/*
 * The settings, read from the environment on the first call, with one
 * warning on stderr for each invalid value (which falls back to its
 * default).  Once they are published (the first call done), a call is a
 * load and a compare, as every sample asks: the result points to the
 * process's copy, never written again.  A call that races the first one
 * parses its own copy into *scratch and points there.  Safe inside malloc
 * and from any thread: it neither allocates, locks nor uses stdio.
 */
const struct as_settings *as_settings(struct as_settings *scratch);

/* Sets every setting to its default, then parses ALLOCSAMPLE_RATE's and
 * ALLOCSAMPLE_SEED's texts (NULL when unset), without printing. */
void as_settings_parse(struct as_settings *settings, const char *rate_text, const char *seed_text);

/* Parses ALLOCSAMPLE_STACK_DEPTH's text (NULL when unset) without printing:
 * an invalid one leaves the depth as it was and sets bad_stack_depth. */
void as_settings_parse_stack_depth(struct as_settings *settings, const char *text);

/* Writes one line to stderr for each invalid rate or seed in *settings. */
void as_settings_warn(const struct as_settings *settings, const char *rate_text, const char *seed_text);

/* Writes one line to stderr if *settings says the stack depth was invalid. */
void as_settings_warn_stack_depth(const struct as_settings *settings, const char *text);

/* Parses ALLOCSAMPLE_TRACK_FREES's text (NULL when unset: on), 0 or 1,
 * without printing: anything else leaves it on and sets bad_track_frees. */
void as_settings_parse_track_frees(struct as_settings *settings, const char *text);

/* Writes one line to stderr if *settings says ALLOCSAMPLE_TRACK_FREES was invalid. */
void as_settings_warn_track_frees(const struct as_settings *settings, const char *text);

/* Parses ALLOCSAMPLE_RUN's text (NULL when unset: no run), an integer from
 * 1 to 2^63 - 1, without printing: anything else leaves no run and sets
 * bad_run. */
void as_settings_parse_run(struct as_settings *settings, const char *text);

/* Writes one line to stderr if *settings says ALLOCSAMPLE_RUN was invalid. */
void as_settings_warn_run(const struct as_settings *settings, const char *text);

/* Parses ALLOCSAMPLE_CHECKPOINT_INTERVAL's text (NULL when unset: 1000), an
 * integer from 1 to 3600000 milliseconds, without printing: anything else
 * leaves the default and sets bad_checkpoint_interval. */
void as_settings_parse_checkpoint_interval(struct as_settings *settings, const char *text);

/* Parses ALLOCSAMPLE_CHECKPOINT_BYTES's text (NULL when unset: 0, no
 * pass begins early), 0 or an integer from 4096 to 2^40, without
 * printing: anything else leaves 0 and sets bad_checkpoint_bytes. */
void as_settings_parse_checkpoint_bytes(struct as_settings *settings, const char *text);

/* Parses ALLOCSAMPLE_HIGH_WATER_FACTOR's text (NULL when unset: 1.25), a
 * decimal number from 1.01 to 100 with at most six decimals, without
 * printing: anything else leaves the default and sets bad_high_water_factor. */
void as_settings_parse_high_water_factor(struct as_settings *settings, const char *text);

/* Parses ALLOCSAMPLE_HIGH_WATER_INTERVAL's text (NULL when unset: 1000),
 * an integer from 0 to 3600000 milliseconds, without printing: anything
 * else leaves the default and sets bad_high_water_interval. */
void as_settings_parse_high_water_interval(struct as_settings *settings, const char *text);

/* The texts of the four settings above, as the environment gave them. */
struct as_checkpoint_texts {
	const char *interval, *bytes, *factor, *high_water_interval;
};

/* One line on stderr for each of the four above that was invalid. */
void as_settings_warn_checkpoints(const struct as_settings *settings,
				  const struct as_checkpoint_texts *texts);

/*
 * Parses `text` as a decimal number with at most six decimals (`1`, `1.5`,
 * `100.000001`), in millionths within [min, max].  Returns false, leaving
 * *out unchanged, on anything else: NULL, empty, signs, exponents, spaces,
 * a lone point, more decimals, overflow.
 */
bool as_settings_parse_millionths(const char *text, uint64_t min, uint64_t max, uint64_t *out);

/*
 * Parses `text` as a decimal (or 0x-prefixed hexadecimal) integer in
 * [min, max].  Returns false, leaving *out unchanged, on anything else:
 * NULL, empty, signs, spaces, trailing characters, overflow.
 */
bool as_settings_parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out);

#endif
