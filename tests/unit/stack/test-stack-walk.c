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
 *
 * Then stacks made by hand (as_stack_walk_from) through the hand-written
 * frames below, in a region whose neighbours are inaccessible: frames
 * whose CFA would lie below the stack pointer, at it, or beyond the
 * largest frame, a return address of 0, realigned frames pointing
 * anywhere, a rule the walk does not follow.  Each must stop the walk (or,
 * for the last, hand it over) after exactly the frames before it, without
 * a read outside the frames, which would fault.
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
#include <unistd.h>
#include <unwind.h>

#include "unwind/cfi.h"
#include "unwind/frame_step.h"
#include "unwind/rule_cache.h"
#include "unwind/stack_walk.h"
#include "unwind/unloads.h"
#include "tests/lib/check-run.h"

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
 * FRAME_BELOW(NAME, DIRECTIVES, SIZE, CFA) is one that moves %rsp down by
 * SIZE bytes (CFA = %rsp + CFA then), with DIRECTIVES of its own first.
 */
#define FRAME_BELOW(name, directives, size, cfa) \
	".p2align 4\n" \
	".type " name ", @function\n" \
	name ":\n" \
	".cfi_startproc\n" \
	directives \
	"subq $" size ", %rsp\n" \
	".cfi_def_cfa_offset " cfa "\n" \
	"call *%rdi\n" \
	"addq $" size ", %rsp\n" \
	".cfi_def_cfa_offset 8\n" \
	"ret\n" \
	".cfi_endproc\n" \
	".size " name ", .-" name "\n"

__asm__(".text\n"
	FRAME_BELOW("frame_standard", "", "40", "48")

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

	FRAME_BELOW("frame_signal", ".cfi_signal_frame\n", "8", "16")

	FRAME_BELOW("frame_outermost", ".cfi_undefined %rip\n", "8", "16")

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

/* The return address of the call in each hand-written frame. */
static uintptr_t ra_standard, ra_fp, ra_drap, ra_register, ra_outermost;

static uintptr_t return_address_in(void (*frame)(void (*)(void)))
{
	frame(note_return_address);
	return (uintptr_t) return_address;
}

/*
 * A region for stacks made by hand: an inaccessible page, then
 * STACK_BYTES, then AS_MAX_FRAME_BYTES inaccessible, so that a read below
 * the stack's first frame or one the frame bound should have prevented
 * faults.  The stack is as large as the largest frame plus a little, so
 * that a frame of exactly that size can be walked; its pages cost nothing
 * until written.  Unwritten words hold POISON, an address of no code, so
 * that a word read where no frame put one shows as a wrong frame.
 */
#define STACK_BYTES ((size_t) AS_MAX_FRAME_BYTES + 3 * 4096)
#define POISON ((uintptr_t) 0x5a5a5a5a5a58)

struct made_stack {
	uint8_t *map;
	size_t map_size;
	uintptr_t bottom;       /* the first frame's stack pointer */
};

static struct made_stack stack_make(void)
{
	size_t page = (size_t) sysconf(_SC_PAGESIZE);
	struct made_stack stack;

	stack.map_size = page + STACK_BYTES + AS_MAX_FRAME_BYTES;
	stack.map = mmap(NULL, stack.map_size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	ck_assert_ptr_ne(stack.map, MAP_FAILED);
	ck_assert_int_eq(mprotect(stack.map + page, STACK_BYTES, PROT_READ | PROT_WRITE), 0);
	stack.bottom = (uintptr_t) stack.map + page;
	for (size_t i = 0; i < 4 * page; i += sizeof(uintptr_t))
		memcpy((void *) (stack.bottom + i), &(uintptr_t) { POISON }, sizeof(uintptr_t));
	ra_standard = return_address_in(frame_standard);
	ra_fp = return_address_in(frame_fp);
	ra_drap = return_address_in(frame_drap);
	ra_register = return_address_in(frame_register);
	ra_outermost = return_address_in(frame_outermost);
	return stack;
}

static void stack_put(uintptr_t address, uintptr_t word)
{
	memcpy((void *) address, &word, sizeof(word));
}

/*
 * A frame of one of the hand-written functions, returning to `ra`, its
 * bytes as each function's rules describe them:
 *   frame_standard  48 bytes; the return address at sp + 40, %rbp kept
 *   frame_fp        32 bytes; its %rbp sp + 16, where the caller's is
 *                   saved, the return address at sp + 24
 *   frame_drap      64 bytes; its %rbp sp + 16, where the caller's is
 *                   saved; the CFA at sp + 8, the return address at sp + 56
 */
enum made_kind { MADE_STANDARD, MADE_FP, MADE_DRAP };

struct made_frame {
	enum made_kind kind;
	uintptr_t ra;
};

#define MADE_FRAMES_MAX 8

/*
 * Lays frames[0..n) from `bottom` up, frame 0 innermost, the outermost's
 * caller's %rbp being `outer_bp`; returns the %rbp of frame 0, and the
 * stack pointer after the last frame in *top.
 */
static uintptr_t lay(uintptr_t bottom, const struct made_frame *frames, unsigned n, uintptr_t outer_bp,
		     uintptr_t *top)
{
	static const uintptr_t bytes[] = { [MADE_STANDARD] = 48, [MADE_FP] = 32, [MADE_DRAP] = 64 };
	uintptr_t sp[MADE_FRAMES_MAX + 1], bp = outer_bp;

	ck_assert_uint_le(n, MADE_FRAMES_MAX);
	sp[0] = bottom;
	for (unsigned i = 0; i < n; i++)
		sp[i + 1] = sp[i] + bytes[frames[i].kind];
	/* From the outermost in: each frame's %rbp is its callee's to save. */
	for (unsigned i = n; i-- > 0;) {
		switch (frames[i].kind) {
		case MADE_STANDARD:
			stack_put(sp[i] + 40, frames[i].ra);
			break;
		case MADE_FP:
			stack_put(sp[i] + 16, bp);
			stack_put(sp[i] + 24, frames[i].ra);
			bp = sp[i] + 16;
			break;
		case MADE_DRAP:
			stack_put(sp[i] + 8, sp[i + 1]);
			stack_put(sp[i] + 16, bp);
			stack_put(sp[i] + 56, frames[i].ra);
			bp = sp[i] + 16;
			break;
		}
	}
	*top = sp[n];
	return bp;
}

/*
 * Walks the made stack from a frame of `function` (its return address)
 * at `sp`, with %rbp `bp`, with the cache off, then on (filling, then
 * from it): each walk must give exactly the `n` frames of `expected`,
 * and stop there, handing over (unfollowed) or not as said.
 */
static void check_made_walk(const char *name, uintptr_t function, uintptr_t sp, uintptr_t bp,
			    const uintptr_t *expected, unsigned n, bool unfollowed)
{
	struct as_registers start = { .pc = function, .sp = sp, .bp = bp, .bp_known = true };
	unsigned long handed = as_stack_walk_handed_to_libgcc();

	for (int pass = 0; pass < 3; pass++) {
		void *frames[MAX_FRAMES];
		bool stopped_unfollowed = !unfollowed;
		unsigned got;

		if (pass == 1)
			allocsample_internal_unloads_watched();
		got = as_stack_walk_from(&start, frames, MAX_FRAMES, &stopped_unfollowed);
		ck_assert_msg(got == n, "%s, pass %d: %u frames, not %u", name, pass, got, n);
		for (unsigned i = 0; i < n; i++)
			ck_assert_msg((uintptr_t) frames[i] == expected[i], "%s, pass %d: frame %u is %p, not %#lx",
				      name, pass, i, frames[i], (unsigned long) expected[i]);
		ck_assert_msg(stopped_unfollowed == unfollowed, "%s, pass %d: %s", name, pass,
			      unfollowed ? "not handed over" : "handed over");
	}
	/* A made stack is never libgcc's to walk. */
	ck_assert_uint_eq(as_stack_walk_handed_to_libgcc(), handed);
}

/* A well-made stack of every kind of frame, ending at the outermost
 * frame or at a return address of 0: every frame, in order. */
START_TEST(test_made_stack)
{
	struct made_stack stack = stack_make();
	struct made_frame frames[] = {
		{ MADE_STANDARD, ra_fp }, { MADE_FP, ra_drap }, { MADE_DRAP, ra_standard },
		{ MADE_STANDARD, ra_fp }, { MADE_FP, ra_outermost },
	};
	uintptr_t expected[] = { ra_fp, ra_drap, ra_standard, ra_fp, ra_outermost };
	uintptr_t top, bp = lay(stack.bottom, frames, 5, POISON, &top);

	check_made_walk("made stack, to the outermost frame", ra_standard, stack.bottom, bp, expected, 5, false);
	stack_put(top - 8, 0);
	check_made_walk("made stack, to a return address of 0", ra_standard, stack.bottom, bp, expected, 4, false);
	munmap(stack.map, stack.map_size);
}
END_TEST

/*
 * frame_fp's CFA from a %rbp below the stack pointer, at it (a CFA that
 * does not grow), just beyond the largest frame and far beyond: the walk
 * stops after the frames before, reading nothing of the bad frame.
 * Catches the frame bound of as_frame_step() (step() in stack_walk.c)
 * removed: the bad frames' reads land on the inaccessible pages below the
 * stack or above it, or give POISON or the word past the largest frame
 * as a frame.
 */
START_TEST(test_made_frame_bound)
{
	struct made_stack stack = stack_make();
	struct made_frame frames[] = { { MADE_STANDARD, ra_fp } };
	uintptr_t expected[] = { ra_fp, ra_outermost };
	uintptr_t fp_sp, bp;

	/* The first frame: frame_fp itself, its CFA below the region, then
	 * at its stack pointer. */
	check_made_walk("CFA below the first frame", ra_fp, stack.bottom, stack.bottom - 64, NULL, 0, false);
	check_made_walk("CFA at the first frame's sp", ra_fp, stack.bottom, stack.bottom - 16, NULL, 0, false);

	/* After one good frame, whose %rbp is frame_fp's. */
	lay(stack.bottom, frames, 1, POISON, &fp_sp);
	check_made_walk("CFA below sp", ra_standard, stack.bottom, fp_sp - 40, expected, 1, false);
	check_made_walk("CFA at sp", ra_standard, stack.bottom, fp_sp - 16, expected, 1, false);
	/* The largest frame is walked (the outermost frame's return address
	 * at its top); 8 bytes more is not, nor 300 MiB. */
	bp = fp_sp + AS_MAX_FRAME_BYTES - 16;
	stack_put(bp, POISON);
	stack_put(bp + 8, ra_outermost);
	check_made_walk("the largest frame", ra_standard, stack.bottom, bp, expected, 2, false);
	stack_put(bp + 16, ra_outermost);
	check_made_walk("8 bytes beyond the largest frame", ra_standard, stack.bottom, bp + 8, expected, 1, false);
	check_made_walk("300 MiB", ra_standard, stack.bottom, fp_sp + (300u << 20), expected, 1, false);
	munmap(stack.map, stack.map_size);
}
END_TEST

/* A return address below the lowest code address, 0 included, ends the
 * walk (the thread's first frame, or garbage) without a frame for it, in
 * the general loop and in the fast one. */
START_TEST(test_made_return_address_zero)
{
	struct made_stack stack = stack_make();
	struct made_frame frames[] = { { MADE_STANDARD, ra_fp }, { MADE_FP, 0 } };
	uintptr_t expected[] = { ra_fp };
	uintptr_t top, bp = lay(stack.bottom, frames, 2, POISON, &top);

	check_made_walk("return address 0", ra_standard, stack.bottom, bp, expected, 1, false);
	stack_put(top - 8, 4095);
	check_made_walk("return address 4095", ra_standard, stack.bottom, bp, expected, 1, false);
	frames[0].ra = 0;
	lay(stack.bottom, frames, 1, POISON, &top);
	check_made_walk("return address 0, fast shape", ra_standard, stack.bottom, POISON, NULL, 0, false);
	munmap(stack.map, stack.map_size);
}
END_TEST

/*
 * Realigned frames (frame_drap) whose CFA, loaded through %rbp, lies below
 * the stack pointer, at it or beyond the largest frame; whose %rbp puts
 * the CFA's word below the stack pointer or beyond the largest frame; or
 * whose saved %rbp lies outside the frame: the walk stops after the frames
 * before.
 */
START_TEST(test_made_realigned)
{
	struct made_stack stack = stack_make();
	struct made_frame frames[] = { { MADE_STANDARD, ra_drap }, { MADE_DRAP, ra_outermost } };
	uintptr_t good[] = { ra_drap, ra_outermost };
	uintptr_t top, drap_sp = stack.bottom + 48, bp = lay(stack.bottom, frames, 2, POISON, &top);

	check_made_walk("realigned, well made", ra_standard, stack.bottom, bp, good, 2, false);
	stack_put(bp - 8, drap_sp - 16);
	check_made_walk("realigned, CFA below sp", ra_standard, stack.bottom, bp, good, 1, false);
	stack_put(bp - 8, drap_sp);
	check_made_walk("realigned, CFA at sp", ra_standard, stack.bottom, bp, good, 1, false);
	stack_put(bp - 8, drap_sp + AS_MAX_FRAME_BYTES + 8);
	check_made_walk("realigned, CFA beyond the largest frame", ra_standard, stack.bottom, bp, good, 1, false);
	stack_put(bp - 8, top);
	check_made_walk("realigned, %rbp below sp", ra_standard, stack.bottom, drap_sp - 64, good, 1, false);
	check_made_walk("realigned, %rbp far above sp", ra_standard, stack.bottom,
			drap_sp + AS_MAX_FRAME_BYTES + 3 * 4096, good, 1, false);
	/* %rbp just above the frame: the CFA's word (at %rbp - 8) the
	 * frame's top, but the saved %rbp (at %rbp) outside the frame. */
	stack_put(top, top);
	check_made_walk("realigned, %rbp saved above the frame", ra_standard, stack.bottom, top + 8, good, 1, false);
	munmap(stack.map, stack.map_size);
}
END_TEST

/* A frame whose rule the walk does not follow (frame_register): stopped
 * there after the frames before, marked for libgcc. */
START_TEST(test_made_unfollowed)
{
	struct made_stack stack = stack_make();
	struct made_frame frames[] = { { MADE_STANDARD, ra_register } };
	uintptr_t expected[] = { ra_register };
	uintptr_t top;

	lay(stack.bottom, frames, 1, POISON, &top);
	check_made_walk("unfollowed rule", ra_standard, stack.bottom, POISON, expected, 1, true);
	munmap(stack.map, stack.map_size);
}
END_TEST

int main(void)
{
	const struct as_check_test against[] = {
		{ test_recursion, 1 },
		{ test_frame_pointers, 1 },
		{ test_qsort, 1 },
		{ test_bsearch, 1 },
		{ test_twalk, 1 },
		{ test_dl_iterate_phdr, 1 },
		{ test_pthread_once, 1 },
		{ test_drap, 1 },
		{ test_asm_drap, 1 },
		{ test_asm_fp, 1 },
		{ test_unfollowed_rule, 1 },
		{ test_signal_raised, 1 },
		{ test_signal_interrupting, 1 },
		{ test_signal_alternate_stack, 1 },
		{ test_own_stack, 1 },
		{ test_max, 1 },
		{ test_threads, 1 },
		{ NULL, 0 },
	};
	const struct as_check_test rules[] = {
		{ test_rules, 1 },
		{ test_rule_exact, 1 },
		{ test_cache, 1 },
		{ NULL, 0 },
	};
	const struct as_check_test made[] = {
		{ test_made_stack, 1 },
		{ test_made_frame_bound, 1 },
		{ test_made_return_address_zero, 1 },
		{ test_made_realigned, 1 },
		{ test_made_unfollowed, 1 },
		{ NULL, 0 },
	};
	Suite *suite = suite_create("stack walk");

	as_stack_walk_init();
	as_check_case(suite, "against libgcc", NULL, against);
	as_check_case(suite, "rules and cache", NULL, rules);
	as_check_case(suite, "stacks made by hand", NULL, made);
	return as_check_run(suite);
}
