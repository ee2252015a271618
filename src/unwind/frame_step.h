/* frame_step.h - one step of the stack walk, from a frame to its caller's, by a packed rule, reading only inside the frame. */
#ifndef ALLOCSAMPLE_FRAME_STEP_H
#define ALLOCSAMPLE_FRAME_STEP_H

/*
 * The walk (stack_walk.c) applies these to the thread's stack; the tests
 * apply them to stacks they make, and the unwind fuzz target to every
 * rule cfi.c gives for arbitrary tables (tests/fuzz/unwind-fuzz.c).
 * Inline: the walk runs inside malloc, one step a frame.
 *
 * The walk knows nothing of the stack's bounds (a thread may run on a
 * stack it was given, or on a signal's alternate stack).  What keeps its
 * reads on the stack is the frame itself: a step reads only words of
 * [sp, CFA), and only when the CFA lies above sp by at most
 * AS_MAX_FRAME_BYTES, so a corrupt rule or a corrupt saved word stops the
 * walk instead of leading it elsewhere.  The one exception is a realigned
 * frame's CFA, loaded through %rbp before the frame is known: that word is
 * read within AS_MAX_FRAME_BYTES above sp.
 */

#include <stdbool.h>
#include <stdint.h>

#include "cfi.h"
#include "rule_cache.h"

/* The registers the rules use, for one frame. */
struct as_registers {
	uintptr_t pc, sp, bp;
	bool exact;             /* pc is the next instruction, not a return address */
	bool bp_known;
};

/* The stack word at `address`, at whatever alignment a rule gives it (a
 * plain load on x86-64, where misaligned loads are allowed). */
static inline uintptr_t as_frame_word(uintptr_t address)
{
	uintptr_t word;

	__builtin_memcpy(&word, (const void *) address, sizeof(word));
	return word;
}

/*
 * Steps *r to the caller's frame by the packed rule `rule` (AS_RULE_STEP);
 * false when the rule leads outside the frame it describes: a CFA at or
 * below sp (a frame that does not grow would loop), or more than
 * AS_MAX_FRAME_BYTES above it, or a saved word outside [sp, CFA).  The
 * walk ends there, so *r may then hold part of the step (writing it as
 * it goes keeps the walk's loop short).  The rule's offsets of saved
 * words are negative (cfi.c): a word at CFA + offset lies in the frame
 * when the frame is at least -offset large.
 */
static inline bool as_frame_step(struct as_registers *r, uint64_t rule)
{
	intptr_t offset = AS_RULE_CFA_OFFSET(rule);
	uintptr_t cfa, frame, at;

	/* %rbp unknown: a callee's rule left it undefined, so nothing read
	 * through it would be the caller's. */
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
		/* The CFA's word, before the frame is known: on the stack
		 * above sp, within the largest frame. */
		at = r->bp + (uintptr_t) offset;
		if (!r->bp_known || at - r->sp > AS_MAX_FRAME_BYTES)
			return false;
		cfa = as_frame_word(at);
		break;
	}
	/* The frame bound: 1 to AS_MAX_FRAME_BYTES in one compare (0, and a
	 * CFA below sp, wrap to the largest values); and the return address,
	 * at a negative offset, inside it. */
	frame = cfa - r->sp;
	if (frame - 1 >= AS_MAX_FRAME_BYTES || frame < (uintptr_t) -AS_RULE_RA_OFFSET(rule))
		return false;
	r->pc = as_frame_word(cfa + (uintptr_t) (intptr_t) AS_RULE_RA_OFFSET(rule));
	offset = AS_RULE_RBP_OFFSET(rule);
	switch (AS_RULE_RBP_RULE(rule)) {
	case AS_RBP_AT_CFA:
		/* The saved %rbp inside the frame, as the return address. */
		if (frame < (uintptr_t) -offset)
			return false;
		r->bp = as_frame_word(cfa + (uintptr_t) offset);
		break;
	case AS_RBP_AT_RBP:
		/* %rbp saved where %rbp points: the word in [sp, CFA). */
		at = r->bp + (uintptr_t) offset;
		if (!r->bp_known || at - r->sp > frame - sizeof(uintptr_t))
			return false;
		r->bp = as_frame_word(at);
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

/*
 * The shape of almost every frame of compiled code: the CFA at %rsp plus
 * an offset, the return address just below it, %rbp unchanged or saved
 * below it (its rule's high bit clear, the low one says which).  One mask
 * and one compare tell it, and its return address needs no offset decoded.
 */
#define AS_FRAME_FAST_MASK (UINT64_C(7) | UINT64_C(3) << 3 | UINT64_C(2) << 5 | UINT64_C(0xff) << 55)
#define AS_FRAME_FAST (AS_RULE_STEP | AS_CFA_RSP << 3 | (uint64_t) (uint8_t) -1 << 55)
#define AS_FRAME_FAST_RBP_SAVED ((uint64_t) AS_RBP_AT_CFA << 5)
_Static_assert(AS_RBP_SAME == 0 && AS_RBP_AT_CFA == 1, "the fast shape's %rbp rules are 0 and 1");

static inline bool as_frame_is_fast(uint64_t rule)
{
	return (rule & AS_FRAME_FAST_MASK) == AS_FRAME_FAST;
}

/*
 * as_frame_step for a rule of the fast shape, without a check: cfi.c gives
 * such a rule only when its saved words lie in its frame, of 8 to
 * AS_MAX_FRAME_BYTES bytes (struct as_rule), so that the step cannot leave
 * it; the unwind fuzz target checks that both steps agree on every such
 * rule.  The registers are the caller's own variables, kept in registers.
 */
static inline void as_frame_step_fast(uintptr_t *pc, uintptr_t *sp, uintptr_t *bp, uint64_t rule)
{
	uintptr_t cfa = *sp + (uintptr_t) (intptr_t) AS_RULE_CFA_OFFSET(rule);

	*pc = as_frame_word(cfa - sizeof(uintptr_t));
	if (rule & AS_FRAME_FAST_RBP_SAVED)
		*bp = as_frame_word(cfa + (uintptr_t) (intptr_t) AS_RULE_RBP_OFFSET(rule));
	*sp = cfa;
}

#endif
