/*
 * lib.h - the files of a trace made by hand, for the view's unit tests:
 * the metadata text lttng-sessiond writes (its declarations of the
 * packets' layout, one event), data packets, index files, packetized
 * metadata.
 */
#ifndef ALLOCSAMPLE_TESTS_UNIT_VIEW_LIB_H
#define ALLOCSAMPLE_TESTS_UNIT_VIEW_LIB_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "view/bytes.h"
#include "view/index.h"
#include "view/layout.h"
#include "view/metadata.h"

/* The start of a UST trace's metadata as lttng-sessiond 2.13 writes it
 * (src/bin/lttng-sessiond/ust-metadata.c), byte order BYTE_ORDER ("le" or
 * "be"), then one stream class and one event. */
#define TEST_METADATA(BYTE_ORDER) \
	"/* CTF 1.8 */\n\n" \
	"typealias integer { size = 8; align = 8; signed = false; } := uint8_t;\n" \
	"typealias integer { size = 16; align = 8; signed = false; } := uint16_t;\n" \
	"typealias integer { size = 32; align = 8; signed = false; } := uint32_t;\n" \
	"typealias integer { size = 64; align = 8; signed = false; } := uint64_t;\n" \
	"typealias integer { size = 64; align = 8; signed = false; } := unsigned long;\n" \
	"typealias integer { size = 5; align = 1; signed = false; } := uint5_t;\n" \
	"typealias integer { size = 27; align = 1; signed = false; } := uint27_t;\n\n" \
	"trace {\n\tmajor = 1;\n\tminor = 8;\n\tuuid = \"295bdabd-b5b9-4028-baca-837bc881f506\";\n" \
	"\tbyte_order = " BYTE_ORDER ";\n\tpacket.header := struct {\n\t\tuint32_t magic;\n" \
	"\t\tuint8_t  uuid[16];\n\t\tuint32_t stream_id;\n\t\tuint64_t stream_instance_id;\n\t};\n};\n\n" \
	"env {\n\tdomain = \"ust\";\n\ttracer_name = \"lttng-ust\";\n\thostname = \"vm\";\n};\n\n" \
	"clock {\n\tname = \"monotonic\";\n\tfreq = 1000000000; /* Frequency, in Hz */\n\toffset = 0;\n};\n\n" \
	"typealias integer {\n\tsize = 64; align = 8; signed = false;\n\tmap = clock.monotonic.value;\n" \
	"} := uint64_clock_monotonic_t;\n\n" \
	"struct packet_context {\n\tuint64_clock_monotonic_t timestamp_begin;\n" \
	"\tuint64_clock_monotonic_t timestamp_end;\n\tuint64_t content_size;\n\tuint64_t packet_size;\n" \
	"\tuint64_t packet_seq_num;\n\tunsigned long events_discarded;\n\tuint32_t cpu_id;\n};\n\n" \
	"stream {\n\tid = 0;\n\tpacket.context := struct packet_context;\n};\n\n" \
	"event {\n\tname = \"allocsample:AllocationSampled\";\n\tid = 0;\n\tstream_id = 0;\n" \
	"\tfields := struct {\n\t\tstring _type;\n\t\tinteger { size = 32; align = 8; signed = 0; " \
	"encoding = none; base = 10; byte_order = be; } _port;\n\t};\n};\n\n"

/* Appends to `file` a data packet of `size` bytes (at least a header's)
 * whose header says so, its content `content` bytes. */
static inline void test_data_packet(GByteArray *file, uint64_t size, uint64_t content, bool big)
{
	uint8_t *packet = g_malloc0(size);

	as_view_put_uint(packet, 4, big, AS_VIEW_PACKET_MAGIC);
	as_view_put_uint(packet + AS_VIEW_PACKET_CONTENT_SIZE_AT, 8, big, content * 8);
	as_view_put_uint(packet + AS_VIEW_PACKET_SIZE_AT, 8, big, size * 8);
	g_byte_array_append(file, packet, (guint) size);
	g_free(packet);
}

/* An index file's header (version 1.1, entries of 72 bytes). */
static inline GByteArray *test_index_new(void)
{
	GByteArray *index = g_byte_array_new();
	uint8_t header[AS_VIEW_INDEX_HEADER_SIZE];

	as_view_put_uint(header, 4, true, AS_VIEW_INDEX_MAGIC);
	as_view_put_uint(header + 4, 4, true, 1);
	as_view_put_uint(header + 8, 4, true, 1);
	as_view_put_uint(header + 12, 4, true, 72);
	g_byte_array_append(index, header, sizeof header);
	return index;
}

/* Appends an entry: a packet of `size` bytes at `offset`. */
static inline void test_index_entry(GByteArray *index, uint64_t offset, uint64_t size)
{
	uint8_t entry[72] = { 0 };

	as_view_put_uint(entry, 8, true, offset);
	as_view_put_uint(entry + 8, 8, true, size * 8);
	as_view_put_uint(entry + 16, 8, true, size * 8);
	g_byte_array_append(index, entry, sizeof entry);
}

/* `text` as lttng packetizes it: packets of `packet_size` bytes, each a
 * header and as much text as fits, the last padded. */
static inline GByteArray *test_packetize(const char *text, size_t packet_size, bool big)
{
	GByteArray *file = g_byte_array_new();
	size_t len = strlen(text), done = 0, room = packet_size - AS_VIEW_METADATA_HEADER_SIZE;

	while (done < len) {
		uint8_t *packet = g_malloc0(packet_size);
		size_t n = MIN(room, len - done);

		as_view_put_uint(packet, 4, big, AS_VIEW_METADATA_MAGIC);
		as_view_put_uint(packet + 24, 4, big, (AS_VIEW_METADATA_HEADER_SIZE + n) * 8);
		as_view_put_uint(packet + 28, 4, big, packet_size * 8);
		packet[35] = 1;
		packet[36] = 8;
		memcpy(packet + AS_VIEW_METADATA_HEADER_SIZE, text + done, n);
		g_byte_array_append(file, packet, (guint) packet_size);
		g_free(packet);
		done += n;
	}
	return file;
}

#endif
