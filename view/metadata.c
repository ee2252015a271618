/* metadata.c - a packetized metadata file's text, and where to cut it (see metadata.h). */
#include <string.h>

#include "view/bytes.h"
#include "view/metadata.h"
#include "view/tsdl.h"

/* Where the header's fields are. */
#define CONTENT_SIZE_AT 24
#define PACKET_SIZE_AT 28

void as_view_metadata_read(const uint8_t *data, size_t size, struct as_view_metadata *md)
{
	size_t pos = 0;
	bool rest_blank;

	memset(md, 0, sizeof *md);
	if (size < 4)
		return;
	if (as_view_uint(data, 4, false) == AS_VIEW_METADATA_MAGIC)
		md->big_endian = false;
	else if (as_view_uint(data, 4, true) == AS_VIEW_METADATA_MAGIC)
		md->big_endian = true;
	else
		return;
	md->packetized = true;
	md->text = g_string_new(NULL);
	md->packets = g_array_new(FALSE, FALSE, sizeof(struct as_view_metadata_packet));
	while (pos < size) {
		const uint8_t *header = data + pos;
		struct as_view_metadata_packet packet;
		size_t content;

		if (size - pos < AS_VIEW_METADATA_HEADER_SIZE) {
			md->ends_in_packet = true;
			break;
		}
		content = (size_t) as_view_uint(header + CONTENT_SIZE_AT, 4, md->big_endian) / 8;
		packet.size = (size_t) as_view_uint(header + PACKET_SIZE_AT, 4, md->big_endian) / 8;
		if (as_view_uint(header, 4, md->big_endian) != AS_VIEW_METADATA_MAGIC ||
		    content < AS_VIEW_METADATA_HEADER_SIZE || packet.size < content) {
			md->damaged = true;
			break;
		}
		packet.offset = pos;
		packet.text_offset = md->text->len;
		packet.text_length = MIN(content, size - pos) - AS_VIEW_METADATA_HEADER_SIZE;
		g_string_append_len(md->text, (const char *) header + AS_VIEW_METADATA_HEADER_SIZE,
				    (gssize) packet.text_length);
		g_array_append_val(md->packets, packet);
		if (content > size - pos) {
			md->ends_in_packet = true;
			break;
		}
		/* A file that ends in the padding of its last packet is whole:
		 * babeltrace2 reads all of its text. */
		if (packet.size > size - pos)
			break;
		pos += packet.size;
	}
	md->whole = as_view_tsdl_whole(md->text->str, md->text->len, &rest_blank);
	md->ends_in_text = !rest_blank;
}

bool as_view_metadata_cut(const struct as_view_metadata *md)
{
	return md->packetized && !md->damaged && (md->ends_in_packet || md->ends_in_text);
}

GBytes *as_view_metadata_view(const uint8_t *data, const struct as_view_metadata *md,
			      uint64_t *read)
{
	GByteArray *out = g_byte_array_new();
	const struct as_view_metadata_packet *p = NULL;
	uint8_t header[AS_VIEW_METADATA_HEADER_SIZE];
	size_t i, text;

	/* The packet that holds the end of the last whole declaration. */
	for (i = 0; i < md->packets->len; i++) {
		p = &g_array_index(md->packets, struct as_view_metadata_packet, i);
		if (p->text_offset + p->text_length >= md->whole)
			break;
	}
	g_byte_array_append(out, data, (guint) p->offset);
	text = md->whole - p->text_offset;
	if (text == p->text_length && !(md->ends_in_packet && i + 1 == md->packets->len)) {
		/* The declaration ends with the packet's text: the packet as it is. */
		g_byte_array_append(out, data + p->offset, (guint) p->size);
		*read = p->offset + p->size;
	} else {
		memcpy(header, data + p->offset, sizeof header);
		as_view_put_uint(header + CONTENT_SIZE_AT, 4, md->big_endian,
				 (uint64_t) (sizeof header + text) * 8);
		as_view_put_uint(header + PACKET_SIZE_AT, 4, md->big_endian,
				 (uint64_t) (sizeof header + text) * 8);
		g_byte_array_append(out, header, sizeof header);
		g_byte_array_append(out, data + p->offset + sizeof header, (guint) text);
		*read = p->offset + sizeof header + text;
	}
	return g_byte_array_free_to_bytes(out);
}

void as_view_metadata_fini(struct as_view_metadata *md)
{
	if (md->text)
		g_string_free(md->text, TRUE);
	if (md->packets)
		g_array_free(md->packets, TRUE);
	memset(md, 0, sizeof *md);
}
