/* impossible-producer.c - emits allocsample:AllocationSampled events of the right schema, some with values the shim never emits. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "allocsample-tp.h"

/*
 * Usage: impossible-producer MODE.  MODE `clean`: 100 samples of type
 * "valid" (size 4096, offset 1000, rate 1024).  MODE `dirty`: the same, with
 * 14 impossible samples of type "valid" among them (5 with offset == size,
 * 3 with offset > size, 4 with size 0, 2 with rate 0) and 3 of type
 * "impossible" (size 0) after them.  MODE `none`: no event (the program
 * still registers with lttng-ust, for its statedump).
 */

static void sample(const char *type, uint64_t size, uint64_t offset, uint64_t rate)
{
	static char object[8];

	lttng_ust_tracepoint(allocsample, AllocationSampled, type, size, offset, rate, object, NULL, 0, 0, 0,
			     NULL);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "clean";
	int dirty = strcmp(mode, "dirty") == 0;

	if (strcmp(mode, "none") == 0)
		return 0;
	for (int i = 0; i < 100; i++) {
		sample("valid", 4096, 1000, 1024);
		if (!dirty || i % 7 != 0)
			continue;
		/* i = 0, 7, ..., 98: 15 places for the 14 impossible samples. */
		switch (i / 7) {
		case 0: case 1: case 2: case 3: case 4:
			sample("valid", 64, 64, 1024);
			break;
		case 5: case 6: case 7:
			sample("valid", 64, 1000, 1024);
			break;
		case 8: case 9: case 10: case 11:
			sample("valid", 0, 0, 1024);
			break;
		case 12: case 13:
			sample("valid", 64, 3, 0);
			break;
		default:
			break;
		}
	}
	if (dirty) {
		for (int i = 0; i < 3; i++)
			sample("impossible", 0, 0, 1024);
	}
	return 0;
}
