/* bad-producer.c - emits allocsample:AllocationSampled events of an incompatible schema (bad-producer-tp.h). */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "bad-producer-tp.h"

int main(void)
{
	int i;

	for (i = 0; i < 10; i++)
		lttng_ust_tracepoint(allocsample, AllocationSampled, "bad", 64, 3);
	return 0;
}
