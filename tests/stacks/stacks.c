/* stacks.c - a C program whose allocations come from known call paths, each path's exact bytes written to a file, for tests/stacks. */
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * Every path below is one call stack: each of its functions calls the next
 * from one line, and allocates from one line, so that a path is one group
 * of the report (tests/stacks/c.sh asserts it).  The allocating lines carry
 * a marker comment (STACK:name) that the test finds with grep -n.
 *
 * noipa keeps each function a frame of its own name: not inlined, not
 * cloned.  KEEP_FRAME after a call keeps it from being a tail call, whose
 * caller would vanish from the stack: the compiler must come back to run
 * it.
 *
 * With RATE 4096 (the test's --rate), each path's sizes and counts give it
 * a few hundred samples, and no two paths the same bytes.
 */
#define KEEP_FRAME() __asm__ volatile("" ::: "memory")

#define TWO_A_SIZE 1000
#define TWO_A_COUNT 1600
#define TWO_B_SIZE 3000
#define TWO_B_COUNT 800
#define RECURSION_DEPTH 6       /* recurse() frames: RECURSION_DEPTH + 1 */
#define RECURSION_SIZE 1500
#define RECURSION_COUNT 1400
#define INLINE_SIZE 700
#define INLINE_COUNT 2000
#define MODULE_SIZE 5000
#define MODULE_COUNT 600
#define POOL_THREADS 4
#define POOL_SIZE 1200
#define POOL_COUNT 900          /* per thread */
#define SIGNAL_RAISES 200
#define SIGNAL_SIZE 1100
#define SIGNAL_COUNT 10         /* per signal */

static void die(const char *what)
{
	fprintf(stderr, "stacks: %s\n", what);
	exit(1);
}

/* Frees an object once it has escaped into an asm statement: without that,
 * the compiler may drop a malloc and free pair whose object nothing reads. */
static void use_and_free(void *p)
{
	if (!p)
		die("out of memory");
	__asm__ volatile("" : : "r"(p) : "memory");
	free(p);
}

/* Two paths to one function: path_a -> mid -> leaf_alloc and
 * path_b -> mid -> leaf_alloc. */
__attribute__((noipa)) static unsigned long long leaf_alloc(size_t size, size_t count)
{
	for (size_t i = 0; i < count; i++)
		use_and_free(malloc(size)); /* STACK:leaf_alloc */
	return (unsigned long long) size * count;
}

__attribute__((noipa)) static unsigned long long mid(size_t size, size_t count)
{
	unsigned long long bytes = leaf_alloc(size, count);

	KEEP_FRAME();
	return bytes;
}

__attribute__((noipa)) static unsigned long long path_a(void)
{
	unsigned long long bytes = mid(TWO_A_SIZE, TWO_A_COUNT);

	KEEP_FRAME();
	return bytes;
}

__attribute__((noipa)) static unsigned long long path_b(void)
{
	unsigned long long bytes = mid(TWO_B_SIZE, TWO_B_COUNT);

	KEEP_FRAME();
	return bytes;
}

/* Allocates at depth 0 of a recursion: depth + 1 frames of recurse. */
__attribute__((noipa)) static unsigned long long recurse(int depth)
{
	unsigned long long bytes = 0;

	if (depth > 0) {
		bytes = recurse(depth - 1); /* STACK:recurse_call */
		KEEP_FRAME();
		return bytes;
	}
	for (size_t i = 0; i < RECURSION_COUNT; i++) {
		use_and_free(malloc(RECURSION_SIZE)); /* STACK:recurse */
		bytes += RECURSION_SIZE;
	}
	return bytes;
}

/* Inlined into its caller whatever the optimisation: the return address of
 * its malloc is in inline_caller's code, and DWARF says it is this
 * function's, inlined. */
static inline __attribute__((always_inline)) void inline_alloc(size_t size)
{
	use_and_free(malloc(size)); /* STACK:inline_alloc */
}

__attribute__((noipa)) static unsigned long long inline_caller(void)
{
	for (size_t i = 0; i < INLINE_COUNT; i++)
		inline_alloc(INLINE_SIZE); /* STACK:inline_caller */
	return (unsigned long long) INLINE_SIZE * INLINE_COUNT;
}

/* A module loaded with dlopen allocates from its own function; unloaded
 * before the end, so its frames must be named from the mapping the trace
 * recorded while it was loaded. */
__attribute__((noipa)) static unsigned long long run_module(const char *path)
{
	unsigned long long (*module_alloc)(size_t size, size_t count);
	unsigned long long bytes;
	void *module = dlopen(path, RTLD_NOW | RTLD_LOCAL);

	if (!module)
		die(dlerror());
	*(void **) &module_alloc = dlsym(module, "module_alloc");
	if (!module_alloc)
		die(dlerror());
	bytes = module_alloc(MODULE_SIZE, MODULE_COUNT);
	KEEP_FRAME();
	if (dlclose(module))
		die(dlerror());
	return bytes;
}

/* A pool of threads that all run pool_task, which allocates itself: one
 * stack in every thread, and a short one (pool_task, start_thread, clone3),
 * which no depth limit of 4 cuts. */
struct task {
	pthread_t thread;
	unsigned long long bytes;
};

__attribute__((noipa)) static void *pool_task(void *arg)
{
	struct task *task = arg;

	for (size_t i = 0; i < POOL_COUNT; i++)
		use_and_free(malloc(POOL_SIZE)); /* STACK:pool_task */
	task->bytes = (unsigned long long) POOL_SIZE * POOL_COUNT;
	return NULL;
}

__attribute__((noipa)) static unsigned long long run_pool(void)
{
	struct task tasks[POOL_THREADS];
	unsigned long long bytes = 0;

	for (int i = 0; i < POOL_THREADS; i++) {
		if (pthread_create(&tasks[i].thread, NULL, pool_task, &tasks[i]))
			die("pthread_create failed");
	}
	for (int i = 0; i < POOL_THREADS; i++) {
		if (pthread_join(tasks[i].thread, NULL))
			die("pthread_join failed");
		bytes += tasks[i].bytes;
	}
	return bytes;
}

/*
 * A handler that allocates.  malloc is not async-signal-safe, and a real
 * program must not do this; here the signal only ever comes from raise()
 * in raise_signals, on this thread, synchronously, so the handler never
 * interrupts an allocation of its own thread, and another thread's malloc
 * locks only make it wait.  Its stack goes through the signal frame:
 * on_signal, the C library's signal trampoline and raise, then
 * raise_signals.
 */
static unsigned long long signal_bytes;

__attribute__((noipa)) static void on_signal(int signal_number)
{
	(void) signal_number;
	for (size_t i = 0; i < SIGNAL_COUNT; i++)
		use_and_free(malloc(SIGNAL_SIZE)); /* STACK:on_signal */
	signal_bytes += (unsigned long long) SIGNAL_SIZE * SIGNAL_COUNT;
}

__attribute__((noipa)) static unsigned long long raise_signals(void)
{
	struct sigaction action;

	memset(&action, 0, sizeof action);
	action.sa_handler = on_signal;
	sigemptyset(&action.sa_mask);
	if (sigaction(SIGUSR1, &action, NULL))
		die("sigaction failed");
	for (int i = 0; i < SIGNAL_RAISES; i++) {
		if (raise(SIGUSR1)) /* STACK:raise_signals */
			die("raise failed");
		KEEP_FRAME();
	}
	return signal_bytes;
}

/* Usage: stacks TRUTH_FILE MODULE.  Runs every path once, then writes
 * `pid PID` and one `path NAME BYTES` line per path to TRUTH_FILE (the
 * program's standard output is left alone). */
int main(int argc, char **argv)
{
	unsigned long long two_a, two_b, recursion, inlined, module, pool, handler;
	FILE *truth;

	if (argc != 3)
		die("usage: stacks TRUTH_FILE MODULE");
	two_a = path_a();
	two_b = path_b();
	recursion = recurse(RECURSION_DEPTH);
	inlined = inline_caller();
	module = run_module(argv[2]);
	pool = run_pool();
	handler = raise_signals();
	truth = fopen(argv[1], "w");
	if (!truth)
		die("cannot write the truth file");
	fprintf(truth, "pid %d\n", (int) getpid());
	fprintf(truth, "path two_a %llu\n", two_a);
	fprintf(truth, "path two_b %llu\n", two_b);
	fprintf(truth, "path recursion %llu\n", recursion);
	fprintf(truth, "path inline %llu\n", inlined);
	fprintf(truth, "path module %llu\n", module);
	fprintf(truth, "path pool %llu\n", pool);
	fprintf(truth, "path signal %llu\n", handler);
	if (fclose(truth))
		die("cannot write the truth file");
	return 0;
}
