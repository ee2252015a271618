/*
 * test-cfi-tables.c - the unwind tables' parser (src/unwind/cfi.c,
 * as_cfi_rule_in_tables) on tables written here byte by byte, whole, cut
 * short and corrupt, and on a copy of this program's own tables.
 *
 * Every table is parsed from copies fenced by inaccessible pages, once
 * ending just before one and once beginning just after one, so that a
 * read one byte outside the given buffers kills the test (libasstack is
 * not built with AddressSanitizer, even in a sanitizer build).  Each test
 * says which rule it expects and which mistake would break it.  No chance
 * involved.
 */
#include <check.h>
#include <link.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "unwind/cfi.h"
#include "tests/lib/check-run.h"

/* Where the code of the tables written here sees them, and its functions. */
#define HDR_ADDRESS UINT64_C(0x7f1200002000)
#define FRAME_ADDRESS (HDR_ADDRESS + 0x400)
#define CODE UINT64_C(0x7f1200001000)

/* DWARF pointer encodings and call frame instructions, as the LSB and
 * DWARF 4 number them (written here independently of cfi.c's). */
#define PE_ABSPTR 0x00
#define PE_UDATA4 0x03
#define PE_SDATA4 0x0b
#define PE_PCREL 0x10
#define PE_DATAREL 0x30
#define PE_FUNCREL 0x40
#define PE_OMIT 0xff
#define PE_STANDARD (PE_PCREL | PE_SDATA4)

#define CFA_ADVANCE_LOC 0x40
#define CFA_OFFSET 0x80
#define CFA_RESTORE 0xc0
#define CFA_NOP 0x00
#define CFA_SET_LOC 0x01
#define CFA_OFFSET_EXTENDED 0x05
#define CFA_UNDEFINED 0x07
#define CFA_REGISTER 0x09
#define CFA_REMEMBER_STATE 0x0a
#define CFA_RESTORE_STATE 0x0b
#define CFA_DEF_CFA 0x0c
#define CFA_DEF_CFA_REGISTER 0x0d
#define CFA_DEF_CFA_OFFSET 0x0e
#define CFA_DEF_CFA_EXPRESSION 0x0f
#define CFA_EXPRESSION 0x10
#define CFA_OFFSET_EXTENDED_SF 0x11
#define CFA_DEF_CFA_SF 0x12
#define CFA_DEF_CFA_OFFSET_SF 0x13
#define CFA_VAL_OFFSET 0x14
#define CFA_VAL_EXPRESSION 0x16

#define OP_DEREF 0x06
#define OP_BREG6 0x76
#define OP_BREG7 0x77

#define REG_RBX 3
#define REG_RBP 6
#define REG_RSP 7
#define REG_R10 10
#define REG_RA 16

/* Bytes being written. */
struct bytes {
	uint8_t data[1024];
	size_t size;
};

static void put(struct bytes *b, const void *data, size_t size)
{
	ck_assert_uint_le(b->size + size, sizeof(b->data));
	memcpy(b->data + b->size, data, size);
	b->size += size;
}

static void put_u8(struct bytes *b, uint8_t value)
{
	put(b, &value, 1);
}

static void put_u32(struct bytes *b, uint32_t value)
{
	put(b, &value, 4);
}

static void put_u64(struct bytes *b, uint64_t value)
{
	put(b, &value, 8);
}

static void put_uleb(struct bytes *b, uint64_t value)
{
	do {
		uint8_t byte = value & 0x7f;

		value >>= 7;
		put_u8(b, (uint8_t) (byte | (value ? 0x80 : 0)));
	} while (value);
}

static void put_sleb(struct bytes *b, int64_t value)
{
	bool more;

	do {
		uint8_t byte = (uint8_t) (value & 0x7f);

		value >>= 7; /* arithmetic in gcc and clang */
		more = !((value == 0 && !(byte & 0x40)) || (value == -1 && (byte & 0x40)));
		put_u8(b, (uint8_t) (byte | (more ? 0x80 : 0)));
	} while (more);
}

static void patch_u32(struct bytes *b, size_t at, uint32_t value)
{
	memcpy(b->data + at, &value, 4);
}

/* An object's tables: .eh_frame_hdr, .eh_frame, and what the index lists. */
struct tables {
	struct bytes hdr, frame;
	unsigned fdes;
	struct {
		uintptr_t start;
		size_t at;      /* the FDE's offset in frame */
	} index[8];
};

/* Begins an entry (CIE or FDE): its length, patched by entry_end. */
static size_t entry_begin(struct tables *t)
{
	size_t at = t->frame.size;

	put_u32(&t->frame, 0);
	return at;
}

static void entry_end(struct tables *t, size_t at)
{
	patch_u32(&t->frame, at, (uint32_t) (t->frame.size - at - 4));
}

/* A CIE's fields up to its augmentation data: code alignment 1, the return
 * address in column 16.  The caller writes the augmentation data, the
 * instructions, and ends the entry. */
static size_t cie_begin(struct tables *t, uint8_t version, const char *augmentation, int64_t data_align)
{
	size_t at = entry_begin(t);

	put_u32(&t->frame, 0);
	put_u8(&t->frame, version);
	put(&t->frame, augmentation, strlen(augmentation) + 1);
	put_uleb(&t->frame, 1);
	put_sleb(&t->frame, data_align);
	if (version == 1)
		put_u8(&t->frame, REG_RA);
	else
		put_uleb(&t->frame, REG_RA);
	return at;
}

/* GCC's CIE on x86-64 with data alignment `data_align` (-8 in GCC's):
 * "zR", FDE pointers pc-relative, CFA = %rsp + 8, the return address at
 * CFA - 8 (a factored 1 with -8). */
static size_t standard_cie(struct tables *t, int64_t data_align)
{
	size_t at = cie_begin(t, 1, "zR", data_align);

	put_uleb(&t->frame, 1);
	put_u8(&t->frame, PE_STANDARD);
	put_u8(&t->frame, CFA_DEF_CFA);
	put_uleb(&t->frame, REG_RSP);
	put_uleb(&t->frame, 8);
	put_u8(&t->frame, CFA_OFFSET_EXTENDED_SF);
	put_uleb(&t->frame, REG_RA);
	put_sleb(&t->frame, -8 / data_align);
	entry_end(t, at);
	return at;
}

/* An FDE's fields up to its instructions, its addresses in `encoding`,
 * listed in the index; no augmentation data unless `augmented`. */
static size_t fde_begin_encoded(struct tables *t, size_t cie, uint8_t encoding, uintptr_t start, uint64_t range,
				bool augmented)
{
	size_t at = entry_begin(t);
	uintptr_t field;

	put_u32(&t->frame, (uint32_t) (t->frame.size - cie));
	field = FRAME_ADDRESS + t->frame.size;
	if (encoding == PE_ABSPTR) {
		put_u64(&t->frame, start);
		put_u64(&t->frame, range);
	} else {
		put_u32(&t->frame, (uint32_t) (encoding & PE_PCREL ? start - field : start));
		put_u32(&t->frame, (uint32_t) range);
	}
	if (augmented)
		put_uleb(&t->frame, 0);
	ck_assert_uint_lt(t->fdes, 8);
	t->index[t->fdes].start = start;
	t->index[t->fdes++].at = at;
	return at;
}

/* An FDE for the standard CIE at `cie`. */
static size_t fde_begin(struct tables *t, size_t cie, uintptr_t start, uint64_t range)
{
	return fde_begin_encoded(t, cie, PE_STANDARD, start, range, true);
}

/* Tables `t` started afresh with the standard CIE of `data_align` and an
 * FDE under it for CODE .. CODE + 64: returns the FDE, whose instructions
 * come next. */
static size_t standard_fde(struct tables *t, int64_t data_align)
{
	memset(t, 0, sizeof(*t));
	return fde_begin(t, standard_cie(t, data_align), CODE, 64);
}

/* The .eh_frame_hdr of GNU ld: the .eh_frame pointer, the count and the
 * sorted table, each entry relative to the header. */
static void index_write(struct tables *t)
{
	t->hdr.size = 0;
	put_u8(&t->hdr, 1);
	put_u8(&t->hdr, PE_STANDARD);
	put_u8(&t->hdr, PE_UDATA4);
	put_u8(&t->hdr, PE_DATAREL | PE_SDATA4);
	put_u32(&t->hdr, (uint32_t) (FRAME_ADDRESS - (HDR_ADDRESS + 4)));
	put_u32(&t->hdr, t->fdes);
	for (unsigned i = 0; i < t->fdes; i++) {
		put_u32(&t->hdr, (uint32_t) (t->index[i].start - HDR_ADDRESS));
		put_u32(&t->hdr, (uint32_t) (FRAME_ADDRESS + t->index[i].at - HDR_ADDRESS));
	}
}

/* The terminator, and the index. */
static void tables_end(struct tables *t)
{
	put_u32(&t->frame, 0);
	index_write(t);
}

/*
 * `size` bytes of `data` copied into pages of their own, read-only, and
 * ending just before an inaccessible page (or, `at_start`, beginning just
 * after one): a read one byte outside them faults.  *map and *map_size
 * are for fence_remove.
 */
static const uint8_t *fenced(const void *data, size_t size, bool at_start, void **map, size_t *map_size)
{
	size_t page = (size_t) sysconf(_SC_PAGESIZE), span = (size + page - 1) / page * page;
	uint8_t *base, *copy;

	*map_size = span + 2 * page;
	base = mmap(NULL, *map_size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert_ptr_ne(base, MAP_FAILED);
	ck_assert_int_eq(mprotect(base + page, span, PROT_READ | PROT_WRITE), 0);
	copy = at_start ? base + page : base + page + span - size;
	memcpy(copy, data, size);
	ck_assert_int_eq(mprotect(base + page, span, PROT_READ), 0);
	*map = base;
	return copy;
}

static bool same_rule(const struct as_rule *a, const struct as_rule *b)
{
	return a->kind == b->kind && a->cfa_base == b->cfa_base && a->rbp_rule == b->rbp_rule &&
	       a->cfa_offset == b->cfa_offset && a->rbp_offset == b->rbp_offset && a->ra_offset == b->ra_offset;
}

/* The rule for `pc` from `hdr` and `frame`, seen by the code at
 * `hdr_address` and `frame_address`, parsed from both kinds of fenced
 * copies, which must agree. */
static struct as_rule rule_from(const struct bytes *hdr, uintptr_t hdr_address, const struct bytes *frame,
				uintptr_t frame_address, uintptr_t pc, bool exact)
{
	struct as_rule rules[2];

	for (int at_start = 0; at_start < 2; at_start++) {
		void *hdr_map, *frame_map;
		size_t hdr_map_size, frame_map_size;
		struct as_cfi_tables tables = {
			.hdr = fenced(hdr->data, hdr->size, at_start, &hdr_map, &hdr_map_size),
			.hdr_size = hdr->size,
			.hdr_address = hdr_address,
			.frame = fenced(frame->data, frame->size, at_start, &frame_map, &frame_map_size),
			.frame_size = frame->size,
			.frame_address = frame_address,
		};

		memset(&rules[at_start], 0x5a, sizeof(rules[at_start]));
		as_cfi_rule_in_tables(&tables, pc, exact, &rules[at_start]);
		munmap(hdr_map, hdr_map_size);
		munmap(frame_map, frame_map_size);
	}
	ck_assert_msg(same_rule(&rules[0], &rules[1]), "the copy's place changed the rule");
	return rules[0];
}

static struct as_rule rule_of(const struct tables *t, uintptr_t pc, bool exact)
{
	return rule_from(&t->hdr, HDR_ADDRESS, &t->frame, FRAME_ADDRESS, pc, exact);
}

/* The kind of rule for the return address pc (not exact). */
static int kind_at(const struct tables *t, uintptr_t pc)
{
	return rule_of(t, pc, false).kind;
}

#define assert_step(rule, base, cfa, ra, rbp_how, rbp)              \
	do {                                                         \
		struct as_rule r_ = (rule);                          \
		ck_assert_int_eq(r_.kind, AS_RULE_STEP);             \
		ck_assert_int_eq(r_.cfa_base, (base));               \
		ck_assert_int_eq(r_.cfa_offset, (cfa));              \
		ck_assert_int_eq(r_.ra_offset, (ra));                \
		ck_assert_int_eq(r_.rbp_rule, (rbp_how));            \
		if ((rbp_how) == AS_RBP_AT_CFA || (rbp_how) == AS_RBP_AT_RBP) \
			ck_assert_int_eq(r_.rbp_offset, (rbp));      \
	} while (0)

/*
 * Tables of two functions, as GCC writes them: one that pushes %rbp and
 * makes it the frame pointer, one that only grows its frame.
 *   CODE        push %rbp; mov %rsp,%rbp; ... (64 bytes)
 *   CODE + 64   sub $40,%rsp; ... (32 bytes)
 * The return-address pcs below are one past the instruction they follow.
 */
static void two_functions(struct tables *t, size_t *fp_fde, size_t *leaf_fde)
{
	size_t cie;

	memset(t, 0, sizeof(*t));
	cie = standard_cie(t, -8);
	*fp_fde = fde_begin(t, cie, CODE, 64);
	put_u8(&t->frame, CFA_ADVANCE_LOC | 1);
	put_u8(&t->frame, CFA_DEF_CFA_OFFSET);
	put_uleb(&t->frame, 16);
	put_u8(&t->frame, CFA_OFFSET | REG_RBP);
	put_uleb(&t->frame, 2);
	put_u8(&t->frame, CFA_ADVANCE_LOC | 3);
	put_u8(&t->frame, CFA_DEF_CFA_REGISTER);
	put_uleb(&t->frame, REG_RBP);
	entry_end(t, *fp_fde);
	*leaf_fde = fde_begin(t, cie, CODE + 64, 32);
	put_u8(&t->frame, CFA_ADVANCE_LOC | 4);
	put_u8(&t->frame, CFA_DEF_CFA_OFFSET);
	put_uleb(&t->frame, 48);
	entry_end(t, *leaf_fde);
	tables_end(t);
}

/* Well-formed tables give each address its rule; addresses outside every
 * FDE none.  Catches an index search or an FDE range read wrongly, and a
 * pc-relative pointer counted from the buffer instead of the address the
 * code sees (the copies are nowhere near HDR_ADDRESS). */
START_TEST(test_well_formed)
{
	struct tables t;
	size_t fp, leaf;

	two_functions(&t, &fp, &leaf);
	assert_step(rule_of(&t, CODE, true), AS_CFA_RSP, 8, -8, AS_RBP_SAME, 0);
	assert_step(rule_of(&t, CODE + 1, true), AS_CFA_RSP, 16, -8, AS_RBP_AT_CFA, -16);
	/* A return address: the call before it, at CODE + 1. */
	assert_step(rule_of(&t, CODE + 2, false), AS_CFA_RSP, 16, -8, AS_RBP_AT_CFA, -16);
	assert_step(rule_of(&t, CODE + 30, false), AS_CFA_RBP, 16, -8, AS_RBP_AT_CFA, -16);
	assert_step(rule_of(&t, CODE + 64, true), AS_CFA_RSP, 8, -8, AS_RBP_SAME, 0);
	assert_step(rule_of(&t, CODE + 80, false), AS_CFA_RSP, 48, -8, AS_RBP_SAME, 0);
	ck_assert_int_eq(kind_at(&t, CODE), AS_RULE_NONE);          /* before the first */
	ck_assert_int_eq(kind_at(&t, CODE + 97), AS_RULE_NONE);     /* past the last */
	ck_assert_int_eq(rule_of(&t, CODE + 96, true).kind, AS_RULE_NONE);
}
END_TEST

/* A header cut anywhere: in its fields, its encoded pointers or its table.
 * Catches an entry count not checked against the header's end. */
START_TEST(test_truncated_hdr)
{
	struct tables t;
	size_t fp, leaf, full;

	two_functions(&t, &fp, &leaf);
	full = t.hdr.size;
	for (size_t cut = 0; cut < full; cut++) {
		t.hdr.size = cut;
		ck_assert_msg(kind_at(&t, CODE + 30) == AS_RULE_UNSUPPORTED, "header cut to %zu bytes", cut);
	}
}
END_TEST

/* .eh_frame cut anywhere before the end of the FDE the index gives:
 * refused; after it: the same rule.  Catches an FDE read past its buffer. */
START_TEST(test_truncated_frame)
{
	struct tables t;
	size_t fp, leaf, full, leaf_end;

	two_functions(&t, &fp, &leaf);
	full = t.frame.size;
	leaf_end = full - 4; /* the terminator follows */
	for (size_t cut = 0; cut < full; cut++) {
		t.frame.size = cut;
		if (cut < leaf_end)
			ck_assert_msg(kind_at(&t, CODE + 80) == AS_RULE_UNSUPPORTED, ".eh_frame cut to %zu bytes", cut);
		else
			assert_step(rule_of(&t, CODE + 80, false), AS_CFA_RSP, 48, -8, AS_RBP_SAME, 0);
	}
}
END_TEST

/* A CIE whose length cuts its own fields or instructions anywhere: refused,
 * never read past its length into the FDE that follows. */
START_TEST(test_truncated_cie)
{
	struct tables t;
	size_t fp, leaf;
	uint32_t length;

	two_functions(&t, &fp, &leaf);
	memcpy(&length, t.frame.data, 4);
	for (uint32_t cut = 0; cut < length; cut++) {
		patch_u32(&t.frame, 0, cut);
		ck_assert_msg(kind_at(&t, CODE + 80) == AS_RULE_UNSUPPORTED, "CIE cut to %u bytes", cut);
	}
}
END_TEST

/* An FDE whose length cuts it: within its fields, refused; between
 * instructions, the rule of those it kept; within an instruction, refused. */
START_TEST(test_truncated_fde)
{
	struct tables t;
	size_t fde;
	uint32_t length;

	fde = standard_fde(&t, -8);
	put_u8(&t.frame, CFA_DEF_CFA_OFFSET);
	put_uleb(&t.frame, 200); /* two bytes */
	entry_end(&t, fde);
	tables_end(&t);
	memcpy(&length, t.frame.data + fde, 4);
	ck_assert_uint_eq(length, 4 + 4 + 4 + 1 + 3);
	for (uint32_t cut = 0; cut < length; cut++) {
		patch_u32(&t.frame, fde, cut);
		if (cut == 13)
			assert_step(rule_of(&t, CODE + 10, false), AS_CFA_RSP, 8, -8, AS_RBP_SAME, 0);
		else
			ck_assert_msg(kind_at(&t, CODE + 10) == AS_RULE_UNSUPPORTED, "FDE cut to %u bytes", cut);
	}
	patch_u32(&t.frame, fde, length);
	assert_step(rule_of(&t, CODE + 10, false), AS_CFA_RSP, 200, -8, AS_RBP_SAME, 0);
}
END_TEST

/* Lengths, counts and pointers that lead past the buffers' ends or before
 * their starts: each refused, none followed. */
START_TEST(test_lengths_past_the_end)
{
	struct tables t;
	size_t fp, leaf, cie_pointer;
	uint32_t value;

	two_functions(&t, &fp, &leaf);
	cie_pointer = leaf + 4;

	patch_u32(&t.frame, leaf, (uint32_t) (t.frame.size - leaf - 4 + 1));   /* one byte past */
	ck_assert_int_eq(kind_at(&t, CODE + 80), AS_RULE_UNSUPPORTED);
	patch_u32(&t.frame, leaf, 0xffffffff);                                  /* 64-bit DWARF */
	ck_assert_int_eq(kind_at(&t, CODE + 80), AS_RULE_UNSUPPORTED);
	patch_u32(&t.frame, leaf, 0);                                           /* the terminator */
	ck_assert_int_eq(kind_at(&t, CODE + 80), AS_RULE_UNSUPPORTED);
	two_functions(&t, &fp, &leaf);

	/* The CIE's length into the FDE that follows it, far past the end. */
	patch_u32(&t.frame, 0, (uint32_t) fp);
	ck_assert_int_eq(kind_at(&t, CODE + 30), AS_RULE_UNSUPPORTED);
	patch_u32(&t.frame, 0, 0x7fffffff);
	ck_assert_int_eq(kind_at(&t, CODE + 30), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(kind_at(&t, CODE + 80), AS_RULE_UNSUPPORTED);
	two_functions(&t, &fp, &leaf);

	/* CIE pointers: before .eh_frame, into the FDE itself, 0 (a CIE),
	 * at another FDE (whose id is not a CIE's). */
	patch_u32(&t.frame, cie_pointer, (uint32_t) (cie_pointer + 1));
	ck_assert_int_eq(kind_at(&t, CODE + 80), AS_RULE_UNSUPPORTED);
	patch_u32(&t.frame, cie_pointer, 0xfffffff0);
	ck_assert_int_eq(kind_at(&t, CODE + 80), AS_RULE_UNSUPPORTED);
	patch_u32(&t.frame, cie_pointer, 4);
	ck_assert_int_eq(kind_at(&t, CODE + 80), AS_RULE_UNSUPPORTED);
	patch_u32(&t.frame, cie_pointer, 0);
	ck_assert_int_eq(kind_at(&t, CODE + 80), AS_RULE_UNSUPPORTED);
	patch_u32(&t.frame, cie_pointer, (uint32_t) (cie_pointer - fp));
	ck_assert_int_eq(kind_at(&t, CODE + 80), AS_RULE_UNSUPPORTED);
	two_functions(&t, &fp, &leaf);

	/* The index's FDE pointer: past .eh_frame, before it, at its last
	 * byte; the count beyond the entries. */
	value = (uint32_t) (FRAME_ADDRESS + t.frame.size - HDR_ADDRESS);
	memcpy(t.hdr.data + 12 + 8 + 4, &value, 4);
	ck_assert_int_eq(kind_at(&t, CODE + 80), AS_RULE_UNSUPPORTED);
	value = (uint32_t) (FRAME_ADDRESS - 1 - HDR_ADDRESS);
	memcpy(t.hdr.data + 12 + 8 + 4, &value, 4);
	ck_assert_int_eq(kind_at(&t, CODE + 80), AS_RULE_UNSUPPORTED);
	value = (uint32_t) (FRAME_ADDRESS + t.frame.size - 1 - HDR_ADDRESS);
	memcpy(t.hdr.data + 12 + 8 + 4, &value, 4);
	ck_assert_int_eq(kind_at(&t, CODE + 80), AS_RULE_UNSUPPORTED);
	index_write(&t);
	value = 1000;
	memcpy(t.hdr.data + 8, &value, 4);
	ck_assert_int_eq(kind_at(&t, CODE + 80), AS_RULE_UNSUPPORTED);
	value = 0;
	memcpy(t.hdr.data + 8, &value, 4);
	ck_assert_int_eq(kind_at(&t, CODE + 80), AS_RULE_NONE);
}
END_TEST

/* The instructions of a whole rule, CFA = %rsp + 8 and the return
 * address below it: a CIE's, or an FDE's whose CIE has none. */
static void whole_rule(struct tables *t)
{
	put_u8(&t->frame, CFA_DEF_CFA);
	put_uleb(&t->frame, REG_RSP);
	put_uleb(&t->frame, 8);
	put_u8(&t->frame, CFA_OFFSET | REG_RA);
	put_uleb(&t->frame, 1);
}

/*
 * A CIE pointer of 3 puts the CIE one byte into its own FDE, whose bytes
 * are made to read as a CIE there: a length of 48 MiB (the pointer's low
 * byte on top), id 0, version 1 and no augmentation from the FDE's
 * absolute start address, instructions running to the end of .eh_frame
 * and on.  The CIE must lie wholly before its FDE: refused.
 */
START_TEST(test_cie_inside_its_fde)
{
	const uintptr_t start = UINT64_C(0x7f1200000100);
	struct tables t;
	size_t cie, fde;

	memset(&t, 0, sizeof(t));
	cie = cie_begin(&t, 1, "", -8);
	whole_rule(&t);
	entry_end(&t, cie);
	fde = fde_begin_encoded(&t, cie, PE_ABSPTR, start, 64, false);
	entry_end(&t, fde);
	tables_end(&t);
	ck_assert_int_eq(kind_at(&t, start + 10), AS_RULE_STEP);
	for (uint32_t pointer = 1; pointer <= 3; pointer++) {
		patch_u32(&t.frame, fde + 4, pointer);
		ck_assert_int_eq(kind_at(&t, start + 10), AS_RULE_UNSUPPORTED);
	}
}
END_TEST

/*
 * Sizes inside entries: augmentation data and expression blocks longer
 * than what holds them, a LEB128 number that never ends.  The FDEs hold
 * whole rules, so that a CIE wrongly taken gives one; the expression is
 * the last byte of .eh_frame, so that reading it as its size says faults.
 */
START_TEST(test_sizes_past_the_end)
{
	struct tables t;
	size_t cie, fde;

	memset(&t, 0, sizeof(t));
	cie = cie_begin(&t, 1, "zR", -8);
	put_uleb(&t.frame, 100);            /* augmentation data: 100 bytes */
	put_u8(&t.frame, PE_STANDARD);
	entry_end(&t, cie);
	fde = fde_begin(&t, cie, CODE, 64);
	whole_rule(&t);
	entry_end(&t, fde);
	tables_end(&t);
	ck_assert_int_eq(kind_at(&t, CODE + 10), AS_RULE_UNSUPPORTED);

	memset(&t, 0, sizeof(t));
	cie = standard_cie(&t, -8);
	fde = fde_begin_encoded(&t, cie, PE_STANDARD, CODE, 64, false);
	put_uleb(&t.frame, 50);             /* the FDE's augmentation data */
	entry_end(&t, fde);
	tables_end(&t);
	ck_assert_int_eq(kind_at(&t, CODE + 10), AS_RULE_UNSUPPORTED);

	fde = standard_fde(&t, -8);
	put_u8(&t.frame, CFA_DEF_CFA_EXPRESSION);
	put_uleb(&t.frame, 40);             /* an expression of 40 bytes, 1 there */
	put_u8(&t.frame, OP_BREG6);
	entry_end(&t, fde);
	index_write(&t);                    /* and no terminator */
	ck_assert_int_eq(kind_at(&t, CODE + 10), AS_RULE_UNSUPPORTED);

	fde = standard_fde(&t, -8);
	put_u8(&t.frame, CFA_DEF_CFA_OFFSET);
	for (int i = 0; i < 12; i++)
		put_u8(&t.frame, 0x80);     /* continued to the FDE's end */
	entry_end(&t, fde);
	tables_end(&t);
	ck_assert_int_eq(kind_at(&t, CODE + 10), AS_RULE_UNSUPPORTED);
}
END_TEST

/* A one-FDE table whose CIE has the given version and augmentation, its
 * augmentation data `data` (when 'z'), for the pc CODE + 10. */
static int kind_with_cie(uint8_t version, const char *augmentation, const uint8_t *data, size_t size)
{
	struct tables t;
	size_t cie, fde;

	memset(&t, 0, sizeof(t));
	cie = cie_begin(&t, version, augmentation, -8);
	if (augmentation[0] == 'z') {
		put_uleb(&t.frame, size);
		put(&t.frame, data, size);
	}
	whole_rule(&t);
	entry_end(&t, cie);
	fde = fde_begin_encoded(&t, cie, PE_STANDARD, CODE, 64, augmentation[0] == 'z');
	entry_end(&t, fde);
	tables_end(&t);
	return kind_at(&t, CODE + 10);
}

/* Augmentations: what GCC writes is followed, anything else refused.  An
 * unknown letter after 'z' ends the letters read, the size skipping its
 * data, as in libgcc. */
START_TEST(test_augmentation)
{
	static const uint8_t r[] = { PE_STANDARD };
	static const uint8_t plr[] = { PE_UDATA4, 1, 2, 3, 4, PE_ABSPTR, PE_STANDARD };
	static const uint8_t bad_personality[] = { 0x0d, 1, 2, 3, 4, PE_ABSPTR, PE_STANDARD };
	static const uint8_t rx[] = { PE_STANDARD, 9, 9 };

	ck_assert_int_eq(kind_with_cie(1, "zR", r, sizeof(r)), AS_RULE_STEP);
	ck_assert_int_eq(kind_with_cie(3, "zR", r, sizeof(r)), AS_RULE_STEP);
	ck_assert_int_eq(kind_with_cie(1, "zPLR", plr, sizeof(plr)), AS_RULE_STEP);
	ck_assert_int_eq(kind_with_cie(1, "zRX", rx, sizeof(rx)), AS_RULE_STEP);
	ck_assert_int_eq(kind_with_cie(1, "zSR", r, sizeof(r)), AS_RULE_SIGNAL);
	/* Refused: versions other than 1 and 3, "eh" (pre-'z' GCC, data of
	 * unknown size), 'R' without its byte, a personality encoding that
	 * names no format, augmentation data longer than given, a string too
	 * long to be GCC's. */
	ck_assert_int_eq(kind_with_cie(2, "zR", r, sizeof(r)), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(kind_with_cie(4, "zR", r, sizeof(r)), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(kind_with_cie(1, "eh", NULL, 0), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(kind_with_cie(1, "zR", r, 0), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(kind_with_cie(1, "zPLR", bad_personality, sizeof(bad_personality)), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(kind_with_cie(1, "zPLR", plr, 3), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(kind_with_cie(1, "zRRRRRRRRR", r, sizeof(r)), AS_RULE_UNSUPPORTED);
}
END_TEST

/* A one-FDE table whose CIE says FDE pointers are in `encoding`. */
static int kind_with_fde_encoding(uint8_t encoding, uintptr_t pc)
{
	struct tables t;
	size_t cie, fde;

	memset(&t, 0, sizeof(t));
	cie = cie_begin(&t, 1, "zR", -8);
	put_uleb(&t.frame, 1);
	put_u8(&t.frame, encoding);
	whole_rule(&t);
	entry_end(&t, cie);
	fde = fde_begin_encoded(&t, cie, encoding, CODE, 64, true);
	entry_end(&t, fde);
	tables_end(&t);
	return kind_at(&t, pc);
}

/* Header with a field changed; the index's encodings. */
static int kind_with_hdr_byte(size_t at, uint8_t value)
{
	struct tables t;
	size_t fp, leaf;

	two_functions(&t, &fp, &leaf);
	t.hdr.data[at] = value;
	return kind_at(&t, CODE + 30);
}

/* Encodings: those compilers and linkers write are read, others refused,
 * never misread (an FDE read with the wrong width would cover other
 * addresses). */
START_TEST(test_encodings)
{
	ck_assert_int_eq(kind_with_fde_encoding(PE_STANDARD, CODE + 10), AS_RULE_STEP);
	ck_assert_int_eq(kind_with_fde_encoding(PE_ABSPTR, CODE + 10), AS_RULE_STEP);
	ck_assert_int_eq(kind_with_fde_encoding(PE_ABSPTR, CODE + 65), AS_RULE_NONE);
	ck_assert_int_eq(kind_with_fde_encoding(PE_UDATA4, CODE + 10), AS_RULE_NONE); /* CODE is beyond 32 bits */
	/* No format (0x05 to 0x08, 0x0d to 0x0f), no base this reader has
	 * (data-, function-, text-relative), omitted. */
	ck_assert_int_eq(kind_with_fde_encoding(0x05, CODE + 10), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(kind_with_fde_encoding(0x0f, CODE + 10), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(kind_with_fde_encoding(PE_DATAREL | PE_SDATA4, CODE + 10), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(kind_with_fde_encoding(PE_FUNCREL | PE_SDATA4, CODE + 10), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(kind_with_fde_encoding(0x20 | PE_SDATA4, CODE + 10), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(kind_with_fde_encoding(PE_OMIT, CODE + 10), AS_RULE_UNSUPPORTED);

	ck_assert_int_eq(kind_with_hdr_byte(0, 1), AS_RULE_STEP);
	ck_assert_int_eq(kind_with_hdr_byte(0, 2), AS_RULE_UNSUPPORTED);            /* version */
	ck_assert_int_eq(kind_with_hdr_byte(1, 0x0e), AS_RULE_UNSUPPORTED);         /* .eh_frame pointer */
	ck_assert_int_eq(kind_with_hdr_byte(2, PE_OMIT), AS_RULE_UNSUPPORTED);      /* no count */
	ck_assert_int_eq(kind_with_hdr_byte(2, 0x07), AS_RULE_UNSUPPORTED);         /* count: no format */
	ck_assert_int_eq(kind_with_hdr_byte(3, PE_UDATA4), AS_RULE_UNSUPPORTED);    /* table: absolute */
	ck_assert_int_eq(kind_with_hdr_byte(3, PE_DATAREL | PE_UDATA4), AS_RULE_UNSUPPORTED);
}
END_TEST

/* A one-FDE table for CODE .. CODE + 64 with CIE data alignment
 * `data_align` (the return address at CFA - 8) whose FDE's instructions,
 * at CODE, are `instructions`: the rule at CODE + 10. */
static struct as_rule rule_with(int64_t data_align, const uint8_t *instructions, size_t size)
{
	struct tables t;
	size_t fde;

	fde = standard_fde(&t, data_align);
	put(&t.frame, instructions, size);
	entry_end(&t, fde);
	tables_end(&t);
	return rule_of(&t, CODE + 10, false);
}

#define RULE_WITH(data_align, ...) \
	rule_with((data_align), (const uint8_t[]) { __VA_ARGS__ }, sizeof((const uint8_t[]) { __VA_ARGS__ }))
#define KIND_WITH(...) RULE_WITH(-8, __VA_ARGS__).kind

/*
 * DW_CFA_def_cfa_offset_sf (and DW_CFA_def_cfa_sf) take a factored offset:
 * the CFA offset is it times the CIE's data alignment, negative factors
 * giving positive offsets with GCC's -8.  Catches the factor not applied
 * (a factored -3 taken as -3, refused, rather than 24), or applied with
 * the wrong sign.
 */
START_TEST(test_def_cfa_offset_sf)
{
	/* -3 * -8 = 24 */
	assert_step(RULE_WITH(-8, CFA_DEF_CFA_OFFSET_SF, 0x7d), AS_CFA_RSP, 24, -8, AS_RBP_SAME, 0);
	/* +2 * -8 = -16, from %rbp (a CFA below %rbp is a rule like any) */
	assert_step(RULE_WITH(-8, CFA_DEF_CFA, REG_RBP, 16, CFA_DEF_CFA_OFFSET_SF, 0x02), AS_CFA_RBP, -16, -8,
		    AS_RBP_SAME, 0);
	/* +2 * -8 from %rsp: a frame that does not grow, refused */
	ck_assert_int_eq(KIND_WITH(CFA_DEF_CFA_OFFSET_SF, 0x02), AS_RULE_UNSUPPORTED);
	/* another factor: +6 * 4 = 24, the return address at -2 * 4 */
	assert_step(RULE_WITH(4, CFA_DEF_CFA_OFFSET_SF, 0x06), AS_CFA_RSP, 24, -8, AS_RBP_SAME, 0);
	/* -5 * 4 from %rbp */
	assert_step(RULE_WITH(4, CFA_DEF_CFA, REG_RBP, 16, CFA_DEF_CFA_OFFSET_SF, 0x7b), AS_CFA_RBP, -20, -8,
		    AS_RBP_SAME, 0);
	/* DW_CFA_def_cfa_sf: %rbp, -2 * -8 = 16 */
	assert_step(RULE_WITH(-8, CFA_DEF_CFA_SF, REG_RBP, 0x7e), AS_CFA_RBP, 16, -8, AS_RBP_SAME, 0);
	/* a two-byte factored offset: -300 * -8 = 2400 */
	assert_step(RULE_WITH(-8, CFA_DEF_CFA_OFFSET_SF, 0xd4, 0x7d), AS_CFA_RSP, 2400, -8, AS_RBP_SAME, 0);
}
END_TEST

/*
 * Rules whose offsets the walk cannot hold or apply safely (conclude() in
 * cfi.c): each refused.  Catches any of conclude()'s range checks
 * removed: a CFA offset beyond 32 bits would be cut to a small one (2^32
 * + 16 read as 16), a saved word's offset beyond 16 bits cut to 0 (read
 * at the CFA, outside the frame), a word saved at or above the CFA, a
 * frame from %rsp smaller than its saved words or larger than any frame.
 */
START_TEST(test_offsets_out_of_range)
{
	/* The CFA offset: 2^32 + 16 and 2^31 from %rbp, -2^31 - 8 (factored). */
	ck_assert_int_eq(KIND_WITH(CFA_DEF_CFA, REG_RBP, 0x90, 0x80, 0x80, 0x80, 0x10), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_DEF_CFA, REG_RBP, 0x80, 0x80, 0x80, 0x80, 0x08), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_DEF_CFA_SF, REG_RBP, 0x81, 0x80, 0x80, 0x80, 0x02), AS_RULE_UNSUPPORTED);
	/* The largest from %rbp, 2^31 - 1, is a rule (the walk bounds it). */
	assert_step(RULE_WITH(-8, CFA_DEF_CFA, REG_RBP, 0xff, 0xff, 0xff, 0xff, 0x07), AS_CFA_RBP, INT32_MAX, -8,
		    AS_RBP_SAME, 0);
	/* From %rsp: AS_MAX_FRAME_BYTES is a rule, 8 more is not; 4 is
	 * smaller than the return address's place. */
	assert_step(RULE_WITH(-8, CFA_DEF_CFA_OFFSET, 0x80, 0x80, 0x80, 0x80, 0x01), AS_CFA_RSP,
		    (int32_t) AS_MAX_FRAME_BYTES, -8, AS_RBP_SAME, 0);
	ck_assert_int_eq(KIND_WITH(CFA_DEF_CFA_OFFSET, 0x88, 0x80, 0x80, 0x80, 0x01), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_DEF_CFA_OFFSET, 4), AS_RULE_UNSUPPORTED);
	/* The return address at CFA + 0, + 8, at -2^20 (beyond 16 bits). */
	ck_assert_int_eq(KIND_WITH(CFA_OFFSET_EXTENDED_SF, REG_RA, 0), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_OFFSET_EXTENDED_SF, REG_RA, 0x7f), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_DEF_CFA_OFFSET, 0x80, 0x80, 0x40, CFA_OFFSET | REG_RA, 0x80, 0x80, 0x08),
			 AS_RULE_UNSUPPORTED);
	/* %rbp at CFA + 8, at CFA - 2^20, below a frame of 16 bytes, at
	 * %rbp + 2^20. */
	ck_assert_int_eq(KIND_WITH(CFA_OFFSET_EXTENDED_SF, REG_RBP, 0x7f), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_DEF_CFA_OFFSET, 0x80, 0x80, 0x40, CFA_OFFSET | REG_RBP, 0x80, 0x80, 0x08),
			 AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_DEF_CFA_OFFSET, 16, CFA_OFFSET | REG_RBP, 3), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_EXPRESSION, REG_RBP, 5, OP_BREG6, 0x80, 0x80, 0xc0, 0x00),
			 AS_RULE_UNSUPPORTED);
	/* In range, all of them: a rule. */
	assert_step(RULE_WITH(-8, CFA_DEF_CFA_OFFSET, 16, CFA_OFFSET | REG_RBP, 2), AS_CFA_RSP, 16, -8,
		    AS_RBP_AT_CFA, -16);
}
END_TEST

/*
 * What the walk does not follow (another register holding the CFA or
 * %rbp, rules for %rsp, DWARF expressions of other forms, instructions it
 * does not know, a state stack misused): refused, so that the walk hands
 * the frame to libgcc.  What it need not follow (other registers' rules)
 * is ignored, and what it does follow gives its rule.
 */
START_TEST(test_register_rules)
{
	ck_assert_int_eq(KIND_WITH(CFA_DEF_CFA, REG_R10, 8), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_DEF_CFA_REGISTER, REG_RBX), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_REGISTER, REG_RBP, REG_RBX), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_VAL_OFFSET, REG_RA, 1), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_OFFSET | REG_RSP, 2), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_EXPRESSION, REG_RA, 2, OP_BREG7, 8), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_VAL_EXPRESSION, REG_RBP, 2, OP_BREG6, 0), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_DEF_CFA_EXPRESSION, 3, OP_BREG7, 8, OP_DEREF), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_DEF_CFA_EXPRESSION, 2, OP_BREG6, 0x78), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_DEF_CFA_EXPRESSION, 4, OP_BREG6, 0x78, OP_DEREF, OP_DEREF),
			 AS_RULE_UNSUPPORTED);
	/* A register or offset given to an expression-defined CFA. */
	ck_assert_int_eq(KIND_WITH(CFA_DEF_CFA_EXPRESSION, 3, OP_BREG6, 0x78, OP_DEREF, CFA_DEF_CFA_OFFSET, 8),
			 AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_DEF_CFA_EXPRESSION, 3, OP_BREG6, 0x78, OP_DEREF, CFA_DEF_CFA_REGISTER,
				   REG_RSP),
			 AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(0x1c), AS_RULE_UNSUPPORTED);                   /* DW_CFA_lo_user */
	ck_assert_int_eq(KIND_WITH(CFA_RESTORE_STATE), AS_RULE_UNSUPPORTED);
	ck_assert_int_eq(KIND_WITH(CFA_REMEMBER_STATE, CFA_REMEMBER_STATE, CFA_REMEMBER_STATE, CFA_REMEMBER_STATE,
				   CFA_REMEMBER_STATE, CFA_REMEMBER_STATE, CFA_REMEMBER_STATE, CFA_REMEMBER_STATE,
				   CFA_REMEMBER_STATE),
			 AS_RULE_UNSUPPORTED);

	/* Followed: other registers ignored, the state stack, restore,
	 * GCC's realigned frame, undefined registers. */
	assert_step(RULE_WITH(-8, CFA_OFFSET | REG_RBX, 2, CFA_REGISTER, REG_RBX, REG_R10), AS_CFA_RSP, 8, -8,
		    AS_RBP_SAME, 0);
	assert_step(RULE_WITH(-8, CFA_DEF_CFA_OFFSET, 16, CFA_REMEMBER_STATE, CFA_DEF_CFA_OFFSET, 32,
			      CFA_RESTORE_STATE),
		    AS_CFA_RSP, 16, -8, AS_RBP_SAME, 0);
	assert_step(RULE_WITH(-8, CFA_DEF_CFA_OFFSET, 16, CFA_OFFSET | REG_RBP, 2, CFA_RESTORE | REG_RBP), AS_CFA_RSP,
		    16, -8, AS_RBP_SAME, 0);
	assert_step(RULE_WITH(-8, CFA_DEF_CFA_EXPRESSION, 3, OP_BREG6, 0x78, OP_DEREF, CFA_EXPRESSION, REG_RBP, 2,
			      OP_BREG6, 0),
		    AS_CFA_AT_RBP, -8, -8, AS_RBP_AT_RBP, 0);
	assert_step(RULE_WITH(-8, CFA_UNDEFINED, REG_RBP), AS_CFA_RSP, 8, -8, AS_RBP_UNKNOWN, 0);
	ck_assert_int_eq(KIND_WITH(CFA_UNDEFINED, REG_RA), AS_RULE_OUTERMOST);
	/* Instructions after the address do not count; DW_CFA_set_loc moves
	 * the address (pc-relative, from the copy's place as the code sees
	 * it): to CODE + 20 here, after CODE + 9. */
	assert_step(RULE_WITH(-8, CFA_ADVANCE_LOC | 20, CFA_DEF_CFA_OFFSET, 16), AS_CFA_RSP, 8, -8, AS_RBP_SAME, 0);
	assert_step(RULE_WITH(-8, CFA_ADVANCE_LOC | 9, CFA_DEF_CFA_OFFSET, 16), AS_CFA_RSP, 16, -8, AS_RBP_SAME, 0);
}
END_TEST

/* DW_CFA_set_loc, whose pc-relative operand counts from where the code
 * sees the operand. */
START_TEST(test_set_loc)
{
	for (int64_t to = 5; to <= 15; to += 10) {
		struct tables t;
		size_t fde;
		uint32_t operand;

		fde = standard_fde(&t, -8);
		put_u8(&t.frame, CFA_SET_LOC);
		operand = (uint32_t) (CODE + (uint64_t) to - (FRAME_ADDRESS + t.frame.size));
		put_u32(&t.frame, operand);
		put_u8(&t.frame, CFA_DEF_CFA_OFFSET);
		put_uleb(&t.frame, 16);
		entry_end(&t, fde);
		tables_end(&t);
		/* The pc CODE + 10: past CODE + 5, before CODE + 15. */
		assert_step(rule_of(&t, CODE + 10, true), AS_CFA_RSP, to < 10 ? 16 : 8, -8, AS_RBP_SAME, 0);
	}
}
END_TEST

/* This program's own tables, as the loader maps them. */
struct own_tables {
	const uint8_t *hdr, *frame;
	size_t hdr_size, frame_size;
};

static int find_own(struct dl_phdr_info *info, size_t size, void *data)
{
	struct own_tables *own = data;
	const ElfW(Phdr) *eh = NULL;

	(void) size;
	for (int i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_GNU_EH_FRAME)
			eh = &info->dlpi_phdr[i];
	if (!eh)
		return 0;
	own->hdr = (const uint8_t *) (info->dlpi_addr + eh->p_vaddr);
	own->hdr_size = eh->p_memsz;
	/* The .eh_frame pointer: pc-relative 4 bytes in every GNU ld header. */
	ck_assert_uint_eq(own->hdr[1], PE_STANDARD);
	{
		int32_t offset;

		memcpy(&offset, own->hdr + 4, 4);
		own->frame = own->hdr + 4 + offset;
	}
	/* .eh_frame ends with its segment's file contents. */
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];
		uintptr_t start = info->dlpi_addr + p->p_vaddr;

		if (p->p_type == PT_LOAD && (uintptr_t) own->frame >= start &&
		    (uintptr_t) own->frame < start + p->p_filesz)
			own->frame_size = start + p->p_filesz - (uintptr_t) own->frame;
	}
	return 1; /* the program comes first */
}

/* pc's rule from the loaded tables and from the copy `copy` agree. */
static void compare_own(const struct as_cfi_tables *copy, uintptr_t pc, bool exact, unsigned *steps)
{
	struct as_rule loaded, copied;

	as_cfi_rule(pc, exact, &loaded);
	as_cfi_rule_in_tables(copy, pc, exact, &copied);
	ck_assert_msg(same_rule(&loaded, &copied), "%#lx%s: kind %d from the loaded tables, %d from the copy",
		      (unsigned long) pc, exact ? " (exact)" : "", loaded.kind, copied.kind);
	*steps += loaded.kind == AS_RULE_STEP;
}

/*
 * Copies of this program's tables, elsewhere, give every function the rule
 * the loaded tables give (as_cfi_rule, through _dl_find_object): at its
 * first instruction, one byte in and at its middle, as exact addresses
 * and as return addresses.  The loaded path and the buffers go through one
 * parser; this shows that a copy reads as the original, for real tables
 * of every shape this program has (C, hand-written frames, libasstack).
 */
START_TEST(test_own_tables)
{
	struct own_tables own = { 0 };
	uint32_t count;
	unsigned steps = 0;

	dl_iterate_phdr(find_own, &own);
	ck_assert_ptr_nonnull(own.hdr);
	ck_assert_uint_gt(own.frame_size, 0);
	ck_assert_uint_eq(own.hdr[2], PE_UDATA4);
	memcpy(&count, own.hdr + 8, 4);
	ck_assert_uint_eq(own.hdr_size, 12 + 8 * (size_t) count);
	ck_assert_uint_gt(count, 20);
	for (int at_start = 0; at_start < 2; at_start++) {
		void *hdr_map, *frame_map;
		size_t hdr_map_size, frame_map_size;
		struct as_cfi_tables copy = {
			.hdr = fenced(own.hdr, own.hdr_size, at_start, &hdr_map, &hdr_map_size),
			.hdr_size = own.hdr_size,
			.hdr_address = (uintptr_t) own.hdr,
			.frame = fenced(own.frame, own.frame_size, at_start, &frame_map, &frame_map_size),
			.frame_size = own.frame_size,
			.frame_address = (uintptr_t) own.frame,
		};

		for (uint32_t i = 0; i < count; i++) {
			int32_t start, next;
			uintptr_t function, end;

			memcpy(&start, own.hdr + 12 + 8 * i, 4);
			function = (uintptr_t) own.hdr + (uintptr_t) (intptr_t) start;
			end = function + 2;
			if (i + 1 < count) {
				memcpy(&next, own.hdr + 12 + 8 * (i + 1), 4);
				end = (uintptr_t) own.hdr + (uintptr_t) (intptr_t) next;
			}
			for (int exact = 0; exact < 2; exact++) {
				compare_own(&copy, function, exact, &steps);
				compare_own(&copy, function + 1, exact, &steps);
				compare_own(&copy, function + (end - function) / 2, exact, &steps);
			}
		}
		munmap(hdr_map, hdr_map_size);
		munmap(frame_map, frame_map_size);
	}
	/* Not a comparison of refusals: most of them are rules. */
	ck_assert_uint_gt(steps, 2 * 3 * count);
}
END_TEST

int main(void)
{
	const struct as_check_test tests[] = {
		{ test_well_formed, 1 },
		{ test_truncated_hdr, 1 },
		{ test_truncated_frame, 1 },
		{ test_truncated_cie, 1 },
		{ test_truncated_fde, 1 },
		{ test_lengths_past_the_end, 1 },
		{ test_cie_inside_its_fde, 1 },
		{ test_sizes_past_the_end, 1 },
		{ test_augmentation, 1 },
		{ test_encodings, 1 },
		{ test_def_cfa_offset_sf, 1 },
		{ test_offsets_out_of_range, 1 },
		{ test_register_rules, 1 },
		{ test_set_loc, 1 },
		{ test_own_tables, 1 },
		{ NULL, 0 },
	};

	return as_check_main("unwind tables", "cut short and corrupt", tests);
}
