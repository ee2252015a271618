/*
 * test-first-packet.c - a stream's first packet as its file begins
 * (read/first_packet.c): the sequence number of lttng's packet context
 * in either byte order, and nothing believed of a file whose magic
 * number, trace UUID or sizes are not a packet's.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "read/first_packet.h"
#include "tests/lib/check-run.h"

static const unsigned char uuid[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };

static void put(unsigned char *bytes, size_t at, size_t width, uint64_t v, bool big_endian)
{
	for (size_t i = 0; i < width; i++)
		bytes[at + (big_endian ? width - 1 - i : i)] = (unsigned char) (v >> (8 * i));
}

/* The first 72 bytes of a packet: header, then timestamp_begin,
 * timestamp_end, content_size, packet_size (bits), packet_seq_num. */
static void packet(unsigned char *bytes, bool big_endian, uint64_t seq)
{
	memset(bytes, 0, 72);
	put(bytes, 0, 4, 0xC1FC1FC1u, big_endian);
	memcpy(bytes + 4, uuid, sizeof uuid);
	put(bytes, 32, 8, 123456789, big_endian);
	put(bytes, 40, 8, 223456789, big_endian);
	put(bytes, 48, 8, 4021 * 8, big_endian);
	put(bytes, 56, 8, 4096 * 8, big_endian);
	put(bytes, 64, 8, seq, big_endian);
}

START_TEST(test_sequence_numbers)
{
	unsigned char bytes[72];
	struct asr_first_packet first;
	bool big_endian = _i;

	packet(bytes, big_endian, 95);
	ck_assert(asr_first_packet_parse(bytes, sizeof bytes, uuid, NULL, &first));
	ck_assert(first.late);
	ck_assert_uint_eq(first.seq, 95);
	ck_assert_int_eq(first.begin_ns, 123456789);
	packet(bytes, big_endian, 0);
	ck_assert(asr_first_packet_parse(bytes, sizeof bytes, NULL, NULL, &first));
	ck_assert(!first.late);
}
END_TEST

START_TEST(test_not_a_packet)
{
	unsigned char bytes[72];
	unsigned char other[16] = { 0 };
	struct asr_first_packet first;

	packet(bytes, false, 3);
	ck_assert(!asr_first_packet_parse(bytes, 71, uuid, NULL, &first));
	ck_assert(!asr_first_packet_parse(bytes, sizeof bytes, other, NULL, &first));
	bytes[0] ^= 1;
	ck_assert(!asr_first_packet_parse(bytes, sizeof bytes, uuid, NULL, &first));
	packet(bytes, false, 3);
	put(bytes, 48, 8, 5000 * 8, false);  /* content beyond the packet */
	ck_assert(!asr_first_packet_parse(bytes, sizeof bytes, uuid, NULL, &first));
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_sequence_numbers, 2 },
		{ test_not_a_packet, 1 },
		{ NULL, 0 },
	};

	return as_check_main("first packet", "sequence numbers", tests);
}
