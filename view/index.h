/*
 * index.h - LTTng's index of a data stream file's packets, the file
 * index/NAME.idx beside the stream file NAME.
 *
 * Its format (lttng-tools' src/common/index/ctf-index.h, read by
 * babeltrace2's src/plugins/ctf/fs-src/data-stream-file.c): a header of
 * four big-endian 32-bit integers, the magic 0xC1F1DCC1, the version's
 * major (1) and minor numbers, and `packet_index_len`, the size of an
 * entry in bytes (56 in version 1.0, 72 in 1.1); then one entry per
 * packet, in the order of the stream file, each beginning with two
 * big-endian 64-bit integers: the packet's offset in the stream file in
 * bytes, and its size in bits.
 */
#ifndef ALLOCSAMPLE_VIEW_INDEX_H
#define ALLOCSAMPLE_VIEW_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define AS_VIEW_INDEX_MAGIC 0xC1F1DCC1u
#define AS_VIEW_INDEX_HEADER_SIZE 16
/* An entry of version 1.0: offset, packet size, content size, the two
 * timestamps, events discarded, stream id. */
#define AS_VIEW_INDEX_ENTRY_MIN 56

struct as_view_index {
	const uint8_t *data;   /* the file, borrowed */
	size_t entry_size;     /* packet_index_len */
	size_t entries;        /* whole entries the file holds: a trailing
				* part of one (a copy cut short) is not one */
};

/*
 * Reads the index file of `size` bytes at `data` into *index.  Returns 0,
 * or -1 when it is not an index of version 1 with entries of at least
 * the size of version 1.0's (babeltrace2 then ignores it), *index
 * unchanged.
 */
int as_view_index_read(const uint8_t *data, size_t size, struct as_view_index *index);

/*
 * Entry `i` (below index->entries): the packet's offset in the stream
 * file and its size, both in bytes.  Returns false when its size is no
 * whole number of bytes, or none at all, which no packet has.
 */
bool as_view_index_entry(const struct as_view_index *index, size_t i, uint64_t *offset,
			 uint64_t *size);

/* The size of the index file of `index`'s header and its first `n` entries. */
size_t as_view_index_prefix(const struct as_view_index *index, size_t n);

#endif
