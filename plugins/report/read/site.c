/*
 * site.c - the call sites of debug-info's fields (see site.h).
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

#include "read/site.h"
#include "symbols/binary.h"
#include "symbols/demangle.h"

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
	char *symbol;
	uint64_t value;
	bool relative;
	Dwarf_Addr addr;

	if (found)
		return found;
	site = g_new0(struct asr_site, 1);
	if (parse_bin(bin, &site->binary, &value, &relative)) {
		b = binary_for(resolver, site->binary);
		if (value > 0) {
			addr = (relative ? asr_binary_address(b, value) : value + b->bias) - 1;
			asr_site_name(site, b, addr);
		}
	}
	/* debug-info's function, "name+0x12", without its offset nor its
	 * symbol version. */
	if (!site->function && func && *func) {
		symbol = g_strndup(func, strrchr(func, '+') ? (gsize) (strrchr(func, '+') - func) :
							     strlen(func));
		site->function = asr_without_version(symbol);
		g_free(symbol);
	}
	/* Without a function, the address in its binary is all there is to
	 * tell sites apart and find them again (addr2line -e BINARY). */
	if (!site->function && site->binary)
		site->where = g_strdup(bin + strlen(site->binary));
	found = intern(resolver, site);
	g_hash_table_insert(resolver->locations, g_strdup(bin), (gpointer) found);
	return found;
}
