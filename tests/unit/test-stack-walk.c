/*
 * test-stack-walk.c - the stack walk (src/unwind/stack_walk.c, cfi.c,
 * rule_cache.c) against libgcc's unwinder, frame for frame, and the
 * rules it reads from hand-written frames.
 *
 * Every walk is compared with _Unwind_Backtrace's from the same place:
 * through plain and frame-pointer recursion, the C library's qsort,
 * bsearch, twalk, dl_iterate_phdr and pthread_once callbacks, signal
 * handlers (raised, interrupting a loop, on an alternate stack), a thread
 * on a stack of its own, a realigned frame (GCC's DRAP) and a frame whose
 * rules the walk does not follow.  Each is walked three times: with the
 * rule cache off (no preload shim reports dlclose), then on, filling it,
 * then from it.  No chance involved: a failure is a wrong frame.
 */
#include <check.h>
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <search.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unwind.h>

#include "unwind/cfi.h"
#include "unwind/rule_cache.h"
#include "unwind/stack_walk.h"
#include "unwind/unloads.h"

#define NOIPA __attribute__((noipa))
#define MAX_FRAMES 256

/* The outcome of the last comparison, read by the test after the
 * scenario returns (the comparison may run in a callback or a handler). */
static struct {
	bool done, same;
	char detail[200];
} result;

struct libgcc_walk {
	void **frames;
	unsigned n;
};

static _Unwind_Reason_Code collect(struct _Unwind_Context *context, void *data)
{
	struct libgcc_walk *walk = data;
	int interrupted = 0;
	uintptr_t pc = _Unwind_GetIPInfo(context, &interrupted);

	if (walk->n == MAX_FRAMES || pc == 0)
		return _URC_END_OF_STACK;
	walk->frames[walk->n++] = (void *) (pc + (interrupted ? 1 : 0));
	return _URC_NO_REASON;
}

/*
 * Walks with as_stack_walk and with libgcc from here and records whether
 * the frames agree from this function's caller outward (frame 0 of each
 * is its own call in this function).
 */
static NOIPA void compare_walks(void)
{
	void *ours[MAX_FRAMES], *theirs[MAX_FRAMES];
	struct libgcc_walk walk = { theirs, 0 };
	unsigned n = as_stack_walk(ours, MAX_FRAMES), i;

	_Unwind_Backtrace(collect, &walk);
	for (i = 1; i < n && i < walk.n && ours[i] == theirs[i]; i++)
		;
	result.done = true;
	result.same = n == walk.n && n > 1 && i == n;
	snprintf(result.detail, sizeof(result.detail), "ours %u frames, libgcc's %u, first difference at %u: %p %p",
		 n, walk.n, i, i < n ? ours[i] : NULL, i < walk.n ? theirs[i] : NULL);
}

/* Runs `scenario` with the cache off, then on (twice: filling, hitting),
 * and asserts that each walk agreed with libgcc's, and that the walk
 * itself gave its frames (not its fallback, libgcc) unless `handed_over`. */
static void check_walks(const char *name, void (*scenario)(void), bool handed_over)
{
	unsigned long before = as_stack_walk_handed_to_libgcc();

	for (int pass = 0; pass < 3; pass++) {
		if (pass == 1)
			allocsample_internal_unloads_watched();
		memset(&result, 0, sizeof(result));
		scenario();
		ck_assert_msg(result.done, "%s, pass %d: the walk did not run", name, pass);
		ck_assert_msg(result.same, "%s, pass %d: %s", name, pass, result.detail);
	}
	if (handed_over)
		ck_assert_msg(as_stack_walk_handed_to_libgcc() > before, "%s: never handed to libgcc", name);
	else
		ck_assert_msg(as_stack_walk_handed_to_libgcc() == before, "%s: handed to libgcc %lu times",
			      name, as_stack_walk_handed_to_libgcc() - before);
}

static void check_scenario(const char *name, void (*scenario)(void))
{
	check_walks(name, scenario, false);
}

static volatile unsigned sink;

static NOIPA void recurse(unsigned depth, void (*at_bottom)(void))
{
	if (depth == 0)
		at_bottom();
	else
		recurse(depth - 1, at_bottom);
	sink++;
}

static void deep(void)
{
	recurse(50, compare_walks);
}

/* Frame pointers in every frame of the recursion. */
static NOIPA __attribute__((optimize("no-omit-frame-pointer"))) void recurse_fp(unsigned depth)
{
	if (depth == 0)
		compare_walks();
	else
		recurse_fp(depth - 1);
	sink++;
}

static void frame_pointers(void)
{
	recurse_fp(30);
}

static int compare_in_comparator(const void *a, const void *b)
{
	compare_walks();
	return memcmp(a, b, sizeof(int));
}

static void in_qsort(void)
{
	int values[2] = { 2, 1 };

	qsort(values, 2, sizeof(values[0]), compare_in_comparator);
}

static void in_bsearch(void)
{
	int values[3] = { 1, 2, 3 }, key = 2;

	bsearch(&key, values, 3, sizeof(values[0]), compare_in_comparator);
}

static int by_int(const void *a, const void *b)
{
	return *(const int *) a - *(const int *) b;
}

static void twalk_action(const void *node, VISIT which, int depth)
{
	(void) node;
	(void) depth;
	if (which == leaf && !result.done)
		compare_walks();
}

static void in_twalk(void)
{
	static int keys[5] = { 3, 1, 4, 5, 2 };
	void *root = NULL;

	for (int i = 0; i < 5; i++)
		tsearch(&keys[i], &root, by_int);
	twalk(root, twalk_action);
	for (int i = 0; i < 5; i++)
		tdelete(&keys[i], &root, by_int);
}

static int phdr_callback(struct dl_phdr_info *info, size_t size, void *data)
{
	(void) info;
	(void) size;
	(void) data;
	compare_walks();
	return 1;
}

static void in_dl_iterate_phdr(void)
{
	dl_iterate_phdr(phdr_callback, NULL);
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void in_pthread_once(void)
{
	pthread_once(&once, compare_walks);
}

/* A realigned frame, as GCC builds one for an over-aligned local when the
 * function also reads arguments from the stack: its CFA is loaded through
 * %rbp (DW_CFA_def_cfa_expression), and %rbp is saved at %rbp. */
static NOIPA void realigned(int a, int b, int c, int d, int e, int f, int g, int n)
{
	char aligned[64] __attribute__((aligned(64)));
	char vla[n];

	memset(aligned, g, sizeof(aligned));
	memset(vla, a + b + c + d + e + f, (size_t) n);
	compare_walks();
	sink += (unsigned) aligned[3] + (unsigned) vla[n - 1];
}

static void drap(void)
{
	realigned(1, 2, 3, 4, 5, 6, 7, 33);
}

/*
 * Hand-written frames with known rules, each calling its argument:
 *   frame_standard   CFA = %rsp + 48
 *   frame_fp         CFA = %rbp + 16, %rbp saved at CFA - 16
 *   frame_drap       CFA = *(%rbp - 8), %rbp saved at %rbp (as GCC's DRAP)
 *   frame_register   the caller's %rbp held in %rbx: not followed
 *   frame_signal     marked as a signal frame
 *   frame_outermost  the return address undefined
 *   frame_no_cfi     no call frame information at all
 */
__asm__(".text\n"
	".p2align 4\n"
	".type frame_standard, @function\n"
	"frame_standard:\n"
	".cfi_startproc\n"
	"subq $40, %rsp\n"
	".cfi_def_cfa_offset 48\n"
	"call *%rdi\n"
	"addq $40, %rsp\n"
	".cfi_def_cfa_offset 8\n"
	"ret\n"
	".cfi_endproc\n"
	".size frame_standard, .-frame_standard\n"

	".p2align 4\n"
	".type frame_fp, @function\n"
	"frame_fp:\n"
	".cfi_startproc\n"
	"pushq %rbp\n"
	".cfi_def_cfa_offset 16\n"
	".cfi_offset %rbp, -16\n"
	"movq %rsp, %rbp\n"
	".cfi_def_cfa_register %rbp\n"
	"subq $16, %rsp\n"
	"call *%rdi\n"
	"leave\n"
	".cfi_def_cfa %rsp, 8\n"
	"ret\n"
	".cfi_endproc\n"
	".size frame_fp, .-frame_fp\n"

	".p2align 4\n"
	".type frame_drap, @function\n"
	"frame_drap:\n"
	".cfi_startproc\n"
	"leaq 8(%rsp), %r10\n"
	".cfi_def_cfa %r10, 0\n"
	"andq $-64, %rsp\n"
	"pushq -8(%r10)\n"
	"pushq %rbp\n"
	"movq %rsp, %rbp\n"
	/* DW_CFA_expression %rbp: DW_OP_breg6 0 */
	".cfi_escape 0x10, 0x06, 0x02, 0x76, 0x00\n"
	"pushq %r10\n"
	/* DW_CFA_def_cfa_expression: DW_OP_breg6 -8, DW_OP_deref */
	".cfi_escape 0x0f, 0x03, 0x76, 0x78, 0x06\n"
	"subq $8, %rsp\n"
	"call *%rdi\n"
	"addq $8, %rsp\n"
	"popq %r10\n"
	".cfi_def_cfa %r10, 0\n"
	"popq %rbp\n"
	".cfi_same_value %rbp\n"
	"leaq -8(%r10), %rsp\n"
	".cfi_def_cfa %rsp, 8\n"
	"ret\n"
	".cfi_endproc\n"
	".size frame_drap, .-frame_drap\n"

	".p2align 4\n"
	".type frame_register, @function\n"
	"frame_register:\n"
	".cfi_startproc\n"
	"pushq %rbx\n"
	".cfi_def_cfa_offset 16\n"
	".cfi_offset %rbx, -16\n"
	"movq %rbp, %rbx\n"
	".cfi_register %rbp, %rbx\n"
	"call *%rdi\n"
	"movq %rbx, %rbp\n"
	".cfi_same_value %rbp\n"
	"popq %rbx\n"
	".cfi_def_cfa_offset 8\n"
	"ret\n"
	".cfi_endproc\n"
	".size frame_register, .-frame_register\n"

	".p2align 4\n"
	".type frame_signal, @function\n"
	"frame_signal:\n"
	".cfi_startproc\n"
	".cfi_signal_frame\n"
	"subq $8, %rsp\n"
	".cfi_def_cfa_offset 16\n"
	"call *%rdi\n"
	"addq $8, %rsp\n"
	".cfi_def_cfa_offset 8\n"
	"ret\n"
	".cfi_endproc\n"
	".size frame_signal, .-frame_signal\n"

	".p2align 4\n"
	".type frame_outermost, @function\n"
	"frame_outermost:\n"
	".cfi_startproc\n"
	".cfi_undefined %rip\n"
	"subq $8, %rsp\n"
	".cfi_def_cfa_offset 16\n"
	"call *%rdi\n"
	"addq $8, %rsp\n"
	".cfi_def_cfa_offset 8\n"
	"ret\n"
	".cfi_endproc\n"
	".size frame_outermost, .-frame_outermost\n"

	".p2align 4\n"
	".type frame_no_cfi, @function\n"
	"frame_no_cfi:\n"
	"subq $8, %rsp\n"
	"call *%rdi\n"
	"addq $8, %rsp\n"
	"ret\n"
	".size frame_no_cfi, .-frame_no_cfi\n");

void frame_standard(void (*callee)(void));
void frame_fp(void (*callee)(void));
void frame_drap(void (*callee)(void));
void frame_register(void (*callee)(void));
void frame_signal(void (*callee)(void));
void frame_outermost(void (*callee)(void));
void frame_no_cfi(void (*callee)(void));

static void *return_address;

static NOIPA void note_return_address(void)
{
	return_address = __builtin_return_address(0);
}

/* The rule at the return address of the call in `frame`. */
static struct as_rule rule_in(void (*frame)(void (*)(void)))
{
	struct as_rule rule;

	frame(note_return_address);
	as_cfi_rule((uintptr_t) return_address, false, &rule);
	return rule;
}

static void through_asm_drap(void)
{
	frame_drap(compare_walks);
}

static void through_asm_fp(void)
{
	frame_fp(compare_walks);
}

static void through_unfollowed_rule(void)
{
	frame_register(compare_walks);
}

/* Signals: the handler compares; for an interrupted loop it also notes
 * the instruction the signal interrupted. */
static volatile sig_atomic_t spinning, handled;
static uintptr_t interrupted_pc;
static bool interrupted_frame_found;

static void handler(int signo, siginfo_t *info, void *context)
{
	(void) signo;
	(void) info;
	interrupted_pc = (uintptr_t) ((ucontext_t *) context)->uc_mcontext.gregs[REG_RIP];
	compare_walks();
	{
		void *frames[MAX_FRAMES];
		unsigned n = as_stack_walk(frames, MAX_FRAMES);

		interrupted_frame_found = false;
		for (unsigned i = 0; i < n; i++)
			interrupted_frame_found |= (uintptr_t) frames[i] == interrupted_pc + 1;
	}
	handled = 1;
}

static void install(int flags)
{
	struct sigaction action = { .sa_sigaction = handler, .sa_flags = SA_SIGINFO | flags };

	sigemptyset(&action.sa_mask);
	ck_assert_int_eq(sigaction(SIGUSR1, &action, NULL), 0);
}

static NOIPA void raising(void)
{
	raise(SIGUSR1);
	sink++;
}

static void signal_raised(void)
{
	install(0);
	raising();
}

static void signal_on_alternate_stack(void)
{
	static char alternate[256 * 1024];
	stack_t stack = { .ss_sp = alternate, .ss_size = sizeof(alternate) };

	ck_assert_int_eq(sigaltstack(&stack, NULL), 0);
	install(SA_ONSTACK);
	recurse(10, raising);
}

static NOIPA void spin(void)
{
	spinning = 1;
	while (!handled)
		;
	sink++;
}

static void *interrupt(void *target)
{
	while (!spinning)
		;
	pthread_kill(*(pthread_t *) target, SIGUSR1);
	return NULL;
}

static void signal_interrupting(void)
{
	pthread_t self = pthread_self(), sender;

	spinning = handled = 0;
	install(0);
	ck_assert_int_eq(pthread_create(&sender, NULL, interrupt, &self), 0);
	recurse(5, spin);
	pthread_join(sender, NULL);
}

static void *thread_body(void *arg)
{
	(void) arg;
	recurse(20, compare_walks);
	return NULL;
}

/* A thread on a stack it was given: nothing is known of its bounds. */
static void on_own_stack(void)
{
	size_t bytes = 256 * 1024;
	void *stack = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	pthread_attr_t attr;
	pthread_t thread;

	ck_assert_ptr_ne(stack, MAP_FAILED);
	ck_assert_int_eq(pthread_attr_init(&attr), 0);
	ck_assert_int_eq(pthread_attr_setstack(&attr, stack, bytes), 0);
	ck_assert_int_eq(pthread_create(&thread, &attr, thread_body, NULL), 0);
	ck_assert_int_eq(pthread_join(thread, NULL), 0);
	pthread_attr_destroy(&attr);
	munmap(stack, bytes);
}

#define SCENARIO(test, function)                   \
	START_TEST(test)                           \
	{                                          \
		check_scenario(#function, function); \
	}                                          \
	END_TEST

SCENARIO(test_recursion, deep)
SCENARIO(test_frame_pointers, frame_pointers)
SCENARIO(test_qsort, in_qsort)
SCENARIO(test_bsearch, in_bsearch)
SCENARIO(test_twalk, in_twalk)
SCENARIO(test_dl_iterate_phdr, in_dl_iterate_phdr)
SCENARIO(test_drap, drap)
SCENARIO(test_asm_drap, through_asm_drap)
SCENARIO(test_asm_fp, through_asm_fp)
SCENARIO(test_signal_raised, signal_raised)
SCENARIO(test_signal_alternate_stack, signal_on_alternate_stack)
SCENARIO(test_own_stack, on_own_stack)

/* pthread_once runs its routine once per process: one pass, cache on. */
START_TEST(test_pthread_once)
{
	allocsample_internal_unloads_watched();
	in_pthread_once();
	ck_assert_msg(result.done && result.same, "%s", result.detail);
	ck_assert_uint_eq(as_stack_walk_handed_to_libgcc(), 0);
}
END_TEST

/* A rule the walk does not follow (%rbp kept in %rbx) hands the walk to
 * libgcc, whose frames it then gives. */
START_TEST(test_unfollowed_rule)
{
	check_walks("through_unfollowed_rule", through_unfollowed_rule, true);
}
END_TEST

/* An interrupted instruction is the frame after the trampoline, + 1. */
START_TEST(test_signal_interrupting)
{
	check_scenario("signal_interrupting", signal_interrupting);
	ck_assert_msg(interrupted_frame_found, "no frame is the interrupted instruction + 1 (%#lx + 1)",
		      (unsigned long) interrupted_pc);
}
END_TEST

/* max is honoured, and a short walk is the start of the full one. */
static void *short_walk[5], *full_walk[MAX_FRAMES];
static unsigned short_n, full_n;

static NOIPA void both_lengths(void)
{
	short_n = as_stack_walk(short_walk, 5);
	full_n = as_stack_walk(full_walk, MAX_FRAMES);
}

START_TEST(test_max)
{
	allocsample_internal_unloads_watched();
	recurse(20, both_lengths);
	ck_assert_uint_eq(short_n, 5);
	ck_assert_uint_gt(full_n, 20);
	/* Frame 0 is each call's own return address. */
	ck_assert_mem_eq(short_walk + 1, full_walk + 1, 4 * sizeof(void *));
}
END_TEST

/* The rules read from the hand-written frames. */
START_TEST(test_rules)
{
	struct as_rule rule = rule_in(frame_standard);

	ck_assert_int_eq(rule.kind, AS_RULE_STEP);
	ck_assert_int_eq(rule.cfa_base, AS_CFA_RSP);
	ck_assert_int_eq(rule.cfa_offset, 48);
	ck_assert_int_eq(rule.ra_offset, -8);
	ck_assert_int_eq(rule.rbp_rule, AS_RBP_SAME);

	rule = rule_in(frame_fp);
	ck_assert_int_eq(rule.kind, AS_RULE_STEP);
	ck_assert_int_eq(rule.cfa_base, AS_CFA_RBP);
	ck_assert_int_eq(rule.cfa_offset, 16);
	ck_assert_int_eq(rule.ra_offset, -8);
	ck_assert_int_eq(rule.rbp_rule, AS_RBP_AT_CFA);
	ck_assert_int_eq(rule.rbp_offset, -16);

	rule = rule_in(frame_drap);
	ck_assert_int_eq(rule.kind, AS_RULE_STEP);
	ck_assert_int_eq(rule.cfa_base, AS_CFA_AT_RBP);
	ck_assert_int_eq(rule.cfa_offset, -8);
	ck_assert_int_eq(rule.ra_offset, -8);
	ck_assert_int_eq(rule.rbp_rule, AS_RBP_AT_RBP);
	ck_assert_int_eq(rule.rbp_offset, 0);

	ck_assert_int_eq(rule_in(frame_register).kind, AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(rule_in(frame_signal).kind, AS_RULE_SIGNAL);
	ck_assert_int_eq(rule_in(frame_outermost).kind, AS_RULE_OUTERMOST);
	ck_assert_int_eq(rule_in(frame_no_cfi).kind, AS_RULE_NONE);
}
END_TEST

/* The address's exactness matters: the call before a return address, the
 * instruction itself otherwise.  Here both lie in frame_fp's body. */
START_TEST(test_rule_exact)
{
	struct as_rule rule;

	frame_fp(note_return_address);
	as_cfi_rule((uintptr_t) return_address, true, &rule);
	ck_assert_int_eq(rule.kind, AS_RULE_STEP);
	ck_assert_int_eq(rule.cfa_base, AS_CFA_RBP);
	/* The first instruction of frame_fp: CFA = %rsp + 8. */
	as_cfi_rule((uintptr_t) frame_fp, true, &rule);
	ck_assert_int_eq(rule.kind, AS_RULE_STEP);
	ck_assert_int_eq(rule.cfa_base, AS_CFA_RSP);
	ck_assert_int_eq(rule.cfa_offset, 8);
}
END_TEST

/*
 * The cache: a rule comes back for its address, exactness and generation
 * only, every field intact; clearing empties it; addresses beyond 47 bits
 * have no key.  Catches: a generation ignored (a stale rule after an
 * unload); the exact bit ignored; a packed field cut short.
 */
START_TEST(test_cache)
{
	struct as_rule in = { .kind = AS_RULE_STEP, .cfa_base = AS_CFA_AT_RBP, .rbp_rule = AS_RBP_AT_RBP,
			      .cfa_offset = -123456, .rbp_offset = -32000, .ra_offset = -1024 };
	uintptr_t pc = 0x7f0012345678;
	uint64_t tag = as_rule_cache_tag(7), key = as_rule_cache_key(pc, false, tag);
	uint64_t value = as_rule_pack(&in);

	ck_assert_uint_ne(key, 0);
	ck_assert_uint_ne(value, 0);
	ck_assert_uint_eq(as_rule_cache_find(key), 0);
	as_rule_cache_put(key, value);
	ck_assert_uint_eq(as_rule_cache_find(key), value);
	ck_assert_uint_eq(AS_RULE_KIND(value), AS_RULE_STEP);
	ck_assert_uint_eq(AS_RULE_CFA_BASE(value), AS_CFA_AT_RBP);
	ck_assert_uint_eq(AS_RULE_RBP_RULE(value), AS_RBP_AT_RBP);
	ck_assert_int_eq(AS_RULE_CFA_OFFSET(value), -123456);
	ck_assert_int_eq(AS_RULE_RBP_OFFSET(value), -32000);
	ck_assert_int_eq(AS_RULE_RA_OFFSET(value), -1024);
	ck_assert_uint_eq(as_rule_cache_find(as_rule_cache_key(pc, true, tag)), 0);
	ck_assert_uint_eq(as_rule_cache_find(as_rule_cache_key(pc, false, as_rule_cache_tag(8))), 0);
	ck_assert_uint_eq(as_rule_cache_find(as_rule_cache_key(pc + 1, false, tag)), 0);
	/* Generations are told apart modulo AS_RULE_CACHE_GENERATIONS,
	 * which is why unloads.c clears the cache at each multiple. */
	ck_assert_uint_eq(as_rule_cache_find(as_rule_cache_key(pc, false,
		as_rule_cache_tag(7 + AS_RULE_CACHE_GENERATIONS))), value);
	as_rule_cache_clear();
	ck_assert_uint_eq(as_rule_cache_find(key), 0);

	ck_assert_uint_eq(as_rule_cache_key((uintptr_t) 1 << 47, false, tag), 0);
	/* A return address offset that is no multiple of 8 does not pack. */
	in.ra_offset = -12;
	ck_assert_uint_eq(as_rule_pack(&in), 0);
}
END_TEST

/* Many threads walking and filling the one cache at once, from different
 * depths, each walk checked against libgcc's.  Catches a torn or mixed
 * slot. */
struct walker_thread {
	unsigned depth, failures;
};

static __thread struct walker_thread *this_walker;

static void walk_often(void)
{
	for (unsigned i = 0; i < 300; i++) {
		void *ours[MAX_FRAMES], *theirs[MAX_FRAMES];
		struct libgcc_walk walk = { theirs, 0 };
		unsigned n = as_stack_walk(ours, MAX_FRAMES);

		_Unwind_Backtrace(collect, &walk);
		if (n != walk.n || n < 2 || memcmp(ours + 1, theirs + 1, (n - 1) * sizeof(void *)) != 0)
			this_walker->failures++;
	}
}

static void *walker_thread(void *arg)
{
	this_walker = arg;
	recurse(this_walker->depth, walk_often);
	return NULL;
}

START_TEST(test_threads)
{
	struct walker_thread walkers[4];
	pthread_t threads[4];

	allocsample_internal_unloads_watched();
	for (unsigned i = 0; i < 4; i++) {
		walkers[i] = (struct walker_thread) { 5 + 7 * i, 0 };
		ck_assert_int_eq(pthread_create(&threads[i], NULL, walker_thread, &walkers[i]), 0);
	}
	for (unsigned i = 0; i < 4; i++) {
		ck_assert_int_eq(pthread_join(threads[i], NULL), 0);
		ck_assert_msg(walkers[i].failures == 0, "thread %u: %u walks differed from libgcc's", i,
			      walkers[i].failures);
	}
	ck_assert_uint_eq(as_stack_walk_handed_to_libgcc(), 0);
}
END_TEST

static Suite *walk_suite(void)
{
	Suite *suite = suite_create("stack walk");
	TCase *against = tcase_create("against libgcc");
	TCase *rules = tcase_create("rules and cache");

	tcase_add_test(against, test_recursion);
	tcase_add_test(against, test_frame_pointers);
	tcase_add_test(against, test_qsort);
	tcase_add_test(against, test_bsearch);
	tcase_add_test(against, test_twalk);
	tcase_add_test(against, test_dl_iterate_phdr);
	tcase_add_test(against, test_pthread_once);
	tcase_add_test(against, test_drap);
	tcase_add_test(against, test_asm_drap);
	tcase_add_test(against, test_asm_fp);
	tcase_add_test(against, test_unfollowed_rule);
	tcase_add_test(against, test_signal_raised);
	tcase_add_test(against, test_signal_interrupting);
	tcase_add_test(against, test_signal_alternate_stack);
	tcase_add_test(against, test_own_stack);
	tcase_add_test(against, test_max);
	tcase_add_test(against, test_threads);
	suite_add_tcase(suite, against);

	tcase_add_test(rules, test_rules);
	tcase_add_test(rules, test_rule_exact);
	tcase_add_test(rules, test_cache);
	suite_add_tcase(suite, rules);
	return suite;
}

int main(void)
{
	SRunner *runner = srunner_create(walk_suite());
	int failed;

	as_stack_walk_init();
	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
