/*
 * stack_walk.c - the return addresses on the calling thread's stack
 * (stack_walk.h), walked on the sampled slow path only.
 *
 * Measured in the shim's situation (bench/unwinders.c, doc/sampling.md,
 * "Stacks"): libgcc's _Unwind_Backtrace reads and interprets the unwind
 * tables again at every frame (about 4 µs for 40 frames); libunwind's
 * unw_backtrace is fast from its per-thread cache (0.3 µs), but that cache
 * can be neither flushed nor trusted after a dlclose, costs 256 KiB and a
 * millisecond of signal-mask system calls per thread, and its walk takes
 * twice the instructions of this one; frame pointers cost nanoseconds but
 * stop at the first frame built without them, which is every frame of
 * Debian's libraries.
 *
 * So the walk reads the same tables (cfi.c) and keeps what it learns, per
 * return address, in one cache for all threads (rule_cache.c) tagged with
 * the count of unloads (unloads.c): once warm, a frame costs a hash lookup
 * and two or three loads.  A rule it does not follow hands the whole walk
 * to libgcc's unwinder.  Reads of the stack are kept within the frame the
 * rule describes, and the walk stops at the first frame without unwind
 * information (code from a JIT), as libgcc's does.
 */
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <ucontext.h>
#include <unwind.h>

#include "cfi.h"
#include "rule_cache.h"
#include "stack_walk.h"
#include "unloads.h"

/* No frame is larger: a CFA further than this above the stack pointer is
 * garbage, and its reads are not made. */
#define MAX_FRAME_BYTES (256u << 20)

/* Below this, an address is no code's. */
#define MIN_CODE_ADDRESS 4096u

/* libgcc's unwinder, looked up in libgcc_s itself: libunwind, when the
 * program loads it, defines the same names. */
static __typeof__(_Unwind_Backtrace) *libgcc_backtrace;
static __typeof__(_Unwind_GetIPInfo) *libgcc_ip_info;

/* libgcc's frames begin in this file; the walk's begin at `first`, the
 * return address into as_stack_walk's caller. */
#define OWN_FRAMES 4

struct libgcc_walk {
	void **frames;
	unsigned n, max, skipped;
	uintptr_t first;
};

static _Unwind_Reason_Code visit(struct _Unwind_Context *context, void *data)
{
	struct libgcc_walk *walk = data;
	int interrupted = 0;
	uintptr_t pc = libgcc_ip_info(context, &interrupted);

	if (pc < MIN_CODE_ADDRESS || walk->n == walk->max)
		return _URC_NORMAL_STOP;
	if (walk->n == 0 && pc != walk->first)
		return ++walk->skipped < OWN_FRAMES ? _URC_NO_REASON : _URC_NORMAL_STOP;
	walk->frames[walk->n++] = (void *) (pc + (interrupted ? 1 : 0));
	return _URC_NO_REASON;
}

static unsigned long handed_to_libgcc; /* atomic */

unsigned long as_stack_walk_handed_to_libgcc(void)
{
	return __atomic_load_n(&handed_to_libgcc, __ATOMIC_RELAXED);
}

static unsigned walk_libgcc(void **frames, unsigned max, uintptr_t first)
{
	struct libgcc_walk walk = { frames, 0, max, 0, first };

	__atomic_add_fetch(&handed_to_libgcc, 1, __ATOMIC_RELAXED);
	if (!libgcc_backtrace || !libgcc_ip_info)
		return 0;
	libgcc_backtrace(visit, &walk);
	return walk.n;
}

#if defined(__x86_64__)

/* The registers the rules use, for one frame. */
struct registers {
	uintptr_t pc, sp, bp;
	bool exact;             /* pc is the next instruction, not a return address */
	bool bp_known;
};

/* The frame interrupted by a signal, from the ucontext the kernel put where
 * the trampoline's frame begins. */
static void step_signal(struct registers *r)
{
	const ucontext_t *context = (const ucontext_t *) r->sp;

	r->pc = (uintptr_t) context->uc_mcontext.gregs[REG_RIP];
	r->sp = (uintptr_t) context->uc_mcontext.gregs[REG_RSP];
	r->bp = (uintptr_t) context->uc_mcontext.gregs[REG_RBP];
	r->bp_known = true;
	r->exact = true;
}

/*
 * Steps *r to the caller's frame by the packed rule `rule` (AS_RULE_STEP);
 * false when the rule leads outside the frame it describes.  The rule's
 * offsets of saved words are negative (cfi.c): a word at CFA + offset
 * lies in the frame [sp, CFA) when the frame is at least -offset large.
 */
static bool step(struct registers *r, uint64_t rule)
{
	intptr_t offset = AS_RULE_CFA_OFFSET(rule);
	uintptr_t cfa, frame, at;

	switch (AS_RULE_CFA_BASE(rule)) {
	case AS_CFA_RSP:
		cfa = r->sp + (uintptr_t) offset;
		break;
	case AS_CFA_RBP:
		if (!r->bp_known)
			return false;
		cfa = r->bp + (uintptr_t) offset;
		break;
	default:
		at = r->bp + (uintptr_t) offset;
		if (!r->bp_known || at - r->sp > MAX_FRAME_BYTES)
			return false;
		cfa = *(const uintptr_t *) at;
		break;
	}
	frame = cfa - r->sp;
	if (frame - 1 >= MAX_FRAME_BYTES || frame < (uintptr_t) -AS_RULE_RA_OFFSET(rule))
		return false;
	r->pc = *(const uintptr_t *) (cfa + (uintptr_t) (intptr_t) AS_RULE_RA_OFFSET(rule));
	offset = AS_RULE_RBP_OFFSET(rule);
	switch (AS_RULE_RBP_RULE(rule)) {
	case AS_RBP_AT_CFA:
		if (frame < (uintptr_t) -offset)
			return false;
		r->bp = *(const uintptr_t *) (cfa + (uintptr_t) offset);
		break;
	case AS_RBP_AT_RBP:
		at = r->bp + (uintptr_t) offset;
		if (!r->bp_known || at - r->sp > frame - sizeof(uintptr_t))
			return false;
		r->bp = *(const uintptr_t *) at;
		break;
	case AS_RBP_UNKNOWN:
		r->bp_known = false;
		break;
	default:
		break;
	}
	r->sp = cfa;
	r->exact = false;
	return true;
}

/* The packed rule for the frame at r->pc when the cache has none under
 * `key` (0: not to be cached): read from the unwind tables, and cached.
 * Out of line: the walk's loop stays small, and this is rare once warm. */
static __attribute__((noinline)) uint64_t rule_read(const struct registers *r, uint64_t key)
{
	struct as_rule found;
	uint64_t rule;

	as_cfi_rule(r->pc, r->exact, &found);
	rule = as_rule_pack(&found);
	if (!rule) {
		found = (struct as_rule) { .kind = AS_RULE_UNSUPPORTED };
		rule = as_rule_pack(&found);
	}
	if (key)
		as_rule_cache_put(key, rule);
	return rule;
}

/*
 * The shape of almost every frame of compiled code: the CFA at %rsp plus
 * an offset, the return address just below it, %rbp unchanged or saved
 * below it (its rule's high bit clear, the low one says which).  One mask
 * and one compare tell it, and its return address needs no offset decoded.
 */
#define FAST_MASK (UINT64_C(7) | UINT64_C(3) << 3 | UINT64_C(2) << 5 | UINT64_C(0xff) << 55)
#define FAST (AS_RULE_STEP | AS_CFA_RSP << 3 | (uint64_t) (uint8_t) -1 << 55)
#define FAST_RBP_SAVED ((uint64_t) AS_RBP_AT_CFA << 5)
_Static_assert(AS_RBP_SAME == 0 && AS_RBP_AT_CFA == 1, "the fast shape's %rbp rules are 0 and 1");

/*
 * The walk's common case, in registers of its own (out of line, so that
 * the rest of the walk leaves it enough of them): from *r (a return
 * address, not exact), frames whose rule is cached under `tag` with the
 * fast shape, added to frames[n..max).  Returns the new count and leaves
 * *r at the first frame it did not take, whose address is below
 * MIN_CODE_ADDRESS when the stack ended there, and *other at that frame's
 * cached rule if it found one (else 0).
 */
static __attribute__((noinline)) unsigned fast_frames(struct registers *r, uint64_t tag, void **frames,
						       unsigned n, unsigned max, uint64_t *other)
{
	uintptr_t pc = r->pc, sp = r->sp, bp = r->bp;
	void **out = frames + n, **end = frames + max;

	*other = 0;
	while (out < end && !(pc >> AS_RULE_CACHE_ADDRESS_BITS)) {
		uint64_t rule = as_rule_cache_find(pc | tag);
		uintptr_t cfa;

		if ((rule & FAST_MASK) != FAST) {
			*other = rule;
			break;
		}
		/* cfi.c checked that the saved words lie in the frame. */
		cfa = sp + (uintptr_t) (intptr_t) AS_RULE_CFA_OFFSET(rule);
		pc = *(const uintptr_t *) (cfa - sizeof(uintptr_t));
		if (rule & FAST_RBP_SAVED)
			bp = *(const uintptr_t *) (cfa + (uintptr_t) (intptr_t) AS_RULE_RBP_OFFSET(rule));
		sp = cfa;
		if (pc < MIN_CODE_ADDRESS)
			break;
		*out++ = (void *) pc;
	}
	r->pc = pc;
	r->sp = sp;
	r->bp = bp;
	return (unsigned) (out - frames);
}

unsigned as_stack_walk(void **frames, unsigned max)
{
	uintptr_t caller = (uintptr_t) __builtin_return_address(0);
	struct registers r = { .exact = true, .bp_known = true };
	uint32_t generation = 0;
	bool cached = as_unloads_generation(&generation);
	uint64_t tag = as_rule_cache_tag(generation);
	unsigned n = 0;

	/* Where this function is now: its own rule steps to its caller. */
	__asm__ volatile("leaq 0(%%rip), %0\n\tmovq %%rsp, %1\n\tmovq %%rbp, %2"
			 : "=r"(r.pc), "=r"(r.sp), "=r"(r.bp));
	while (n < max) {
		uint64_t key, rule = 0;

		if (cached && !r.exact) {
			n = fast_frames(&r, tag, frames, n, max, &rule);
			if (n == max || r.pc < MIN_CODE_ADDRESS)
				break;
		}
		/* Any other frame, one at a time. */
		key = cached ? as_rule_cache_key(r.pc, r.exact, tag) : 0;
		if (!rule && key)
			rule = as_rule_cache_find(key);
		if (!rule)
			rule = rule_read(&r, key);
		if (AS_RULE_KIND(rule) == AS_RULE_STEP) {
			if (!step(&r, rule))
				break;
		} else if (AS_RULE_KIND(rule) == AS_RULE_SIGNAL) {
			step_signal(&r);
		} else if (AS_RULE_KIND(rule) == AS_RULE_UNSUPPORTED) {
			return walk_libgcc(frames, max, caller);
		} else {
			break;
		}
		if (r.pc < MIN_CODE_ADDRESS)
			break;
		/* An interrupted instruction is given + 1, as a return address
		 * would be: the analysis looks up address - 1. */
		frames[n++] = (void *) (r.pc + (r.exact ? 1 : 0));
	}
	return n;
}

#else

unsigned as_stack_walk(void **frames, unsigned max)
{
	return walk_libgcc(frames, max, (uintptr_t) __builtin_return_address(0));
}

#endif

void as_stack_walk_init(void)
{
	void *libgcc = dlopen("libgcc_s.so.1", RTLD_NOW | RTLD_NOLOAD);

	if (libgcc) {
		libgcc_backtrace = (__typeof__(libgcc_backtrace)) dlsym(libgcc, "_Unwind_Backtrace");
		libgcc_ip_info = (__typeof__(libgcc_ip_info)) dlsym(libgcc, "_Unwind_GetIPInfo");
	}
}
