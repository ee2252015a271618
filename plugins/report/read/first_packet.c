/* first_packet.c - a stream's first packet's sequence number, from its file (see first_packet.h). */
#include <stdio.h>
#include <string.h>

#include "read/first_packet.h"

#define CTF_MAGIC UINT32_C(0xC1FC1FC1)

/* lttng's packet header: magic (4), uuid (16), stream_id (4),
 * stream_instance_id (8); then, aligned on 8, the packet context. */
#define UUID_AT 4
#define CONTEXT_AT 32
#define BEGIN_AT (CONTEXT_AT + 0)
#define CONTENT_SIZE_AT (CONTEXT_AT + 16)
#define PACKET_SIZE_AT (CONTEXT_AT + 24)
#define SEQ_AT (CONTEXT_AT + 32)
#define HEADER_BYTES (SEQ_AT + 8)

static uint64_t unsigned_at(const unsigned char *bytes, size_t at, size_t width, bool big_endian)
{
	uint64_t v = 0;

	for (size_t i = 0; i < width; i++)
		v |= (uint64_t) bytes[at + (big_endian ? width - 1 - i : i)] << (8 * i);
	return v;
}

bool asr_first_packet_parse(const unsigned char *bytes, size_t length, const unsigned char *uuid,
			    const bt_clock_class *clock, struct asr_first_packet *out)
{
	bool big_endian;
	uint64_t begin, content, packet;

	if (length < HEADER_BYTES)
		return false;
	if (unsigned_at(bytes, 0, 4, false) == CTF_MAGIC)
		big_endian = false;
	else if (unsigned_at(bytes, 0, 4, true) == CTF_MAGIC)
		big_endian = true;
	else
		return false;
	if (uuid && memcmp(bytes + UUID_AT, uuid, 16) != 0)
		return false;
	begin = unsigned_at(bytes, BEGIN_AT, 8, big_endian);
	content = unsigned_at(bytes, CONTENT_SIZE_AT, 8, big_endian);
	packet = unsigned_at(bytes, PACKET_SIZE_AT, 8, big_endian);
	/* Sizes in bits: a packet holds at least its header, and its content. */
	if (packet % 8 != 0 || content > packet || content < 8 * HEADER_BYTES)
		return false;
	out->seq = unsigned_at(bytes, SEQ_AT, 8, big_endian);
	out->late = out->seq > 0;
	if (!clock) {
		out->begin_ns = (int64_t) begin;
		return true;
	}
	return bt_clock_class_cycles_to_ns_from_origin(clock, begin, &out->begin_ns) ==
		BT_CLOCK_CLASS_CYCLES_TO_NS_FROM_ORIGIN_STATUS_OK;
}

bool asr_first_packet_read(const bt_stream *stream, struct asr_first_packet *out)
{
	const bt_stream_class *sc = bt_stream_borrow_class_const(stream);
	const bt_trace *trace = bt_stream_borrow_trace_const(stream);
	const char *path = bt_stream_get_name(stream);
	unsigned char bytes[HEADER_BYTES];
	bt_uuid uuid = bt_trace_get_uuid(trace);
	size_t length;
	FILE *file;

	/* A live source names its streams otherwise, and never begins late. */
	if (!path || path[0] != '/')
		return false;
	file = fopen(path, "rb");
	if (!file)
		return false;
	length = fread(bytes, 1, sizeof bytes, file);
	fclose(file);
	return asr_first_packet_parse(bytes, length, uuid,
				      bt_stream_class_borrow_default_clock_class_const(sc), out);
}
