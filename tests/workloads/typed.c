/* typed.c - one thread allocates through the typed API of allocsample.h and plain malloc; prints expected sample counts per type. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "allocsample.h"
#include "workload.h"

#define ITERATIONS 8000
#define SLOTS 64

struct foo {
	char name[40];
	double values[20];
};

/* A type as harness_events prints it (spaces become '_'), its tally, and
 * whether only the preload shim sees it (untyped calls: malloc, scopes). */
struct tally {
	const char *type;
	bool untyped;
	unsigned objects;
	double expected;
};

enum { FOO, BLOB, TABLE, PARSER, LEXER, ARENA, MALLOC, TYPES };

static struct tally tallies[TYPES] = {
	[FOO] = { "struct_foo", false, 0, 0 },
	[BLOB] = { "blob", false, 0, 0 },
	[TABLE] = { "table", false, 0, 0 },
	[PARSER] = { "parser", true, 0, 0 },
	[LEXER] = { "lexer", true, 0, 0 },
	[ARENA] = { "arena", false, 0, 0 },
	[MALLOC] = { "malloc", true, 0, 0 },
};

static double rate;
static unsigned checksum;

/* Counts an object of n bytes of the given type, and keeps it in a slot. */
static void keep(void **slot, void *p, int type, size_t n, unsigned i)
{
	if (!p)
		workload_die("allocation failed");
	tallies[type].objects++;
	tallies[type].expected += workload_sample_probability(n, rate);
	checksum += workload_touch(p, n, (unsigned char) i);
	free(*slot);
	*slot = p;
}

static void *work(void *tid)
{
	uint64_t state = workload_seed(0);
	void *slots[SLOTS] = { 0 };

	*(pid_t *) tid = gettid();
	for (unsigned i = 0; i < ITERATIONS; i++) {
		void **slot = &slots[workload_random(&state) % SLOTS];
		size_t n = 16 + (size_t) (workload_random(&state) % 1024);
		size_t k = 1 + (size_t) (workload_random(&state) % 64);

		keep(slot, ALLOCSAMPLE_NEW(struct foo), FOO, sizeof(struct foo), i);
		keep(slot, allocsample_malloc_typed(n, "blob"), BLOB, n, i);
		keep(slot, allocsample_calloc_typed(k, 16, "table"), TABLE, k * 16, i);

		allocsample_scope_push("parser");
		keep(slot, malloc(n), PARSER, n, i);
		allocsample_scope_push("lexer");
		keep(slot, malloc(k * 8), LEXER, k * 8, i);
		allocsample_scope_pop();
		keep(slot, calloc(k, 8), PARSER, k * 8, i);
		/* A typed call keeps its own type inside a scope. */
		keep(slot, allocsample_malloc_typed(k * 4, "blob"), BLOB, k * 4, i);
		allocsample_scope_pop();

		allocsample_record("arena", n);
		tallies[ARENA].objects++;
		tallies[ARENA].expected += workload_sample_probability(n, rate);

		keep(slot, malloc(k * 16), MALLOC, k * 16, i);
	}
	for (unsigned i = 0; i < SLOTS; i++)
		free(slots[i]);
	return NULL;
}

/*
 * Usage: typed RATE.  Prints "tid TID" (the only line that differs between
 * runs), "foo-size N", one line per type
 *   type TYPE untyped 0|1 objects O expected E
 * (E the expected number of samples at RATE; untyped 1 when only the preload
 * shim sees the type's allocations) and a checksum of the objects.
 */
int main(int argc, char **argv)
{
	rate = workload_rate(argc, argv);
	printf("tid %d\n", (int) workload_on_thread(work));
	printf("foo-size %zu\n", sizeof(struct foo));
	for (int t = 0; t < TYPES; t++)
		printf("type %s untyped %d objects %u expected %.3f\n", tallies[t].type,
		       tallies[t].untyped, tallies[t].objects, tallies[t].expected);
	printf("checksum %u\n", checksum);
	return 0;
}
