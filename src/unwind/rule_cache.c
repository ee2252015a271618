/* rule_cache.c - the unwind rules found so far (rule_cache.h): packing, writing, clearing. */
#include <stddef.h>

#include "rule_cache.h"

struct as_rule_slot as_rule_table[(1u << AS_RULE_CACHE_SET_BITS) * AS_RULE_CACHE_WAYS]
	__attribute__((aligned(64)));

uint64_t as_rule_pack(const struct as_rule *rule)
{
	if (rule->ra_offset % 8 != 0 || rule->ra_offset / 8 < INT8_MIN || rule->ra_offset / 8 > INT8_MAX)
		return 0;
	return (uint64_t) rule->kind | (uint64_t) rule->cfa_base << 3 | (uint64_t) rule->rbp_rule << 5 |
	       (uint64_t) (uint32_t) rule->cfa_offset << 7 | (uint64_t) (uint16_t) rule->rbp_offset << 39 |
	       (uint64_t) (uint8_t) (int8_t) (rule->ra_offset / 8) << 55;
}

/* Claims `slot` (BUSY), unless another writer holds it. */
static bool claim(struct as_rule_slot *slot)
{
	uint64_t check = __atomic_load_n(&slot->check, __ATOMIC_RELAXED);

	return !(check & AS_RULE_CACHE_BUSY) &&
	       __atomic_compare_exchange_n(&slot->check, &check, AS_RULE_CACHE_BUSY, false, __ATOMIC_ACQUIRE,
					   __ATOMIC_RELAXED);
}

void as_rule_cache_put(uint64_t key, uint64_t value)
{
	struct as_rule_slot *set = as_rule_cache_set(key);
	/* A slot never written if there is one, else one picked by the key. */
	struct as_rule_slot *slot = &set[(key * UINT64_C(0xc2b2ae3d27d4eb4f)) >> 62];

	for (unsigned way = 0; way < AS_RULE_CACHE_WAYS; way++) {
		if (__atomic_load_n(&set[way].check, __ATOMIC_RELAXED) == 0) {
			slot = &set[way];
			break;
		}
	}
	if (!claim(slot))
		return;
	__atomic_store_n(&slot->value, value, __ATOMIC_RELEASE);
	__atomic_store_n(&slot->check, key ^ value, __ATOMIC_RELEASE);
}

/* Both words zero: no key matches (keys are never 0).  A slot being
 * written is left to its writer. */
void as_rule_cache_clear(void)
{
	for (size_t i = 0; i < sizeof(as_rule_table) / sizeof(as_rule_table[0]); i++) {
		if (!claim(&as_rule_table[i]))
			continue;
		__atomic_store_n(&as_rule_table[i].value, 0, __ATOMIC_RELEASE);
		__atomic_store_n(&as_rule_table[i].check, 0, __ATOMIC_RELEASE);
	}
}
