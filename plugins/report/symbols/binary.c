/* binary.c - ELF objects opened once with libdwfl, offline (see binary.h). */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "symbols/binary.h"

static char *no_debuginfo_path;

/* Offline: the binary is read from its file, as it was recorded.  Separate
 * debug information is looked for by build-id and .gnu_debuglink in the
 * standard places (/usr/lib/debug), then, since elfutils 0.178, from the
 * servers of DEBUGINFOD_URLS when it is set (libdwfl loads libdebuginfod
 * itself); each file found must carry the module's build id. */
static const Dwfl_Callbacks offline_callbacks = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
	.debuginfo_path = &no_debuginfo_path,
};

static char *build_id_of(Dwfl_Module *module)
{
	const unsigned char *bits;
	GElf_Addr vaddr;
	int n = dwfl_module_build_id(module, &bits, &vaddr), i;
	char *hex;

	if (n <= 0)
		return NULL;
	hex = g_malloc(2 * (size_t) n + 1);
	for (i = 0; i < n; i++)
		g_snprintf(hex + 2 * i, 3, "%02x", bits[i]);
	return hex;
}

struct asr_binary *asr_binary_open(const char *path)
{
	struct asr_binary *b = g_new0(struct asr_binary, 1);
	GElf_Phdr phdr_mem, *phdr;
	size_t i, count;
	Dwarf_Addr bias;
	Elf *elf;

	b->dwfl = dwfl_begin(&offline_callbacks);
	if (!b->dwfl)
		return b;
	dwfl_report_begin(b->dwfl);
	b->module = dwfl_report_offline(b->dwfl, path, path, -1);
	dwfl_report_end(b->dwfl, NULL, NULL);
	elf = b->module ? dwfl_module_getelf(b->module, &bias) : NULL;
	if (!elf || elf_getphdrnum(elf, &count) != 0) {
		b->module = NULL;
		return b;
	}
	b->bias = bias;
	b->build_id = build_id_of(b->module);
	/* lttng-ust's statedump gives as base the address of the first
	 * PT_LOAD segment, and debug-info's offsets are from there. */
	for (i = 0; i < count; i++) {
		phdr = gelf_getphdr(elf, (int) i, &phdr_mem);
		if (phdr && phdr->p_type == PT_LOAD) {
			b->first_load = phdr->p_vaddr;
			break;
		}
	}
	return b;
}

bool asr_binary_symbol_table(const struct asr_binary *b)
{
	Dwarf_Addr bias, dwarf_bias;
	Elf *elf = dwfl_module_getelf(b->module, &bias);
	Elf_Scn *scn = NULL;
	GElf_Shdr shdr;

	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		if (gelf_getshdr(scn, &shdr) && shdr.sh_type == SHT_SYMTAB)
			return true;
	}
	/* Without one, libdwfl reads the symbols of the debug file it finds;
	 * the DWARF bias is known once a debug file is open. */
	dwfl_module_getsymtab(b->module);
	dwfl_module_info(b->module, NULL, NULL, NULL, &dwarf_bias, NULL, NULL, NULL);
	return dwarf_bias != (Dwarf_Addr) -1;
}

void asr_binary_free(struct asr_binary *b)
{
	if (!b)
		return;
	if (b->dwfl)
		dwfl_end(b->dwfl);
	g_free(b->build_id);
	g_free(b);
}

uint64_t asr_binary_attribute(Dwarf_Die *die, unsigned name)
{
	Dwarf_Attribute attr;
	Dwarf_Word value;

	if (dwarf_formudata(dwarf_attr(die, name, &attr), &value) != 0)
		return 0;
	return value;
}

bool asr_binary_find_scope(Dwarf_Die *parent, Dwarf_Addr pc, int tag, Dwarf_Die *result)
{
	Dwarf_Die child;
	int t;

	if (dwarf_child(parent, &child) != 0)
		return false;
	do {
		t = dwarf_tag(&child);
		if (t == tag && dwarf_haspc(&child, pc) == 1) {
			*result = child;
			return true;
		}
		if ((t == DW_TAG_namespace || t == DW_TAG_class_type || t == DW_TAG_structure_type ||
		     (t == DW_TAG_lexical_block && dwarf_haspc(&child, pc) == 1)) &&
		    asr_binary_find_scope(&child, pc, tag, result))
			return true;
	} while (dwarf_siblingof(&child, &child) == 0);
	return false;
}
