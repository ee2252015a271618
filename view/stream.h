/*
 * stream.h - where a data stream file's last whole packet ends: from its
 * index as far as the index agrees with the file, then from the packets'
 * own headers, as babeltrace2 finds them without an index (layout.h).
 */
#ifndef ALLOCSAMPLE_VIEW_STREAM_H
#define ALLOCSAMPLE_VIEW_STREAM_H

#include <stdbool.h>
#include <stdint.h>

#include "view/index.h"
#include "view/layout.h"

struct as_view_stream {
	uint64_t whole;    /* the bytes of its whole packets, from the start:
			    * the file's size unless it ends inside one */
	bool ends_in_packet;
	/* How many of the index's first entries are its packets up to
	 * `whole`, exactly; -1 when they are not (no index, or packets found
	 * from their headers past its last entry): the view drops the index,
	 * and babeltrace2 finds the packets itself. */
	long long indexed;
};

/*
 * Finds the whole packets of the stream file of `size` bytes at `data`,
 * with its index (NULL: none).  Each entry of the index, in order, must
 * start where the packets before it end: the first that does not (a full
 * disk can leave one), and all after it, are ignored.  Past them, each
 * packet's header gives its size, read with `layout`.  Where that cannot
 * be done, the rest of the file is taken as whole packets, and the file
 * left as it is: a layout that is not known (nothing then says where the
 * packets end), or a header whose magic or sizes are not LTTng's (the
 * file is damaged, not cut).
 */
void as_view_stream_scan(const uint8_t *data, uint64_t size, const struct as_view_index *index,
			 const struct as_view_layout *layout, struct as_view_stream *stream);

#endif
