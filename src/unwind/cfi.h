/* cfi.h - how to step from a frame to its caller, read from the DWARF call frame information of the code's object. */
#ifndef ALLOCSAMPLE_CFI_H
#define ALLOCSAMPLE_CFI_H

#include <stdbool.h>
#include <stdint.h>

enum as_rule_kind {
	AS_RULE_EMPTY,          /* no rule (a cache slot never written) */
	AS_RULE_STEP,           /* the caller's frame follows from the fields */
	AS_RULE_SIGNAL,         /* a signal trampoline: the interrupted frame's
				 * registers are in the ucontext at the stack pointer */
	AS_RULE_OUTERMOST,      /* the return address is undefined: the first
				 * frame of the thread */
	AS_RULE_NONE,           /* no unwind information covers the address */
	AS_RULE_UNSUPPORTED,    /* information this reader does not follow
				 * (registers other than %rsp, %rbp and the return
				 * address in the rules, DWARF expressions) */
};

/* Where the canonical frame address (CFA: the caller's stack pointer) is. */
enum as_cfa_base {
	AS_CFA_RSP,             /* %rsp + cfa_offset */
	AS_CFA_RBP,             /* %rbp + cfa_offset */
	AS_CFA_AT_RBP,          /* *(%rbp + cfa_offset): a realigned frame's */
};

/* Where the caller's %rbp is. */
enum as_rbp_rule {
	AS_RBP_SAME,            /* unchanged */
	AS_RBP_AT_CFA,          /* *(CFA + rbp_offset) */
	AS_RBP_AT_RBP,          /* *(%rbp + rbp_offset): a realigned frame's */
	AS_RBP_UNKNOWN,         /* undefined: no caller may need it */
};

struct as_rule {
	uint8_t kind;           /* enum as_rule_kind */
	uint8_t cfa_base;       /* enum as_cfa_base */
	uint8_t rbp_rule;       /* enum as_rbp_rule */
	int32_t cfa_offset;
	int16_t rbp_offset;
	int16_t ra_offset;      /* the return address is at *(CFA + ra_offset) */
};

/*
 * Fills *rule for the frame whose code is at `pc` on x86-64: `pc` is a
 * return address (the call is the instruction before it), or, when
 * `exact`, the next instruction to run (the walk's own first frame, or one
 * interrupted by a signal).  The object is found with glibc's lock-free
 * _dl_find_object and its .eh_frame_hdr index searched; nothing is
 * allocated, no lock taken, nothing written but *rule.  Any form this
 * reader does not follow gives AS_RULE_UNSUPPORTED, never a guess.
 */
void as_cfi_rule(uintptr_t pc, bool exact, struct as_rule *rule);

#endif
