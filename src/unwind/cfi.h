/* cfi.h - how to step from a frame to its caller, read from the DWARF call frame information of the code's object. */
#ifndef ALLOCSAMPLE_CFI_H
#define ALLOCSAMPLE_CFI_H

#include <stdbool.h>
#include <stddef.h>
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

/* No frame is larger: a CFA further than this above the stack pointer is
 * garbage, and the walk makes none of its reads. */
#define AS_MAX_FRAME_BYTES (256u << 20)

/*
 * What the walk is told for one frame.  A rule of kind AS_RULE_STEP keeps
 * the return address, and %rbp when saved at the CFA, at least 8 bytes
 * below the CFA; from %rsp, its CFA offset is at least as large as theirs
 * and at most AS_MAX_FRAME_BYTES, so that those words lie in the frame
 * [%rsp, CFA) and the walk's common loop needs no check (stack_walk.c).
 */
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
 * _dl_find_object, and its tables read by as_cfi_rule_in_tables, bounded
 * by the object's mapping.  Any form this reader does not follow gives
 * AS_RULE_UNSUPPORTED, never a guess.
 */
void as_cfi_rule(uintptr_t pc, bool exact, struct as_rule *rule);

/*
 * One object's unwind tables as bytes in memory: its .eh_frame_hdr (the
 * sorted index of its FDEs) and a buffer holding its .eh_frame (the FDEs
 * and CIEs the index points to), each with the address the object's code
 * sees it at, from which pc-relative and data-relative pointers in the
 * tables count.  The two buffers may be the object's own mapping or a
 * copy anywhere.  hdr_address is never 0 (no object is mapped there).
 */
struct as_cfi_tables {
	const uint8_t *hdr;
	size_t hdr_size;
	uintptr_t hdr_address;
	const uint8_t *frame;
	size_t frame_size;
	uintptr_t frame_address;
};

/*
 * As as_cfi_rule, for `pc` as the code of the object of `tables` sees it:
 * the index is searched, the FDE found and its CIE's and its own
 * instructions run up to `pc`.  Whatever the bytes, nothing is read
 * outside hdr[0, hdr_size) and frame[0, frame_size); nothing is
 * allocated, no lock taken, nothing written but *rule.  A pc the index
 * or its FDE does not cover gives AS_RULE_NONE; tables that are cut short,
 * point outside their buffers or use an encoding this reader does not
 * follow give AS_RULE_UNSUPPORTED, as does any rule the walk cannot apply
 * safely (struct as_rule).
 */
void as_cfi_rule_in_tables(const struct as_cfi_tables *tables, uintptr_t pc, bool exact,
			   struct as_rule *rule);

#endif
