/* stream.c - a data stream file's whole packets (see stream.h). */
#include "view/bytes.h"
#include "view/stream.h"

/*
 * The size of the packet at `data` (`left` bytes of the file from there,
 * at least a header's), from its header: 0 when its magic or sizes are
 * not those of a packet (a packet size of whole bytes, holding the header
 * and the content).
 */
static uint64_t header_packet_size(const uint8_t *data, const struct as_view_layout *layout)
{
	uint64_t content = as_view_uint(data + AS_VIEW_PACKET_CONTENT_SIZE_AT, 8, layout->big_endian);
	uint64_t bits = as_view_uint(data + AS_VIEW_PACKET_SIZE_AT, 8, layout->big_endian);

	if (as_view_uint(data, 4, layout->big_endian) != AS_VIEW_PACKET_MAGIC || bits % 8 != 0 ||
	    bits / 8 < AS_VIEW_PACKET_HEADER_MIN || content > bits)
		return 0;
	return bits / 8;
}

void as_view_stream_scan(const uint8_t *data, uint64_t size, const struct as_view_index *index,
			 const struct as_view_layout *layout, struct as_view_stream *stream)
{
	uint64_t pos = 0, offset, packet;
	size_t i;

	stream->ends_in_packet = false;
	stream->indexed = index ? 0 : -1;
	for (i = 0; index && i < index->entries && pos < size; i++) {
		if (!as_view_index_entry(index, i, &offset, &packet) || offset != pos)
			break;
		if (packet > size - pos) {
			stream->ends_in_packet = true;
			break;
		}
		pos += packet;
		stream->indexed = (long long) i + 1;
	}
	while (!stream->ends_in_packet && pos < size && layout->known) {
		if (size - pos < AS_VIEW_PACKET_HEADER_MIN) {
			stream->ends_in_packet = true;
			break;
		}
		packet = header_packet_size(data + pos, layout);
		if (packet == 0)
			break;
		if (packet > size - pos) {
			stream->ends_in_packet = true;
			break;
		}
		pos += packet;
		stream->indexed = -1;
	}
	stream->whole = stream->ends_in_packet ? pos : size;
}
