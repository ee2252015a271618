/*
 * symbols.h - what a return address in a binary is, from the binary's DWARF
 * (elfutils' libdw): the chain of functions holding it, the innermost
 * inlined one first, each with its file and line.  Each binary is opened
 * once and each address looked up once for the life of the component, so
 * that a live report's every update costs a table look-up per address.
 */
#ifndef ALLOCSAMPLE_REPORT_SYMBOLS_SYMBOLS_H
#define ALLOCSAMPLE_REPORT_SYMBOLS_SYMBOLS_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "symbols/binary.h"
#include "symbols/debuginfod.h"
#include "symbols/locate.h"

/* One function holding the address.  Strings are interned: equal names,
 * one pointer. */
struct asr_symbol_frame {
	const char *function;    /* demangled, without parameters; NULL: unknown */
	const char *file;        /* NULL: unknown */
	uint64_t line;           /* 0: unknown */
	bool inlined;            /* inlined into the next frame */
};

/* The functions holding one address, innermost first; the last is the
 * out-of-line function.  At least one frame, possibly all unknown. */
struct asr_symbol {
	guint n;
	struct asr_symbol_frame frames[];
};

struct asr_symbols {
	GHashTable *located;     /* "PATH\nBUILD_ID" -> struct asr_located *, owned */
	struct asr_debuginfod debuginfod;
	GHashTable *lookups;     /* struct lookup_key * -> struct asr_symbol *, owned */
	GStringChunk *strings;   /* the names and files of every frame */
};

/* GLib aborts when out of memory, so these cannot fail. */
void asr_symbols_init(struct asr_symbols *symbols);
void asr_symbols_fini(struct asr_symbols *symbols);

/* The file that names the frames of the object recorded as `path` with
 * `build_id` (NULL: none recorded), located at its first request
 * (symbols/locate.h): two builds mapped from one path, on two hosts or
 * before and after an upgrade, are two objects. */
const struct asr_located *asr_symbols_locate(struct asr_symbols *symbols, const char *path,
					     const char *build_id);

/*
 * What return address `offset` (from the binary's base, its first PT_LOAD)
 * is in `binary`: the call instruction before it (offset - 1), resolved
 * with inlined calls expanded.  The function names come from
 * DW_AT_linkage_name, demangled, else DW_AT_name; without DWARF from the
 * ELF symbol table; the innermost frame's line from the line table, each
 * outer frame's from the call site of the frame inside it.  With `dwarf`
 * false, the ELF symbol alone, one frame without file and line, and the
 * binary's DWARF is never loaded.  A binary must always be asked with the
 * same `dwarf`.  Never fails: what cannot be found is unknown.
 */
const struct asr_symbol *asr_symbols_lookup(struct asr_symbols *symbols,
					    const struct asr_binary *binary, uint64_t offset,
					    bool dwarf);

#endif
