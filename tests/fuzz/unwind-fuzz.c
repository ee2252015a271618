/* unwind-fuzz.c - libFuzzer target for the unwind tables' parser (src/unwind/cfi.c): arbitrary tables and pcs give rules the walk's step applies without leaving their frames. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "unwind/cfi.h"
#include "unwind/frame_step.h"
#include "unwind/rule_cache.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * The input (little-endian):
 *
 *   byte 0          the number of probes, 1 + (byte & 3)
 *   bytes 1-2       the .eh_frame_hdr's size (at most what is left)
 *   bytes 3-6       where .eh_frame is, relative to the header (signed)
 *   9 bytes a probe flags (bit 0: the pc is exact; bit 1: relative to an
 *                   entry of the index rather than to the header), the
 *                   entry (2 bytes), the pc's offset from it (4, signed),
 *                   the stack's shape (2)
 *   the rest        the .eh_frame_hdr's bytes, then the .eh_frame's
 *
 * Each table is copied into a heap buffer of exactly its size, so that
 * AddressSanitizer reports a read one byte outside it.  An input too short
 * for its fields reads zeros past its end.  The corpus
 * (tests/fuzz/corpus/unwind/) holds small tables of the shapes compilers
 * write, and some cut short or pointing outside, in this form
 * (tests/fuzz/unwind-seeds.py writes them).
 */
#define HDR_ADDRESS UINT64_C(0x555500002000)

/* The largest frame of %rsp-based rules stepped on a heap buffer. */
#define STEPPED_FRAME_MAX 65536

/* Aborts with the failed property; libFuzzer keeps the input. */
static void expect(bool condition, const char *what)
{
	if (!condition) {
		fprintf(stderr, "unwind-fuzz: %s\n", what);
		abort();
	}
}

static bool same_rule(const struct as_rule *a, const struct as_rule *b)
{
	return a->kind == b->kind && a->cfa_base == b->cfa_base && a->rbp_rule == b->rbp_rule &&
	       a->cfa_offset == b->cfa_offset && a->rbp_offset == b->rbp_offset && a->ra_offset == b->ra_offset;
}

static void *exact_copy(const void *bytes, size_t size)
{
	void *copy = malloc(size ? size : 1);

	expect(copy != NULL, "out of memory");
	memcpy(copy, bytes, size);
	return copy;
}

/* A stack of `size` bytes on the heap, zeroed (a return address of 0: the
 * walk would stop after this frame). */
static uintptr_t stack_of(size_t size)
{
	void *stack = calloc(1, size ? size : 1);

	expect(stack != NULL, "out of memory");
	return (uintptr_t) stack;
}

/*
 * One step by the packed rule `rule` from the registers `at`, on a stack
 * of `size` bytes at at->sp: refused, or taken to the CFA at sp + size
 * having read only inside the stack (AddressSanitizer watches).  When
 * `must_refuse`, the CFA lies outside (0, AS_MAX_FRAME_BYTES] above sp.
 */
static void step_on(uint64_t rule, struct as_registers at, uintptr_t size, bool must_refuse)
{
	uintptr_t sp = at.sp;
	bool taken = as_frame_step(&at, rule);

	if (must_refuse) {
		expect(!taken, "a frame outside the bound taken");
		return;
	}
	if (taken)
		expect(at.sp == sp + size && !at.exact, "a step left at another CFA");
}

/*
 * The walk's step, applied to `rule` as the walk would apply it (packed,
 * as the cache holds it), on stacks the registers of a thread could
 * describe: a rule the step takes reads only inside its frame, and a rule
 * of the fast shape, which the walk's common loop steps without a check,
 * is one the checked step takes the same way.  `shape` chooses the
 * frame's size and where %rbp points.
 */
static void check_walkable(const struct as_rule *rule, uint16_t shape)
{
	uint64_t packed = as_rule_pack(rule);
	uintptr_t size = 8 + (shape & 0xfff), sp;
	struct as_registers at = { .bp_known = true };
	int32_t offset;

	if (rule->kind != AS_RULE_STEP)
		return;
	expect(rule->cfa_base <= AS_CFA_AT_RBP && rule->rbp_rule <= AS_RBP_UNKNOWN, "a field out of its range");
	if (!packed)
		return; /* the walk takes it as AS_RULE_UNSUPPORTED */
	expect(AS_RULE_KIND(packed) == AS_RULE_STEP && AS_RULE_CFA_BASE(packed) == rule->cfa_base &&
	       AS_RULE_RBP_RULE(packed) == rule->rbp_rule && AS_RULE_CFA_OFFSET(packed) == rule->cfa_offset &&
	       AS_RULE_RA_OFFSET(packed) == rule->ra_offset &&
	       (rule->rbp_rule == AS_RBP_SAME || rule->rbp_rule == AS_RBP_UNKNOWN ||
		AS_RULE_RBP_OFFSET(packed) == rule->rbp_offset),
	       "the packed rule is not the rule");
	/* A CFA found through %rbp once a callee's rule left %rbp undefined
	 * would come from a stale value: refused before any read. */
	if (rule->cfa_base != AS_CFA_RSP) {
		struct as_registers unknown = { .sp = 4096, .bp = 4096 };

		expect(!as_frame_step(&unknown, packed), "a CFA through an unknown %rbp");
	}
	offset = rule->cfa_offset;
	switch (rule->cfa_base) {
	case AS_CFA_RSP:
		/* The frame is the offset: cfi.c keeps it within the bound. */
		expect(offset >= 8 && (uintptr_t) offset <= AS_MAX_FRAME_BYTES, "a frame from %rsp outside the bound");
		if (offset > STEPPED_FRAME_MAX)
			return;
		size = (uintptr_t) offset;
		sp = stack_of(size);
		at.sp = sp;
		at.bp = sp + (shape % size);
		if (as_frame_is_fast(packed)) {
			struct as_registers checked = at;
			uintptr_t pc = 0, fast_sp = sp, bp = at.bp;

			as_frame_step_fast(&pc, &fast_sp, &bp, packed);
			expect(as_frame_step(&checked, packed), "a fast-shaped frame the checked step refuses");
			expect(checked.pc == pc && checked.sp == fast_sp && checked.bp == bp,
			       "the fast step and the checked one disagree");
		}
		step_on(packed, at, size, false);
		free((void *) sp);
		break;
	case AS_CFA_RBP:
		/* %rbp placed so that the CFA is sp + size, then so that it is
		 * at or below sp, or beyond the largest frame. */
		sp = stack_of(size);
		at.sp = sp;
		at.bp = sp + size - (uintptr_t) (intptr_t) offset;
		step_on(packed, at, size, false);
		at.bp = sp - 8 * (uintptr_t) (shape >> 14) - (uintptr_t) (intptr_t) offset;
		step_on(packed, at, 0, true);
		at.bp = sp + AS_MAX_FRAME_BYTES + 8 * (1 + (uintptr_t) (shape >> 14)) - (uintptr_t) (intptr_t) offset;
		step_on(packed, at, 0, true);
		free((void *) sp);
		break;
	default: {
		/* %rbp placed so that the CFA's word is in the stack, holding
		 * sp + size, then a CFA at or below sp, or beyond. */
		uintptr_t word_at = ((uintptr_t) (shape >> 12) * 8) % (size - 7);
		uintptr_t cfa;

		sp = stack_of(size);
		at.sp = sp;
		at.bp = sp + word_at - (uintptr_t) (intptr_t) offset;
		cfa = sp + size;
		memcpy((void *) (sp + word_at), &cfa, sizeof(cfa));
		step_on(packed, at, size, false);
		cfa = sp - 8 * (uintptr_t) (shape >> 14);
		memcpy((void *) (sp + word_at), &cfa, sizeof(cfa));
		step_on(packed, at, 0, true);
		cfa = sp + AS_MAX_FRAME_BYTES + 8;
		memcpy((void *) (sp + word_at), &cfa, sizeof(cfa));
		step_on(packed, at, 0, true);
		free((void *) sp);
		break;
	}
	}
}

/* The pc of a probe: an entry of the index (read here within the header's
 * bounds, as any bytes) plus an offset, or the header plus an offset. */
static uintptr_t probe_pc(const uint8_t *hdr, size_t hdr_size, bool from_entry, uint16_t entry, int32_t delta)
{
	uintptr_t base = HDR_ADDRESS;
	size_t entries = hdr_size >= 12 ? (hdr_size - 12) / 8 : 0;

	if (from_entry && entries > 0) {
		int32_t start;

		memcpy(&start, hdr + 12 + 8 * (entry % entries), 4);
		base += (uintptr_t) (intptr_t) start;
	}
	return base + (uintptr_t) (intptr_t) delta;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = { data, size };
	unsigned probes = 1 + (take_byte(&in) & 3);
	size_t hdr_size = (size_t) take(&in, 2);
	int32_t frame_delta = (int32_t) (uint32_t) take(&in, 4);
	struct {
		uint8_t flags;
		uint16_t entry, shape;
		int32_t delta;
	} probe[4];
	struct as_cfi_tables tables;
	uint8_t *hdr, *frame;

	for (unsigned i = 0; i < probes; i++) {
		probe[i].flags = take_byte(&in);
		probe[i].entry = (uint16_t) take(&in, 2);
		probe[i].delta = (int32_t) (uint32_t) take(&in, 4);
		probe[i].shape = (uint16_t) take(&in, 2);
	}
	if (hdr_size > in.left)
		hdr_size = in.left;
	hdr = exact_copy(in.data, hdr_size);
	frame = exact_copy(in.data + hdr_size, in.left - hdr_size);
	tables = (struct as_cfi_tables) {
		.hdr = hdr,
		.hdr_size = hdr_size,
		.hdr_address = HDR_ADDRESS,
		.frame = frame,
		.frame_size = in.left - hdr_size,
		.frame_address = HDR_ADDRESS + (uintptr_t) (intptr_t) frame_delta,
	};

	for (unsigned i = 0; i < probes; i++) {
		uintptr_t pc = probe_pc(hdr, hdr_size, probe[i].flags & 2, probe[i].entry, probe[i].delta);
		bool exact = probe[i].flags & 1;
		struct as_rule rule, again;

		memset(&rule, 0x00, sizeof(rule));
		memset(&again, 0xff, sizeof(again));
		as_cfi_rule_in_tables(&tables, pc, exact, &rule);
		as_cfi_rule_in_tables(&tables, pc, exact, &again);
		expect(rule.kind == AS_RULE_STEP || rule.kind == AS_RULE_SIGNAL || rule.kind == AS_RULE_OUTERMOST ||
		       rule.kind == AS_RULE_NONE || rule.kind == AS_RULE_UNSUPPORTED,
		       "a rule of no kind");
		expect(same_rule(&rule, &again), "the same tables gave two rules");
		check_walkable(&rule, probe[i].shape);
	}
	free(hdr);
	free(frame);
	return 0;
}
