/* dlopener.c - threads dlopen and dlclose their own copies of a module, again and again, and check what its constructor built. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "stress.h"

struct loader {
	pthread_t thread;
	const char *path;
	unsigned long iterations;
	unsigned long failures;
};

static void *loop(void *arg)
{
	struct loader *loader = arg;

	for (unsigned long i = 0; i < loader->iterations; i++) {
		void *module = dlopen(loader->path, RTLD_NOW | RTLD_LOCAL);
		int (*check)(void);

		if (!module) {
			fprintf(stderr, "dlopen %s: %s\n", loader->path, dlerror());
			loader->failures++;
			continue;
		}
		*(void **) &check = dlsym(module, "dlmodule_check");
		if (!check || !check())
			loader->failures++;
		if (dlclose(module))
			loader->failures++;
	}
	return NULL;
}

/* Usage: dlopener ITERATIONS MODULE...: one thread per MODULE, each loading
 * and unloading its module ITERATIONS times.  Prints "loads PATH N" per
 * module; exits 1 on any failure (a module whose objects were corrupted,
 * a failed dlopen or dlclose). */
int main(int argc, char **argv)
{
	struct loader loaders[16];
	size_t count = (size_t) argc - 2;
	unsigned long failures = 0;

	if (argc < 3 || count > sizeof(loaders) / sizeof(loaders[0]))
		stress_die("usage: dlopener ITERATIONS MODULE... (at most 16)");
	for (size_t i = 0; i < count; i++) {
		loaders[i] = (struct loader) {
			.path = argv[i + 2],
			.iterations = (unsigned long) stress_arg(argv[1], 1, 1000000, "ITERATIONS"),
		};
		if (pthread_create(&loaders[i].thread, NULL, loop, &loaders[i]))
			stress_die("pthread_create");
	}
	for (size_t i = 0; i < count; i++) {
		pthread_join(loaders[i].thread, NULL);
		failures += loaders[i].failures;
		printf("loads %s %lu\n", loaders[i].path, loaders[i].iterations - loaders[i].failures);
	}
	printf("failures %lu\n", failures);
	return failures ? 1 : 0;
}
