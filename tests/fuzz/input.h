/* input.h - a fuzz target's input, read front to back; past its end every byte is 0, so any input is a whole case. */
#ifndef ALLOCSAMPLE_TESTS_FUZZ_INPUT_H
#define ALLOCSAMPLE_TESTS_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>

struct input {
	const uint8_t *data;
	size_t left;
};

static inline uint8_t take_byte(struct input *in)
{
	if (in->left == 0)
		return 0;
	in->left--;
	return *in->data++;
}

/* The next `bytes` bytes (at most 8) as a little-endian number. */
static inline uint64_t take(struct input *in, unsigned bytes)
{
	uint64_t value = 0;

	for (unsigned i = 0; i < bytes; i++)
		value |= (uint64_t) take_byte(in) << (8 * i);
	return value;
}

#endif
