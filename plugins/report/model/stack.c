/* stack.c - what every format says of a frame (see stack.h). */
#include <inttypes.h>
#include <string.h>

#include "model/stack.h"

char *asr_frame_label(const struct asr_frame *frame)
{
	const char *base;

	if (frame->function)
		return g_strdup(frame->function);
	if (!frame->mapping)
		return g_strdup("[unknown]");
	base = strrchr(frame->mapping->path, '/');
	return g_strdup_printf("%s+0x%" PRIx64, base ? base + 1 : frame->mapping->path, frame->offset);
}
