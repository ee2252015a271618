/* bytes.h - integers read from a trace's files, in the byte order the file gives. */
#ifndef ALLOCSAMPLE_VIEW_BYTES_H
#define ALLOCSAMPLE_VIEW_BYTES_H

#include <stdbool.h>
#include <stdint.h>

/* The unsigned integer of `n` bytes (at most 8) at `p`, big-endian when
 * `big` is true, else little-endian. */
static inline uint64_t as_view_uint(const uint8_t *p, unsigned n, bool big)
{
	uint64_t v = 0;
	unsigned i;

	for (i = 0; i < n; i++)
		v |= (uint64_t) p[big ? i : n - 1 - i] << (8 * (n - 1 - i));
	return v;
}

/* Writes `v` as an unsigned integer of `n` bytes at `p`, in that order. */
static inline void as_view_put_uint(uint8_t *p, unsigned n, bool big, uint64_t v)
{
	unsigned i;

	for (i = 0; i < n; i++)
		p[big ? i : n - 1 - i] = (uint8_t) (v >> (8 * (n - 1 - i)));
}

#endif
