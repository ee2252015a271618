/* stack.c - what every format says of a frame (see stack.h). */
#include <inttypes.h>

#include "common/labels.h"
#include "model/stack.h"

char *asr_frame_label(const struct asr_frame *frame)
{
	char *where, *label;

	if (!frame->mapping)
		return as_code_label(frame->function, NULL, NULL);
	where = g_strdup_printf("+0x%" PRIx64, frame->offset);
	label = as_code_label(frame->function, frame->mapping->path, where);
	g_free(where);
	return label;
}
