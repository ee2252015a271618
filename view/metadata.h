/*
 * metadata.h - a trace's packetized metadata file: its text, and where it
 * can be cut so that what is left parses.
 *
 * LTTng writes the metadata in packets, each a 37-byte header and a part
 * of the text (babeltrace2's
 * src/plugins/ctf/common/metadata/decoder-packetized-file-stream-to-buf.c):
 * the magic 0x75D11D57 (in the trace's byte order, which it tells), the
 * trace's UUID (16 bytes), a checksum, the content size and the packet
 * size, both 32-bit and in bits, the header included, then one byte each
 * for the compression, encryption and checksum schemes and the version's
 * major and minor numbers; then the text, to the content size; then
 * padding, to the packet size.  babeltrace2 2.0 reads the text of a packet
 * until it has its content size, and never returns when the file ends
 * before (doc/reliability.md).
 */
#ifndef ALLOCSAMPLE_VIEW_METADATA_H
#define ALLOCSAMPLE_VIEW_METADATA_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define AS_VIEW_METADATA_MAGIC 0x75D11D57u
#define AS_VIEW_METADATA_HEADER_SIZE 37

/* One packet of the file as read. */
struct as_view_metadata_packet {
	size_t offset;       /* in the file */
	size_t size;         /* its packet size in bytes: past the file's end
			      * for the packet the file ends inside */
	size_t text_offset;  /* where its text begins in the whole text */
	size_t text_length;  /* the bytes of text the file holds of it */
};

struct as_view_metadata {
	bool packetized;     /* false: a text file, or one whose first
			      * packet's header is not LTTng's; the rest is
			      * then unset */
	bool big_endian;
	GString *text;       /* the packets' text, as far as the file goes */
	GArray *packets;     /* struct as_view_metadata_packet, in order */
	bool ends_in_packet; /* the file ends inside a packet's header or
			      * text (not in its padding, which nothing
			      * reads) */
	bool damaged;        /* a packet's header is not LTTng's: the file
			      * is read up to there, and left as it is */
	size_t whole;        /* the bytes of `text` that are whole
			      * declarations (tsdl.h) */
	bool ends_in_text;   /* the text goes on past them */
};

/*
 * Reads the metadata file of `size` bytes at `data` into *md.  A packet
 * whose header is damaged (a bad magic, a content size below the header's
 * or above the packet's) ends the reading there, as the packets that the
 * file ends inside do.  GLib aborts when out of memory: no error.
 */
void as_view_metadata_read(const uint8_t *data, size_t size, struct as_view_metadata *md);

/* Whether the file needs cutting: a packetized file, not damaged, that
 * ends inside a packet or inside a declaration. */
bool as_view_metadata_cut(const struct as_view_metadata *md);

/*
 * The metadata file of the view: `data`'s packets up to the end of the
 * text's last whole declaration, the packet it ends inside shortened to
 * end there (its content size and packet size both that end).  *read is
 * the offset in `data` at which the kept text ends.  Only for a
 * packetized file with some whole declaration.
 */
GBytes *as_view_metadata_view(const uint8_t *data, const struct as_view_metadata *md,
			      uint64_t *read);

void as_view_metadata_fini(struct as_view_metadata *md);

#endif
