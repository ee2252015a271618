/* lifetime.c - allocates before main, in main, in a thread's key destructor, in atexit handlers and in a destructor; prints each phase's expected sample count. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "stress.h"

/*
 * Each phase allocates OBJECTS objects of its own odd size, so that the test
 * can count each phase's samples; tests/stress/lifetime.sh lists the sizes.
 */
#define OBJECTS 256
enum phase { CONSTRUCTOR, MAIN, KEY_DESTRUCTOR, ATEXIT, DESTRUCTOR, PHASES };
static const char *const phase_names[PHASES] = { "constructor", "main", "key-destructor", "atexit",
						 "destructor" };
static const size_t phase_sizes[PHASES] = { 50021, 50023, 50027, 50033, 50039 };

static int corrupted;

static void allocate_phase(enum phase phase)
{
	void *objects[OBJECTS];

	for (unsigned i = 0; i < OBJECTS; i++) {
		objects[i] = malloc(phase_sizes[phase]);
		if (!objects[i])
			abort();
		stress_fill(objects[i], phase_sizes[phase], i + phase);
	}
	for (unsigned i = 0; i < OBJECTS; i++) {
		corrupted |= !stress_check(objects[i], phase_sizes[phase], i + phase);
		free(objects[i]);
	}
}

/* Runs before main: the shim and the tracer are already initialised,
 * since the program's constructors run after its libraries'. */
__attribute__((constructor)) static void before_main(void)
{
	allocate_phase(CONSTRUCTOR);
}

/* Runs during exit(), before the libraries' destructors. */
__attribute__((destructor)) static void after_main(void)
{
	allocate_phase(DESTRUCTOR);
	if (corrupted)
		_exit(1);
}

static void at_exit(void)
{
	allocate_phase(ATEXIT);
}

static void key_destructor(void *value)
{
	free(value);
	allocate_phase(KEY_DESTRUCTOR);
}

static void *thread_main(void *key)
{
	pthread_setspecific(*(pthread_key_t *) key, malloc(16));
	return NULL;
}

/* Usage: lifetime RATE.  Prints "expected PHASE E" for each phase. */
int main(int argc, char **argv)
{
	pthread_key_t key;
	pthread_t thread;
	double rate;

	if (argc != 2)
		stress_die("usage: lifetime RATE");
	rate = (double) stress_arg(argv[1], 1, 1ULL << 48, "RATE");
	for (enum phase phase = 0; phase < PHASES; phase++)
		printf("expected %s %.6f\n", phase_names[phase],
		       OBJECTS * stress_sample_probability(phase_sizes[phase], rate));
	fflush(stdout);
	if (atexit(at_exit) || pthread_key_create(&key, key_destructor) ||
	    pthread_create(&thread, NULL, thread_main, &key) || pthread_join(thread, NULL))
		stress_die("setting up the phases");
	allocate_phase(MAIN);
	return corrupted;
}
