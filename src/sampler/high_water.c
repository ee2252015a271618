/* high_water.c - the live tracked bytes and their mark (see high_water.h). */
#include "high_water.h"

/* live × factor / 10^6, saturated: a mark that cannot be passed again. */
static uint64_t next_mark(uint64_t live, uint64_t factor_millionths)
{
	unsigned __int128 mark = (unsigned __int128) live * factor_millionths / 1000000u;

	return mark > UINT64_MAX ? UINT64_MAX : (uint64_t) mark;
}

/* *word = max(*word, value). */
static void store_max(uint64_t *word, uint64_t value)
{
	uint64_t seen = __atomic_load_n(word, __ATOMIC_RELAXED);

	while (seen < value &&
	       !__atomic_compare_exchange_n(word, &seen, value, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		;
}

bool as_high_water_add(struct as_high_water *hw, uint64_t weight, uint64_t rate,
		       uint64_t factor_millionths, bool raise)
{
	uint64_t sum = __atomic_add_fetch(&hw->live, weight, __ATOMIC_RELAXED);
	uint64_t level = __atomic_load_n(&hw->mark, __ATOMIC_RELAXED), none = 0;

	if (level == 0) {
		uint64_t first = rate > UINT64_MAX / AS_HIGH_WATER_FIRST_RATES ? UINT64_MAX
								      : rate * AS_HIGH_WATER_FIRST_RATES;
		if (__atomic_compare_exchange_n(&hw->mark, &level, first, false, __ATOMIC_RELAXED,
						__ATOMIC_RELAXED))
			level = first;
	}
	/* Of the threads that see the sum past one level, the one whose
	 * compare-and-swap raises it owes it, unless a mark is owed already:
	 * the event says the first. */
	while (raise && sum > level) {
		if (__atomic_compare_exchange_n(&hw->mark, &level, next_mark(sum, factor_millionths), false,
						__ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
			if (__atomic_compare_exchange_n(&hw->owed_mark, &none, level, false,
							__ATOMIC_RELAXED, __ATOMIC_RELAXED))
				__atomic_store_n(&hw->owed_live, sum, __ATOMIC_RELAXED);
			break;
		}
	}
	if (!as_high_water_owed(hw))
		return false;
	store_max(&hw->owed_live, sum);
	return true;
}

bool as_high_water_claim(struct as_high_water *hw, uint64_t now_ns, uint64_t spacing_ns,
			 uint64_t *live, uint64_t *mark)
{
	uint64_t said_ns = __atomic_load_n(&hw->said_ns, __ATOMIC_RELAXED);

	if ((said_ns != 0 && now_ns - said_ns < spacing_ns) || !as_high_water_owed(hw))
		return false;
	*mark = __atomic_exchange_n(&hw->owed_mark, 0, __ATOMIC_RELAXED);
	if (*mark == 0)
		return false;
	*live = __atomic_exchange_n(&hw->owed_live, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&hw->said_ns, now_ns, __ATOMIC_RELAXED);
	return true;
}

void as_high_water_sub(struct as_high_water *hw, uint64_t weight)
{
	__atomic_fetch_sub(&hw->live, weight, __ATOMIC_RELAXED);
}
