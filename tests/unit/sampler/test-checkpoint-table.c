/* test-checkpoint-table.c - the checkpoint table: insert, find, remove, types cut, stacks cut, segments grown, a PENDING entry waited for (and given up, and across a fork), a held entry's removal waiting, threads racing a checkpoint, a fork child's held entry, the live bytes' marks and their spacing. */
#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sampler/checkpoint_table.h"
#include "sampler/high_water.h"
#include "tests/lib/check-run.h"

/* Page-aligned addresses that no allocation here hands out: the table only
 * stores numbers.  Each test runs in a process of its own (Check forks). */
static const void *page(uint64_t base, uint64_t i)
{
	return (const void *) (uintptr_t) ((base + i) << 12);
}

static struct as_ck_table table;

static void *const frames[4] = { (void *) 0x1111, (void *) 0x2222, (void *) 0x3333, (void *) 0x4444 };

static struct as_ck_block block(const void *ptr, uint64_t size)
{
	return (struct as_ck_block) { .ptr = ptr, .size = size, .offset = size / 2, .rate = 512,
				      .type = "malloc", .stack = frames, .stack_length = 4,
				      .stack_truncated = false, .tid = 77 };
}

static uint32_t insert_live(const void *ptr, uint64_t size)
{
	struct as_ck_block b = block(ptr, size);
	uint64_t replaced;
	uint32_t number = as_ck_table_insert(&table, &b, &replaced);

	ck_assert_uint_ne(number, 0);
	ck_assert_uint_eq(replaced, 0);
	as_ck_table_publish(&table, number);
	return number;
}

static void setup(void)
{
	memset(&table, 0, sizeof table);
	table.depth = 4;
}

START_TEST(insert_find_remove)
{
	const uint64_t base = UINT64_C(1) << 20;
	uint64_t weight = 0;

	for (uint64_t i = 0; i < 1000; i++)
		insert_live(page(base, i), 100 + i);
	ck_assert_uint_eq(as_ck_table_live(&table), 1000);
	for (uint64_t i = 0; i < 1000; i++) {
		const struct as_ck_entry *entry = as_ck_table_find(&table, page(base, i));

		ck_assert_ptr_nonnull(entry);
		ck_assert_uint_eq(entry->ptr, (uintptr_t) page(base, i));
		ck_assert_uint_eq(entry->size, 100 + i);
		ck_assert_uint_eq(entry->offset, (100 + i) / 2);
		ck_assert_uint_eq(entry->rate, 512);
		ck_assert_uint_eq(entry->tid, 77);
		ck_assert_str_eq(entry->type, "malloc");
		ck_assert_uint_eq(entry->stack_length, 4);
		ck_assert(memcmp(entry->stack, frames, sizeof frames) == 0);
		ck_assert_uint_eq(entry->state, AS_CK_LIVE);
	}
	ck_assert_ptr_null(as_ck_table_find(&table, page(base, 1000)));
	ck_assert(!as_ck_table_remove(&table, page(base, 1000), &weight));
	/* The weight is max(size, rate). */
	ck_assert(as_ck_table_remove(&table, page(base, 3), &weight));
	ck_assert_uint_eq(weight, 512);
	ck_assert(as_ck_table_remove(&table, page(base, 999), &weight));
	ck_assert_uint_eq(weight, 1099);
	ck_assert(!as_ck_table_remove(&table, page(base, 999), &weight));
	ck_assert_ptr_null(as_ck_table_find(&table, page(base, 3)));
	ck_assert_uint_eq(as_ck_table_live(&table), 998);
	/* Freed entries are used again before new ones. */
	insert_live(page(base, 5000), 1);
	insert_live(page(base, 5001), 1);
	ck_assert_uint_eq(as_ck_table_entries(&table), 1000);
	/* Addresses far apart, in different nodes of the index. */
	insert_live(page(UINT64_C(1) << 35, 0), 1);
	insert_live(page((UINT64_C(1) << 36) - 1, 0), 1);
	ck_assert_ptr_nonnull(as_ck_table_find(&table, page((UINT64_C(1) << 36) - 1, 0)));
	ck_assert_ptr_null(as_ck_table_find(&table, page(UINT64_C(1) << 36, 0)));
}
END_TEST

/* An address inserted again while its entry is there (released behind the
 * shim's back): one entry, the old one's weight said. */
START_TEST(insert_again)
{
	const void *ptr = page(UINT64_C(3) << 20, 0);
	struct as_ck_block b = block(ptr, 4000);
	uint64_t replaced, weight;
	uint32_t number;

	insert_live(ptr, 3000);
	number = as_ck_table_insert(&table, &b, &replaced);
	ck_assert_uint_eq(replaced, 3000);
	as_ck_table_publish(&table, number);
	ck_assert_uint_eq(as_ck_table_live(&table), 1);
	ck_assert_uint_eq(as_ck_table_find(&table, ptr)->size, 4000);
	ck_assert(as_ck_table_remove(&table, ptr, &weight));
	ck_assert_uint_eq(weight, 4000);
	ck_assert_uint_eq(as_ck_table_live(&table), 0);
}
END_TEST

/* A type of 127 bytes is kept; of 128 or more, cut to 124 and "...";
 * a stack longer than the depth is cut and said truncated. */
START_TEST(type_and_stack_cut)
{
	char type[300];
	struct as_ck_block b;
	uint64_t replaced;
	const struct as_ck_entry *entry;
	void *const long_stack[6] = { (void *) 1, (void *) 2, (void *) 3, (void *) 4, (void *) 5, (void *) 6 };

	memset(type, 'x', sizeof type - 1);
	type[sizeof type - 1] = '\0';
	type[127] = '\0';
	b = block(page(UINT64_C(5) << 20, 0), 10);
	b.type = type;
	as_ck_table_insert(&table, &b, &replaced);
	entry = as_ck_table_find(&table, b.ptr);
	ck_assert_uint_eq(strlen(entry->type), 127);
	ck_assert(strncmp(entry->type, type, 127) == 0);

	type[127] = 'y';
	b = block(page(UINT64_C(5) << 20, 1), 10);
	b.type = type;
	b.stack = long_stack;
	b.stack_length = 6;
	as_ck_table_insert(&table, &b, &replaced);
	entry = as_ck_table_find(&table, b.ptr);
	ck_assert_uint_eq(strlen(entry->type), 127);
	ck_assert(strncmp(entry->type, type, 124) == 0);
	ck_assert_str_eq(entry->type + 124, "...");
	ck_assert_uint_eq(entry->stack_length, 4);
	ck_assert(entry->stack_truncated);
	ck_assert(entry->stack[3] == (void *) 4);
}
END_TEST

/* Entries spread over several segments; a checkpoint sees each once. */
START_TEST(segments_grow)
{
	const uint64_t base = UINT64_C(7) << 20, n = 5 * AS_CK_SEGMENT_ENTRIES + 17;
	uint64_t seen = 0, sum = 0, weight;

	for (uint64_t i = 0; i < n; i++)
		insert_live(page(base, i), i);
	ck_assert_uint_eq(as_ck_table_entries(&table), n);
	for (uint32_t number = 1; number <= as_ck_table_entries(&table); number++) {
		const struct as_ck_entry *entry = as_ck_table_hold(&table, number);

		if (!entry)
			continue;
		seen++;
		sum += entry->size;
		as_ck_table_release(&table, entry);
	}
	ck_assert_uint_eq(seen, n);
	ck_assert_uint_eq(sum, n * (n - 1) / 2);
	for (uint64_t i = 0; i < n; i += 2)
		ck_assert(as_ck_table_remove(&table, page(base, i), &weight));
	ck_assert_uint_eq(as_ck_table_live(&table), n / 2);
}
END_TEST

struct publisher {
	uint32_t number;
	int published; /* atomic: set just before the publication */
};

static void pause_ms(long ms)
{
	struct timespec t = { .tv_sec = 0, .tv_nsec = ms * 1000000 };

	nanosleep(&t, NULL);
}

static void *publish_later(void *arg)
{
	struct publisher *p = arg;

	pause_ms(50);
	__atomic_store_n(&p->published, 1, __ATOMIC_RELEASE);
	as_ck_table_publish(&table, p->number);
	return NULL;
}

/* A PENDING entry (its sample being emitted) is held once it is
 * published, not skipped: the checkpoint waits for it. */
START_TEST(pending_waited)
{
	struct as_ck_block b = block(page(UINT64_C(9) << 20, 0), 10);
	uint64_t replaced;
	struct publisher p = { .number = as_ck_table_insert(&table, &b, &replaced) };
	const struct as_ck_entry *entry;
	pthread_t publisher;

	pthread_create(&publisher, NULL, publish_later, &p);
	entry = as_ck_table_hold(&table, p.number);
	ck_assert_ptr_nonnull(entry);
	ck_assert_int_eq(__atomic_load_n(&p.published, __ATOMIC_ACQUIRE), 1);
	as_ck_table_release(&table, entry);
	pthread_join(publisher, NULL);
}
END_TEST

/* A PENDING entry never published (its thread stopped) is given up after
 * AS_CK_PENDING_WAIT_MS. */
START_TEST(pending_given_up)
{
	struct as_ck_block b = block(page(UINT64_C(10) << 20, 0), 10);
	uint64_t replaced;
	uint32_t number = as_ck_table_insert(&table, &b, &replaced);
	struct timespec begin, end;

	clock_gettime(CLOCK_MONOTONIC, &begin);
	ck_assert_ptr_null(as_ck_table_hold(&table, number));
	clock_gettime(CLOCK_MONOTONIC, &end);
	ck_assert_int_ge((end.tv_sec - begin.tv_sec) * 1000 + (end.tv_nsec - begin.tv_nsec) / 1000000,
			 AS_CK_PENDING_WAIT_MS);
}
END_TEST

/* In a fork child, an entry another thread of the parent left PENDING is
 * held at once: that thread will never publish it there. */
START_TEST(pending_across_fork)
{
	struct as_ck_block b = block(page(UINT64_C(11) << 20, 0), 10);
	uint64_t replaced;
	uint32_t number = as_ck_table_insert(&table, &b, &replaced);
	int status;
	pid_t child;

	child = fork();
	ck_assert_int_ge(child, 0);
	if (child == 0) {
		const struct as_ck_entry *entry;
		struct timespec begin, end;

		as_ck_table_after_fork_child(&table);
		clock_gettime(CLOCK_MONOTONIC, &begin);
		entry = as_ck_table_hold(&table, number);
		clock_gettime(CLOCK_MONOTONIC, &end);
		_exit(entry && end.tv_sec - begin.tv_sec < 1 && entry->size == 10 ? 0 : 1);
	}
	ck_assert_int_eq(waitpid(child, &status, 0), child);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}
END_TEST

struct remover {
	const void *ptr;
	int done; /* atomic */
};

static void *remove_one(void *arg)
{
	struct remover *r = arg;
	uint64_t weight;

	ck_assert(as_ck_table_remove(&table, r->ptr, &weight));
	__atomic_store_n(&r->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

/* A removal of the held entry waits until its release; a removal of
 * another entry does not wait. */
START_TEST(held_entry_waits)
{
	const uint64_t base = UINT64_C(11) << 20;
	uint32_t held = insert_live(page(base, 0), 10);
	struct remover waiting = { .ptr = page(base, 0) }, other = { .ptr = page(base, 1) };
	const struct as_ck_entry *entry;
	pthread_t a, b;

	insert_live(page(base, 1), 10);
	entry = as_ck_table_hold(&table, held);
	ck_assert_ptr_nonnull(entry);
	pthread_create(&a, NULL, remove_one, &waiting);
	pthread_create(&b, NULL, remove_one, &other);
	pthread_join(b, NULL);
	ck_assert(__atomic_load_n(&other.done, __ATOMIC_ACQUIRE));
	/* The waiting removal marks the entry WAITED before it sleeps; the
	 * wait for that is bounded by Check's deadlock guard only. */
	while (__atomic_load_n(&entry->state, __ATOMIC_ACQUIRE) != AS_CK_WAITED)
		pause_ms(1);
	pause_ms(20);
	ck_assert(!__atomic_load_n(&waiting.done, __ATOMIC_ACQUIRE));
	ck_assert_uint_eq(entry->size, 10);
	as_ck_table_release(&table, entry);
	pthread_join(a, NULL);
	ck_assert(__atomic_load_n(&waiting.done, __ATOMIC_ACQUIRE));
	ck_assert_uint_eq(as_ck_table_live(&table), 0);
}
END_TEST

/* A fork child of a process whose checkpoint holds an entry can remove it. */
START_TEST(fork_while_held)
{
	const void *ptr = page(UINT64_C(13) << 20, 0);
	const struct as_ck_entry *entry = as_ck_table_hold(&table, insert_live(ptr, 10));
	int status;
	pid_t child;

	ck_assert_ptr_nonnull(entry);
	child = fork();
	ck_assert_int_ge(child, 0);
	if (child == 0) {
		uint64_t weight;

		as_ck_table_after_fork_child(&table);
		_exit(as_ck_table_remove(&table, ptr, &weight) ? 0 : 1);
	}
	ck_assert_int_eq(waitpid(child, &status, 0), child);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	as_ck_table_release(&table, entry);
}
END_TEST

#define RACERS 4
#define RACE_ROUNDS 20000
#define RACE_SLOTS 64

static int racing; /* atomic: racers still running */

/* Each racer inserts and removes addresses of its own range over and over,
 * tid its number, size its address's index: an entry a checkpoint holds
 * must say the same block throughout. */
static void *racer(void *arg)
{
	uint32_t id = (uint32_t) (uintptr_t) arg;
	const uint64_t base = (UINT64_C(20) + id) << 20;
	bool in[RACE_SLOTS] = { false };
	uint64_t state = id + 1, weight;

	for (unsigned round = 0; round < RACE_ROUNDS; round++) {
		unsigned slot;
		struct as_ck_block b;
		uint64_t replaced;
		uint32_t number;

		state = state * 6364136223846793005u + 1442695040888963407u;
		slot = (unsigned) (state >> 33) % RACE_SLOTS;
		if (in[slot]) {
			ck_assert(as_ck_table_remove(&table, page(base, slot), &weight));
			ck_assert_uint_eq(weight, 1000 + slot);
		} else {
			b = block(page(base, slot), 1000 + slot);
			b.rate = 1;
			b.tid = id;
			number = as_ck_table_insert(&table, &b, &replaced);
			ck_assert_uint_ne(number, 0);
			ck_assert_uint_eq(replaced, 0);
			as_ck_table_publish(&table, number);
		}
		in[slot] = !in[slot];
	}
	for (unsigned slot = 0; slot < RACE_SLOTS; slot++)
		if (in[slot])
			ck_assert(as_ck_table_remove(&table, page(base, slot), &weight));
	__atomic_fetch_sub(&racing, 1, __ATOMIC_RELEASE);
	return NULL;
}

START_TEST(threads_race_a_checkpoint)
{
	const uint64_t steady_base = UINT64_C(40) << 20;
	pthread_t threads[RACERS];
	unsigned passes = 0;

	/* Blocks that stay live throughout: every pass must hold each once. */
	for (uint64_t i = 0; i < 100; i++)
		insert_live(page(steady_base, i), 5000 + i);
	racing = RACERS;
	for (uintptr_t i = 0; i < RACERS; i++)
		pthread_create(&threads[i], NULL, racer, (void *) i);
	while (__atomic_load_n(&racing, __ATOMIC_ACQUIRE) > 0 || passes < 3) {
		uint64_t steady = 0;

		for (uint32_t number = 1; number <= as_ck_table_entries(&table); number++) {
			const struct as_ck_entry *entry = as_ck_table_hold(&table, number), *found;
			uint64_t slot;

			if (!entry)
				continue;
			if (entry->ptr >= (uintptr_t) page(steady_base, 0) &&
			    entry->ptr < (uintptr_t) page(steady_base, 100)) {
				ck_assert_uint_eq(entry->size, 5000 + (entry->ptr >> 12) - steady_base);
				steady++;
			} else {
				slot = (entry->ptr >> 12) - ((UINT64_C(20) + entry->tid) << 20);
				ck_assert_uint_lt(slot, RACE_SLOTS);
				ck_assert_uint_eq(entry->size, 1000 + slot);
				/* A removal clears the index before it waits. */
				found = as_ck_table_find(&table, (const void *) (uintptr_t) entry->ptr);
				ck_assert(found == NULL || found == entry);
			}
			as_ck_table_release(&table, entry);
		}
		ck_assert_uint_eq(steady, 100);
		passes++;
	}
	for (unsigned i = 0; i < RACERS; i++)
		pthread_join(threads[i], NULL);
	ck_assert_uint_eq(as_ck_table_live(&table), 100);
	/* Entries were used again: far fewer numbers than insertions. */
	ck_assert_uint_le(as_ck_table_entries(&table), 100 + RACERS * RACE_SLOTS + RACERS);
}
END_TEST

/* add() with a spacing of 0: the mark claimed at once. */
static bool add_now(struct as_high_water *hw, uint64_t weight, bool raise, uint64_t *live, uint64_t *mark)
{
	return as_high_water_add(hw, weight, 10, 1500000, raise) && as_high_water_claim(hw, 1, 0, live, mark);
}

/* The marks: the first at 64 rates; each passed once, the next at the
 * live bytes then × the factor; nothing while not raised. */
START_TEST(high_water_marks)
{
	struct as_high_water hw = { 0 };
	uint64_t live = 0, mark = 0;

	ck_assert(!add_now(&hw, 100, true, &live, &mark));
	ck_assert_uint_eq(hw.mark, 640);
	ck_assert(!add_now(&hw, 540, true, &live, &mark));
	ck_assert(add_now(&hw, 1, true, &live, &mark));
	ck_assert_uint_eq(live, 641);
	ck_assert_uint_eq(mark, 640);
	ck_assert_uint_eq(hw.mark, 961);
	as_high_water_sub(&hw, 641);
	ck_assert(!add_now(&hw, 961, true, &live, &mark));
	ck_assert(!add_now(&hw, 1000, false, &live, &mark));
	ck_assert_uint_eq(hw.mark, 961);
	ck_assert(add_now(&hw, 1, true, &live, &mark));
	ck_assert_uint_eq(live, 1962);
	ck_assert_uint_eq(mark, 961);
	ck_assert_uint_eq(hw.mark, 2943);
	/* A saturated mark is never passed. */
	ck_assert(as_high_water_add(&hw, UINT64_MAX / 2, 10, 100000000, true));
	ck_assert_uint_eq(hw.mark, UINT64_MAX);
}
END_TEST

/* A mark passed less than the spacing after the last event is owed: said
 * once the spacing is reached, with the first mark owed and the highest
 * sum since. */
START_TEST(high_water_spacing)
{
	struct as_high_water hw = { 0 };
	uint64_t live = 0, mark = 0;
	const uint64_t spacing = 1000;

	/* The first event: due at once. */
	ck_assert(as_high_water_add(&hw, 641, 10, 1500000, true));
	ck_assert(as_high_water_claim(&hw, 10000, spacing, &live, &mark));
	ck_assert_uint_eq(live, 641);
	ck_assert_uint_eq(mark, 640);
	ck_assert(!as_high_water_owed(&hw));
	/* Passed at 10100 ns: owed, not due. */
	ck_assert(as_high_water_add(&hw, 400, 10, 1500000, true));
	ck_assert(!as_high_water_claim(&hw, 10100, spacing, &live, &mark));
	/* Passed again (mark 1561 raised past), then lower: the event will
	 * say the first mark owed and the highest sum. */
	ck_assert(as_high_water_add(&hw, 600, 10, 1500000, true));
	ck_assert_uint_eq(hw.mark, 2461);
	as_high_water_sub(&hw, 1000);
	ck_assert(as_high_water_add(&hw, 1, 10, 1500000, true));
	ck_assert(!as_high_water_claim(&hw, 10000 + spacing - 1, spacing, &live, &mark));
	ck_assert(as_high_water_claim(&hw, 10000 + spacing, spacing, &live, &mark));
	ck_assert_uint_eq(mark, 961);
	ck_assert_uint_eq(live, 1641);
	/* Claimed once. */
	ck_assert(!as_high_water_claim(&hw, 50000, spacing, &live, &mark));
	/* The spacing counts from the last claim. */
	ck_assert(as_high_water_add(&hw, 2000, 10, 1500000, true));
	ck_assert(!as_high_water_claim(&hw, 11000 + spacing - 1, spacing, &live, &mark));
	ck_assert(as_high_water_claim(&hw, 11000 + spacing, spacing, &live, &mark));
	ck_assert_uint_eq(mark, 2461);
	ck_assert_uint_eq(live, 2642);
	/* Nothing owed: nothing claimed, however late. */
	ck_assert(!as_high_water_add(&hw, 1, 10, 1500000, true));
	ck_assert(!as_high_water_claim(&hw, UINT64_MAX, spacing, &live, &mark));
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ insert_find_remove, 1 },
		{ insert_again, 1 },
		{ type_and_stack_cut, 1 },
		{ segments_grow, 1 },
		{ pending_waited, 1 },
		{ pending_given_up, 1 },
		{ pending_across_fork, 1 },
		{ held_entry_waits, 1 },
		{ fork_while_held, 1 },
		{ threads_race_a_checkpoint, 1 },
		{ high_water_marks, 1 },
		{ high_water_spacing, 1 },
		{ NULL, 0 },
	};
	Suite *suite = suite_create("checkpoint_table");

	as_check_case(suite, "core", setup, tests);
	return as_check_run(suite);
}
