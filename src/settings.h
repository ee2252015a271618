/* settings.h - the process-wide settings read from the environment. */
#ifndef ALLOCSAMPLE_SETTINGS_H
#define ALLOCSAMPLE_SETTINGS_H

#include <stdbool.h>
#include <stdint.h>

#define AS_DEFAULT_RATE 102400ULL
/* The geometric draw reaches about 37 * rate (53 random bits), which must fit
 * in the signed 64-bit skip counter: 2^48 leaves ample room. */
#define AS_MAX_RATE (1ULL << 48)

struct as_settings {
	uint64_t rate;     /* mean bytes between samples, ALLOCSAMPLE_RATE */
	bool has_seed;     /* ALLOCSAMPLE_SEED was given and valid */
	uint64_t seed;
	bool bad_rate;     /* ALLOCSAMPLE_RATE was given but invalid */
	bool bad_seed;     /* ALLOCSAMPLE_SEED was given but invalid */
};

/*
 * Copies the settings into *out, reading the environment on the first call
 * and warning once on stderr about invalid values (which fall back to the
 * defaults).  Safe inside malloc and from any thread: it neither allocates,
 * locks nor uses stdio.
 */
void as_settings_get(struct as_settings *out);

/* Parses the two variables' texts (NULL when unset) without printing. */
void as_settings_parse(struct as_settings *settings, const char *rate_text, const char *seed_text);

/* Writes one line to stderr for each invalid value in *settings. */
void as_settings_warn(const struct as_settings *settings, const char *rate_text, const char *seed_text);

/*
 * Parses `text` as a decimal (or 0x-prefixed hexadecimal) integer in
 * [min, max].  Returns false, leaving *out unchanged, on anything else:
 * NULL, empty, signs, spaces, trailing characters, overflow.
 */
bool as_settings_parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out);

#endif
