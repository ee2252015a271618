/*
 * binary.h - an ELF object of a traced process, opened once with elfutils'
 * libdwfl, offline: from its file as it is now, with its separate debug
 * information found by build id and .gnu_debuglink in the standard places
 * (/usr/lib/debug).
 */
#ifndef ALLOCSAMPLE_REPORT_SYMBOLS_BINARY_H
#define ALLOCSAMPLE_REPORT_SYMBOLS_BINARY_H

#include <stdbool.h>
#include <stdint.h>

#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>

struct asr_binary {
	Dwfl *dwfl;
	Dwfl_Module *module;     /* NULL: unreadable */
	GElf_Addr first_load;    /* p_vaddr of the first PT_LOAD: lttng-ust's base */
	GElf_Addr bias;          /* file address + bias = address in `dwfl` */
	char *build_id;          /* the file's, lowercase hex; NULL: none */
};

/* Opens `path`; never fails: an unreadable file gives `module` NULL. */
struct asr_binary *asr_binary_open(const char *path);

/* Whether `binary`, readable, names more than its exported functions: a
 * .symtab section in its file, else a separate debug file, which libdwfl
 * looks for now (by build id under /usr/lib/debug, by .gnu_debuglink, then
 * from the debuginfod servers of DEBUGINFOD_URLS) and reads its symbols
 * from. */
bool asr_binary_symbol_table(const struct asr_binary *binary);
void asr_binary_free(struct asr_binary *binary);

/* The dwfl address of the byte at `offset` from the object's base (its
 * first PT_LOAD), as lttng-ust and debug-info count offsets. */
static inline Dwarf_Addr asr_binary_address(const struct asr_binary *binary, uint64_t offset)
{
	return offset + binary->first_load + binary->bias;
}

/*
 * Depth-first under `parent`, the first DIE of tag `tag` whose code holds
 * `pc`, descending only into namespaces, classes and lexical blocks: the
 * out-of-line function holding pc from the CU, or the outermost inlined
 * call holding it from a function or an inlined call.  (dwarf_getscopes
 * will not do: from an inlined call it goes on with the scopes of the
 * inlined definition, not with those of the function it was inlined into.)
 */
bool asr_binary_find_scope(Dwarf_Die *parent, Dwarf_Addr pc, int tag, Dwarf_Die *result);

/* An unsigned attribute of `die`, 0 when absent. */
uint64_t asr_binary_attribute(Dwarf_Die *die, unsigned name);

#endif
