/* stacks.c - interns raw stacks, one hash of the addresses per sample (see stacks.h). */
#include <string.h>

#include "aggregate/stacks.h"

static guint stack_hash(gconstpointer p)
{
	return ((const struct asr_raw_stack *) p)->hash;
}

static bool same_stack(const struct asr_raw_stack *a, const struct asr_raw_stack *b)
{
	return a->hash == b->hash && a->process == b->process && a->epoch == b->epoch &&
	       a->n == b->n && a->truncated == b->truncated &&
	       (a->n == 0 || memcmp(a->addresses, b->addresses, a->n * sizeof a->addresses[0]) == 0);
}

static gboolean stack_equal(gconstpointer a, gconstpointer b)
{
	return same_stack(a, b);
}

void asr_raw_stacks_init(struct asr_raw_stacks *stacks)
{
	stacks->set = g_hash_table_new_full(stack_hash, stack_equal, g_free, NULL);
	stacks->recent = g_new0(struct asr_raw_stack *, ASR_RECENT_STACKS);
}

void asr_raw_stacks_fini(struct asr_raw_stacks *stacks)
{
	if (stacks->set)
		g_hash_table_destroy(stacks->set);
	g_free(stacks->recent);
	memset(stacks, 0, sizeof *stacks);
}

/*
 * A multiplicative hash over the 64-bit addresses, folded to 32 bits at the
 * end: a multiply and a xor per address.  Return addresses differ in their
 * low and middle bits, which the multiplication carries up.  Four lanes,
 * combined at the end, so that the multiplications of one stack do not
 * wait for each other: this runs for every sample.
 */
static guint hash_of(const struct asr_raw_stack *s)
{
	const uint64_t k = UINT64_C(0x9e3779b97f4a7c15);
	uint64_t h[4] = {
		((uint64_t) (uintptr_t) s->process ^ s->epoch) * k, s->n * 2u + s->truncated, 0, 0,
	};
	uint32_t i;

	for (i = 0; i + 4 <= s->n; i += 4) {
		h[0] = (h[0] ^ s->addresses[i]) * k;
		h[1] = (h[1] ^ s->addresses[i + 1]) * k;
		h[2] = (h[2] ^ s->addresses[i + 2]) * k;
		h[3] = (h[3] ^ s->addresses[i + 3]) * k;
	}
	for (; i < s->n; i++)
		h[0] = (h[0] ^ s->addresses[i]) * k;
	h[0] = (((h[0] * k ^ h[1]) * k ^ h[2]) * k ^ h[3]) * k;
	h[0] ^= h[0] >> 29;
	return (guint) (h[0] ^ (h[0] >> 32));
}

struct asr_raw_stack *asr_raw_stacks_intern(struct asr_raw_stacks *stacks,
					    const struct asr_process_maps *process,
					    const uint64_t *addresses, uint32_t n, bool truncated)
{
	struct asr_raw_stack probe = {
		.process = process, .epoch = process->epoch, .truncated = truncated, .n = n,
		.addresses = addresses,
	};
	struct asr_raw_stack *found;
	uint64_t *copy;
	struct asr_raw_stack **recent;

	probe.hash = hash_of(&probe);
	recent = &stacks->recent[probe.hash & (ASR_RECENT_STACKS - 1)];
	if (*recent && same_stack(*recent, &probe))
		return *recent;
	found = g_hash_table_lookup(stacks->set, &probe);
	if (!found) {
		found = g_malloc(sizeof *found + n * sizeof *copy);
		copy = (uint64_t *) (found + 1);
		/* An empty stack (ALLOCSAMPLE_STACK_DEPTH=0) may come as NULL. */
		if (n > 0)
			memcpy(copy, addresses, n * sizeof *copy);
		*found = probe;
		found->addresses = copy;
		g_hash_table_add(stacks->set, found);
	}
	*recent = found;
	return found;
}

guint asr_raw_stacks_count(const struct asr_raw_stacks *stacks)
{
	return g_hash_table_size(stacks->set);
}
