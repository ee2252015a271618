/*
 * layout.h - whether a trace's data packets begin as LTTng's do, so that
 * each packet's header says the packet's size where it is read without
 * the index.
 *
 * lttng-sessiond writes the same declarations in every UST trace's
 * metadata (lttng-tools' src/bin/lttng-sessiond/ust-metadata.c; the
 * kernel's traces begin their packets the same way): a packet header of
 * `uint32_t magic` (0xC1FC1FC1), `uint8_t uuid[16]`, `uint32_t stream_id`
 * and `uint64_t stream_instance_id`, then the packet context `struct
 * packet_context`, whose first fields are the two 64-bit timestamps,
 * `uint64_t content_size` and `uint64_t packet_size`, both in bits.  With
 * the integers aligned on a byte or on their own size (the only
 * alignments lttng writes), the content size is the 64-bit integer at
 * byte 48 of the packet and the packet size the one at byte 56, in the
 * trace's byte order.  A metadata text that declares anything else gives
 * no layout: its packets are found from the index alone.
 */
#ifndef ALLOCSAMPLE_VIEW_LAYOUT_H
#define ALLOCSAMPLE_VIEW_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>

#define AS_VIEW_PACKET_MAGIC 0xC1FC1FC1u
#define AS_VIEW_PACKET_CONTENT_SIZE_AT 48
#define AS_VIEW_PACKET_SIZE_AT 56
/* The bytes a packet's header and context hold at least. */
#define AS_VIEW_PACKET_HEADER_MIN 64

struct as_view_layout {
	bool known;       /* the metadata declares LTTng's layout */
	bool big_endian;  /* the trace's byte order */
};

/* The layout the metadata text of `len` bytes at `text` declares. */
struct as_view_layout as_view_layout_read(const char *text, size_t len);

#endif
