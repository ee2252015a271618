/* high_water.c - the live tracked bytes and their mark (see high_water.h). */
#include "high_water.h"

/* live × factor / 10^6, saturated: a mark that cannot be passed again. */
static uint64_t next_mark(uint64_t live, uint64_t factor_millionths)
{
	unsigned __int128 mark = (unsigned __int128) live * factor_millionths / 1000000u;

	return mark > UINT64_MAX ? UINT64_MAX : (uint64_t) mark;
}

bool as_high_water_add(struct as_high_water *hw, uint64_t weight, uint64_t rate,
		       uint64_t factor_millionths, bool raise, uint64_t *live, uint64_t *mark)
{
	uint64_t sum = __atomic_add_fetch(&hw->live, weight, __ATOMIC_RELAXED);
	uint64_t level = __atomic_load_n(&hw->mark, __ATOMIC_RELAXED);
	if (level == 0) {
		uint64_t first = rate > UINT64_MAX / AS_HIGH_WATER_FIRST_RATES ? UINT64_MAX
								      : rate * AS_HIGH_WATER_FIRST_RATES;
		if (__atomic_compare_exchange_n(&hw->mark, &level, first, false, __ATOMIC_RELAXED,
						__ATOMIC_RELAXED))
			level = first;
	}
	/* Of the threads that see the sum past one level, the one whose
	 * compare-and-swap raises it says so. */
	while (raise && sum > level) {
		if (__atomic_compare_exchange_n(&hw->mark, &level, next_mark(sum, factor_millionths), false,
						__ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
			*live = sum;
			*mark = level;
			return true;
		}
	}
	return false;
}

void as_high_water_sub(struct as_high_water *hw, uint64_t weight)
{
	__atomic_fetch_sub(&hw->live, weight, __ATOMIC_RELAXED);
}
