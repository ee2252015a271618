/* dlmodule.c - a dlopen'ed module that allocates in its constructor and its destructor, for stress/dlopen.sh. */
#include <stdlib.h>

#include "stress.h"

/* The sizes are odd so that no library allocates them by chance;
 * tests/stress/dlopen.sh lists them. */
#define OBJECTS 4
#define CONSTRUCTOR_SIZE_A 20011
#define CONSTRUCTOR_SIZE_B 30013
#define DESTRUCTOR_SIZE 25013

static void *objects[2 * OBJECTS];

static size_t object_size(size_t i)
{
	return i < OBJECTS ? CONSTRUCTOR_SIZE_A : CONSTRUCTOR_SIZE_B;
}

__attribute__((constructor)) static void load(void)
{
	for (size_t i = 0; i < 2 * OBJECTS; i++) {
		objects[i] = malloc(object_size(i));
		if (!objects[i])
			abort();
		stress_fill(objects[i], object_size(i), (unsigned) i);
	}
}

/* Called by the loader between dlopen and dlclose: 1 if the constructor's
 * objects still hold their patterns. */
__attribute__((visibility("default"))) int dlmodule_check(void);
int dlmodule_check(void)
{
	int ok = 1;

	for (size_t i = 0; i < 2 * OBJECTS; i++)
		ok &= stress_check(objects[i], object_size(i), (unsigned) i);
	return ok;
}

__attribute__((destructor)) static void unload(void)
{
	for (size_t i = 0; i < OBJECTS; i++) {
		unsigned char *scratch = calloc(1, DESTRUCTOR_SIZE);

		if (!scratch || scratch[DESTRUCTOR_SIZE - 1] != 0)
			abort();
		stress_fill(scratch, DESTRUCTOR_SIZE, (unsigned) i);
		if (!stress_check(scratch, DESTRUCTOR_SIZE, (unsigned) i))
			abort();
		free(scratch);
	}
	for (size_t i = 0; i < 2 * OBJECTS; i++)
		free(objects[i]);
}
