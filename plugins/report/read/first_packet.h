/* first_packet.h - whether a stream of the trace begins late: its first packet's sequence number, read from its file. */
#ifndef ALLOCSAMPLE_REPORT_READ_FIRST_PACKET_H
#define ALLOCSAMPLE_REPORT_READ_FIRST_PACKET_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>

/*
 * A ring buffer in overwrite mode (a session in snapshot mode, a flight
 * recorder) drops its oldest packets, so that a stream of its snapshot
 * begins with a packet whose `packet_seq_num` is above 0.  babeltrace2
 * keeps that field to itself (the packet context it gives holds
 * `cpu_id` alone), so the stream's file, whose path src.ctf.fs gives as
 * the stream's name, is read: lttng-ust's packet header (magic, the
 * trace's UUID, stream id, stream instance id) and context
 * (timestamp_begin, timestamp_end, content_size, packet_size,
 * packet_seq_num, ...), the layout of CTF 1.8 traces of LTTng 2.8 and
 * later.  Its magic number and UUID are checked before anything is
 * believed.
 */
struct asr_first_packet {
	bool late;          /* its sequence number is above 0 */
	uint64_t seq;
	int64_t begin_ns;   /* its beginning, from the clock's origin */
};

/* Fills `out` for stream `stream` and returns true when its file could be
 * read and is lttng's; false (nothing said: the stream reads as any
 * other) otherwise. */
bool asr_first_packet_read(const bt_stream *stream, struct asr_first_packet *out);

/* The same on the first bytes of the file, for tests: `uuid` the trace's
 * (16 bytes, or NULL when it has none, then not checked), `clock` the
 * stream class's default clock class (NULL: begin_ns is the cycles). */
bool asr_first_packet_parse(const unsigned char *bytes, size_t length, const unsigned char *uuid,
			    const bt_clock_class *clock, struct asr_first_packet *out);

#endif
