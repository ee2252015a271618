/* sites.c - a C workload whose allocations come from known functions and lines, for tests/sites. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Each allocating line carries a marker comment (SITE:name) that the test
 * finds with grep -n.  noipa keeps every function a function of its own name:
 * not inlined, not cloned into a `.constprop` copy.  Every result is used
 * after the call, so that no call becomes a tail call and the return address
 * stays inside the function that allocated.
 */

#define OBJECT_SIZE 4000

static char text[OBJECT_SIZE];

__attribute__((noipa)) static void fill_malloc(char **slots, int count)
{
	for (int i = 0; i < count; i++) {
		slots[i] = malloc(OBJECT_SIZE); /* SITE:fill_malloc */
		if (!slots[i])
			abort();
		slots[i][0] = 1;
	}
}

/* strdup is libc's: its malloc call's return address is inside libc, and
 * the report must name this function instead. */
__attribute__((noipa)) static void fill_strdup(char **slots, int count)
{
	for (int i = 0; i < count; i++) {
		slots[i] = strdup(text); /* SITE:fill_strdup */
		if (!slots[i])
			abort();
	}
}

/* A wrapper of the program's own is the program's code: its malloc call is
 * the site. */
__attribute__((noipa)) static void *xmalloc(size_t size)
{
	void *ptr = malloc(size); /* SITE:xmalloc */

	if (!ptr)
		abort();
	return ptr;
}

__attribute__((noipa)) static void fill_wrapped(char **slots, int count)
{
	for (int i = 0; i < count; i++) {
		slots[i] = xmalloc(OBJECT_SIZE);
		slots[i][0] = 1;
	}
}

static void release(char **slots, int count)
{
	for (int i = 0; i < count; i++)
		free(slots[i]);
}

int main(int argc, char **argv)
{
	int count = argc > 1 ? atoi(argv[1]) : 2000;
	char **slots = calloc((size_t) count, sizeof *slots);

	if (count < 1 || !slots)
		return 1;
	memset(text, 'x', sizeof text - 1);
	fill_malloc(slots, count);
	release(slots, count);
	printf("site fill_malloc %llu\n", (unsigned long long) count * OBJECT_SIZE);
	fill_strdup(slots, count);
	release(slots, count);
	printf("site fill_strdup %llu\n", (unsigned long long) count * OBJECT_SIZE);
	fill_wrapped(slots, count);
	release(slots, count);
	printf("site xmalloc %llu\n", (unsigned long long) count * OBJECT_SIZE);
	free(slots);
	return 0;
}
