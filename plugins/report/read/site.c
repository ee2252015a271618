/*
 * site.c - resolves call sites with elfutils' libdw (see site.h).
 *
 * Why not take file:line from filter.lttng-utils.debug-info: in babeltrace2
 * 2.0.4 its `src` is filled only when the address starts a line-table row,
 * and for a return address that is the row of the instruction *after* the
 * call, if any: usually empty, sometimes the next line.  Its `func` is empty
 * for some functions of optimised programs.  A return address must be
 * looked up minus one, inside the call instruction, as addr2line and every
 * unwinder do; so the component reads the binary's DWARF itself, once per
 * binary, and keeps debug-info's `bin` (which object, at which offset) and
 * `func` (when there is nothing better).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "symbols/binary.h"
#include "read/site.h"

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

void asr_site_resolver_init(struct asr_site_resolver *resolver)
{
	resolver->locations = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	resolver->sites = g_hash_table_new_full(asr_site_hash, asr_site_equal, asr_site_free, NULL);
	resolver->binaries = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
						   (GDestroyNotify) asr_binary_free);
}

void asr_site_resolver_fini(struct asr_site_resolver *resolver)
{
	if (resolver->locations)
		g_hash_table_destroy(resolver->locations);
	if (resolver->sites)
		g_hash_table_destroy(resolver->sites);
	if (resolver->binaries)
		g_hash_table_destroy(resolver->binaries);
	memset(resolver, 0, sizeof *resolver);
}

static struct asr_binary *binary_for(struct asr_site_resolver *resolver, const char *path)
{
	struct asr_binary *b = g_hash_table_lookup(resolver->binaries, path);

	if (!b) {
		b = asr_binary_open(path);
		g_hash_table_insert(resolver->binaries, g_strdup(path), b);
	}
	return b;
}

/* Fills the function, file and line of `site` from the DWARF of `module`
 * at `addr` (a dwfl address inside the call instruction), as far as it
 * says. */
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

/* Parses "PATH+0xOFFSET" or "PATH@0xADDRESS"; returns false otherwise. */
static bool parse_bin(const char *bin, char **path, uint64_t *value, bool *relative)
{
	const char *plus = strrchr(bin, '+'), *at = strrchr(bin, '@');
	const char *sep = plus > at ? plus : at;
	char *end;

	if (!sep || sep == bin || sep[1] == '\0')
		return false;
	*value = g_ascii_strtoull(sep + 1, &end, 16);
	if (*end != '\0')
		return false;
	*path = g_strndup(bin, (gsize) (sep - bin));
	*relative = sep == plus;
	return true;
}

static const struct asr_site *intern(struct asr_site_resolver *resolver, struct asr_site *site)
{
	struct asr_site *known = g_hash_table_lookup(resolver->sites, site);

	if (known) {
		asr_site_free(site);
		return known;
	}
	g_hash_table_add(resolver->sites, site);
	return site;
}

const struct asr_site *asr_site_resolve(struct asr_site_resolver *resolver, const char *bin,
					const char *func)
{
	const struct asr_site *found = g_hash_table_lookup(resolver->locations, bin);
	struct asr_site *site;
	struct asr_binary *b;
	const char *symbol;
	uint64_t value;
	bool relative;
	Dwarf_Addr addr;

	if (found)
		return found;
	site = g_new0(struct asr_site, 1);
	if (parse_bin(bin, &site->binary, &value, &relative)) {
		b = binary_for(resolver, site->binary);
		if (b->module && value > 0) {
			addr = (relative ? asr_binary_address(b, value) : value + b->bias) - 1;
			read_dwarf(site, b->module, addr);
			symbol = site->function ? NULL : dwfl_module_addrname(b->module, addr);
			if (symbol)
				site->function = g_strdup(symbol);
		}
	}
	/* debug-info's function, "name+0x12", without its offset. */
	if (!site->function && func && *func)
		site->function = g_strndup(func, strrchr(func, '+') ? (gsize) (strrchr(func, '+') - func) :
								     strlen(func));
	/* Without a function, the address in its binary is all there is to
	 * tell sites apart and find them again (addr2line -e BINARY). */
	if (!site->function && site->binary)
		site->where = g_strdup(bin + strlen(site->binary));
	found = intern(resolver, site);
	g_hash_table_insert(resolver->locations, g_strdup(bin), (gpointer) found);
	return found;
}

char *asr_site_label(const struct asr_site *site)
{
	if (site->function)
		return g_strdup(site->function);
	if (site->where)
		return g_strconcat(asr_site_binary_name(site), site->where, NULL);
	return g_strdup("?");
}

const char *asr_site_binary_name(const struct asr_site *site)
{
	const char *slash;

	if (!site->binary)
		return "?";
	slash = strrchr(site->binary, '/');
	return slash ? slash + 1 : site->binary;
}
