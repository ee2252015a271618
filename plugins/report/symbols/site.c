/* site.c - call sites by content, and named from a binary's DWARF with libdw (see site.h). */
#include <string.h>

#include "symbols/binary.h"
#include "symbols/demangle.h"
#include "symbols/site.h"

guint asr_site_hash(gconstpointer p)
{
	const struct asr_site *s = p;
	guint h = s->binary ? g_str_hash(s->binary) : 0;

	h = h * 31 + (s->function ? g_str_hash(s->function) : 0);
	h = h * 31 + (s->file ? g_str_hash(s->file) : 0);
	h = h * 31 + (s->where ? g_str_hash(s->where) : 0);
	return h * 31 + (guint) s->line;
}

gboolean asr_site_equal(gconstpointer pa, gconstpointer pb)
{
	const struct asr_site *a = pa, *b = pb;

	return g_strcmp0(a->binary, b->binary) == 0 && g_strcmp0(a->function, b->function) == 0 &&
	       g_strcmp0(a->file, b->file) == 0 && a->line == b->line &&
	       g_strcmp0(a->where, b->where) == 0;
}

void asr_site_free(gpointer p)
{
	struct asr_site *s = p;

	g_free(s->binary);
	g_free(s->function);
	g_free(s->file);
	g_free(s->where);
	g_free(s);
}

/* Fills the function, file and line of `site` from the DWARF of `module`
 * at `addr`, as far as it says. */
static void read_dwarf(struct asr_site *site, Dwfl_Module *module, Dwarf_Addr addr)
{
	Dwarf_Addr cu_bias;
	Dwarf_Die *cu = dwfl_module_addrdie(module, addr, &cu_bias);
	Dwarf_Die function, inlined;
	Dwarf_Files *files;
	Dwarf_Line *line;
	const char *name;
	size_t nfiles;
	int line_number;

	if (!cu || !asr_binary_find_scope(cu, addr - cu_bias, DW_TAG_subprogram, &function))
		return;
	/* dwarf_diename follows DW_AT_specification and DW_AT_abstract_origin
	 * to the declaration's name. */
	name = dwarf_diename(&function);
	if (name)
		site->function = g_strdup(name);
	/* Inside inlined code (std::vector::reserve inlined into the caller),
	 * the line is that of the outermost inlined call, in the function
	 * named: a line of a library header would not name the site. */
	if (asr_binary_find_scope(&function, addr - cu_bias, DW_TAG_inlined_subroutine, &inlined)) {
		if (dwarf_getsrcfiles(cu, &files, &nfiles) == 0) {
			name = dwarf_filesrc(files, asr_binary_attribute(&inlined, DW_AT_call_file), NULL, NULL);
			site->line = asr_binary_attribute(&inlined, DW_AT_call_line);
			if (name && site->line > 0)
				site->file = g_strdup(name);
		}
	} else {
		line = dwarf_getsrc_die(cu, addr - cu_bias);
		name = line ? dwarf_linesrc(line, NULL, NULL) : NULL;
		if (name && dwarf_lineno(line, &line_number) == 0 && line_number > 0) {
			site->file = g_strdup(name);
			site->line = (uint64_t) line_number;
		}
	}
}

void asr_site_name(struct asr_site *site, const struct asr_binary *binary, uint64_t addr)
{
	const char *symbol;

	if (!binary->module)
		return;
	read_dwarf(site, binary->module, addr);
	symbol = site->function ? NULL : dwfl_module_addrname(binary->module, addr);
	if (symbol)
		site->function = asr_without_version(symbol);
}
