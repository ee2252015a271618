/* settings-fuzz.c - libFuzzer target for the environment parsing of src/sampler/settings.c, checked against an independent reference parser. */
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sampler/settings.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * The contract of as_settings_parse_u64 (settings.h), written differently: a
 * decimal number, or "0x"/"0X" and at least one hexadecimal digit, nothing
 * else, and a value that fits in 64 bits.  Overflow is detected by
 * comparing with UINT64_MAX / base, not with the builtins settings.c uses.
 */
static bool reference_parse(const char *text, uint64_t *out)
{
	unsigned base = 10;
	uint64_t value = 0;
	size_t digits = 0;

	if (strncmp(text, "0x", 2) == 0 || strncmp(text, "0X", 2) == 0) {
		if (text[2] != '\0') {
			base = 16;
			text += 2;
		}
	}
	for (const char *c = text; *c; c++, digits++) {
		const char *set = "0123456789abcdef";
		const char *upper = "0123456789ABCDEF";
		const char *at = memchr(set, *c, base);
		unsigned digit;

		if (!at) {
			at = memchr(upper, *c, base);
			if (!at)
				return false;
			digit = (unsigned) (at - upper);
		} else {
			digit = (unsigned) (at - set);
		}
		if (value > (UINT64_MAX - digit) / base)
			return false;
		value = value * base + digit;
	}
	if (digits == 0)
		return false;
	*out = value;
	return true;
}

static void expect(bool condition, const char *what, const char *text)
{
	if (!condition) {
		fprintf(stderr, "settings-fuzz: %s for input \"%s\"\n", what, text);
		abort();
	}
}

/* as_settings_parse_u64 on `text` with the bounds [min, max]. */
static void check_u64(const char *text, uint64_t min, uint64_t max)
{
	const uint64_t untouched = 0x5a5a5a5a5a5a5a5aULL;
	uint64_t reference, parsed = untouched;
	bool valid = reference_parse(text, &reference) && reference >= min && reference <= max;
	bool ok = as_settings_parse_u64(text, min, max, &parsed);

	expect(ok == valid, ok ? "accepted an invalid number" : "refused a valid number", text);
	expect(ok ? parsed == reference : parsed == untouched,
	       ok ? "parsed a wrong value" : "changed *out on failure", text);
}

/*
 * The contract of as_settings_parse_millionths (settings.h), written
 * differently: digits, then optionally a point and one to six digits, the
 * value in millionths; the digits are read as one integer and scaled by the
 * decimals missing, overflow found by long division.
 */
static bool reference_millionths(const char *text, uint64_t *out)
{
	size_t whole = strspn(text, "0123456789"), decimals = 0;
	uint64_t value = 0;

	if (whole == 0)
		return false;
	if (text[whole] == '.') {
		decimals = strspn(text + whole + 1, "0123456789");
		if (decimals == 0 || decimals > 6 || text[whole + 1 + decimals] != '\0')
			return false;
	} else if (text[whole] != '\0') {
		return false;
	}
	for (size_t i = 0; i < whole + (decimals ? decimals + 1 : 0); i++) {
		if (text[i] == '.')
			continue;
		if (value > (UINT64_MAX - (uint64_t) (text[i] - '0')) / 10)
			return false;
		value = value * 10 + (uint64_t) (text[i] - '0');
	}
	for (; decimals < 6; decimals++) {
		if (value > UINT64_MAX / 10)
			return false;
		value *= 10;
	}
	*out = value;
	return true;
}

/* as_settings_parse_millionths on `text` with the bounds [min, max]. */
static void check_millionths(const char *text, uint64_t min, uint64_t max)
{
	const uint64_t untouched = 0x5a5a5a5a5a5a5a5aULL;
	uint64_t reference, parsed = untouched;
	bool valid = reference_millionths(text, &reference) && reference >= min && reference <= max;
	bool ok = as_settings_parse_millionths(text, min, max, &parsed);

	expect(ok == valid, ok ? "accepted an invalid decimal" : "refused a valid decimal", text);
	expect(ok ? parsed == reference : parsed == untouched,
	       ok ? "parsed a wrong decimal" : "changed *out on failure", text);
}

/* as_settings_parse with these texts (NULL: the variable is unset). */
static void check_settings(const char *rate_text, const char *seed_text)
{
	struct as_settings settings;
	uint64_t reference;
	bool rate_valid = rate_text && reference_parse(rate_text, &reference) && reference >= 1 &&
			  reference <= AS_MAX_RATE;
	bool seed_valid;

	memset(&settings, 0xa5, sizeof(settings));
	as_settings_parse(&settings, rate_text, seed_text);
	expect(settings.rate == (rate_valid ? reference : AS_DEFAULT_RATE), "wrong rate",
	       rate_text ? rate_text : "(unset)");
	expect(settings.bad_rate == (rate_text && !rate_valid), "wrong bad_rate",
	       rate_text ? rate_text : "(unset)");
	expect(settings.rate >= 1 && settings.rate <= AS_MAX_RATE, "rate out of range",
	       rate_text ? rate_text : "(unset)");
	seed_valid = seed_text && reference_parse(seed_text, &reference);
	expect(settings.has_seed == seed_valid, "wrong has_seed", seed_text ? seed_text : "(unset)");
	expect(settings.bad_seed == (seed_text && !seed_valid), "wrong bad_seed",
	       seed_text ? seed_text : "(unset)");
	expect(!seed_valid || settings.seed == reference, "wrong seed", seed_text);
	/* While fuzzing, stderr is closed (-close_fd_mask=2): what is checked
	 * here is that any value is safe to show. */
	as_settings_warn(&settings, rate_text, seed_text);
}

/*
 * The input is up to two NUL-separated strings, as an environment variable
 * cannot hold a NUL: the first is tried as every parser's text, the second
 * as ALLOCSAMPLE_SEED beside the first as ALLOCSAMPLE_RATE.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1);
	const char *first, *second = NULL;
	size_t first_length;
	uint64_t bound;

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	first = copy;
	first_length = strlen(first);
	if (first_length < size)
		second = copy + first_length + 1;

	check_u64(first, 0, UINT64_MAX);
	check_u64(first, 1, AS_MAX_RATE);
	/* Bounds around the value itself, to reach both range tests. */
	if (reference_parse(first, &bound)) {
		check_u64(first, bound, bound);
		if (bound < UINT64_MAX)
			check_u64(first, bound + 1, UINT64_MAX);
		if (bound > 0)
			check_u64(first, 0, bound - 1);
	}
	check_millionths(first, 0, UINT64_MAX);
	check_millionths(first, AS_MIN_HIGH_WATER_FACTOR, AS_MAX_HIGH_WATER_FACTOR);
	check_settings(first, second);
	check_settings(NULL, first);
	check_settings(second, NULL);
	free(copy);
	return 0;
}
