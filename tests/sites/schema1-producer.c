/* schema1-producer.c - emits schema-1 samples (schema1-tp.h) whose ip is a known line of this program, as an older shim did. */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
/* The ip context is the `ip` argument: the call site, as the shim gives it. */
#define LTTNG_UST_TP_IP_PARAM ip
#include "schema1-tp.h"

#include <stdlib.h>

/* One sample of a 4000-byte object, its ip the return address into the
 * caller (noipa: a call of its own, never inlined). */
__attribute__((noipa)) static void sample(void)
{
	static char object[8];
	static const struct schema1_sample sample = { "malloc", 4000, 100, 4096, object };

	lttng_ust_tracepoint(allocsample, AllocationSampled, &sample, __builtin_return_address(0));
}

/* Usage: schema1-producer COUNT: COUNT samples from one line. */
int main(int argc, char **argv)
{
	int count = argc > 1 ? atoi(argv[1]) : 200;

	for (int i = 0; i < count; i++) {
		sample(); /* SITE:main */
		__asm__ volatile("" ::: "memory");
	}
	return 0;
}
