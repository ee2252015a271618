/*
 * cfi.c - how to step from a frame to its caller (cfi.h), read from the
 * .eh_frame call frame information the compiler writes for every function
 * (DWARF 4 section 6.4, with the .eh_frame encodings of the LSB), as
 * libgcc's and libunwind's unwinders read it.
 *
 * Only what compiled x86-64 code uses is followed: the CFA as %rsp or %rbp
 * plus an offset, or loaded from %rbp (a frame realigned through a
 * pointer, GCC's "DRAP"); %rbp and the return address saved at the CFA
 * plus an offset, or %rbp at %rbp plus an offset; an undefined return
 * address (a thread's first frame); and signal trampolines, marked 'S' in
 * their CIE.  Anything else in a rule the walk needs gives
 * AS_RULE_UNSUPPORTED, and the walk hands over to libgcc (stack_walk.c).
 *
 * Every read stays within the object's .eh_frame_hdr and .eh_frame, as
 * their own lengths bound them.
 */
#include <dlfcn.h>
#include <link.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cfi.h"

#ifdef DLFO_EH_SEGMENT_TYPE

/* Pointer encodings (LSB, "DWARF Exception Header Encoding"). */
#define DW_EH_PE_absptr 0x00
#define DW_EH_PE_uleb128 0x01
#define DW_EH_PE_udata2 0x02
#define DW_EH_PE_udata4 0x03
#define DW_EH_PE_udata8 0x04
#define DW_EH_PE_sleb128 0x09
#define DW_EH_PE_sdata2 0x0a
#define DW_EH_PE_sdata4 0x0b
#define DW_EH_PE_sdata8 0x0c
#define DW_EH_PE_pcrel 0x10
#define DW_EH_PE_datarel 0x30
#define DW_EH_PE_omit 0xff

/* Call frame instructions (DWARF 4, 7.23), and GNU's two. */
#define DW_CFA_advance_loc 0x40
#define DW_CFA_offset 0x80
#define DW_CFA_restore 0xc0
#define DW_CFA_nop 0x00
#define DW_CFA_set_loc 0x01
#define DW_CFA_advance_loc1 0x02
#define DW_CFA_advance_loc2 0x03
#define DW_CFA_advance_loc4 0x04
#define DW_CFA_offset_extended 0x05
#define DW_CFA_restore_extended 0x06
#define DW_CFA_undefined 0x07
#define DW_CFA_same_value 0x08
#define DW_CFA_register 0x09
#define DW_CFA_remember_state 0x0a
#define DW_CFA_restore_state 0x0b
#define DW_CFA_def_cfa 0x0c
#define DW_CFA_def_cfa_register 0x0d
#define DW_CFA_def_cfa_offset 0x0e
#define DW_CFA_def_cfa_expression 0x0f
#define DW_CFA_expression 0x10
#define DW_CFA_offset_extended_sf 0x11
#define DW_CFA_def_cfa_sf 0x12
#define DW_CFA_def_cfa_offset_sf 0x13
#define DW_CFA_val_offset 0x14
#define DW_CFA_val_offset_sf 0x15
#define DW_CFA_val_expression 0x16
#define DW_CFA_GNU_args_size 0x2e
#define DW_CFA_GNU_negative_offset_extended 0x2f

#define DW_OP_deref 0x06
#define DW_OP_breg6 0x76 /* %rbp + SLEB128 */

/* x86-64 DWARF register numbers. */
#define REG_RBP 6
#define REG_RSP 7

/* remember_state nests this deep at most; GCC nests one. */
#define STATE_STACK 8

struct reader {
	const uint8_t *p, *end;
	bool bad;               /* read past `end`, or a form not followed */
};

static uint8_t read_u8(struct reader *r)
{
	if (r->p >= r->end) {
		r->bad = true;
		return 0;
	}
	return *r->p++;
}

/* `size` little-endian bytes, zero-extended. */
static uint64_t read_fixed(struct reader *r, size_t size)
{
	uint64_t value = 0;

	if ((size_t) (r->end - r->p) < size) {
		r->bad = true;
		r->p = r->end;
		return 0;
	}
	memcpy(&value, r->p, size);
	r->p += size;
	return value;
}

/* LEB128: seven bits a byte, low first, while the top bit is set.  Bits
 * beyond the 64th must be zero in an unsigned value (else the data is
 * bad), and are the sign's copies in a signed one. */
static uint64_t read_leb(struct reader *r, bool is_signed)
{
	uint64_t value = 0;
	unsigned shift = 0;
	uint8_t byte;

	do {
		byte = read_u8(r);
		if (shift < 64)
			value |= (uint64_t) (byte & 0x7f) << shift;
		else if (!is_signed && (byte & 0x7f))
			r->bad = true;
		shift += 7;
	} while ((byte & 0x80) && !r->bad);
	if (is_signed && shift < 64 && (byte & 0x40))
		value |= ~(uint64_t) 0 << shift;
	return value;
}

static uint64_t read_uleb(struct reader *r)
{
	return read_leb(r, false);
}

static int64_t read_sleb(struct reader *r)
{
	return (int64_t) read_leb(r, true);
}

/* An encoded pointer; `datarel` is the base of DW_EH_PE_datarel (0: none).
 * The indirect bit is left to the caller: only personality routines use
 * it, and they are skipped. */
static uint64_t read_encoded(struct reader *r, uint8_t encoding, uintptr_t datarel)
{
	uintptr_t field = (uintptr_t) r->p;
	uint64_t value;

	switch (encoding & 0x0f) {
	case DW_EH_PE_absptr:
	case DW_EH_PE_udata8:
	case DW_EH_PE_sdata8:
		value = read_fixed(r, 8);
		break;
	case DW_EH_PE_uleb128:
		value = read_uleb(r);
		break;
	case DW_EH_PE_sleb128:
		value = (uint64_t) read_sleb(r);
		break;
	case DW_EH_PE_udata2:
		value = read_fixed(r, 2);
		break;
	case DW_EH_PE_sdata2:
		value = (uint64_t) (int64_t) (int16_t) read_fixed(r, 2);
		break;
	case DW_EH_PE_udata4:
		value = read_fixed(r, 4);
		break;
	case DW_EH_PE_sdata4:
		value = (uint64_t) (int64_t) (int32_t) read_fixed(r, 4);
		break;
	default:
		r->bad = true;
		return 0;
	}
	switch (encoding & 0x70) {
	case 0:
		return value;
	case DW_EH_PE_pcrel:
		return value + field;
	case DW_EH_PE_datarel:
		if (datarel)
			return value + datarel;
		break;
	default:
		break;
	}
	r->bad = true;
	return 0;
}

/* value * factor, wrapping rather than overflowing on garbage: the rule
 * that results is refused later if it makes no sense. */
static int64_t scaled(int64_t value, int64_t factor)
{
	return (int64_t) ((uint64_t) value * (uint64_t) factor);
}

/* A register's rule while the instructions run. */
enum how {
	SAME,          /* unchanged, or never mentioned */
	UNDEFINED,
	AT_CFA,        /* saved at CFA + offset */
	AT_RBP,        /* saved at %rbp + offset (%rbp only) */
	UNFOLLOWED,    /* any other rule */
};

struct reg_rule {
	uint8_t how;
	int64_t offset;
};

struct state {
	uint8_t cfa_base;       /* enum as_cfa_base, or CFA_UNFOLLOWED */
	int64_t cfa_offset;
	struct reg_rule rbp, ra, rsp;
};

#define CFA_UNFOLLOWED 0xff

struct cie {
	uint64_t code_align;
	int64_t data_align;
	uint64_t ra_register;
	uint8_t fde_encoding;
	bool has_augmentation_data;  /* 'z' */
	bool signal_frame;           /* 'S' */
	struct reader initial;       /* the initial instructions */
};

/* The CIE at `at`, in an .eh_frame that extends at most to `end`. */
static bool parse_cie(const uint8_t *at, const uint8_t *end, struct cie *cie)
{
	struct reader r = { at, end, false };
	uint64_t length = read_fixed(&r, 4);
	char augmentation[8];
	size_t n = 0;
	uint8_t version;

	if (r.bad || length == 0 || length == 0xffffffff || length > (uint64_t) (end - r.p))
		return false;
	r.end = r.p + length;
	if (read_fixed(&r, 4) != 0)
		return false; /* a CIE's id is 0 in .eh_frame */
	version = read_u8(&r);
	if (version != 1 && version != 3)
		return false;
	do {
		if (n == sizeof(augmentation))
			return false;
		augmentation[n] = (char) read_u8(&r);
	} while (augmentation[n++] != '\0' && !r.bad);
	cie->code_align = read_uleb(&r);
	cie->data_align = read_sleb(&r);
	cie->ra_register = version == 1 ? read_u8(&r) : read_uleb(&r);
	cie->fde_encoding = DW_EH_PE_absptr;
	cie->signal_frame = false;
	cie->has_augmentation_data = augmentation[0] == 'z';
	if (cie->has_augmentation_data) {
		uint64_t size = read_uleb(&r);
		struct reader data = { r.p, r.p + size, false };

		if (r.bad || size > (uint64_t) (r.end - r.p))
			return false;
		for (const char *c = augmentation + 1; *c; c++) {
			if (*c == 'R') {
				cie->fde_encoding = read_u8(&data);
			} else if (*c == 'L') {
				read_u8(&data);
			} else if (*c == 'P') {
				/* Skipped: read as absolute, its indirection ignored. */
				uint8_t encoding = read_u8(&data);

				read_encoded(&data, (uint8_t) (encoding & 0x0f), 0);
			} else if (*c == 'S') {
				cie->signal_frame = true;
			} else {
				break; /* the size says where the data ends */
			}
		}
		if (data.bad)
			return false;
		r.p += size;
	} else if (augmentation[0] != '\0') {
		return false;
	}
	cie->initial = (struct reader) { r.p, r.end, r.bad };
	return !r.bad;
}

/* Applies a rule to register `reg`; rules of registers the walk never
 * needs are dropped. */
static void set_rule(struct state *s, const struct cie *cie, uint64_t reg, uint8_t how, int64_t offset)
{
	struct reg_rule rule = { how, offset };

	if (reg == REG_RBP)
		s->rbp = rule;
	else if (reg == cie->ra_register)
		s->ra = rule;
	else if (reg == REG_RSP)
		s->rsp = rule;
}

/* DW_CFA_restore: the rule register `reg` had after the CIE's instructions. */
static void restore_rule(struct state *s, const struct cie *cie, uint64_t reg, const struct state *initial)
{
	if (reg == REG_RBP)
		s->rbp = initial->rbp;
	else if (reg == cie->ra_register)
		s->ra = initial->ra;
	else if (reg == REG_RSP)
		s->rsp = initial->rsp;
}

/* The expression block of DW_CFA_*expression: its bytes, skipped in `r`. */
static struct reader read_block(struct reader *r)
{
	uint64_t size = read_uleb(r);
	struct reader block = { r->p, r->p, false };

	if (r->bad || size > (uint64_t) (r->end - r->p)) {
		r->bad = true;
		return block;
	}
	block.end = r->p + size;
	r->p += size;
	return block;
}

/* True when `block` is exactly DW_OP_breg6 OFFSET, then DW_OP_deref if
 * `deref`; *offset gets OFFSET. */
static bool is_rbp_plus(struct reader block, bool deref, int64_t *offset)
{
	if (read_u8(&block) != DW_OP_breg6)
		return false;
	*offset = read_sleb(&block);
	if (deref && read_u8(&block) != DW_OP_deref)
		return false;
	return !block.bad && block.p == block.end;
}

/*
 * Runs the instructions of `r` from location *loc while it stays at or
 * below `target`, updating *s.  `initial` holds the rules after the CIE's
 * own instructions (NULL while running those).  Returns false on an
 * instruction it cannot read.
 */
static bool run(struct reader *r, const struct cie *cie, uintptr_t *loc, uintptr_t target,
		struct state *s, const struct state *initial)
{
	struct state saved[STATE_STACK];
	unsigned depth = 0;

	while (r->p < r->end && *loc <= target && !r->bad) {
		uint8_t op = read_u8(r), low = op & 0x3f;
		uint64_t reg, offset;
		int64_t value = 0;

		switch (op & 0xc0) {
		case DW_CFA_advance_loc:
			*loc += low * cie->code_align;
			continue;
		case DW_CFA_offset:
			set_rule(s, cie, low, AT_CFA, scaled((int64_t) read_uleb(r), cie->data_align));
			continue;
		case DW_CFA_restore:
			if (!initial)
				return false;
			restore_rule(s, cie, low, initial);
			continue;
		default:
			break;
		}
		switch (op) {
		case DW_CFA_nop:
			break;
		case DW_CFA_set_loc:
			*loc = read_encoded(r, cie->fde_encoding, 0);
			break;
		case DW_CFA_advance_loc1:
			*loc += read_fixed(r, 1) * cie->code_align;
			break;
		case DW_CFA_advance_loc2:
			*loc += read_fixed(r, 2) * cie->code_align;
			break;
		case DW_CFA_advance_loc4:
			*loc += read_fixed(r, 4) * cie->code_align;
			break;
		case DW_CFA_offset_extended:
			reg = read_uleb(r);
			set_rule(s, cie, reg, AT_CFA, scaled((int64_t) read_uleb(r), cie->data_align));
			break;
		case DW_CFA_offset_extended_sf:
			reg = read_uleb(r);
			set_rule(s, cie, reg, AT_CFA, scaled(read_sleb(r), cie->data_align));
			break;
		case DW_CFA_GNU_negative_offset_extended:
			reg = read_uleb(r);
			set_rule(s, cie, reg, AT_CFA, scaled((int64_t) (0 - read_uleb(r)), cie->data_align));
			break;
		case DW_CFA_restore_extended:
			reg = read_uleb(r);
			if (!initial)
				return false;
			restore_rule(s, cie, reg, initial);
			break;
		case DW_CFA_undefined:
			set_rule(s, cie, read_uleb(r), UNDEFINED, 0);
			break;
		case DW_CFA_same_value:
			set_rule(s, cie, read_uleb(r), SAME, 0);
			break;
		case DW_CFA_register:
			reg = read_uleb(r);
			read_uleb(r);
			set_rule(s, cie, reg, UNFOLLOWED, 0);
			break;
		case DW_CFA_val_offset:
			reg = read_uleb(r);
			read_uleb(r);
			set_rule(s, cie, reg, UNFOLLOWED, 0);
			break;
		case DW_CFA_val_offset_sf:
			reg = read_uleb(r);
			read_sleb(r);
			set_rule(s, cie, reg, UNFOLLOWED, 0);
			break;
		case DW_CFA_remember_state:
			if (depth == STATE_STACK)
				return false;
			saved[depth++] = *s;
			break;
		case DW_CFA_restore_state:
			if (depth == 0)
				return false;
			*s = saved[--depth];
			break;
		case DW_CFA_def_cfa:
			reg = read_uleb(r);
			offset = read_uleb(r);
			s->cfa_base = reg == REG_RSP ? AS_CFA_RSP : reg == REG_RBP ? AS_CFA_RBP : CFA_UNFOLLOWED;
			s->cfa_offset = (int64_t) offset;
			break;
		case DW_CFA_def_cfa_sf:
			reg = read_uleb(r);
			value = scaled(read_sleb(r), cie->data_align);
			s->cfa_base = reg == REG_RSP ? AS_CFA_RSP : reg == REG_RBP ? AS_CFA_RBP : CFA_UNFOLLOWED;
			s->cfa_offset = value;
			break;
		case DW_CFA_def_cfa_register:
			reg = read_uleb(r);
			/* An expression-defined CFA has no register to change. */
			if (s->cfa_base == AS_CFA_AT_RBP)
				s->cfa_base = CFA_UNFOLLOWED;
			else
				s->cfa_base = reg == REG_RSP ? AS_CFA_RSP : reg == REG_RBP ? AS_CFA_RBP : CFA_UNFOLLOWED;
			break;
		case DW_CFA_def_cfa_offset:
			if (s->cfa_base == AS_CFA_AT_RBP)
				s->cfa_base = CFA_UNFOLLOWED;
			s->cfa_offset = (int64_t) read_uleb(r);
			break;
		case DW_CFA_def_cfa_offset_sf:
			if (s->cfa_base == AS_CFA_AT_RBP)
				s->cfa_base = CFA_UNFOLLOWED;
			s->cfa_offset = scaled(read_sleb(r), cie->data_align);
			break;
		case DW_CFA_def_cfa_expression: {
			struct reader block = read_block(r);

			s->cfa_base = is_rbp_plus(block, true, &value) ? AS_CFA_AT_RBP : CFA_UNFOLLOWED;
			s->cfa_offset = value;
			break;
		}
		case DW_CFA_expression: {
			struct reader block;

			reg = read_uleb(r);
			block = read_block(r);
			if (reg == REG_RBP && is_rbp_plus(block, false, &value))
				set_rule(s, cie, reg, AT_RBP, value);
			else
				set_rule(s, cie, reg, UNFOLLOWED, 0);
			break;
		}
		case DW_CFA_val_expression:
			reg = read_uleb(r);
			read_block(r);
			set_rule(s, cie, reg, UNFOLLOWED, 0);
			break;
		case DW_CFA_GNU_args_size:
			read_uleb(r);
			break;
		default:
			return false;
		}
	}
	return !r->bad;
}

static bool fits16(int64_t value)
{
	return value >= INT16_MIN && value <= INT16_MAX;
}

/* The rule of the final state: what the walk needs, or unsupported. */
static void conclude(const struct state *s, const struct cie *cie, struct as_rule *rule)
{
	*rule = (struct as_rule) { .kind = AS_RULE_UNSUPPORTED };
	if (cie->signal_frame) {
		rule->kind = AS_RULE_SIGNAL;
		return;
	}
	if (s->ra.how == UNDEFINED) {
		rule->kind = AS_RULE_OUTERMOST;
		return;
	}
	/* The caller's %rsp is the CFA: a rule of its own is not followed.
	 * Saved words lie below the CFA (stack_walk.c relies on it). */
	if (s->cfa_base == CFA_UNFOLLOWED || s->rsp.how != SAME || s->ra.how != AT_CFA ||
	    s->cfa_offset < INT32_MIN || s->cfa_offset > INT32_MAX || !fits16(s->ra.offset) ||
	    s->ra.offset > -8)
		return;
	rule->cfa_base = s->cfa_base;
	rule->cfa_offset = (int32_t) s->cfa_offset;
	rule->ra_offset = (int16_t) s->ra.offset;
	switch (s->rbp.how) {
	case SAME:
		rule->rbp_rule = AS_RBP_SAME;
		break;
	case UNDEFINED:
		rule->rbp_rule = AS_RBP_UNKNOWN;
		break;
	case AT_CFA:
	case AT_RBP:
		if (!fits16(s->rbp.offset) || (s->rbp.how == AT_CFA && s->rbp.offset > -8))
			return;
		rule->rbp_rule = s->rbp.how == AT_CFA ? AS_RBP_AT_CFA : AS_RBP_AT_RBP;
		rule->rbp_offset = (int16_t) s->rbp.offset;
		break;
	default:
		return;
	}
	/* From %rsp, the frame's size is the offset itself: the saved words
	 * must lie in it, so that the walk need not check them. */
	if (rule->cfa_base == AS_CFA_RSP &&
	    (rule->cfa_offset < -rule->ra_offset ||
	     (rule->rbp_rule == AS_RBP_AT_CFA && rule->cfa_offset < -rule->rbp_offset)))
		return;
	rule->kind = AS_RULE_STEP;
}

/* The FDE covering `target` through the .eh_frame_hdr index at `header`,
 * or NULL.  Only GNU ld's index form is read: signed 4-byte entries
 * relative to the header, sorted. */
static const uint8_t *find_fde(const uint8_t *header, uintptr_t target, bool *unsupported)
{
	struct reader r = { header, header + 16, false };
	uint8_t version = read_u8(&r), frame_encoding = read_u8(&r), count_encoding = read_u8(&r),
		table_encoding = read_u8(&r);
	uint64_t count;
	const uint8_t *table;
	size_t lo = 0, hi;

	if (version != 1 || count_encoding == DW_EH_PE_omit ||
	    table_encoding != (DW_EH_PE_datarel | DW_EH_PE_sdata4)) {
		*unsupported = true;
		return NULL;
	}
	r.end = header + 32; /* two encoded values at most 8 bytes each */
	read_encoded(&r, frame_encoding, (uintptr_t) header);
	count = read_encoded(&r, count_encoding, (uintptr_t) header);
	if (r.bad || count == 0) {
		*unsupported = r.bad;
		return NULL;
	}
	table = r.p;
	/* The last entry whose initial location is at or below target. */
	hi = (size_t) count;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		int32_t start;

		memcpy(&start, table + 8 * mid, 4);
		if ((uintptr_t) header + (intptr_t) start <= target)
			lo = mid;
		else
			hi = mid;
	}
	{
		int32_t start, fde;

		memcpy(&start, table + 8 * lo, 4);
		memcpy(&fde, table + 8 * lo + 4, 4);
		if ((uintptr_t) header + (intptr_t) start > target)
			return NULL;
		return header + fde;
	}
}

void as_cfi_rule(uintptr_t pc, bool exact, struct as_rule *rule)
{
	uintptr_t target = exact ? pc : pc - 1, loc;
	struct dl_find_object object;
	const uint8_t *fde, *field, *cie_at;
	struct reader r;
	struct cie cie;
	struct state s = { .cfa_base = CFA_UNFOLLOWED }, initial;
	bool unsupported = false;
	uint64_t length, range, cie_offset;

	*rule = (struct as_rule) { .kind = AS_RULE_UNSUPPORTED };
	/* Code in no object (a JIT's): libgcc knows frames registered with it. */
	if (_dl_find_object((void *) target, &object) != 0 || !object.dlfo_eh_frame)
		return;
	fde = find_fde(object.dlfo_eh_frame, target, &unsupported);
	if (!fde) {
		if (!unsupported)
			rule->kind = AS_RULE_NONE;
		return;
	}
	/* The FDE and its CIE lie in the object, before its end. */
	r = (struct reader) { fde, (const uint8_t *) object.dlfo_map_end, false };
	length = read_fixed(&r, 4);
	if (r.bad || length == 0 || length == 0xffffffff || length > (uint64_t) (r.end - r.p))
		return;
	r.end = r.p + length;
	/* The CIE pointer counts back from its own field to the CIE. */
	field = r.p;
	cie_offset = read_fixed(&r, 4);
	if (r.bad || cie_offset == 0 || cie_offset > (uint64_t) (field - (const uint8_t *) object.dlfo_map_start))
		return;
	cie_at = field - cie_offset;
	if (!parse_cie(cie_at, field, &cie))
		return;
	loc = read_encoded(&r, cie.fde_encoding, 0);
	range = read_encoded(&r, cie.fde_encoding & 0x0f, 0);
	if (r.bad)
		return;
	if (target < loc || target - loc >= range) {
		rule->kind = AS_RULE_NONE;
		return;
	}
	if (cie.has_augmentation_data) {
		uint64_t size = read_uleb(&r);

		if (r.bad || size > (uint64_t) (r.end - r.p))
			return;
		r.p += size;
	}
	{
		uintptr_t cie_loc = loc;
		struct reader cie_instructions = cie.initial;

		s.rbp.how = s.ra.how = s.rsp.how = SAME;
		if (!run(&cie_instructions, &cie, &cie_loc, UINTPTR_MAX, &s, NULL))
			return;
	}
	initial = s;
	if (!run(&r, &cie, &loc, target, &s, &initial))
		return;
	conclude(&s, &cie, rule);
}

#else

/* Without glibc's _dl_find_object (before 2.35), libgcc walks every stack. */
void as_cfi_rule(uintptr_t pc, bool exact, struct as_rule *rule)
{
	(void) pc;
	(void) exact;
	*rule = (struct as_rule) { .kind = AS_RULE_UNSUPPORTED };
}

#endif
