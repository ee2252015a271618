/* stacks-module.c - a module that tests/stacks/stacks loads with dlopen: its own function allocates. */
#include <stdlib.h>

unsigned long long module_alloc(size_t size, size_t count);

/* Exported (the build hides everything else); noipa and the asm keep the
 * frame and every malloc and free pair, as in stacks.c. */
__attribute__((visibility("default"), noipa)) unsigned long long module_alloc(size_t size, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		void *p = malloc(size); /* STACK:module_alloc */

		if (!p)
			abort();
		__asm__ volatile("" : : "r"(p) : "memory");
		free(p);
	}
	return (unsigned long long) size * count;
}
