/*
 * stacks.c - allocations at known depths of known functions, for the test
 * of the stacks the shim records (tests/integration/stacks.sh).
 *
 * Usage: stacks FACTS MODE...; the modes run in order, in the main thread
 * unless said:
 *   recurse  stk_run_recurse -> stk_level_40 -> ... -> stk_level_01 ->
 *            stk_leaf, which mallocs RECURSE_SIZE bytes
 *   strdup   stk_strdup_caller strdups a STRDUP_SIZE-byte string (the
 *            allocating call is in the C library)
 *   signal   stk_signal_caller -> stk_interrupted spins until a SIGUSR1
 *            from another thread runs stk_handler, which mallocs
 *            SIGNAL_SIZE bytes and notes the interrupted instruction
 *   thread   a thread on a stack it was given (pthread_attr_setstack):
 *            stk_thread_main -> stk_thread_alloc mallocs THREAD_SIZE bytes
 *   typed    stk_typed_caller: allocsample_malloc_typed of TYPED_SIZE bytes
 *   dlopen   module A (argv: after "dlopen", A's and B's paths): its
 *            stk_module_alloc, called by stk_dl_caller, mallocs MODULE_A_SIZE
 *            bytes; A is closed, B opened (at A's address, if the kernel
 *            reuses it) and does the same with MODULE_B_SIZE
 *   again    every later size is AGAIN bytes larger: the same checks,
 *            after an unload
 * Run it with ALLOCSAMPLE_RATE=1: every object is sampled.  FACTS gets
 * "pid PID" and where things were: "main ADDRESS", "module a|b BASE",
 * "interrupted SIZE PC" (the instruction the signal interrupted, SIZE the
 * handler's allocation).
 *
 * Every function is noipa: never inlined, cloned or merged with a twin,
 * and each calls the next before doing something else, so no call is a
 * tail call and each level keeps a frame of its own.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "allocsample.h"
#include "workload.h"

#define RECURSE_SIZE 1000003
#define STRDUP_SIZE 1000019
#define SIGNAL_SIZE 1000033
#define THREAD_SIZE 1000037
#define TYPED_SIZE 1000061
#define MODULE_A_SIZE 1000039
#define MODULE_B_SIZE 1000051
#define AGAIN 100

#define NOIPA __attribute__((noipa))

static FILE *facts;
static size_t extra;            /* added to every size after "again" */
static volatile unsigned sink;

static NOIPA void keep(void *p, unsigned level)
{
	sink += level + (p != NULL);
}

static NOIPA void *stk_leaf(size_t size)
{
	void *p = malloc(size);

	keep(p, 0);
	return p;
}

#define LEVEL(n, next)                                   \
	static NOIPA void *stk_level_##n(size_t size)    \
	{                                                \
		void *p = next(size);                    \
                                                         \
		keep(p, 1##n);                           \
		return p;                                \
	}

LEVEL(01, stk_leaf) LEVEL(02, stk_level_01) LEVEL(03, stk_level_02) LEVEL(04, stk_level_03)
LEVEL(05, stk_level_04) LEVEL(06, stk_level_05) LEVEL(07, stk_level_06) LEVEL(08, stk_level_07)
LEVEL(09, stk_level_08) LEVEL(10, stk_level_09) LEVEL(11, stk_level_10) LEVEL(12, stk_level_11)
LEVEL(13, stk_level_12) LEVEL(14, stk_level_13) LEVEL(15, stk_level_14) LEVEL(16, stk_level_15)
LEVEL(17, stk_level_16) LEVEL(18, stk_level_17) LEVEL(19, stk_level_18) LEVEL(20, stk_level_19)
LEVEL(21, stk_level_20) LEVEL(22, stk_level_21) LEVEL(23, stk_level_22) LEVEL(24, stk_level_23)
LEVEL(25, stk_level_24) LEVEL(26, stk_level_25) LEVEL(27, stk_level_26) LEVEL(28, stk_level_27)
LEVEL(29, stk_level_28) LEVEL(30, stk_level_29) LEVEL(31, stk_level_30) LEVEL(32, stk_level_31)
LEVEL(33, stk_level_32) LEVEL(34, stk_level_33) LEVEL(35, stk_level_34) LEVEL(36, stk_level_35)
LEVEL(37, stk_level_36) LEVEL(38, stk_level_37) LEVEL(39, stk_level_38) LEVEL(40, stk_level_39)

static NOIPA void stk_run_recurse(void)
{
	void *p = stk_level_40(RECURSE_SIZE + extra);

	keep(p, 41);
	free(p);
}

static NOIPA void stk_strdup_caller(void)
{
	size_t size = STRDUP_SIZE + extra;
	char *text = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *copy;

	if (text == MAP_FAILED)
		workload_die("mmap failed");
	/* strdup allocates strlen + 1 bytes: the sampled object is `size`. */
	memset(text, 'x', size - 1);
	copy = strdup(text);
	keep(copy, 42);
	free(copy);
	munmap(text, size);
}

static volatile sig_atomic_t spinning, handled;
static uintptr_t interrupted_pc;

static NOIPA void stk_handler(int signo, siginfo_t *info, void *context)
{
	ucontext_t *uc = context;
	void *p;

	(void) signo;
	(void) info;
	interrupted_pc = (uintptr_t) uc->uc_mcontext.gregs[REG_RIP];
	p = malloc(SIGNAL_SIZE + extra);
	keep(p, 43);
	free(p);
	handled = 1;
}

static NOIPA void stk_interrupted(void)
{
	spinning = 1;
	while (!handled)
		;
	keep(NULL, 44);
}

static NOIPA void stk_signal_caller(void)
{
	stk_interrupted();
	keep(NULL, 45);
}

static void *send_signal(void *main_thread)
{
	while (!spinning)
		;
	pthread_kill(*(pthread_t *) main_thread, SIGUSR1);
	return NULL;
}

static void run_signal(void)
{
	struct sigaction action = { .sa_sigaction = stk_handler, .sa_flags = SA_SIGINFO };
	pthread_t main_thread = pthread_self(), sender;

	spinning = handled = 0;
	sigemptyset(&action.sa_mask);
	if (sigaction(SIGUSR1, &action, NULL) != 0 ||
	    pthread_create(&sender, NULL, send_signal, &main_thread) != 0)
		workload_die("cannot set up the signal");
	stk_signal_caller();
	pthread_join(sender, NULL);
	fprintf(facts, "interrupted %zu 0x%jx\n", (size_t) (SIGNAL_SIZE + extra), (uintmax_t) interrupted_pc);
}

static NOIPA void *stk_thread_alloc(size_t size)
{
	void *p = malloc(size);

	keep(p, 46);
	return p;
}

static NOIPA void *stk_thread_main(void *arg)
{
	void *p = stk_thread_alloc(THREAD_SIZE + extra);

	(void) arg;
	keep(p, 47);
	free(p);
	return NULL;
}

/* A stack the thread library did not allocate, where no guard page or
 * bound of its own is known to anyone walking it: this program's own
 * memory. */
static unsigned char thread_stack[256 * 1024] __attribute__((aligned(4096)));

static void run_thread(void)
{
	pthread_attr_t attr;
	pthread_t thread;

	if (pthread_attr_init(&attr) != 0 ||
	    pthread_attr_setstack(&attr, thread_stack, sizeof(thread_stack)) != 0 ||
	    pthread_create(&thread, &attr, stk_thread_main, NULL) != 0)
		workload_die("cannot start a thread on its own stack");
	pthread_join(thread, NULL);
	pthread_attr_destroy(&attr);
}

static NOIPA void stk_typed_caller(void)
{
	void *p = allocsample_malloc_typed(TYPED_SIZE + extra, "stk_typed");

	keep(p, 48);
	free(p);
}

static NOIPA void stk_dl_caller(void *(*module_alloc)(size_t), size_t size)
{
	void *p = module_alloc(size);

	keep(p, 49);
	free(p);
}

/* Opens `path`, has its stk_module_alloc allocate `size` bytes, closes it. */
static void run_module(const char *path, const char *name, size_t size)
{
	void *module = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	void *(*module_alloc)(size_t);
	Dl_info info;

	if (!module)
		workload_die(dlerror());
	module_alloc = (void *(*)(size_t)) dlsym(module, "stk_module_alloc");
	if (!module_alloc || !dladdr((void *) module_alloc, &info))
		workload_die("no stk_module_alloc in the module");
	fprintf(facts, "module %s %p\n", name, info.dli_fbase);
	fflush(facts);
	stk_dl_caller(module_alloc, size);
	if (dlclose(module) != 0)
		workload_die(dlerror());
}

int main(int argc, char **argv)
{
	if (argc < 3)
		workload_die("usage: stacks FACTS MODE...");
	facts = fopen(argv[1], "w");
	if (!facts)
		workload_die("cannot write the facts file");
	fprintf(facts, "pid %d\nmain %p\n", (int) getpid(), (void *) main);
	for (int i = 2; i < argc; i++) {
		const char *mode = argv[i];

		if (strcmp(mode, "recurse") == 0) {
			stk_run_recurse();
		} else if (strcmp(mode, "strdup") == 0) {
			stk_strdup_caller();
		} else if (strcmp(mode, "signal") == 0) {
			run_signal();
		} else if (strcmp(mode, "thread") == 0) {
			run_thread();
		} else if (strcmp(mode, "typed") == 0) {
			stk_typed_caller();
		} else if (strcmp(mode, "dlopen") == 0 && i + 2 < argc) {
			run_module(argv[i + 1], "a", MODULE_A_SIZE + extra);
			run_module(argv[i + 2], "b", MODULE_B_SIZE + extra);
			i += 2;
		} else if (strcmp(mode, "again") == 0) {
			extra += AGAIN;
		} else {
			workload_die("unknown mode");
		}
	}
	return fclose(facts) == 0 ? 0 : 1;
}
